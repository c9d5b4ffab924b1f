"""How games' rows are read: lists of tables for the lobby, one table, its hands and log, and
who may watch it. Plain queries; what a page shows is :mod:`games.presenters`."""

from __future__ import annotations

from typing import Any

from django.contrib.auth import get_user_model
from django.db.models import Count, Prefetch, Q, QuerySet

from games import conf
from games.models import HandRecord, Seat, Table, TableAction


def user_related() -> tuple[str, ...]:
    """``select_related`` paths for seat users (with the profile when the user model has one,
    without games knowing the app that defines it)."""
    model = get_user_model()
    try:
        model._meta.get_field("profile")
    except Exception:
        return ("user",)
    return ("user", "user__profile")


def lobby_open_tables() -> QuerySet[Table]:
    """Public tables waiting for players, newest first, with their seats."""
    return (
        Table.objects.filter(status=Table.Status.OPEN, is_private=False)
        .prefetch_related(seat_prefetch())
        .order_by("-created_at")
    )


def lobby_playing_tables(*, limit: int = 20) -> QuerySet[Table]:
    """Public tables in play (to watch), most recent first."""
    return (
        Table.objects.filter(status=Table.Status.PLAYING, is_private=False)
        .annotate(humans=Count("seats", filter=Q(seats__user__isnull=False)))
        .filter(humans__gt=0)
        .prefetch_related(seat_prefetch())
        .order_by("-started_at")[:limit]
    )


def tables_of_user(*, user: Any, limit: int = 20) -> QuerySet[Table]:
    """The tables where the user sits that are open or in play."""
    return (
        Table.objects.filter(seats__user=user, status__in=[Table.Status.OPEN, Table.Status.PLAYING])
        .prefetch_related(seat_prefetch())
        .order_by("-created_at")
        .distinct()[:limit]
    )


def finished_tables_of_user(*, user: Any, limit: int = 10) -> QuerySet[Table]:
    """The user's last tables that ended: finished, or abandoned in play (their finished
    hands can still be replayed)."""
    return (
        Table.objects.filter(
            seats__user=user, status__in=[Table.Status.FINISHED, Table.Status.ABANDONED]
        )
        .prefetch_related(seat_prefetch())
        .order_by("-finished_at")
        .distinct()[:limit]
    )


def seat_prefetch() -> Any:
    return Prefetch(
        "seats", queryset=Seat.objects.select_related(*user_related()).order_by("position")
    )


def table_seats(*, table: Table) -> list[Seat]:
    """The table's seats in order, with their players."""
    return list(
        Seat.objects.filter(table=table).select_related(*user_related()).order_by("position")
    )


def table_people(*, table_id: int) -> list[tuple[int, int]]:
    """``(position, user id)`` of the people seated at the table, in seat order (bots and
    empty seats left out)."""
    return [
        (int(position), int(user))
        for position, user in Seat.objects.filter(table_id=table_id, user__isnull=False)
        .order_by("position")
        .values_list("position", "user_id")
    ]


def table_get(*, table_id: int) -> Table | None:
    return Table.objects.filter(pk=table_id).first()


def table_get_by_invite(*, token: str) -> Table | None:
    return Table.objects.filter(invite_token=token).first()


def hand_records(*, table: Table) -> QuerySet[HandRecord]:
    return HandRecord.objects.filter(table=table).order_by("number")


def hand_record_get(*, table: Table, number: int) -> HandRecord | None:
    return HandRecord.objects.filter(table=table, number=number).first()


def actions_since(*, table_id: int, version: int, limit: int = 200) -> list[TableAction]:
    """The log entries after ``version`` (what a reconnecting client missed); all public."""
    return list(
        TableAction.objects.filter(table_id=table_id, index__gte=max(0, version)).order_by("index")[
            :limit
        ]
    )


def seat_of_action(record: HandRecord, index_in_hand: int) -> int | None:
    row = (
        TableAction.objects.filter(table_id=record.table_id, hand_number=record.number)
        .order_by("index")
        .values_list("seat", flat=True)[index_in_hand : index_in_hand + 1]
    )
    return next(iter(row), None)


def may_watch(*, table: Table, user: Any, invited: bool = False) -> bool:
    """Whether ``user`` may see the table: public tables to anyone logged in; private ones to
    their players, their creator and whoever opened the invitation link."""
    if user is None or not user.is_authenticated:
        return False
    if not table.is_private or invited or table.created_by_id == user.pk:
        return True
    return Seat.objects.filter(table=table, user=user).exists()


def correspondence_tables(*, user: Any) -> QuerySet[Table]:
    """The user's tables open or in play with a time per move of an hour or more."""
    return (
        Table.objects.filter(
            seats__user=user,
            status__in=[Table.Status.OPEN, Table.Status.PLAYING],
            turn_seconds__gte=conf.CORRESPONDENCE_SECONDS,
        )
        .prefetch_related(seat_prefetch())
        .order_by("deadline", "-created_at")
        .distinct()
    )
