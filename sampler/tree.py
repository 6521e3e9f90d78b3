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

import attrs

from vlp.kernel import RULES, RULES_BY_ID, SIGNATURES, Agents, Atom

from .config import SamplerConfig
from .lexicon import Lexicon

# Predicates whose atoms carry a quantity / a time.
QUANTIFIED = frozenset(p for p, kinds in SIGNATURES.items() if "quantity" in kinds)
TIMED = frozenset(p for p, kinds in SIGNATURES.items() if "time" in kinds)
TRANSFER_RULES = frozenset({"2a", "2b"})
# The kernel's frame rule for each predicate it can carry across a tick.
FRAME_RULE_FOR: dict[str, str] = {
    rule.conclusion.predicate: rule.id for rule in RULES if rule.negation is not None}
FRAMED = frozenset(FRAME_RULE_FOR) & TIMED


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


class TreeSampler:
    """Builds symbolic proof trees for one problem."""

    def __init__(self, config: SamplerConfig, lexicon: Lexicon, names: NamePool):
        self.config = config
        self.lexicon = lexicon
        self.names = names

    # ------------------------------------------------------------------ relevant proof

    def relevant(self, agents: Agents, entity: str, depth: int, rng: random.Random) -> Node:
        """A shortest proof of ``cont(agents, ?, entity, T)`` with ``depth`` rule levels."""
        if len(agents) > 1:
            root = Node("cont", (agents,), entity, rule="3")
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
        rule = _choose(rng, self.config.weights(rules))
        self.expand(node, rule, level, rng, fresh=fresh, allowed=allowed,
                    in_transfer_chain=in_transfer_chain)
        return node

    def allowed_rules(self, entity: str, allowed: tuple[str, ...] | None = None, *,
                      in_transfer_chain: bool = False,
                      rate_container: bool = False) -> tuple[str, ...]:
        """Rules that may conclude a singleton count of ``entity``.

        A rate holds at every time, so an agent's count derived by rule 4 must never
        change by a transfer (of the entity or of the container): rule 4 is not used
        inside a transfer chain, and a rate's container count is not made by 2a/2b.
        """
        rules = allowed if allowed is not None else tuple(r for r, _ in self.config.rule_weights)
        rules = tuple(r for r in rules if r in RULES_BY_ID)
        if (in_transfer_chain or not self.lexicon.is_entity(entity)
                or not self.lexicon.containers_for(entity)):
            rules = tuple(r for r in rules if r != "4")
        if rate_container:
            rules = tuple(r for r in rules if r not in TRANSFER_RULES)
        return rules

    def expand(self, node: Node, rule: str, level: int, rng: random.Random, *,
               fresh: Fresh | None = None, allowed: tuple[str, ...] | None = None,
               in_transfer_chain: bool = False) -> None:
        """Make ``node`` (a cont atom) the conclusion of ``rule``; new premises get
        fresh terms and are expanded down to ``level - 1``."""
        fresh = fresh or (lambda: single(self.names.fresh(rng)))
        a, e, tree = node.agents[0], node.entity, node.tree

        def sub(agents: Agents, entity: str = e) -> Node:
            return self._cont(agents, entity, level - 1, rng, tree, allowed, fresh)

        def axiom(predicate: str, agents: tuple[Agents, ...], entity: str = e,
                  container: str | None = None) -> Node:
            return Node(predicate, agents, entity, container=container, tree=tree)

        node.rule = rule
        match rule:
            case "1a":  # cont(A2), comp(A, A2) |- cont(A)
                other = fresh()
                node.premises = [sub(other), axiom("comp", (a, other))]
            case "1b":  # cont(A1), comp(A1, A) |- cont(A)
                other = fresh()
                node.premises = [sub(other), axiom("comp", (other, a))]
            case "2a" | "2b":  # cont(A), transfer(S, A) or (A, R) |- cont(A) a tick later
                same = self._cont(a, e, level - 1, rng, tree, allowed, fresh,
                                  in_transfer_chain=True)
                parties = (fresh(), a) if rule == "2a" else (a, fresh())
                node.premises = [same, axiom("transfer", parties)]
            case "4":  # cont(A, e2), rate(A, e, e2) |- cont(A, e)
                container = rng.choice([c.plural for c in self.lexicon.containers_for(e)])
                inner = self._cont(a, container, level - 1, rng, tree, allowed, fresh,
                                   rate_container=True)
                node.premises = [inner, axiom("rate", (a,), e, container)]
            case "5a":  # cont(A2), comp(A3, A4), compeq(A, A2, A3, A4) |- cont(A)
                second, third, fourth = fresh(), fresh(), fresh()
                comparison = Node("comp", (third, fourth), e, tree=tree)
                if level - 1 > 0:  # the comparison is derived by 1c one level lower
                    comparison.rule = "1c"
                    comparison.premises = [
                        self._cont(x, e, level - 2, rng, tree, allowed, fresh)
                        for x in (third, fourth)]
                node.premises = [sub(second), comparison,
                                 axiom("compeq", (a, second, third, fourth))]
            case "5c":  # cont(A1), comp(A3, A4), compeq(A1, A, A3, A4) |- cont(A)
                first, third, fourth = fresh(), fresh(), fresh()
                comparison = Node("comp", (third, fourth), e, tree=tree)
                if level - 1 > 0:
                    comparison.rule = "1c"
                    comparison.premises = [
                        self._cont(x, e, level - 2, rng, tree, allowed, fresh)
                        for x in (third, fourth)]
                node.premises = [sub(first), comparison,
                                 axiom("compeq", (first, a, third, fourth))]
            case _:
                raise ValueError(f"rule {rule} cannot be applied in reverse at a cont node")

    # --------------------------------------------------------------- irrelevant trees

    def chain(self, root_agent: Agents, entity: str, steps: int, rng: random.Random, *,
              tree: int, fresh: Fresh, attach: Node | None = None) -> Node:
        """An irrelevant tree: a chain of ``steps`` rule applications (no rate, singleton
        agents). With ``attach``, the deepest step is 1a/1b and its cont premise is the
        relevant theorem ``attach`` (a connected tree)."""
        root = Node("cont", (root_agent,), entity, tree=tree)
        node = root
        for level in range(steps, 0, -1):
            if level == 1 and attach is not None:
                rule = rng.choice(("1a", "1b"))
                node.rule = rule
                b = attach.agents[0]
                comparison = (node.agents[0], b) if rule == "1a" else (b, node.agents[0])
                node.premises = [attach, Node("comp", comparison, entity, tree=tree)]
                attach.shared = True
                return root
            rule = _choose(rng, self.config.weights(("1a", "1b", "2a", "2b")))
            self.expand(node, rule, 1, rng, fresh=fresh, allowed=("1a", "1b", "2a", "2b"))
            node = node.premises[0]
        return root

