"""Play again at a finished table: the same seats, once every person seated has accepted."""

from __future__ import annotations

from typing import Any

import pytest
from django.test import Client
from django.urls import reverse

from games import errors, services
from games.models import Table

from .helpers import fast_forward, fresh, people_table, view_for

pytestmark = pytest.mark.django_db(transaction=True)


def bot_table(user: Any, **kwargs: Any) -> Table:
    kwargs.setdefault("turn_seconds", 0)
    return fresh(
        services.table_create(
            creator=user,
            variant="cabrero",
            players=4,
            fill_with_bots=True,
            bot_level="heuristic",
            **kwargs,
        )
    )


def seats_of(table: Table) -> list[tuple[Any, str]]:
    return [(s.user_id, s.bot_level) for s in fresh(table).seats.order_by("position")]


def test_one_person_against_bots_plays_again_at_once(ana: Any) -> None:
    table = fast_forward(bot_table(ana))
    new = services.table_rematch_accept(table_id=table.pk, user=ana)
    assert new is not None and new.pk != table.pk
    new = fresh(new)
    assert new.status == Table.Status.PLAYING
    assert (new.variant, new.players, new.options) == (table.variant, table.players, table.options)
    assert seats_of(new) == seats_of(table)
    assert fresh(table).rematch_table_id == new.pk
    # accepting again finds the same table
    assert services.table_rematch_accept(table_id=table.pk, user=ana) == new


def test_the_new_table_opens_when_every_person_has_accepted(ana: Any, bruno: Any) -> None:
    table = fast_forward(people_table(ana, bruno))
    assert services.table_rematch_offer(table_id=table.pk, user=bruno) is None
    offer = view_for(table, ana).rematch
    assert offer is not None
    bruno_name = fresh(table).seats.get(position=1).name
    ana_name = fresh(table).seats.get(position=0).name
    assert offer.accepted == [bruno_name] and offer.waiting == [ana_name]
    assert not offer.you_accepted and not offer.new_table_url
    assert view_for(table, bruno).rematch.you_accepted  # type: ignore[union-attr]
    assert fresh(table).revision > table.revision  # the sockets re-render: Ana sees it
    new = services.table_rematch_accept(table_id=table.pk, user=ana)
    assert new is not None
    assert seats_of(new) == seats_of(table)
    assert view_for(table, ana).rematch.new_table_url == new.get_absolute_url()  # type: ignore[union-attr]


def test_competition_tables_and_unfinished_ones_do_not_offer_it(ana: Any, bruno: Any) -> None:
    table = fast_forward(bot_table(ana))
    Table.objects.filter(pk=table.pk).update(source_kind="tournament", source_id=1)
    with pytest.raises(services.RematchNotOfferedError):
        services.table_rematch_accept(table_id=table.pk, user=ana)
    assert view_for(table, ana).rematch is None
    playing = bot_table(bruno)
    with pytest.raises(services.RematchNotOfferedError):
        services.table_rematch_accept(table_id=playing.pk, user=bruno)


def test_only_the_people_seated_accept(ana: Any, bruno: Any) -> None:
    table = fast_forward(bot_table(ana))
    with pytest.raises(errors.NotSeatedError):
        services.table_rematch_accept(table_id=table.pk, user=bruno)
    assert fresh(table).rematch_accepted == []


def test_the_finished_page_offers_play_again_and_the_button_leads_to_the_new_table(
    ana: Any,
) -> None:
    table = fast_forward(bot_table(ana))
    client = Client(HTTP_ACCEPT_LANGUAGE="en")
    client.force_login(ana)
    page = client.get(table.get_absolute_url()).content.decode()
    assert reverse("games:table_rematch", args=[table.pk]) in page and "Play again" in page
    response = client.post(reverse("games:table_rematch", args=[table.pk]))
    new = fresh(table).rematch_table
    assert new is not None
    assert response.status_code == 302 and response["Location"] == new.get_absolute_url()
    page = client.get(table.get_absolute_url()).content.decode()
    assert f'data-rematch-url="{new.get_absolute_url()}"' in page
