"""A socket renders with the user behind the scope's lazy object (``resolved_user``)."""

from __future__ import annotations

from django.contrib.auth.models import AnonymousUser
from django.utils.functional import SimpleLazyObject

from games.live.consumers import resolved_user


class Person:
    pk = 7
    is_authenticated = True


def test_a_resolved_lazy_user_gives_the_user_behind_it() -> None:
    person = Person()
    lazy = SimpleLazyObject(lambda: person)
    assert resolved_user(lazy) is lazy  # not resolved yet: the lazy object itself
    assert lazy.pk == 7  # resolving it, as the auth middleware does before the consumer runs
    assert resolved_user(lazy) is person


def test_plain_users_are_given_back_unchanged() -> None:
    person = Person()
    anonymous = AnonymousUser()
    assert resolved_user(person) is person
    assert resolved_user(anonymous) is anonymous
    assert resolved_user(None) is None
