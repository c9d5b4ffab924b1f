"""Read-side queries of the rankings: leaderboards, a player's figures, a club's, a source's.

One module per subject; this package re-exports their public names, so callers write
``from league.rankings import selectors`` and ``selectors.leaderboard(...)``:

* :mod:`.visibility`: who is looking and what he may see (private matches, deactivated
  accounts): the subqueries every list goes through;
* :mod:`.leaderboards`: the eligible ratings of a variant and a player's place among them;
* :mod:`.players`: a player's figures per variant and against each opponent;
* :mod:`.history`: a player's rating over time (changes, history, a sampled curve);
* :mod:`.points`: how many hands a player ended with each band of points;
* :mod:`.matches`: lists of finished matches with their seats;
* :mod:`.groups`: figures of a club's matches and of a source's (a tournament's tables);
* :mod:`.ladder`: the bot ladder of a variant (the bot levels' ratings from the arena).

Every function runs a fixed number of queries whatever the number of players, matches or
hands (no query per row): aggregates are done by the database, related rows come with
``select_related`` / ``prefetch_related``. The tests count them.

Matches of private tables (``FinishedMatch.private``) are listed and shown only to the people
who sat at them and to staff: every function that lists matches or opponents takes the
``viewer`` (the logged-in user, an anonymous one, or None for nobody in particular) and shows
the others none of them. Figures (wins, points, cantos, ratings) count every match.

Deactivated accounts (``User.is_active`` False: closed by the player or by staff) have no
public page, so they leave every list of players: leaderboards (and the ranks, counted over
the players shown), the ratings, a club's members and its most active players. Their matches
stay, with their results; where they sat, the pages and the API show "Former player" without
a link (the templates and ``api.serializers.PlayerRefSerializer`` read ``user.is_active``,
loaded with the seat: no query), and the other players' figures, head-to-head included, still
count them.
"""

from .groups import GroupStats, club_statistics, source_statistics
from .history import HistoryPoint, RatingCurve, rating_changes, rating_curve, rating_history
from .ladder import (
    LadderBoard,
    LadderLevel,
    LadderPair,
    ladder_board,
    ladder_boards,
    ladder_variants,
)
from .leaderboards import (
    Position,
    busiest_variant,
    leaderboard,
    leaderboard_position,
    ratings_for_user,
)
from .matches import LIST_DEFERRED, finished_matches, match_get, recent_matches, with_seats
from .players import STAT_SUMS, HeadToHead, VariantStats, head_to_head, player_stats
from .points import BIN_WIDTH, LAST_BIN, Bin, points_bins, points_distribution
from .visibility import (
    Viewer,
    active_members,
    deactivated_users,
    sees_every_match,
    sees_matches_of,
    visible_matches,
    visible_seats,
)

__all__ = [
    "BIN_WIDTH",
    "LAST_BIN",
    "LIST_DEFERRED",
    "STAT_SUMS",
    "Bin",
    "GroupStats",
    "HeadToHead",
    "HistoryPoint",
    "LadderBoard",
    "LadderLevel",
    "LadderPair",
    "Position",
    "RatingCurve",
    "VariantStats",
    "Viewer",
    "active_members",
    "busiest_variant",
    "club_statistics",
    "deactivated_users",
    "finished_matches",
    "head_to_head",
    "ladder_board",
    "ladder_boards",
    "ladder_variants",
    "leaderboard",
    "leaderboard_position",
    "match_get",
    "player_stats",
    "points_bins",
    "points_distribution",
    "rating_changes",
    "rating_curve",
    "rating_history",
    "ratings_for_user",
    "recent_matches",
    "sees_every_match",
    "sees_matches_of",
    "source_statistics",
    "visible_matches",
    "visible_seats",
    "with_seats",
]
