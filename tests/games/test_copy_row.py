"""``snapshots.copy_row``: a move's copies of the table and its seats are what ``copy.copy``
gave (Django's pickling hooks), so that changing a copy never changes the snapshot it came from."""

from __future__ import annotations

import copy
from typing import Any

import pytest

from games import services
from games.models import Seat, Table
from games.snapshots import copy_row

pytestmark = pytest.mark.django_db


def test_a_copied_row_holds_the_same_values_and_changes_alone(make_user: Any) -> None:
    ana, ben = make_user(), make_user()
    made = services.table_create(creator=ana, variant="dos", players=2, turn_seconds=0, seed=5)
    services.table_sit(table_id=made.pk, user=ben)
    table = Table.objects.get(pk=made.pk)
    seat = Seat.objects.select_related("user", "table").get(table=table, position=1)
    for row in (table, seat):
        ours, django = copy_row(row), copy.copy(row)
        assert type(ours) is type(row) and ours is not row
        assert ours._state is not row._state
        assert ours._state.fields_cache is not row._state.fields_cache
        assert ours._state.__dict__ == django._state.__dict__
        django_values = {k: v for k, v in django.__dict__.items() if k != "_django_version"}
        assert set(ours.__dict__) == set(django_values)
        for name, value in ours.__dict__.items():
            if name != "_state":
                assert value == django_values[name], name
    copied = copy_row(seat)
    assert copied.table == table and copied.user == seat.user  # the related cache came along
    copied.away = not seat.away
    copied.table = copy_row(table)
    copied.table.version += 7
    assert seat.away != copied.away
    assert seat.table.version == table.version == copied.table.version - 7
    copied.save(update_fields=["away"])
    assert Seat.objects.get(pk=seat.pk).away == copied.away
