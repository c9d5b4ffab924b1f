"""The rated variants, in the order pages list them."""

from __future__ import annotations


def variant_keys() -> tuple[str, ...]:
    """The rated variants, in the order pages list them."""
    return ("cabrero", "chancho", "arrastrado", "dos", "dos_ar", "parejas", "vtt")
