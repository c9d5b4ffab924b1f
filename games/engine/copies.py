"""Generated copies of hand states (what :meth:`HandState.clone` and ``copy_into`` run).

A search clones states by the million, so each hand class gets a function, generated once
(:func:`copier`), that assigns every slot of the class straight across and gives each list of
:data:`COPIED_LISTS` a fresh copy; the variant's ``_clone_extra`` then copies its own lists.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from games.engine.state import HandState

#: The fields of :class:`HandState` holding lists that change in place during a hand: a copy
#: gets its own. A variant adding such a field copies it in ``_clone_extra``.
COPIED_LISTS = (
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
    """Every slot of ``cls`` along its MRO, base first, each once (private names mangled).

    >>> from games.engine.state import HandState
    >>> slot_names(HandState)[:3]
    ('setup', 'n', 'active')
    """
    names: list[str] = []
    for klass in reversed(cls.__mro__):
        slots = klass.__dict__.get("__slots__", ())
        for name in (slots,) if isinstance(slots, str) else slots:
            if name in ("__dict__", "__weakref__"):
                continue
            if name.startswith("__") and not name.endswith("__"):
                name = f"_{klass.__name__.lstrip('_')}{name}"
            if name not in names:
                names.append(name)
    return tuple(names)


def copier(cls: type) -> Callable[[HandState, HandState], None]:
    """A function copying every field of a ``cls`` state into another: straight assignments,
    generated once per class, with a fresh list for each of :data:`COPIED_LISTS`.

    A state whose fields are not all set (one being built field by field) falls back to a
    loop that copies the fields it has.
    """
    names = slot_names(cls)
    lines = ["def copy(self, new):", "    try:"]
    for name in names:
        value = f"[*self.{name}]" if name in COPIED_LISTS else f"self.{name}"
        lines.append(f"        new.{name} = {value}")
    if cls.__dictoffset__:  # a class without __slots__ somewhere: its instances have a dict
        lines.append("        new.__dict__.update(self.__dict__)")
    lines += ["    except AttributeError:", "        _copy_slowly(self, new, names)"]
    namespace: dict[str, Any] = {"_copy_slowly": _copy_slowly, "names": names}
    exec("\n".join(lines), namespace)  # our own field names only
    copy: Callable[[HandState, HandState], None] = namespace["copy"]
    copy.__qualname__ = f"{cls.__name__}._copy_fields"
    return copy


def _copy_slowly(self: HandState, new: HandState, names: tuple[str, ...]) -> None:
    for name in names:
        if hasattr(self, name):
            value = getattr(self, name)
            object.__setattr__(new, name, [*value] if name in COPIED_LISTS else value)
        elif hasattr(new, name):
            object.__delattr__(new, name)
    if hasattr(self, "__dict__"):
        new.__dict__.update(self.__dict__)
