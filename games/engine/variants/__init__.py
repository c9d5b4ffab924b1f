"""The variants, one module each; importing this package registers them all."""

from games.engine.variants import (
    arrastrado,
    bato,
    cabrero,
    chancho,
    codillo,
    dos,
    dos_ar,
    parejas,
    remate,
    vtt,
)

__all__ = [
    "arrastrado",
    "bato",
    "cabrero",
    "chancho",
    "codillo",
    "dos",
    "dos_ar",
    "parejas",
    "remate",
    "vtt",
]
