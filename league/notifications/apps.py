from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class NotificationsConfig(AppConfig):
    """The notification centre (see the package docstring)."""

    name = "league.notifications"
    label = "notifications"
    verbose_name = _("Notifications")
    default_auto_field = "django.db.models.BigAutoField"
    #: Registered on the shared router of ``/api/`` (see league/api/urls.py).
    api_routes = (
        ("notifications", "league.notifications.api.NotificationViewSet", "notification"),
    )

    def ready(self) -> None:
        from games.live import scheduler

        from . import receivers, reminders

        receivers.connect()
        # Play-window reminders: under Celery beat (CELERY_BEAT_SCHEDULE); in embedded mode
        # after each run of the tables' in-process watchdog.
        scheduler.register_periodic("notifications.window_reminders", reminders.windows_remind)
