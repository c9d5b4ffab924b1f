"""Indexes for the player page, the leaderboards and the rating (docs/ratings.md, "Speed").

* ``rankings_seat_finished``: the seats by finish time, which the rating reads in the rating
  order (a range per chunk of matches instead of a list of ids).
* ``rankings_rating_board``: the leaderboards (ratings past the provisional games, in board
  order, with the last game's date).
* The single-column indexes of five foreign keys are dropped: a composite index that starts with
  the same column serves every lookup (``(match, seat)``, ``(user, variant, finished_at)``,
  ``(user, variant)``, ``(match, user)``, ``(user, variant, finished_at, table_id)``), and each
  index costs every stored seat and every rated match. Only the indexes are dropped (the state
  says ``db_index=False``): Django's AlterField would also drop and re-validate the foreign keys.
"""

import django.db.models.deletion
from django.conf import settings
from django.db import migrations, models

FK_INDEXES = [
    # (model, field, table, column, index name as created by 0001 on every backend)
    ("matchparticipant", "match", "rankings_matchparticipant", "match_id", "2a4a49fe"),
    ("matchparticipant", "user", "rankings_matchparticipant", "user_id", "0c47bb63"),
    ("rating", "user", "rankings_rating", "user_id", "2d31a6db"),
    ("ratinghistory", "match", "rankings_ratinghistory", "match_id", "f2706ad7"),
    ("ratinghistory", "user", "rankings_ratinghistory", "user_id", "5987c0c8"),
]


def drop_index(table: str, column: str, suffix: str) -> migrations.RunSQL:
    name = f"{table}_{column}_{suffix}"
    return migrations.RunSQL(
        sql=f'DROP INDEX IF EXISTS "{name}"',
        reverse_sql=f'CREATE INDEX "{name}" ON "{table}" ("{column}")',
    )


class Migration(migrations.Migration):
    dependencies = [
        ("rankings", "0001_initial"),
        migrations.swappable_dependency(settings.AUTH_USER_MODEL),
    ]

    operations = [
        migrations.SeparateDatabaseAndState(
            database_operations=[drop_index(t, c, s) for _m, _f, t, c, s in FK_INDEXES],
            state_operations=[
                migrations.AlterField(
                    model_name="matchparticipant",
                    name="match",
                    field=models.ForeignKey(
                        db_index=False,
                        on_delete=django.db.models.deletion.CASCADE,
                        related_name="participants",
                        to="rankings.finishedmatch",
                    ),
                ),
                migrations.AlterField(
                    model_name="matchparticipant",
                    name="user",
                    field=models.ForeignKey(
                        blank=True,
                        db_index=False,
                        null=True,
                        on_delete=django.db.models.deletion.SET_NULL,
                        related_name="match_participations",
                        to=settings.AUTH_USER_MODEL,
                        verbose_name="user",
                    ),
                ),
                migrations.AlterField(
                    model_name="rating",
                    name="user",
                    field=models.ForeignKey(
                        db_index=False,
                        on_delete=django.db.models.deletion.CASCADE,
                        related_name="ratings",
                        to=settings.AUTH_USER_MODEL,
                        verbose_name="user",
                    ),
                ),
                migrations.AlterField(
                    model_name="ratinghistory",
                    name="match",
                    field=models.ForeignKey(
                        db_index=False,
                        on_delete=django.db.models.deletion.CASCADE,
                        related_name="rating_changes",
                        to="rankings.finishedmatch",
                    ),
                ),
                migrations.AlterField(
                    model_name="ratinghistory",
                    name="user",
                    field=models.ForeignKey(
                        db_index=False,
                        on_delete=django.db.models.deletion.CASCADE,
                        related_name="rating_history",
                        to=settings.AUTH_USER_MODEL,
                        verbose_name="user",
                    ),
                ),
            ],
        ),
        migrations.AddIndex(
            model_name="matchparticipant",
            index=models.Index(fields=["finished_at"], name="rankings_seat_finished"),
        ),
        migrations.AddIndex(
            model_name="rating",
            index=models.Index(
                condition=models.Q(("games__gte", 20)),
                fields=["variant", "-shown", "-mu", "user", "last_played_at"],
                name="rankings_rating_board",
            ),
        ),
    ]
