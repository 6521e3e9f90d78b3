"""The chainer's agenda (paper Alg. 1): which derived atom is popped next.

Policies: ``"dfs"`` (stack), ``"bfs"`` (queue), ``"overlap"`` (best-first on lexical overlap
with the query), or any caller-given ``priority(atom) -> float`` (higher pops first). Axioms
are pushed in presentation order and pop in that order when nothing derived is pending, for
every policy.
"""

from __future__ import annotations

import heapq
import itertools
import re
from collections import deque
from collections.abc import Callable, Iterable, Sequence
from typing import Literal

from vlp.kernel import Agents, Atom, Query

Strategy = Literal["dfs", "bfs", "overlap"]
STRATEGIES: tuple[str, ...] = ("dfs", "bfs", "overlap")
Priority = Callable[[Atom], float]


_WORD = re.compile(r"[a-z0-9]+")


def _words(name: str) -> set[str]:
    # "bernhard's son" -> {"bernhard", "son"}: the possessive "s" says nothing lexical
    return {w for w in _WORD.findall(name) if w != "s"}


def _atom_words(args: Iterable[object]) -> set[str]:
    words: set[str] = set()
    for arg in args:
        if isinstance(arg, Agents):
            for name in arg.names:
                words |= _words(name)
        elif isinstance(arg, str):
            words |= _words(arg)
    return words


def overlap_priority(query: Query | Atom) -> Priority:
    """Best-first priority: how many words of the query's agents and entities an atom shares."""
    query_words = _atom_words(query.args)

    def priority(atom: Atom) -> float:
        return float(len(query_words & _atom_words(atom.args)))

    return priority


class Agenda:
    """Stack, queue or priority queue of atoms; axioms pop in presentation order."""

    def __init__(self, strategy: str, priority: Priority | None):
        self.strategy = strategy
        self.priority = priority
        self._counter = itertools.count()
        # ``items`` is true while atoms wait; push and pop are the container's own methods
        # where they can be (called once per theorem, and a method around them cost more)
        self.items: list[Atom] | deque[Atom] | list[tuple[float, int, Atom]]
        self.push: Callable[[Atom], None]
        self.pop: Callable[[], Atom]
        if priority is not None:
            self.items, self.push, self.pop = [], self._push_by_priority, self._pop_by_priority
        elif strategy == "dfs":
            stack: list[Atom] = []
            self.items, self.push, self.pop = stack, stack.append, stack.pop
        else:
            queue: deque[Atom] = deque()
            self.items, self.push, self.pop = queue, queue.append, queue.popleft

    def push_axioms(self, atoms: Sequence[Atom]) -> None:
        if self.priority is None and self.strategy == "dfs":
            # a stack pops last-in first, so push in reverse to pop in presentation order
            self.items.extend(reversed(atoms))  # type: ignore[arg-type]
        else:
            for atom in atoms:
                self.push(atom)

    def _push_by_priority(self, atom: Atom) -> None:
        assert self.priority is not None
        heapq.heappush(self.items, (-self.priority(atom), next(self._counter), atom))  # type: ignore[misc]

    def _pop_by_priority(self) -> Atom:
        return heapq.heappop(self.items)[2]  # type: ignore[return-value,arg-type]

    def __bool__(self) -> bool:
        return bool(self.items)
