"""Serializers: output shapes, and input serializers that only parse (services validate)."""

from __future__ import annotations

from typing import Any

from django.utils.translation import gettext_lazy as _
from drf_spectacular.types import OpenApiTypes
from drf_spectacular.utils import extend_schema_field
from rest_framework import serializers

from games import messages
from league.clubs.models import Club, Membership, User
from league.rankings.models import FinishedMatch, MatchParticipant, Rating, RatingHistory

# --- players --------------------------------------------------------------------------------


class PlayerSerializer(serializers.ModelSerializer):
    name = serializers.CharField(source="public_name", read_only=True)
    country = serializers.SerializerMethodField()
    url = serializers.HyperlinkedIdentityField(
        view_name="api:player-detail", lookup_field="username"
    )

    class Meta:
        model = User
        fields = ["username", "name", "country", "date_joined", "url"]

    @extend_schema_field(OpenApiTypes.STR)
    def get_country(self, user: User) -> str:
        profile = getattr(user, "profile", None)
        return str(profile.country.code or "") if profile is not None else ""


class PlayerRefSerializer(serializers.Serializer):
    """A player as others see him, in lists of seats, opponents and members.

    A deactivated account (closed by the player or by staff) has no public record: where he
    still appears (a seat of a past match, an opponent in a head-to-head record) he is
    ``{"username": null, "name": "Former player"}``."""

    username = serializers.CharField(
        allow_null=True, help_text="null for a former player (a deactivated account)"
    )
    name = serializers.CharField(source="public_name")

    def to_representation(self, instance: Any) -> dict[str, Any]:
        if isinstance(instance, User) and not instance.is_active:
            return {"username": None, "name": str(_("Former player"))}
        return super().to_representation(instance)


class MeSerializer(PlayerSerializer):
    class Meta(PlayerSerializer.Meta):
        fields = [*PlayerSerializer.Meta.fields, "email"]


# --- ratings --------------------------------------------------------------------------------


class RatingSerializer(serializers.ModelSerializer):
    player = PlayerRefSerializer(source="user", read_only=True)
    rating = serializers.IntegerField(source="shown", read_only=True)
    provisional = serializers.BooleanField(
        read_only=True,
        help_text="Fewer than 20 rated games in the variant: the rating is still settling. "
        "Leaderboards list provisional ratings among the others, in rating order.",
    )

    class Meta:
        model = Rating
        fields = [
            "player",
            "variant",
            "rating",
            "mu",
            "sigma",
            "games",
            "wins",
            "provisional",
            "last_played_at",
        ]


class LeaderboardRowSerializer(RatingSerializer):
    rank = serializers.IntegerField(read_only=True)

    class Meta(RatingSerializer.Meta):
        fields = ["rank", *RatingSerializer.Meta.fields]


class PositionSerializer(serializers.Serializer):
    rank = serializers.IntegerField(allow_null=True)
    total = serializers.IntegerField()
    rating = serializers.IntegerField(source="rating.shown", allow_null=True, default=None)
    games = serializers.IntegerField(source="rating.games", allow_null=True, default=None)
    reason = serializers.CharField(
        help_text="'' when ranked, else unrated, provisional, inactive or not_member"
    )


class LeaderboardPageSerializer(serializers.Serializer):
    """A page of a leaderboard (the API's pagination) and the caller's own position."""

    count = serializers.IntegerField()
    next = serializers.URLField(allow_null=True)
    previous = serializers.URLField(allow_null=True)
    results = LeaderboardRowSerializer(many=True)
    me = PositionSerializer(allow_null=True, help_text="null for a visitor")


class RatingHistorySerializer(serializers.ModelSerializer):
    table_id = serializers.IntegerField(
        source="listed_table_id",
        read_only=True,
        allow_null=True,
        help_text="The match's table; null for a private table the caller did not sit at.",
    )
    rating_before = serializers.IntegerField(source="shown_before", read_only=True)
    rating = serializers.IntegerField(source="shown", read_only=True)

    class Meta:
        model = RatingHistory
        fields = [
            "table_id",
            "variant",
            "finished_at",
            "rating_before",
            "rating",
            "mu_before",
            "sigma_before",
            "mu",
            "sigma",
            "games",
            "wins",
        ]


class VariantSerializer(serializers.Serializer):
    key = serializers.CharField()
    name = serializers.CharField()
    shape = serializers.CharField(help_text="How it is rated: duel, teams or places.")


class VariantStatsSerializer(serializers.Serializer):
    variant = serializers.CharField()
    games = serializers.IntegerField()
    wins = serializers.IntegerField()
    draws = serializers.IntegerField()
    losses = serializers.IntegerField()
    win_rate = serializers.FloatField(allow_null=True)
    hands = serializers.IntegerField()
    hands_won = serializers.IntegerField()
    hand_points = serializers.IntegerField()
    average_hand_points = serializers.FloatField(allow_null=True)
    tricks = serializers.IntegerField()
    cantos_40 = serializers.IntegerField()
    cantos_20 = serializers.IntegerField()
    tutes = serializers.IntegerField()
    capotes = serializers.IntegerField()
    renuncios = serializers.IntegerField()
    retirements = serializers.IntegerField()
    timeouts = serializers.IntegerField()
    contracts = serializers.IntegerField(
        allow_null=True,
        help_text="Games with an auction: hands taken on as jugador (null: no auction).",
    )
    contracts_made = serializers.IntegerField(
        allow_null=True, help_text="Hands as jugador that he kept (bid made, game won)."
    )
    contracts_failed = serializers.IntegerField(
        allow_null=True, help_text="Hands as jugador that he did not keep."
    )
    average_bid = serializers.FloatField(
        allow_null=True, help_text="Mean bid of his contracts (null: bids have no value)."
    )
    batidos = serializers.IntegerField(
        allow_null=True, help_text="Times batido (null: the game has no batidos)."
    )
    rating = serializers.IntegerField(source="rating.shown", allow_null=True, default=None)
    provisional = serializers.BooleanField(
        source="rating.provisional", allow_null=True, default=None
    )


class HeadToHeadSerializer(serializers.Serializer):
    opponent = PlayerRefSerializer()
    games = serializers.IntegerField()
    wins = serializers.IntegerField(help_text="Matches the player finished ahead of him.")
    losses = serializers.IntegerField()
    draws = serializers.IntegerField()


class BinSerializer(serializers.Serializer):
    low = serializers.IntegerField()
    high = serializers.IntegerField(allow_null=True)
    count = serializers.IntegerField()


# --- matches --------------------------------------------------------------------------------


class MatchSeatSerializer(serializers.ModelSerializer):
    player = PlayerRefSerializer(source="user", allow_null=True, read_only=True)

    class Meta:
        model = MatchParticipant
        fields = [
            "seat",
            "player",
            "bot_level",
            "side",
            "place",
            "outcome",
            "hands",
            "hands_won",
            "hand_points",
            "card_points",
            "tricks",
            "cantos_40",
            "cantos_20",
            "tutes",
            "capotes",
            "renuncios",
            "retired",
            "timeouts",
        ]


class MatchSerializer(serializers.ModelSerializer):
    seats = MatchSeatSerializer(source="participants", many=True, read_only=True)
    variant_name = serializers.SerializerMethodField()
    url = serializers.HyperlinkedIdentityField(
        view_name="api:match-detail", lookup_field="table_id"
    )

    class Meta:
        model = FinishedMatch
        fields = [
            "table_id",
            "variant",
            "variant_name",
            "players",
            "rated",
            "rating_status",
            "finished_at",
            "hands_played",
            "places",
            "source_kind",
            "source_id",
            "private",
            "seats",
            "url",
        ]

    def get_variant_name(self, match: FinishedMatch) -> str:
        return messages.variant_name(match.variant)


class MatchDetailSerializer(MatchSerializer):
    record = serializers.JSONField(read_only=True, help_text="The engine's match record.")
    result = serializers.JSONField(read_only=True, help_text="The engine's match result.")
    hands = serializers.JSONField(read_only=True, help_text="Each hand's result, in table seats.")

    class Meta(MatchSerializer.Meta):
        fields = [*MatchSerializer.Meta.fields, "result", "hands", "record"]


# --- clubs ----------------------------------------------------------------------------------


class ClubSerializer(serializers.ModelSerializer):
    member_count = serializers.IntegerField(read_only=True, default=None)
    url = serializers.HyperlinkedIdentityField(view_name="api:club-detail", lookup_field="slug")

    class Meta:
        model = Club
        fields = ["slug", "name", "description", "member_count", "created_at", "url"]
        read_only_fields = ["slug", "created_at"]


class StrictCharField(serializers.CharField):
    """A string, and only a string (DRF's ``CharField`` turns ``0`` or ``true`` into text)."""

    default_error_messages = {"not_a_string": _("Give a string.")}

    def to_internal_value(self, data: Any) -> str:
        if not isinstance(data, str):
            self.fail("not_a_string")
        return str(super().to_internal_value(data))


class ClubWriteSerializer(serializers.Serializer):
    name = StrictCharField(max_length=80)
    description = StrictCharField(max_length=2000, required=False, allow_blank=True, default="")


class MembershipSerializer(serializers.ModelSerializer):
    player = PlayerRefSerializer(source="user", read_only=True)
    club = serializers.SlugRelatedField(slug_field="slug", read_only=True)

    class Meta:
        model = Membership
        fields = ["id", "club", "player", "role", "status", "created_at"]


class RoleSerializer(serializers.Serializer):
    role = serializers.ChoiceField(choices=Membership.Role.choices)


class InviteSerializer(serializers.Serializer):
    token = StrictCharField(max_length=64)


class InviteLinkSerializer(serializers.Serializer):
    invite_path = serializers.CharField()


class TokenRequestSerializer(serializers.Serializer):
    username = StrictCharField(max_length=150, help_text=_("User name or email"))
    password = StrictCharField(max_length=4096, style={"input_type": "password"})


class TokenSerializer(serializers.Serializer):
    token = serializers.CharField()


class DetailSerializer(serializers.Serializer):
    detail = serializers.CharField()


class GroupVariantSerializer(serializers.Serializer):
    variant = serializers.CharField()
    matches = serializers.IntegerField()
    people = serializers.IntegerField()
    hands = serializers.IntegerField(allow_null=True)
    hand_points = serializers.IntegerField(allow_null=True)
    average_hand_points = serializers.FloatField(allow_null=True)
    cantos_40 = serializers.IntegerField(allow_null=True)
    cantos_20 = serializers.IntegerField(allow_null=True)
    tutes = serializers.IntegerField(allow_null=True)
    capotes = serializers.IntegerField(allow_null=True)
    renuncios = serializers.IntegerField(allow_null=True)


class GroupPlayerSerializer(serializers.Serializer):
    player = PlayerRefSerializer(source="user")
    games = serializers.IntegerField()
    wins = serializers.IntegerField()
    losses = serializers.IntegerField()
    win_percent = serializers.IntegerField(allow_null=True)
    average_hand_points = serializers.FloatField(allow_null=True)


class GroupStatsSerializer(serializers.Serializer):
    per_variant = GroupVariantSerializer(many=True)
    players = GroupPlayerSerializer(many=True)
    matches = MatchSerializer(many=True)


def as_rows(rows: list[tuple[int, Any]]) -> list[Any]:
    """Leaderboard rows (rank, rating) with the rank set on the rating for serialising."""
    out = []
    for rank, rating in rows:
        rating.rank = rank
        out.append(rating)
    return out
