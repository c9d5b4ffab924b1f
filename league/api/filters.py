"""Filters (django-filter). A value that does not parse is a 400 naming the field.

An empty parameter (``?finished_after=``) is refused too, with a 400 naming it, rather than
read as "no filter": a client that sends one has a bug to hear about. :class:`FilterBackend`
(the default backend, in the settings) checks this for every filter set of the API, its own
and those the competitions' views build from ``filterset_fields``.

The variant keys the API takes are the engine's (``league.rankings.variants``), listed as
:data:`API_VARIANTS`.
"""

from __future__ import annotations

from datetime import UTC, datetime
from typing import Any

import django_filters
from django import forms
from django.db.models import Q, QuerySet
from django.utils.translation import gettext_lazy as _
from django_filters.rest_framework import DjangoFilterBackend
from rest_framework.exceptions import ValidationError

from league.clubs.models import Club, User
from league.rankings.models import FinishedMatch, MatchParticipant, Rating
from league.rankings.selectors import active_members
from league.rankings.variants import rating_shape, variant_keys

#: How the API lists the variant keys (its schema's enums and choices): the engine's variants
#: grouped by how they are rated, duels first, then teams, then places, as it always has.
API_VARIANTS: list[str] = sorted(
    variant_keys(), key=lambda key: ("duel", "teams", "places").index(rating_shape(key))
)
VARIANT_CHOICES = [(key, key) for key in API_VARIANTS]
BOOLEANS = ("true", "false", "True", "False", "1", "0")


class IntegerFilter(django_filters.NumberFilter):
    """A whole number (``NumberFilter`` takes ``0.5`` and compares it)."""

    field_class = forms.IntegerField


class FilterBackend(DjangoFilterBackend):
    """DRF's django-filter backend that first refuses, for any filter set, an empty
    parameter or a boolean that is not one (django-filter would read either as no filter)."""

    def get_filterset(self, request: Any, queryset: Any, view: Any) -> Any:
        filterset = super().get_filterset(request, queryset, view)
        if filterset is None:
            return None
        errors: dict[str, list[str]] = {}
        for name, declared in filterset.filters.items():
            for raw in request.query_params.getlist(name):
                if not raw.strip():
                    errors[name] = [str(_("Give a value, or leave the parameter out."))]
                elif isinstance(declared, django_filters.BooleanFilter) and raw not in BOOLEANS:
                    errors[name] = [str(_("Give true or false."))]
        if errors:
            raise ValidationError(errors)
        return filterset


class PlayerFilter(django_filters.FilterSet):
    search = django_filters.CharFilter(
        method="filter_search", max_length=100, help_text=_("Part of the name or user name")
    )
    club = django_filters.ModelChoiceFilter(
        queryset=Club.objects.all(),
        to_field_name="slug",
        method="filter_club",
        help_text=_("Active members of the club (its slug)"),
    )
    country = django_filters.CharFilter(field_name="profile__country", max_length=2)

    class Meta:
        model = User
        fields = ["search", "club", "country"]

    def filter_search(self, qs: QuerySet[User], name: str, value: str) -> QuerySet[User]:
        return qs.filter(Q(username__icontains=value) | Q(profile__display_name__icontains=value))

    def filter_club(self, qs: QuerySet[User], name: str, value: Club) -> QuerySet[User]:
        return qs.filter(pk__in=active_members(value).values("user_id"))


class ClubFilter(django_filters.FilterSet):
    search = django_filters.CharFilter(field_name="name", lookup_expr="icontains", max_length=80)

    class Meta:
        model = Club
        fields = ["search"]


class RatingFilter(django_filters.FilterSet):
    variant = django_filters.ChoiceFilter(choices=VARIANT_CHOICES)
    player = django_filters.CharFilter(field_name="user__username", max_length=150)
    min_games = IntegerFilter(field_name="games", lookup_expr="gte", min_value=0, max_value=10**9)
    min_rating = IntegerFilter(
        field_name="shown", lookup_expr="gte", min_value=-(10**6), max_value=10**6
    )

    class Meta:
        model = Rating
        fields = ["variant", "player", "min_games", "min_rating"]


class UtcDateTimeFilter(django_filters.IsoDateTimeFilter):
    """An ISO 8601 date-time, compared in UTC.

    Any offset Python admits (up to ±23:59) is valid ISO 8601, but PostgreSQL refuses offsets
    past ±15:59 in a query parameter: the value is turned to UTC first (a moment at the very
    edge of the calendar, where that overflows, becomes the first or last moment there is)."""

    def filter(self, qs: Any, value: Any) -> Any:
        if value is not None:
            try:
                value = value.astimezone(UTC)
            except OverflowError:
                edge = datetime.min if value.year < 5000 else datetime.max
                value = edge.replace(tzinfo=UTC)
        return super().filter(qs, value)


class MatchFilter(django_filters.FilterSet):
    variant = django_filters.ChoiceFilter(choices=VARIANT_CHOICES)
    player = django_filters.CharFilter(
        method="filter_player", max_length=150, help_text=_("User name of a player who sat")
    )
    club = django_filters.ModelChoiceFilter(
        queryset=Club.objects.all(),
        to_field_name="slug",
        method="filter_club",
        help_text=_("Matches with an active member of the club (its slug)"),
    )
    rated = django_filters.ChoiceFilter(
        choices=[("true", "true"), ("false", "false")], method="filter_rated"
    )
    finished_after = UtcDateTimeFilter(field_name="finished_at", lookup_expr="gte")
    finished_before = UtcDateTimeFilter(field_name="finished_at", lookup_expr="lt")
    source_kind = django_filters.CharFilter(max_length=40)
    source_id = IntegerFilter(min_value=0, max_value=2**62)

    class Meta:
        model = FinishedMatch
        fields = [
            "variant",
            "player",
            "club",
            "rated",
            "finished_after",
            "finished_before",
            "source_kind",
            "source_id",
        ]

    def filter_rated(
        self, qs: QuerySet[FinishedMatch], name: str, value: str
    ) -> QuerySet[FinishedMatch]:
        return qs.filter(rated=value == "true")

    def filter_player(
        self, qs: QuerySet[FinishedMatch], name: str, value: str
    ) -> QuerySet[FinishedMatch]:
        # a deactivated account has no public record: looked up by name, he played nothing
        seats = MatchParticipant.objects.filter(user__username=value, user__is_active=True)
        return qs.filter(pk__in=seats.values("match_id"))

    def filter_club(
        self, qs: QuerySet[FinishedMatch], name: str, value: Club
    ) -> QuerySet[FinishedMatch]:
        members = active_members(value).values("user_id")
        return qs.filter(
            pk__in=MatchParticipant.objects.filter(user_id__in=members).values("match_id")
        )
