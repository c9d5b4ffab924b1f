"""Copies of hand states: the fields whose lists a copy gets fresh, the field names of a hand
class, and the field-by-field copy of a state that lacks some fields.

A search clones states by the million, so :meth:`HandState.clone
<games.engine.state.HandState.clone>` copies by explicit assignments: ``_copy_fields`` for the
base state's fields (each list of :data:`COPIED_LISTS` copied), then the variant's
``_clone_extra`` for the fields its class adds (compiled, those are the native classes' own
typed fields). A state being built field by field (the bots' restore) may lack some fields
while it is copied: :func:`copy_slowly` then copies those it has, by name.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Final

if TYPE_CHECKING:
    from games.engine.state import HandState

#: The fields of :class:`HandState` holding lists that change in place during a hand: a copy
#: gets its own. A variant adding such a field copies it in ``_clone_extra``.
COPIED_LISTS: Final = (
    "hands",
    "trick",
    "trick_seats",
    "taken",
    "tricks",
    "card_pts",
    "cantos",
    "sang",
    "log",
    "history",
)


def slot_names(cls: type) -> tuple[str, ...]:
    """Every field of the hand class ``cls`` along its MRO, base first, each once: the
    ``__slots__`` of the pure classes (private names mangled), the native fields
    (``__mypyc_attrs__``) of the compiled ones.

    >>> from games.engine.state import HandState
    >>> slot_names(HandState)[:3]
    ('setup', 'n', 'active')
    """
    names: list[str] = []
    for klass in reversed(cls.__mro__):
        own = klass.__dict__
        slots: Any = own.get("__slots__", own.get("__mypyc_attrs__", ()))
        for name in (slots,) if isinstance(slots, str) else slots:
            if name in ("__dict__", "__weakref__"):
                continue
            if name.startswith("__") and not name.endswith("__"):
                name = f"_{klass.__name__.lstrip('_')}{name}"
            if name not in names:
                names.append(name)
    return tuple(names)


def copy_slowly(self: HandState, new: HandState) -> None:
    """Copy the fields ``self`` has into ``new``, by name (a fresh copy of each list of
    :data:`COPIED_LISTS` and of each list a variant adds), dropping from ``new`` those
    ``self`` lacks; and the entries of a ``__dict__``."""
    for name in slot_names(type(self)):
        if hasattr(self, name):
            value = getattr(self, name)
            copied = name in COPIED_LISTS or (type(value) is list and name != "next_seat")
            object.__setattr__(new, name, [*value] if copied else value)
        elif hasattr(new, name):
            object.__delattr__(new, name)
    if hasattr(self, "__dict__"):
        new.__dict__.update(self.__dict__)
