"""The live side of tables: sockets, the messages that tell them of a change, the lobby's live
list, and the scheduler of deferred moves.

The dependency runs one way: :mod:`games.services` (which writes) calls :mod:`.notify`,
:mod:`.lobby` and :mod:`.scheduler` after a commit; :mod:`.consumers` (the WebSockets) call
the services; nothing here imports the services.

``loop``       the event loop that serves this process's sockets, seen from any thread
``notify``     channel-layer messages: ``table.changed`` to a table's group, ``lobby.changed``
``scheduler``  deferred tasks (bot moves, turn timers) and the in-process watchdog; the tasks
               themselves register from :mod:`games.tasks`
``lobby``      what the lobby's list shows a user, and when a change concerns it
``consumers``  the table's and the lobby's WebSockets; ``routing`` their URLs
``presence``   the socket side of presence (a seated person's sockets counted, his first
               connection recorded): called by the consumers, it calls the services as they do
"""
