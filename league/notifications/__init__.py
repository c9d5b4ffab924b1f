"""Notifications: what a player is told, on the page, over his socket and by mail.

Layout:

``models``     :class:`Notification` (one message to one user: a kind, the values its text is
               made of, a link, read or not) and :class:`NotificationPreference` (mail on or
               off per user and kind).
``kinds``      the kinds, their texts (rendered in the reader's language from the stored
               values, never stored translated) and which ones may be mailed.
``services``   :func:`~league.notifications.services.notify` and the marks (read, all read,
               preferences). The only writers.
``selectors``  reads: a user's list, the unread count, the mail preferences.
``push``       after commit, the count (and the new message) to the user's sockets
               (group ``notifications.user.<id>``; :mod:`.consumers`).
``events``     one function per event of the other apps (a round's table opened, a result
               changed by an organiser, a join request...): the single call those apps make.
``receivers``  ``games.signals.player_arrived`` and ``turn_started``.
``reminders``  the beat task's work: league play windows opening or closing soon.
``emails``     the mail of a notification, in its reader's language, with an unsubscribe link
               (a signed token); sent by the Celery task of :mod:`.tasks`.
``ready``      the "ready to play" panel's selector (your turn, tables waiting for you, league
               fixtures open now, the next round of your tournaments).
"""
