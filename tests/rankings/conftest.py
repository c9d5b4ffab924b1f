from __future__ import annotations

import pytest

from tests.factories import UserFactory


@pytest.fixture
def players(db: None) -> list:
    """Eight players: ana, bruno, carmen, diego, elena, fede, gema, hugo."""
    names = ["ana", "bruno", "carmen", "diego", "elena", "fede", "gema", "hugo"]
    return [UserFactory(username=n, display_name=n.capitalize()) for n in names]
