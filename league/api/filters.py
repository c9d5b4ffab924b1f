"""Filters (django-filter). A value that does not parse is a 400 naming the field.

The variant keys the API takes are the engine's (``league.rankings.variants``), listed as
:data:`API_VARIANTS`.
"""

from __future__ import annotations

import django_filters
from django.db.models import Q, QuerySet
from django.utils.translation import gettext_lazy as _

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
    min_games = django_filters.NumberFilter(
        field_name="games", lookup_expr="gte", min_value=0, max_value=10**9
    )
    min_rating = django_filters.NumberFilter(
        field_name="shown", lookup_expr="gte", min_value=-(10**6), max_value=10**6
    )

    class Meta:
        model = Rating
        fields = ["variant", "player", "min_games", "min_rating"]


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
    finished_after = django_filters.IsoDateTimeFilter(field_name="finished_at", lookup_expr="gte")
    finished_before = django_filters.IsoDateTimeFilter(field_name="finished_at", lookup_expr="lt")
    source_kind = django_filters.CharFilter(max_length=40)
    source_id = django_filters.NumberFilter(min_value=0, max_value=2**62)

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
