"""Everything of the league app in the Django admin."""

from django.contrib import admin
from django.contrib.auth.admin import UserAdmin as DjangoUserAdmin

from .models import Club, Membership, Profile, User


class ProfileInline(admin.StackedInline):
    model = Profile
    can_delete = False


@admin.register(User)
class UserAdmin(DjangoUserAdmin):
    inlines = [ProfileInline]
    list_display = ("username", "email", "display_name", "is_staff", "date_joined")
    list_select_related = ("profile",)

    @admin.display(description=Profile._meta.get_field("display_name").verbose_name)
    def display_name(self, obj: User) -> str:
        return obj.public_name


@admin.register(Profile)
class ProfileAdmin(admin.ModelAdmin):
    list_display = ("user", "display_name", "country", "preferred_language")
    list_filter = ("preferred_language", "country")
    search_fields = ("user__username", "display_name", "user__email")
    autocomplete_fields = ("user",)


class MembershipInline(admin.TabularInline):
    model = Membership
    extra = 0
    autocomplete_fields = ("user",)


@admin.register(Club)
class ClubAdmin(admin.ModelAdmin):
    list_display = ("name", "slug", "created_by", "created_at")
    search_fields = ("name", "slug")
    prepopulated_fields = {"slug": ("name",)}
    readonly_fields = ("created_at",)
    inlines = [MembershipInline]


@admin.register(Membership)
class MembershipAdmin(admin.ModelAdmin):
    list_display = ("club", "user", "role", "status", "created_at")
    list_filter = ("role", "status", "club")
    search_fields = ("club__name", "user__username")
    autocomplete_fields = ("club", "user")
