"""One against one (``table_size`` 2): Swiss pairing by weighted matching.

Every way of pairing the field is a perfect matching of the graph whose nodes are the entries
(plus a ``BYE`` node when their number is odd) and whose edges are the possible tables. Each edge
gets a *cost*, a tuple compared level by level:

1. ``repeats``: how often the two have met before (so no rematch while one can be avoided, and
   the fewest rematches when they cannot all be);
2. ``bye``: for the edge to ``BYE``, the place of the entry in the bye order (fewest byes, then
   lowest rank, first), so the bye goes to the lowest-ranked entry without one;
3. ``score``: the square of the distance between the two score groups, so entries meet their own
   score group, odd groups float one entry down to the next group, and never further than needed;
4. ``rank``: the square of the distance between the two ranks, so a score group pairs its
   neighbours (1-2, 3-4, … a "Monrad" order) and the lowest-ranked entry of an odd group is the
   one that floats down.

The levels are folded into one integer weight, each level's unit larger than the largest total
of all the levels below it, and ``networkx.max_weight_matching(maxcardinality=True)`` finds the
matching of least total cost exactly. It is deterministic: the graph is built in rank order.

networkx's blossom algorithm is cubic; a complete graph of 1,000 entries (500,000 edges) takes
minutes. Up to :data:`EXACT_LIMIT` entries the whole field is one complete graph and the answer
is exact. Beyond that the field is cut, in rank order and at score-group boundaries where
possible, into *blocks* of about :data:`BLOCK` entries, solved top-down. An odd block floats one
entry down into the next, chosen by the same weights (edge to a ``DOWN`` node that costs what
meeting the next block's top entry would). A block whose best matching repeats a meeting is
merged with the next block (or, at the bottom, with the one above) and solved again; if that
grows to the whole field, the whole field is solved exactly. The bye is settled first: the head
of the bye order sits out, unless no repeat-free pairing of the others exists, in which case the
exact solution of the whole field decides.
"""

from __future__ import annotations

from collections.abc import Sequence
from importlib import import_module
from typing import Any

from league.pairing.ranking import Field

EXACT_LIMIT = 100
"""Fields up to this many entries are solved as one complete graph (about 0.2 s at the limit)."""

BLOCK = 32
"""The target size of a block when the field is larger than :data:`EXACT_LIMIT`."""

# networkx ships no type information (types-networkx is not a dependency): typed as Any.
_networkx: Any = import_module("networkx")

BYE = -1
DOWN = -2

Cost = tuple[int, int, int, int]


def pair_one_on_one(field: Field) -> tuple[list[tuple[int, int]], int | None]:
    """Pair the field one against one: the pairs (rank indices, higher first) and the bye.

    ``None`` when nobody gets a bye (an even field).
    """
    n = field.size
    if n == 0:
        return [], None
    everyone = list(range(n))
    if n <= EXACT_LIMIT:
        pairs, odd = _solve(field, everyone, with_bye=n % 2 == 1, down=None)
        return pairs, odd
    bye: int | None = None
    players = everyone
    if n % 2:
        bye = field.bye_order[0]
        players = [i for i in everyone if i != bye]
    blockwise = _pair_blocks(field, players)
    if blockwise is not None:
        return blockwise, bye
    pairs, odd = _solve(field, everyone, with_bye=n % 2 == 1, down=None)
    return pairs, odd


def _edge_cost(field: Field, a: int, b: int, down: int | None) -> Cost:
    """The cost of the edge ``a``-``b``; ``b`` may be the ``BYE`` or ``DOWN`` node."""
    if b == BYE:
        return (0, field.bye_place[a], 0, 0)
    if b == DOWN:
        assert down is not None
        return (0, 0, (field.group[down] - field.group[a]) ** 2, (down - a) ** 2)
    return (field.met[a].get(b, 0), 0, (field.group[a] - field.group[b]) ** 2, (a - b) ** 2)


def _solve(
    field: Field, block: Sequence[int], *, with_bye: bool, down: int | None
) -> tuple[list[tuple[int, int]], int | None]:
    """The least-cost perfect matching of ``block`` (rank indices, in rank order).

    With ``with_bye`` a ``BYE`` node is added; with ``down`` (the first entry below the block) a
    ``DOWN`` node. Returns the pairs of entries and the entry matched to the extra node, if any.
    """
    nodes = list(block)
    extra = BYE if with_bye else DOWN if down is not None else None
    if extra is not None:
        nodes.append(extra)
    if len(nodes) % 2:
        raise AssertionError("a block to match must have an even number of nodes")
    edges: list[tuple[int, int, Cost]] = []
    for x, a in enumerate(nodes):
        for b in nodes[x + 1 :]:
            edges.append((a, b, _edge_cost(field, a, b, down)))
    pairs_in_matching = len(nodes) // 2
    weights = _fold([cost for _, _, cost in edges], pairs_in_matching)
    graph = _networkx.Graph()
    graph.add_nodes_from(nodes)
    for (a, b, _), weight in zip(edges, weights, strict=True):
        graph.add_edge(a, b, weight=weight)
    matching = _networkx.max_weight_matching(graph, maxcardinality=True)
    pairs: list[tuple[int, int]] = []
    odd: int | None = None
    for a, b in matching:
        low, high = min(a, b), max(a, b)
        if low < 0:
            odd = high
        else:
            pairs.append((low, high))
    pairs.sort()
    return pairs, odd


def _fold(costs: Sequence[Cost], pairs: int) -> list[int]:
    """Fold cost tuples into positive integer weights whose sum order is the tuples' order.

    A matching holds ``pairs`` edges, at most one of them with a non-zero ``bye`` level. Each
    level's unit exceeds the largest total the levels below it can reach in one matching.
    """
    if not costs:
        return []
    top = [max(cost[level] for cost in costs) for level in range(4)]
    unit_rank = 1
    unit_score = unit_rank * (pairs * top[3] + 1)
    unit_bye = unit_score * (pairs * top[2] + 1)
    unit_repeat = unit_bye * (top[1] + 1)
    ceiling = unit_repeat * (pairs * top[0] + 1)
    return [
        ceiling
        - (cost[0] * unit_repeat + cost[1] * unit_bye + cost[2] * unit_score + cost[3] * unit_rank)
        for cost in costs
    ]


def _blocks(field: Field, players: Sequence[int]) -> list[list[int]]:
    """Cut ``players`` (in rank order) into blocks of about :data:`BLOCK` entries.

    A block ends at the score-group boundary nearest to :data:`BLOCK` entries if there is one
    between half and twice that many; the last block takes whatever is left when fewer than one
    and a half blocks remain.
    """
    blocks: list[list[int]] = []
    start = 0
    n = len(players)
    while start < n:
        if n - start <= BLOCK * 3 // 2:
            blocks.append(list(players[start:]))
            break
        best: int | None = None
        for end in range(start + BLOCK // 2, min(n, start + 2 * BLOCK) + 1):
            at_boundary = end == n or field.group[players[end - 1]] != field.group[players[end]]
            if at_boundary and _nearer(end, best, start + BLOCK):
                best = end
        end = best if best is not None else start + BLOCK
        blocks.append(list(players[start:end]))
        start = end
    return blocks


def _nearer(end: int, best: int | None, target: int) -> bool:
    """Whether ``end`` is nearer ``target`` than ``best`` (any end beats none)."""
    return best is None or abs(end - target) < abs(best - target)


def _pair_blocks(field: Field, players: Sequence[int]) -> list[tuple[int, int]] | None:
    """Pair an even number of ``players`` block by block; ``None`` if that cannot avoid repeats.

    ``None`` means the blocks grew into a single one holding every player and its best matching
    still repeats a meeting: the caller then solves the whole field exactly.
    """
    blocks = _blocks(field, players)
    done: list[tuple[list[int], list[tuple[int, int]], int | None]] = []
    carry: list[int] = []
    next_block = 0
    while next_block < len(blocks):
        block = carry + blocks[next_block]
        next_block += 1
        while True:
            last = next_block == len(blocks)
            down = blocks[next_block][0] if not last and len(block) % 2 else None
            pairs, floater = _solve(field, block, with_bye=False, down=down)
            if not any(b in field.met[a] for a, b in pairs):
                break
            if not last:
                block = block + blocks[next_block]
                next_block += 1
            elif done:
                above, _, _ = done.pop()
                block = sorted(set(above) | set(block))
            else:
                return None
        done.append((block, pairs, floater))
        carry = [floater] if floater is not None else []
    return sorted(pair for _, pairs, _ in done for pair in pairs)
