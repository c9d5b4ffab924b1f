"""The live-table benchmark (``manage.py bench_tables``): real servers, real sockets, loopback.

What it runs, production-like (PostgreSQL, Redis channel layer and broker):

* ``--processes`` ASGI servers, ``uvicorn tute_site.asgi:application`` with
  ``tute_site.settings.production``, each a process on a port of its own
  (:mod:`games.bench.procs`), sharing the database and Redis;
* a Celery worker process for the bot-only tables (their moves are Celery tasks, paced by
  ``TUTE_BOT_DELAY``);
* ``--tables`` tables of four scripted people (:mod:`games.bench.clients`): 4 WebSocket
  clients each, logged in through a session cookie, each playing a legal card (the first the
  server lists) ``--think`` seconds (±50%) after its turn comes; ``--think 0`` saturates the
  servers. Seat ``i`` of table ``t`` connects to server ``(t + i) % N``, so with several servers
  a table's sockets are on different processes and its moves travel through Redis;
* ``--spectators`` spectator sockets (each a logged-in user of its own: watching needs a
  login) spread over the first ``--spectator-tables`` tables, and servers;
* ``--bot-tables`` tables of four bots, each watched by one spectator socket;
* the sockets are opened by ``--client-processes`` client processes (a table's sockets all in
  one), so that the load generator is not the limit.

What it measures, over ``--duration`` seconds starting ``--warmup`` seconds after every
socket got its first state (:mod:`games.bench.runner`):

* actions per second: the moves committed to the database (all tables), and the scripted
  people's moves the servers answered;
* latency: from a client sending its move to that client receiving the state that includes it,
  and to the last of the table's four sockets receiving it (p50, p95, p99, max), separately
  for the tables with spectators and without; and to the spectators;
* the CPU of each server, worker and client process, of the bench database's PostgreSQL
  backends, of Redis (shared with anything else on the machine) and of the whole machine
  (``/proc``).
"""

from __future__ import annotations

from games.bench.report import report
from games.bench.runner import run
from games.bench.seating import BENCH_SOURCE, USER_PREFIX

__all__ = ["BENCH_SOURCE", "USER_PREFIX", "report", "run"]
