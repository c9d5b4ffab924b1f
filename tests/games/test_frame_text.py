"""The state frame's JSON text is what ``json.dumps`` gives, to the byte, with the part texts
escaped once per process (``games.live.states.frame_text`` and ``encoded``)."""

from __future__ import annotations

import json
import random

import pytest
from django.utils.safestring import mark_safe

from games.live import states
from games.live.states import changed_parts, encoded, frame_text

# Characters a part can hold and JSON must escape or may keep: quotes, backslashes, control
# characters, the accents and eñes of the Spanish words, the suits' symbols, a line separator,
# characters beyond the basic plane, HTML.
ALPHABET = [*'ab <>/="\\\n\t\r\x00\x1f\x7fáéíóúñÑ¿¡€♠\u2028\u2029😀', "</script>", "&amp;"]


def dumped_frame_text(
    frame: dict[str, object],
    parts: list[str],
    *,
    sent: list[str] | None,
    as_parts: bool,
    missed: list[str] | None = None,
) -> str:
    """What ``frame_text`` gave before it escaped the parts itself: the frame with its keys
    added, through ``json.dumps``."""
    out = dict(frame)
    if not as_parts:
        out["html"] = "".join(parts)
    else:
        changed = changed_parts(sent, parts)
        if changed is None:
            out["parts"] = parts
        else:
            out["changed"] = changed
    if missed:
        out["missed"] = missed
    return json.dumps(out)


def random_text(rng: random.Random) -> str:
    return "".join(rng.choice(ALPHABET) for _ in range(rng.randrange(0, 40)))


def random_frame(rng: random.Random) -> dict[str, object]:
    return {
        "type": "state",
        "version": rng.randrange(1000),
        "revision": rng.randrange(1000),
        "seat": rng.choice([None, 0, 3]),
        "status": rng.choice(["playing", "finished"]),
        "your_turn": rng.random() < 0.5,
        "legal": [random_text(rng) for _ in range(rng.randrange(3))],
    }


@pytest.mark.parametrize("seed", range(4))
def test_frame_text_is_json_dumps_to_the_byte(seed: int) -> None:
    rng = random.Random(seed)
    for _ in range(2000):
        frame = random_frame(rng)
        parts = [rng.choice([random_text(rng), mark_safe(random_text(rng))]) for _ in range(7)]
        sent = None
        if rng.random() < 0.7:
            sent = [p if rng.random() < 0.5 else random_text(rng) for p in parts]
        as_parts = rng.random() < 0.7
        missed = [random_text(rng)] if rng.random() < 0.2 else None
        got = frame_text(frame, parts, sent=sent, as_parts=as_parts, missed=missed)
        want = dumped_frame_text(frame, parts, sent=sent, as_parts=as_parts, missed=missed)
        assert got == want
        decoded = json.loads(got)
        if not as_parts:
            assert decoded["html"] == "".join(parts)
        elif sent is None:
            assert decoded["parts"] == parts
        else:
            assert decoded["changed"] == [
                [i, p] for i, (old, p) in enumerate(zip(sent, parts, strict=True)) if old != p
            ]


def test_a_frame_that_holds_an_added_key_is_refused() -> None:
    with pytest.raises(ValueError, match="html"):
        frame_text({"type": "state", "html": "stale"}, ["a"], sent=None, as_parts=False)
    with pytest.raises(ValueError):
        frame_text({}, ["a"], sent=None, as_parts=True)


def test_encoded_texts_are_remembered_and_bounded(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(states, "MAX_ENCODED", 3)
    monkeypatch.setattr(states, "_encoded", {})
    text = '<div class="seat">Ñandú</div>'
    first = encoded(text)
    assert first == json.dumps(text)
    assert encoded(text) is first  # the same object: escaped once
    for i in range(3):
        encoded(f"part {i}")
    assert len(states._encoded) <= 3
    assert text not in states._encoded  # forgotten when full
    assert encoded(text) == json.dumps(text)
