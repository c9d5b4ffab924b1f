"""mypyc's class decorators and fixed-width integer type for the engine, without a run-time
dependency on ``mypy_extensions`` (it ships with mypy, a development requirement only).

The compiled build (:mod:`games.engine.build`) compiles those classes as mypyc *native*
classes: mypyc reads :func:`mypyc_attr` from the source, whatever this module does at run
time. The pure engine imports it from here: the real decorator where ``mypy_extensions`` is
installed, else one that returns the class unchanged (it only ever marks a class for mypyc).
:data:`i64` (a 64-bit machine integer when compiled: arithmetic without overflow checks into
Python's big integers) is only used in annotations, where the pure engine never evaluates it;
it is ``int`` without ``mypy_extensions``.

>>> @mypyc_attr(allow_interpreted_subclasses=True)
... class Example:
...     pass
>>> Example.__name__
'Example'
"""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from mypy_extensions import i64 as i64
    from mypy_extensions import mypyc_attr as mypyc_attr
else:
    try:
        from mypy_extensions import i64, mypyc_attr
    except ImportError:  # the site's run-time requirements do not include mypy
        i64 = int

        def mypyc_attr(*attrs, **kwattrs):
            """A decorator that leaves the class as it is."""
            return lambda cls: cls


__all__ = ["i64", "mypyc_attr"]
