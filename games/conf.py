"""Settings of live tables, each with a default, read at call time (tests override them).

==========================  ==========  ====================================================
setting (or env variable)   default     meaning
==========================  ==========  ====================================================
TUTE_BOT_DELAY              1.0         seconds a bot waits before it plays (human pace)
TUTE_TRICK_PAUSE            1.5         extra seconds after a trick is complete
TUTE_HAND_PAUSE             4.0         extra seconds after a hand ends (read the summary)
TUTE_WATCHDOG_GRACE         5.0         seconds past a deadline before the watchdog acts
TUTE_WATCHDOG_INTERVAL      10.0        seconds between watchdog runs
TUTE_TABLE_SCHEDULER        "auto"      how deferred moves run: ``celery`` (a worker),
                                        ``inprocess`` (the server's event loop), ``immediate``
                                        (at once, in order) or ``manual`` (tests); ``auto``
                                        is ``inprocess`` when Celery is eager (embedded mode)
                                        and ``celery`` otherwise
TUTE_DEFAULT_TURN_SECONDS   60          turn timer of a new table (0: none)
TUTE_BOT_BUDGET_MS          0           thinking time of the strong bot per move (0: the
                                        engine's default)
TUTE_SOCKET_THREADS         8           threads (and PostgreSQL connections) per server
                                        process for the sockets' database work
TUTE_MOVES_ON_LOOP          True        on PostgreSQL, a usual move over a socket is written
                                        from the server's event loop with connections of its
                                        own (:mod:`games.live.loopdb`), not in a thread
TUTE_GC_TUNING              True        the first socket of a server process freezes the
                                        warmed-up heap and sets the collector's policy
TUTE_GC_INTERVAL            30.0        with it: seconds between the collections the event
                                        loop runs (0: the automatic collector, spaced out;
                                        :mod:`games.live.gc_policy`)
TUTE_STALL_LOG_MS           0           log every time the event loop or a garbage
                                        collection holds a server process this many
                                        milliseconds or more (0: off;
                                        :mod:`games.live.stalls`)
==========================  ==========  ====================================================

The environment variable wins over nothing: a Django setting of the same name wins over it.
"""

from __future__ import annotations

import os

from django.conf import settings

_DEFAULTS: dict[str, float | int | str] = {
    "TUTE_BOT_DELAY": 1.0,
    "TUTE_TRICK_PAUSE": 1.5,
    "TUTE_HAND_PAUSE": 4.0,
    "TUTE_WATCHDOG_GRACE": 5.0,
    "TUTE_WATCHDOG_INTERVAL": 10.0,
    "TUTE_TABLE_SCHEDULER": "auto",
    "TUTE_DEFAULT_TURN_SECONDS": 60,
    "TUTE_BOT_BUDGET_MS": 0.0,
    "TUTE_SOCKET_THREADS": 8,
    "TUTE_MOVES_ON_LOOP": "1",
    "TUTE_GC_TUNING": "1",
    "TUTE_GC_INTERVAL": 30.0,
    "TUTE_STALL_LOG_MS": 0.0,
}

SCHEDULERS = ("auto", "celery", "inprocess", "immediate", "manual")

#: Turn timer choices offered when creating a table (seconds; 0 is no timer). From an hour up
#: the table is played by correspondence (:data:`CORRESPONDENCE_SECONDS`).
TURN_SECONDS_CHOICES = (0, 20, 30, 60, 120, 300, 3600, 43200, 86400, 259200)

#: A time per move of at least this many seconds makes a correspondence table: its clock shows
#: days and hours, its deadlines are the watchdog's (no countdown of days), and each turn is
#: announced (:data:`games.signals.turn_started`).
CORRESPONDENCE_SECONDS = 3600


def _get(name: str) -> float | int | str:
    if hasattr(settings, name):
        return getattr(settings, name)  # type: ignore[no-any-return]
    default = _DEFAULTS[name]
    raw = os.environ.get(name)
    if raw is None or not raw.strip():
        return default
    return type(default)(raw.strip())


def bot_delay() -> float:
    return float(_get("TUTE_BOT_DELAY"))


def trick_pause() -> float:
    return float(_get("TUTE_TRICK_PAUSE"))


def hand_pause() -> float:
    return float(_get("TUTE_HAND_PAUSE"))


def watchdog_grace() -> float:
    return float(_get("TUTE_WATCHDOG_GRACE"))


def watchdog_interval() -> float:
    return float(_get("TUTE_WATCHDOG_INTERVAL"))


def default_turn_seconds() -> int:
    return int(_get("TUTE_DEFAULT_TURN_SECONDS"))


def bot_budget_ms() -> float | None:
    value = float(_get("TUTE_BOT_BUDGET_MS"))
    return value if value > 0 else None


def socket_threads() -> int:
    return max(1, int(_get("TUTE_SOCKET_THREADS")))


def _flag(name: str) -> bool:
    value = _get(name)
    if isinstance(value, bool):
        return value
    return str(value).strip().lower() not in {"0", "false", "no", "off", ""}


def gc_tuning() -> bool:
    return _flag("TUTE_GC_TUNING")


def moves_on_loop() -> bool:
    return _flag("TUTE_MOVES_ON_LOOP")


def gc_interval() -> float:
    return max(0.0, float(_get("TUTE_GC_INTERVAL")))


def stall_log_ms() -> float:
    return max(0.0, float(_get("TUTE_STALL_LOG_MS")))


def scheduler_mode() -> str:
    """The scheduler in use (``auto`` resolved)."""
    mode = str(_get("TUTE_TABLE_SCHEDULER"))
    if mode not in SCHEDULERS:
        raise ValueError(f"TUTE_TABLE_SCHEDULER={mode!r}; use one of {', '.join(SCHEDULERS)}.")
    if mode == "auto":
        return "inprocess" if getattr(settings, "CELERY_TASK_ALWAYS_EAGER", False) else "celery"
    return mode
