"""games.demo: open tables waiting for a visitor, made once."""

from __future__ import annotations

import io

import pytest
from django.core.management import call_command

from games.models import Table

pytestmark = pytest.mark.django_db(transaction=True)


def test_seed_demo_opens_two_tables_once(settings) -> None:
    settings.TUTE_DEMO_MODE = True
    call_command("seed_demo", stdout=io.StringIO())
    tables = list(Table.objects.filter(source_kind="demo").order_by("source_id"))
    assert [t.variant for t in tables] == ["cabrero", "chancho"]
    for table in tables:
        assert table.status == Table.Status.OPEN and not table.is_private
        seats = list(table.seats.order_by("position"))
        assert [s.is_bot for s in seats] == [True, True, True, False]
        assert seats[3].is_empty
    call_command("seed_demo", stdout=io.StringIO())
    assert Table.objects.filter(source_kind="demo").count() == 2
