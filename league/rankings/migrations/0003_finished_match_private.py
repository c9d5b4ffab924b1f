"""``private`` on finished matches and their seats: the table was private (joined through an
invitation link), so the match is listed only to its players and staff (docs/ratings.md,
"Private tables"). Existing rows are back-filled from ``games.Table.is_private`` where the
table still exists (:func:`league.rankings.backfill.mark_private_matches`).
"""

from django.db import migrations, models

from league.rankings.backfill import mark_private_matches


def forwards(apps, schema_editor):
    mark_private_matches(
        match_model=apps.get_model("rankings", "FinishedMatch"),
        participant_model=apps.get_model("rankings", "MatchParticipant"),
        table_model=apps.get_model("games", "Table"),
    )


class Migration(migrations.Migration):
    dependencies = [
        ("rankings", "0002_indexes_for_pages_and_rating"),
        ("games", "0001_initial"),
    ]

    operations = [
        migrations.AddField(
            model_name="finishedmatch",
            name="private",
            field=models.BooleanField(default=False, verbose_name="private"),
        ),
        migrations.AddField(
            model_name="matchparticipant",
            name="private",
            field=models.BooleanField(default=False, verbose_name="private"),
        ),
        migrations.RunPython(forwards, migrations.RunPython.noop, elidable=True),
    ]
