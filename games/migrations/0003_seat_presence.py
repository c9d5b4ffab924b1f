from django.db import migrations, models


class Migration(migrations.Migration):
    dependencies = [
        ("games", "0002_table_abandoned"),
    ]

    operations = [
        migrations.AddField(
            model_name="seat",
            name="first_seen_at",
            field=models.DateTimeField(blank=True, null=True, verbose_name="first seen at"),
        ),
        migrations.AddField(
            model_name="seat",
            name="forfeited",
            field=models.BooleanField(default=False, verbose_name="forfeited"),
        ),
    ]
