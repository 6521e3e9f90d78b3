"""Symbolic proof trees, sampled top-down by reverse rule application (paper Alg. 2).

A :class:`Node` is an atom whose quantity and time are still unknown: the numbers come
from Z3 (:mod:`vlp.sampler.numbers`) and the times from the global clock
(:mod:`vlp.sampler.timeline`). Every new term is fresh, so no atom is generated twice;
an elimination rule's distinguished premise (comp/transfer/rate/compeq) is an axiom and
union premises are singletons, which makes the sampled proof the unique shortest one
(paper Lemma 1).
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterator, Sequence
from typing import Any

import attrs

from vlp.kernel import SIGNATURES, Agents, Atom
from vlp.kernel.rules import Var

from .config import SamplerConfig
from .lexicon import Lexicon
from .reverse import TIMED, PremisePlan, Slots

# Predicates whose atoms carry a quantity.
QUANTIFIED = frozenset(p for p, kinds in SIGNATURES.items() if "quantity" in kinds)


@attrs.define(eq=False, repr=False)
class Node:
    """An atom of a proof under construction (identity matters, not value)."""

    predicate: str
    agents: tuple[Agents, ...]
    entity: str
    container: str | None = None  # rate(A, q, entity, container)
    rule: str | None = None  # None: an axiom
    premises: list[Node] = attrs.Factory(list)
    tree: int = 0  # 0: the relevant proof; k >= 1: irrelevant tree k
    quantity: int | None = None
    fixed: bool = False  # the quantity is given (control problems keep the base numbers)
    time: int | None = None
    tick: int | None = None  # a transfer's time
    shared: bool = False  # a relevant theorem an irrelevant tree builds on

    @property
    def is_axiom(self) -> bool:
        return self.rule is None

    def atom(self, time: int | None = None) -> Atom:
        """The ground atom (at ``time`` if given: a frame-rule copy)."""
        if self.quantity is None and self.predicate in QUANTIFIED:
            raise ValueError(f"{self!r} has no quantity yet")
        t = self.time if time is None else time
        q = self.quantity
        match self.predicate:
            case "cont":
                return Atom("cont", (self.agents[0], q, self.entity, t))
            case "comp" | "transfer":
                return Atom(self.predicate, (self.agents[0], self.agents[1], q, self.entity, t))
            case "rate":  # the kernel may or may not time-stamp rates
                args = (self.agents[0], q, self.entity, self.container)
                return Atom("rate", (*args, t) if "rate" in TIMED else args)
            case "compeq":
                return Atom("compeq", (*self.agents, self.entity, t))
        raise ValueError(f"unknown predicate {self.predicate}")

    def key(self) -> tuple:
        """What identifies the atom apart from quantity and time."""
        return (self.predicate, self.agents, self.entity, self.container)

    def __repr__(self) -> str:
        args = ", ".join(map(repr, self.agents))
        return f"<{self.predicate}({args}, {self.entity}) q={self.quantity} t={self.time}>"


def walk(roots: Sequence[Node]) -> Iterator[Node]:
    """Every node reachable from ``roots`` once, premises before conclusions."""
    seen: set[int] = set()
    stack: list[tuple[Node, bool]] = [(r, False) for r in reversed(roots)]
    while stack:
        node, expanded = stack.pop()
        if id(node) in seen:
            continue
        if expanded:
            seen.add(id(node))
            yield node
            continue
        stack.append((node, True))
        for premise in reversed(node.premises):
            if id(premise) not in seen:
                stack.append((premise, False))


class NamePool:
    """Fresh agent names for one problem: never the same name twice."""

    def __init__(self, lexicon: Lexicon, rng: random.Random):
        self._names = [n.lower() for n in lexicon.names]
        self._relations = list(lexicon.relations)
        self._used: set[str] = set()
        self._rng = rng

    def copy(self) -> NamePool:
        other = NamePool.__new__(NamePool)
        other._names, other._relations = self._names, self._relations
        other._used, other._rng = set(self._used), self._rng
        return other

    @property
    def used(self) -> frozenset[str]:
        return frozenset(self._used)

    def reserve(self, names: frozenset[str]) -> None:
        """Mark ``names`` as taken (by trees made elsewhere)."""
        self._used |= names

    def fresh(self, rng: random.Random | None = None) -> str:
        rng = rng or self._rng
        for _ in range(1000):
            name = rng.choice(self._names)
            if name not in self._used:
                self._used.add(name)
                return name
        raise RuntimeError("the lexicon ran out of fresh names")

    def possessive(self, owners: Sequence[str], rng: random.Random | None = None) -> str:
        """A fresh agent like "bernhard's son" for one of ``owners``."""
        rng = rng or self._rng
        for _ in range(1000):
            name = f"{rng.choice(list(owners))}'s {rng.choice(self._relations)}"
            if name not in self._used:
                self._used.add(name)
                return name
        raise RuntimeError("no fresh possessive agent left")


Fresh = Callable[[], Agents]


def _choose(rng: random.Random, weighted: list[tuple[str, float]]) -> str:
    rules = [r for r, _ in weighted]
    return rng.choices(rules, weights=[w for _, w in weighted], k=1)[0]


def single(name: str) -> Agents:
    return Agents(frozenset({name}))


def node_of(slots: Slots, terms: dict[str, Any], tree: int) -> Node:
    """A node for a pattern (its ``slots``) with its agents and entities from ``terms``
    (a second entity, a rate's, is the container)."""
    entities = slots.entities
    return Node(slots.predicate, tuple(terms[a] for a in slots.agents), terms[entities[0]],
                container=terms[entities[1]] if len(entities) > 1 else None, tree=tree)


def bind(slots: Slots, node: Node, terms: dict[str, Any]) -> dict[str, Any]:
    """``terms`` with the pattern's agent and entity variables bound to ``node``'s terms."""
    for name, agents in zip(slots.agents, node.agents, strict=True):
        terms[name] = agents
    terms[slots.entities[0]] = node.entity
    if len(slots.entities) > 1:
        terms[slots.entities[1]] = node.container
    return terms


class TreeSampler:
    """Builds symbolic proof trees for one problem, applying the table's rules in reverse
    (:mod:`vlp.sampler.reverse`)."""

    def __init__(self, config: SamplerConfig, lexicon: Lexicon, names: NamePool):
        self.config = config
        self.lexicon = lexicon
        self.names = names
        self.book = config.book
        self._weights = config.resolved_weights()
        self._weight_of = dict(self._weights)

    # ------------------------------------------------------------------ relevant proof

    def relevant(self, agents: Agents, entity: str, depth: int, rng: random.Random) -> Node:
        """A shortest proof of ``cont(agents, ?, entity, T)`` with ``depth`` rule levels."""
        if len(agents) > 1:
            root = Node("cont", (agents,), entity, rule=self.book.union)
            root.premises = [self._cont(single(a), entity, depth - 1, rng, 0)
                             for a in agents.sorted_names()]
            return root
        return self._cont(agents, entity, depth, rng, 0)

    def _cont(self, agents: Agents, entity: str, level: int, rng: random.Random,
              tree: int, allowed: tuple[str, ...] | None = None,
              fresh: Fresh | None = None, *, in_transfer_chain: bool = False,
              rate_container: bool = False) -> Node:
        node = Node("cont", (agents,), entity, tree=tree)
        if level <= 0:
            return node
        rules = self.allowed_rules(entity, allowed, in_transfer_chain=in_transfer_chain,
                                   rate_container=rate_container)
        rule = _choose(rng, self._weighted(rules))
        self.expand(node, rule, level, rng, fresh=fresh, allowed=allowed,
                    in_transfer_chain=in_transfer_chain)
        return node

    def _weighted(self, rules: tuple[str, ...]) -> list[tuple[str, float]]:
        """The allowed rules with their weights (a rule without one weighs 1; weight 0
        leaves it out)."""
        return [(r, w) for r in rules if (w := self._weight_of.get(r, 1.0)) > 0]

    def allowed_rules(self, entity: str, allowed: tuple[str, ...] | None = None, *,
                      in_transfer_chain: bool = False,
                      rate_container: bool = False) -> tuple[str, ...]:
        """Rules that may conclude a singleton count of ``entity``.

        A rate holds at every time, so an agent's count derived with a rate must never
        change by a transfer (of the entity or of the container): no rate rule inside a
        transfer chain, and a rate's container count is not made by a transfer rule.
        """
        book = self.book
        rules = allowed if allowed is not None else tuple(r for r, _ in self._weights)
        rules = tuple(r for r in rules if r in book.plans)
        no_container = (not self.lexicon.is_entity(entity)
                        or not self.lexicon.containers_for(entity))
        rules = tuple(r for r in rules
                      if not (in_transfer_chain and r in book.rate_rules)
                      and not (no_container and r in book.container_rules))
        if rate_container:
            rules = tuple(r for r in rules if r not in book.transfer_rules)
        return rules

    def expand(self, node: Node, rule: str, level: int, rng: random.Random, *,
               fresh: Fresh | None = None, allowed: tuple[str, ...] | None = None,
               in_transfer_chain: bool = False) -> None:
        """Make ``node`` (a cont atom) the conclusion of ``rule``; new premises get
        fresh terms and are expanded down to ``level - 1``, in the plan's order."""
        fresh = fresh or (lambda: single(self.names.fresh(rng)))
        plan = self.book.plan(rule)
        tree = node.tree
        terms = bind(plan.conclusion, node, {})

        def draw(var: Var) -> None:
            if var.kind == "agents":
                terms[var.name] = fresh()
            else:  # a second entity: a container of the conclusion's
                terms[var.name] = rng.choice([c.plural for c in
                                              self.lexicon.containers_for(node.entity)])

        for var in plan.drawn_before:
            draw(var)
        premises: list[Node | None] = [None] * len(plan.premises)
        for index in plan.introduced:
            premises[index] = self._introduced(plan.premises[index], terms, level, rng, tree,
                                               allowed, fresh)
        for index in plan.counts:
            premise = plan.premises[index]
            slots = premise.slots
            premises[index] = self._cont(terms[slots.agents[0]], terms[slots.entities[0]],
                                         level - 1, rng, tree, allowed, fresh,
                                         in_transfer_chain=premise.changed_by_transfer,
                                         rate_container=premise.beside_rate)
        for var in plan.drawn_after:
            draw(var)
        node.rule = rule
        node.premises = [made if made is not None else node_of(p.slots, terms, tree)
                         for made, p in zip(premises, plan.premises, strict=True)]

    def _introduced(self, premise: PremisePlan, terms: dict[str, Any], level: int,
                    rng: random.Random, tree: int, allowed: tuple[str, ...] | None,
                    fresh: Fresh) -> Node:
        """A fact its introduction rule derives from counts one level lower (an axiom if
        there is no room)."""
        fact = node_of(premise.slots, terms, tree)
        if premise.introduction is None or premise.introduced_from is None or level - 1 <= 0:
            return fact
        conclusion, counts = premise.introduced_from
        inner = bind(conclusion, fact, {})
        fact.rule = premise.introduction.id
        fact.premises = [self._cont(inner[c.agents[0]], inner[c.entities[0]], level - 2, rng,
                                    tree, allowed, fresh) for c in counts]
        return fact

    # --------------------------------------------------------------- irrelevant trees

    def chain(self, root_agent: Agents, entity: str, steps: int, rng: random.Random, *,
              tree: int, fresh: Fresh, attach: Node | None = None) -> Node:
        """An irrelevant tree: a chain of ``steps`` rule applications (no rate, singleton
        agents). With ``attach``, the deepest step's count premise is the relevant
        theorem ``attach`` (a connected tree)."""
        book = self.book
        root = Node("cont", (root_agent,), entity, tree=tree)
        node = root
        for level in range(steps, 0, -1):
            if level == 1 and attach is not None:
                rule = rng.choice(book.attachable)
                plan = book.plan(rule)
                terms = bind(plan.premises[plan.count_index].slots, attach,
                             bind(plan.conclusion, node, {}))
                node.rule = rule
                node.premises = [attach if i == plan.count_index
                                 else node_of(p.slots, terms, tree)
                                 for i, p in enumerate(plan.premises)]
                attach.shared = True
                return root
            rule = _choose(rng, self._weighted(book.chain))
            self.expand(node, rule, 1, rng, fresh=fresh, allowed=book.chain)
            node = node.premises[book.plan(rule).count_index]
        return root
