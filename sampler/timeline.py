"""Times for the atoms of a problem, matching how a problem text is read (DESIGN §3).

Reading convention: the k-th transfer sentence (from 0) has time k; every other sentence
has the time of the number of transfers stated before it; the query asks about the last
time n (the number of transfers). So we

1. order all transfers of all trees in one random order that puts every transfer after
   the transfers its own premise depends on (a random linear extension), tick = position;
2. give every other atom a time top-down: a conclusion needed at time r is derived at a
   random time in [earliest, r] and carried to r by the frame rule (which is free in
   claims), where `earliest` is after the transfers below it and after any transfer
   touching its agent and entity; comparisons are needed at exactly their time;
3. present the axioms bucket by bucket: the axioms of time m in random order, then the
   transfer with tick m.
"""

from __future__ import annotations

import random
from collections.abc import Sequence

from vlp.kernel import Atom

from .reverse import RuleBook
from .tree import Node, walk


class Timeline:
    """Ticks, times and presentation order for the trees of one problem."""

    def __init__(self, roots: Sequence[Node], rng: random.Random, book: RuleBook, *,
                 early_facts: bool = False):
        self.roots = list(roots)
        self.book = book
        self.rng = rng
        self.early_facts = early_facts
        self.nodes = list(walk(self.roots))
        self.transfers = [n for n in self.nodes if n.predicate == "transfer"]
        for node in self.nodes:
            node.time = None
            node.tick = None
        self._order_transfers()
        self.horizon = len(self.transfers)
        self._lower: dict[int, int] = {}
        self._assigned: set[int] = set()
        for root in self.roots:
            self._assign(root, self.horizon)

    # ------------------------------------------------------------------ transfers

    def _below(self, node: Node, memo: dict[int, frozenset[int]]) -> frozenset[int]:
        """Ids of the transfers in ``node``'s subtree."""
        if id(node) in memo:
            return memo[id(node)]
        found: set[int] = set()
        if node.predicate == "transfer":
            found.add(id(node))
        for premise in node.premises:
            found |= self._below(premise, memo)
        memo[id(node)] = frozenset(found)
        return memo[id(node)]

    def _order_transfers(self) -> None:
        memo: dict[int, frozenset[int]] = {}
        before: dict[int, set[int]] = {id(t): set() for t in self.transfers}
        for node in self.nodes:
            index = self._transfer_index(node)
            if index is not None:
                transfer = node.premises[index]
                for other, premise in enumerate(node.premises):
                    if other != index:
                        before[id(transfer)] |= self._below(premise, memo)
        position = {id(t): i for i, t in enumerate(self.transfers)}
        done: set[int] = set()
        for tick in range(len(self.transfers)):
            ready = [t for t in self.transfers
                     if id(t) not in done and before[id(t)] <= done]
            ready.sort(key=lambda t: position[id(t)])
            chosen = self.rng.choice(ready)
            chosen.tick = chosen.time = tick
            done.add(id(chosen))

    def _transfer_index(self, node: Node) -> int | None:
        """Which premise of ``node``'s rule is a transfer (None: none, or an axiom)."""
        plan = self.book.plans.get(node.rule)  # type: ignore[arg-type]
        return None if plan is None else plan.transfer

    # ---------------------------------------------------------------------- times

    def lower(self, node: Node) -> int:
        """The earliest time ``node`` can be derived at (after the transfers below it)."""
        if id(node) not in self._lower:
            if node.predicate == "transfer":
                value = node.tick + 1  # type: ignore[operator]
            elif node.shared and node.time is not None:
                value = node.time
            else:
                value = max((self.lower(p) for p in node.premises), default=0)
            self._lower[id(node)] = value
        return self._lower[id(node)]

    def _touch_floor(self, node: Node, needed: int) -> int:
        """After the last transfer before ``needed`` that touches one of node's agents in
        one of its entities (a frame rule cannot carry the fact across it)."""
        entities = {node.entity, node.container} - {None}
        floor = 0
        for t in self.transfers:
            if t.entity not in entities or t.tick >= needed:  # type: ignore[operator]
                continue
            if any(not agents.isdisjoint(party) for agents in node.agents
                   for party in t.agents):
                floor = max(floor, t.tick + 1)  # type: ignore[operator]
        return floor

    def _assign(self, node: Node, needed: int) -> None:
        if id(node) in self._assigned:
            if node.time is None or node.time > needed:
                raise AssertionError(f"{node!r} is needed at {needed} before it exists")
            return
        self._assigned.add(id(node))
        if node.predicate == "transfer":
            return  # its time is its tick
        if (self.early_facts and node.is_axiom and node.predicate in self.book.framed
                and node.predicate != "cont"):
            # a comparison or rate may be stated earlier and carried to its use by the
            # kernel's frame rule for it (6c/6q/6r), as in the paper authors' problems
            node.time = self.rng.randint(self._touch_floor(node, needed), needed)
            return
        transfer = self._transfer_index(node)
        if node.predicate in ("comp", "compeq", "rate"):
            node.time = needed  # exactly when used
        elif transfer is not None:
            plan = self.book.plan(node.rule)  # type: ignore[arg-type]
            node.time = node.premises[transfer].tick + plan.advance  # type: ignore[operator]
        else:
            earliest = max(self.lower(node), self._touch_floor(node, needed))
            if earliest > needed:
                raise AssertionError(f"{node!r} cannot exist by time {needed}")
            # A theorem other trees build on sits as early as possible, so every use of
            # it comes later.
            node.time = earliest if node.shared else self.rng.randint(earliest, needed)
            if node.shared:
                self._lower[id(node)] = node.time
        if node.time > needed:
            raise AssertionError(f"{node!r} derived at {node.time}, needed at {needed}")
        if transfer is not None:  # the other premises hold when the transfer happens
            for index, premise in enumerate(node.premises):
                if index != transfer:
                    self._assign(premise, node.premises[transfer].tick)  # type: ignore[arg-type]
            return
        for premise in node.premises:
            self._assign(premise, node.time)

    # -------------------------------------------------------------- presentation

    def axioms_in_order(self) -> list[Node]:
        """The axiom nodes in presentation order."""
        buckets: list[list[Node]] = [[] for _ in range(self.horizon + 1)]
        transfers: list[Node | None] = [None] * self.horizon
        for node in self.nodes:
            if not node.is_axiom:
                continue
            if node.predicate == "transfer":
                transfers[node.tick] = node  # type: ignore[index]
            else:
                buckets[node.time].append(node)  # type: ignore[index]
        order: list[Node] = []
        for m, bucket in enumerate(buckets):
            self.rng.shuffle(bucket)
            order.extend(bucket)
            if m < self.horizon:
                order.append(transfers[m])  # type: ignore[arg-type]
        return order

    def goal(self, root: Node) -> Atom:
        return root.atom(self.horizon)
