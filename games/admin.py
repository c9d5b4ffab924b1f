"""Live tables in the Django admin: to look at, not to play. A table's state is its log, so the
admin shows the log and the records read-only; changes go through the site (services)."""

from django.contrib import admin

from games.chat import admin as _chat_admin  # noqa: F401 (the chat's moderation)

from .analysis_models import HandAnalysis
from .models import HandRecord, Seat, SeatTimeout, Table, TableAction


class SeatInline(admin.TabularInline):
    model = Seat
    extra = 0
    fields = ("position", "user", "bot_level", "away", "timeouts")
    readonly_fields = fields
    can_delete = False


@admin.register(Table)
class TableAdmin(admin.ModelAdmin):
    list_display = (
        "pk",
        "variant",
        "players",
        "status",
        "version",
        "rated",
        "is_private",
        "created_at",
        "finished_at",
    )
    list_filter = ("status", "variant", "rated", "is_private", "source_kind")
    search_fields = ("seats__user__username",)
    readonly_fields = (
        "seed",
        "version",
        "revision",
        "deadline",
        "deadline_kind",
        "result",
        "record",
        "started_at",
        "finished_at",
    )
    inlines = [SeatInline]


@admin.register(TableAction)
class TableActionAdmin(admin.ModelAdmin):
    list_display = ("table", "index", "hand_number", "seat", "action", "actor", "created_at")
    list_filter = ("actor",)
    search_fields = ("table__id",)

    def has_change_permission(self, request, obj=None):  # type: ignore[no-untyped-def]
        return False

    def has_add_permission(self, request):  # type: ignore[no-untyped-def]
        return False


@admin.register(HandRecord)
class HandRecordAdmin(admin.ModelAdmin):
    list_display = ("table", "number", "finished_at")
    readonly_fields = ("table", "number", "record", "result", "finished_at")


@admin.register(SeatTimeout)
class SeatTimeoutAdmin(admin.ModelAdmin):
    list_display = ("table", "position", "user", "version", "created_at")
    readonly_fields = ("table", "position", "user", "version", "created_at")


@admin.register(HandAnalysis)
class HandAnalysisAdmin(admin.ModelAdmin):
    """Stored analyses, to look at (a failed one's error is here); asked again from the site."""

    list_display = ("hand", "seat", "status", "engine_version", "elapsed_ms", "finished_at")
    list_filter = ("status", "engine_version")
    search_fields = ("hand__table__id",)
    readonly_fields = (
        "hand",
        "seat",
        "status",
        "data",
        "engine_version",
        "error",
        "requested_at",
        "finished_at",
        "elapsed_ms",
    )

    def has_add_permission(self, request):  # type: ignore[no-untyped-def]
        return False
