"""Data fixes run by migrations, written against the models they are given (a migration passes
its historical models; a test may pass the real ones).

Nothing here imports the project's models: a migration must keep working when they change.
"""

from __future__ import annotations

from typing import Any


def mark_private_matches(*, match_model: Any, participant_model: Any, table_model: Any) -> int:
    """Mark private the stored matches (and their seats) whose table still exists and is
    private; the number of matches marked.

    Matches stored before ``FinishedMatch.private`` existed were stored as public. A match
    whose table was deleted cannot be told apart and stays public. Run twice, it marks nothing
    more (only rows still public are updated).
    """
    private_tables = table_model.objects.filter(is_private=True).values("pk")
    marked = match_model.objects.filter(private=False, table_id__in=private_tables).update(
        private=True
    )
    participant_model.objects.filter(private=False, match__private=True).update(private=True)
    return int(marked)
