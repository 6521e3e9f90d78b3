"""Search-order analysis (paper App. D.4).

Compares the order in which a transcript produced its non-axiom theorems with reference
orders: the DFS and BFS pop orders of forward chaining (axioms pushed in the order the
problem presents them, axiom pops left out) and the DFS order of the shortest proof. The
reference orders are restricted to the theorems the generator could have produced (the
shortest proof and the irrelevant trees, App. D.4 limitation (i)); orders are compared as
sequences of claims with the normalized Levenshtein distance.
"""

from __future__ import annotations

from collections.abc import Callable, Collection, Hashable, Iterable, Sequence
from typing import Any, TypeVar

import attrs
from rapidfuzz.distance import Levenshtein

T = TypeVar("T", bound=Hashable)


def levenshtein(first: Sequence[Hashable], second: Sequence[Hashable]) -> int:
    """Edit distance (insertions, deletions, substitutions of single items).

    Items are numbered by equality first, so rapidfuzz (C) compares exact small integers
    and never relies on the items' hashes being distinct."""
    numbers: dict[Hashable, int] = {}
    first_ids = [numbers.setdefault(item, len(numbers)) for item in first]
    second_ids = [numbers.setdefault(item, len(numbers)) for item in second]
    return Levenshtein.distance(first_ids, second_ids)


def normalized_levenshtein(first: Sequence[Hashable], second: Sequence[Hashable]) -> float:
    """Levenshtein distance divided by the longer length: 0 = same order, 1 = nothing shared
    in place. Two empty sequences are at distance 0."""
    longest = max(len(first), len(second))
    return levenshtein(first, second) / longest if longest else 0.0


def normalized_levenshtein_of_ids(first: Sequence[int], second: Sequence[int]) -> float:
    """:func:`normalized_levenshtein` of sequences already numbered by equality (exact
    ints, one per distinct item): the same value, without numbering them again."""
    longest = max(len(first), len(second))
    return Levenshtein.distance(first, second) / longest if longest else 0.0


def first_occurrences(items: Iterable[T], keep: Callable[[T], bool] | None = None) -> list[T]:
    """Items in order of first occurrence, optionally filtered."""
    seen: set[T] = set()
    ordered: list[T] = []
    for item in items:
        if item in seen or (keep is not None and not keep(item)):
            continue
        seen.add(item)
        ordered.append(item)
    return ordered


Order = tuple[Hashable, ...]


@attrs.frozen(eq=False)
class SearchOrder:
    """The transcript's order and the reference orders (claims), with distances.

    The DFS reference costs a chaining run of its own, so a caller may give it as
    ``dfs_reference``, a function returning ``(dfs, distance_dfs)`` that runs the first time
    either is read (a report nobody reads the search order of never pays for it). Equality,
    hashing and pickling see the values, never the function."""

    transcript: Order
    bfs: Order
    shortest_proof: Order
    distance_bfs: float
    distance_shortest_proof: float
    dfs_reference: Callable[[], tuple[Order, float]] = attrs.field(repr=False)
    _dfs: list[tuple[Order, float]] = attrs.field(factory=list, init=False, repr=False)

    @classmethod
    def of(cls, transcript: Order, dfs: Order, bfs: Order, shortest_proof: Order,
           distance_dfs: float, distance_bfs: float,
           distance_shortest_proof: float) -> SearchOrder:
        """Every order and distance known already."""
        return cls(transcript, bfs, shortest_proof, distance_bfs, distance_shortest_proof,
                   _Known((dfs, distance_dfs)))

    def _dfs_values(self) -> tuple[Order, float]:
        if not self._dfs:
            self._dfs.append(self.dfs_reference())
        return self._dfs[0]

    @property
    def dfs(self) -> Order:
        return self._dfs_values()[0]

    @property
    def distance_dfs(self) -> float:
        return self._dfs_values()[1]

    def _values(self) -> tuple[object, ...]:
        return (self.transcript, self.dfs, self.bfs, self.shortest_proof, self.distance_dfs,
                self.distance_bfs, self.distance_shortest_proof)

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, SearchOrder):
            return NotImplemented
        return self._values() == other._values()

    def __hash__(self) -> int:
        return hash(self._values())

    def __repr__(self) -> str:
        names = ("transcript", "dfs", "bfs", "shortest_proof", "distance_dfs", "distance_bfs",
                 "distance_shortest_proof")
        fields = ", ".join(f"{n}={v!r}" for n, v in zip(names, self._values(), strict=True))
        return f"SearchOrder({fields})"

    def __reduce__(self) -> tuple[Any, tuple[object, ...]]:
        return SearchOrder.of, self._values()


@attrs.frozen
class _Known:
    """A DFS reference already computed (picklable, unlike a closure)."""

    values: tuple[Order, float]

    def __call__(self) -> tuple[Order, float]:
        return self.values


def compare_orders(
    transcript: Sequence[T],
    dfs: Sequence[T],
    bfs: Sequence[T],
    shortest_proof: Sequence[T],
    universe: Collection[T] | None = None,
) -> SearchOrder:
    """Distances between the transcript's order and the three reference orders.

    ``universe`` restricts the forward-chaining orders (not the transcript's, nor the
    shortest proof's) to the theorems worth comparing.
    """
    def restrict(order: Sequence[T]) -> tuple[T, ...]:
        keep = None if universe is None else (lambda item: item in universe)
        return tuple(first_occurrences(order, keep))

    mine = tuple(first_occurrences(transcript))
    dfs_order, bfs_order = restrict(dfs), restrict(bfs)
    proof_order = tuple(first_occurrences(shortest_proof))
    return SearchOrder.of(
        transcript=mine,
        dfs=dfs_order,
        bfs=bfs_order,
        shortest_proof=proof_order,
        distance_dfs=normalized_levenshtein(mine, dfs_order),
        distance_bfs=normalized_levenshtein(mine, bfs_order),
        distance_shortest_proof=normalized_levenshtein(mine, proof_order),
    )
