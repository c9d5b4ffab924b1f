"""Table chat: quick phrases and free text at a live table, players and spectators apart.

``models``     :class:`ChatMessage` (kept with the table), :class:`ChatMute`, :class:`ChatReport`
               (registered in ``games.models``, so the app label stays ``games``)
``phrases``    the fixed quick phrases: keys and their translated texts
``errors``     the chat's user errors (:class:`games.errors.TableError` subclasses)
``services``   posting (length, rate, channel, chat off), muting, reporting, hiding
``selectors``  who writes where and which messages a viewer may see
``socket``     the table socket's ``chat`` frames and their delivery (called by the consumer)
``api``        ``/api/tables/<id>/chat/`` (and ``/mutes/``, ``/reports/``)

**Channels.** The people seated at a table talk in the ``players`` channel; everyone else who
may watch it (spectators, staff not seated) in ``spectators``. Nobody sees the other channel:
a spectator never receives a player's message, so nothing a spectator could tell the players
reaches them and nothing the players say is shown to the watchers.

**No hidden information.** The server never adds anything to a message: a quick phrase is a
key rendered in the reader's language, free text is stored exactly as typed and escaped on
output (Django's autoescape in ``games/_chat_message.html``). No card, hand or observation is
ever read to build a chat message or a chat frame, so chat cannot echo a card the reader may
not see; what a player chooses to type is his own (as at a real table).

This package imports ``games.models`` and ``games.live.notify``; nothing in games imports it
except ``games.models`` (the models), the table consumer (two calls) and the template tags.
"""
