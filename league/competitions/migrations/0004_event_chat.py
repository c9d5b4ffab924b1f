from django.db import migrations, models


class Migration(migrations.Migration):
    dependencies = [
        ("competitions", "0003_absence"),
    ]

    operations = [
        migrations.AddField(
            model_name="league",
            name="chat_enabled",
            field=models.BooleanField(default=True, verbose_name="table chat"),
        ),
        migrations.AddField(
            model_name="tournament",
            name="chat_enabled",
            field=models.BooleanField(default=True, verbose_name="table chat"),
        ),
    ]
