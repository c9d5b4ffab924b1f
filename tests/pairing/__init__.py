"""Tests of the pure pairing and tiebreak package ``league.pairing`` (no Django needed)."""
