"""What leaves games when a table ends: ``match_finished`` or ``table_abandoned``
(:mod:`games.signals`), sent once the transaction has committed, with the table's
:class:`~games.outcome.TableOutcome` (``outcome=``) read from what was committed."""

from __future__ import annotations

from django.db import transaction
from django.dispatch import Signal

from games.models import Table
from games.selectors.outcomes import table_outcome
from games.signals import match_finished, table_abandoned


def _send_after_commit(signal: Signal, table_id: int) -> None:
    def send() -> None:
        signal.send_robust(sender=Table, outcome=table_outcome(table_id))

    transaction.on_commit(send, robust=True)


def announce_finished(table: Table) -> None:
    """After the commit, send ``match_finished`` for ``table``, whose match has ended."""
    _send_after_commit(match_finished, table.pk)


def announce_abandoned(table: Table) -> None:
    """After the commit, send ``table_abandoned`` for ``table``, stopped in play or before."""
    _send_after_commit(table_abandoned, table.pk)
