"""Writing a move: the action's log row and the table's new version, in one round trip.

A move holds its table's row lock until its transaction commits, and every statement sent
meanwhile is a round trip the table's next move waits for. On PostgreSQL the log row and the
table's update go as one statement (an ``UPDATE ... RETURNING`` feeding the ``INSERT``), so
the row is written only if the table was still at the move's version. Elsewhere (SQLite,
which serialises writers itself) the two ordinary statements do the same.
"""

from __future__ import annotations

from functools import lru_cache
from typing import Any

from django.db import connection

from games.models import Table, TableAction

#: The table's columns a move writes (besides ``version``, which it increments).
MOVE_FIELDS = (
    "revision",
    "status",
    "finished_at",
    "result",
    "record",
    "deadline",
    "deadline_kind",
)
#: The log row's columns (besides ``table``, taken from the updated row).
ROW_FIELDS = ("index", "hand_number", "seat", "action", "actor", "created_at")


def store_move(table: Table, row: TableAction, *, revision: int | None = None) -> bool:
    """Move ``table`` from version ``row.index`` to the next and store ``row`` in its log.

    ``table`` holds the new values of :data:`MOVE_FIELDS`. With ``revision``, the table must
    also still be at that revision (nothing else changed it since it was read). Returns
    False, writing nothing, if the table is no longer at that version (and revision).
    """
    if connection.vendor == "postgresql":
        return _store_in_one_statement(table, row, revision)
    matched = Table.objects.filter(pk=table.pk, version=row.index)
    if revision is not None:
        matched = matched.filter(revision=revision)
    updated = matched.update(
        version=row.index + 1, **{name: getattr(table, name) for name in MOVE_FIELDS}
    )
    if updated != 1:
        return False
    row.save(force_insert=True)
    return True


@lru_cache(maxsize=64)
def _field(model: Any, name: str) -> Any:
    return model._meta.get_field(name)


def _column(model: Any, name: str) -> str:
    return str(connection.ops.quote_name(_field(model, name).column))


def _value(model: Any, name: str, value: Any) -> Any:
    return _field(model, name).get_db_prep_save(value, connection)


@lru_cache(maxsize=4)
def _statement(vendor: str, with_revision: bool) -> str:
    """The move's statement (the same text for every move: made once per process)."""
    q = connection.ops.quote_name
    pk = _column(Table, "id")
    version = _column(Table, "version")
    sets = ", ".join(f"{_column(Table, name)} = %s" for name in MOVE_FIELDS)
    where = f"{pk} = %s AND {version} = %s"
    if with_revision:
        where += f" AND {_column(Table, 'revision')} = %s"
    columns = ", ".join(_column(TableAction, name) for name in ("table", *ROW_FIELDS))
    placeholders = ", ".join("%s" for _ in ROW_FIELDS)
    return (
        f"WITH moved AS (UPDATE {q(Table._meta.db_table)} SET {version} = {version} + 1, "
        f"{sets} WHERE {where} RETURNING {pk}) "
        f"INSERT INTO {q(TableAction._meta.db_table)} ({columns}) "
        f"SELECT {pk}, {placeholders} FROM moved"
    )


def one_statement(table: Table, row: TableAction, revision: int | None) -> tuple[str, list[Any]]:
    """The PostgreSQL statement that stores ``row`` and moves ``table`` (as
    :func:`store_move`), with its values: one row is inserted if the move went in."""
    params: list[Any] = [_value(Table, name, getattr(table, name)) for name in MOVE_FIELDS]
    params += [table.pk, row.index]
    if revision is not None:
        params.append(revision)
    params += [_value(TableAction, name, getattr(row, name)) for name in ROW_FIELDS]
    return _statement("postgresql", revision is not None), params


def _store_in_one_statement(table: Table, row: TableAction, revision: int | None) -> bool:
    sql, params = one_statement(table, row, revision)
    with connection.cursor() as cursor:
        cursor.execute(sql, params)
        return bool(cursor.rowcount == 1)
