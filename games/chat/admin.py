"""Staff moderation of the table chat in the Django admin (imported by ``games.admin``).

Messages are listed with their table, channel and reports; staff hide them (or show them
again) with an action, through :func:`games.chat.services.chat_hide`: a hidden message leaves
every reader's chat and the replay, and stays here with its reports. Reports are listed by
whether they are resolved; hiding their messages resolves them.
"""

from __future__ import annotations

from typing import Any

from django.contrib import admin
from django.db.models import Count, QuerySet
from django.http import HttpRequest
from django.utils.translation import gettext_lazy as _

from games.chat import services
from games.chat.models import ChatMessage, ChatMute, ChatReport


class ChatReportInline(admin.TabularInline):
    model = ChatReport
    extra = 0
    fields = ("reporter", "reason", "created_at", "resolved")
    readonly_fields = ("reporter", "reason", "created_at")
    can_delete = False


@admin.register(ChatMessage)
class ChatMessageAdmin(admin.ModelAdmin):
    list_display = (
        "pk",
        "table",
        "channel",
        "user",
        "kind",
        "phrase_key",
        "text",
        "created_at",
        "hidden_by_staff",
        "report_count",
    )
    list_filter = ("hidden_by_staff", "channel", "kind")
    search_fields = ("text", "user__username", "table__id")
    readonly_fields = ("table", "user", "channel", "kind", "phrase_key", "text", "created_at")
    fields = (*readonly_fields, "hidden_by_staff")
    inlines = [ChatReportInline]
    actions = ["hide_messages", "show_messages"]

    def get_queryset(self, request: HttpRequest) -> QuerySet[ChatMessage]:
        rows = super().get_queryset(request).select_related("user", "table")
        return rows.annotate(report_total=Count("reports"))

    @admin.display(description=_("reports"), ordering="report_total")
    def report_count(self, message: Any) -> int:
        return int(getattr(message, "report_total", 0))

    def has_add_permission(self, request: HttpRequest) -> bool:
        return False

    @admin.action(description=_("Hide the selected messages"))
    def hide_messages(self, request: HttpRequest, queryset: QuerySet[ChatMessage]) -> None:
        services.chat_hide(
            user=request.user, message_ids=list(queryset.values_list("pk", flat=True))
        )

    @admin.action(description=_("Show the selected messages again"))
    def show_messages(self, request: HttpRequest, queryset: QuerySet[ChatMessage]) -> None:
        services.chat_hide(
            user=request.user, message_ids=list(queryset.values_list("pk", flat=True)), hidden=False
        )


@admin.register(ChatReport)
class ChatReportAdmin(admin.ModelAdmin):
    list_display = ("pk", "message", "reporter", "reason", "created_at", "resolved")
    list_filter = ("resolved",)
    search_fields = ("message__text", "reporter__username", "reason")
    readonly_fields = ("message", "reporter", "reason", "created_at")
    actions = ["hide_reported", "mark_resolved"]

    def has_add_permission(self, request: HttpRequest) -> bool:
        return False

    @admin.action(description=_("Hide the reported messages"))
    def hide_reported(self, request: HttpRequest, queryset: QuerySet[ChatReport]) -> None:
        ids = list(queryset.values_list("message_id", flat=True))
        services.chat_hide(user=request.user, message_ids=ids)

    @admin.action(description=_("Mark as resolved"))
    def mark_resolved(self, request: HttpRequest, queryset: QuerySet[ChatReport]) -> None:
        queryset.update(resolved=True)


@admin.register(ChatMute)
class ChatMuteAdmin(admin.ModelAdmin):
    list_display = ("user", "muted_user", "created_at")
    search_fields = ("user__username", "muted_user__username")
    readonly_fields = ("user", "muted_user", "created_at")
