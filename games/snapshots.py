"""A table, its seats and its live match read together, with an in-process cache of them.

After a move every socket of the table re-renders; the cache lets only the first of them read
the database (:func:`table_snapshot` with a ``revision``), and a writer of this process hands
over what it just committed (:func:`remember_snapshot`) so that even that read is saved. Like
:mod:`games.table_state` (the engine's states, which this reads through), it never decides
anything: dropping it (:func:`clear_snapshots`, a restart) gives the same pages."""

from __future__ import annotations

import threading
from collections import OrderedDict
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any, TypeVar

from django.db.models import Model
from django.db.models.base import ModelState

from games import errors as e
from games import table_state
from games.engine import MatchState
from games.models import Seat, Table
from games.selectors.queries import table_seats


@dataclass
class Snapshot:
    """A table, its seats and (once started) its live match, read together."""

    table: Table
    seats: list[Seat]
    match: MatchState | None
    #: What the views of this snapshot derive alike for every viewer from its table and seats
    #: (the seats' names in a language...), kept for the next viewer; its copies share it.
    memo: dict[Any, Any] = field(default_factory=dict, compare=False, repr=False)

    def copy(self) -> Snapshot:
        """The same snapshot with a match of its own (views read it, never change it; the
        engine caches legal moves on the object it is asked about)."""
        match = self.match.clone() if self.match is not None else None
        return Snapshot(table=self.table, seats=self.seats, match=match, memo=self.memo)

    def render_copy(self) -> Snapshot:
        """A copy of this snapshot for the renders on the event loop, made once and shared:
        after a move every socket of the table renders the same held snapshot, and a render
        only reads its copy (the engine's cache of legal moves aside, which gives every
        reader the same moves). The held snapshot itself stays untouched for the threads
        that copy it to write the next move."""
        kept: Snapshot | None = self.__dict__.get("_render_copy")
        if kept is None:
            kept = self.__dict__["_render_copy"] = self.copy()
        return kept

    def seat_of(self, user: Any) -> int | None:
        if user is None or not getattr(user, "is_authenticated", False):
            return None
        pk = user.pk  # once: a socket's user is a lazy object, each attribute a call
        for seat in self.seats:
            if seat.user_id == pk:
                return seat.position
        return None


def _load_snapshot(table_id: int) -> Snapshot:
    table = Table.objects.filter(pk=table_id).first()
    if table is None:
        raise e.TableNotFoundError()
    seats = table_seats(table=table)
    match = None
    if table.status in (Table.Status.PLAYING, Table.Status.FINISHED):
        match = table_state.match_at(table)
    return Snapshot(table=table, seats=seats, match=match)


R = TypeVar("R", bound=Model)


def copy_row(row: R) -> R:
    """``copy.copy(row)`` of a model instance, as Django's pickling hooks make it (its own
    ``__dict__`` and model state, the related objects' cache copied, the values shared) without
    their round trip through ``__reduce__``, the app registry and ``__setstate__``: a move
    copies the table and its seats (a twelfth of its database thread's time went there)."""
    new = object.__new__(type(row))
    values = row.__dict__.copy()
    old_state = values["_state"]
    state = object.__new__(ModelState)
    state.__dict__.update(old_state.__dict__)
    state.fields_cache = dict(old_state.__dict__.get("fields_cache", {}))
    values["_state"] = state
    new.__dict__.update(values)
    return new


_snapshot_lock = threading.Lock()


_snapshots: OrderedDict[int, Snapshot] = OrderedDict()


MAX_SNAPSHOTS = 4096


def cached_snapshot(*, table_id: int, revision: int, copy: bool = True) -> Snapshot | None:
    """The snapshot of ``table_id`` this process holds at ``revision`` or later, or None.
    Never reads the database (safe on an event loop). ``copy=False``: the held snapshot
    itself, for a caller that only reads its table and seats (the renders on the event loop
    share a copy of it: :meth:`Snapshot.render_copy`)."""
    with _snapshot_lock:
        cached = _snapshots.get(table_id)
    if cached is not None and cached.table.revision >= revision:
        return cached.copy() if copy else cached
    return None


def table_snapshot(*, table_id: int, revision: int | None = None) -> Snapshot:
    """The table, its seats and its live match, read together.

    With ``revision`` (a change the sockets were told of), a snapshot this process read at
    that revision or later is reused: after a move every socket of the table re-renders, and
    only the first of them reads the database. Without it (a page, a reconnection), always
    from the database. The match is the caller's own copy either way.
    """
    if revision is not None:
        cached = cached_snapshot(table_id=table_id, revision=revision)
        if cached is not None:
            return cached
    snapshot = _load_snapshot(table_id)
    with _snapshot_lock:
        old = _snapshots.get(table_id)
        if old is None or old.table.revision <= snapshot.table.revision:
            _snapshots[table_id] = snapshot
            _snapshots.move_to_end(table_id)
            while len(_snapshots) > MAX_SNAPSHOTS:
                _snapshots.popitem(last=False)
    return snapshot.copy()


def remember_snapshot(table: Table, seats: list[Seat], match: MatchState | None) -> None:
    """Keep what a writer of this process just committed as the table's snapshot (the
    sockets then re-render without reading it back); an older one never replaces a newer."""
    snapshot = Snapshot(table=table, seats=seats, match=match.clone() if match else None)
    with _snapshot_lock:
        old = _snapshots.get(table.pk)
        if old is None or old.table.revision < table.revision:
            _snapshots[table.pk] = snapshot
            _snapshots.move_to_end(table.pk)


def advance_snapshot(table_id: int, step: Callable[[Snapshot], Snapshot | None]) -> Snapshot | None:
    """Replace the snapshot this process holds of ``table_id`` by ``step(old)`` (a change told
    by another process, :mod:`games.live.notice`); ``step`` must not change ``old`` and returns
    None when it cannot apply. The new snapshot, or None (no snapshot, or none made)."""
    with _snapshot_lock:
        old = _snapshots.get(table_id)
    if old is None:
        return None
    new = step(old)
    if new is None:
        return None
    with _snapshot_lock:
        if _snapshots.get(table_id) is not old:
            return None  # changed meanwhile (read or written here): keep that one
        _snapshots[table_id] = new
        _snapshots.move_to_end(table_id)
    return new


def clear_snapshots() -> None:
    """Forget the snapshots read so far (tests; a restart)."""
    with _snapshot_lock:
        _snapshots.clear()
