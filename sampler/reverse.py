"""The kernel's rule table read backwards: how the sampler applies a rule in reverse at a
count (paper Alg. 2). Everything here is computed from the table and the rules' roles,
so a rule added to the table is sampled with no code change.

A rule concluding a count can be applied in reverse if it eliminates a non-count fact
(its distinguished premise, an axiom). Each other premise is either a count, proved
further down, or a fact of a predicate some introduction rule concludes from counts
(a comparison under a comparison equality), proved by that rule one level lower when
there is room. Fresh terms (agents, a container) and sub-proofs draw from the random
stream in one fixed order: the fresh terms the derived premises name, in order of first
appearance; the introduced facts' sub-proofs, then the counts', each in table order;
then the fresh terms only the axioms name.
"""

from __future__ import annotations

import functools
from collections.abc import Sequence

import attrs

from vlp.kernel import ELIMINATION, FRAME, INTRODUCTION, SIGNATURES, UNION, Rule, evaluator, roles
from vlp.kernel.rules import Equal, Pattern, Var

AXIOM, COUNT, INTRODUCED = "axiom", "count", "introduced"
COUNT_PREDICATE = "cont"
TRANSFER_PREDICATE = "transfer"
RATE_PREDICATE = "rate"
TIMED = frozenset(p for p, kinds in SIGNATURES.items() if "time" in kinds)


@attrs.frozen
class Slots:
    """Where a pattern's terms go in a sampler node: the names of its agent variables,
    in order, and of its entity variables (the second one a rate's container)."""

    predicate: str
    agents: tuple[str, ...]
    entities: tuple[str, ...]

    @classmethod
    def of(cls, pattern: Pattern) -> Slots:
        return cls(pattern.predicate, tuple(v.name for v in pattern.args if v.kind == "agents"),
                   tuple(v.name for v in pattern.args if v.kind == "entity"))


@attrs.frozen
class PremisePlan:
    """What one premise of a reversed rule becomes."""

    pattern: Pattern
    kind: str  # AXIOM | COUNT | INTRODUCED
    introduction: Rule | None = None  # INTRODUCED: the rule that proves it from counts
    slots: Slots = attrs.field(init=False)
    # INTRODUCED: the introduction rule's conclusion and premises
    introduced_from: tuple[Slots, tuple[Slots, ...]] | None = attrs.field(init=False)
    # a transfer premise of the rule touches its agents: its count changes a tick later
    changed_by_transfer: bool = False
    # used beside a rate, which holds at every time: its count must never change
    beside_rate: bool = False

    def __attrs_post_init__(self) -> None:
        object.__setattr__(self, "slots", Slots.of(self.pattern))
        intro = self.introduction
        object.__setattr__(self, "introduced_from", None if intro is None else (
            Slots.of(intro.conclusion), tuple(Slots.of(p) for p in intro.premises)))


@attrs.frozen
class ReversePlan:
    """How to make a count the conclusion of ``rule``."""

    rule: Rule
    premises: tuple[PremisePlan, ...]
    distinguished: int  # the eliminated fact's premise (an axiom)
    drawn_before: tuple[Var, ...]  # fresh terms named by derived premises, drawn first
    drawn_after: tuple[Var, ...]  # fresh terms named by axioms only, drawn last
    transfer: int | None  # index of the transfer premise, if any
    advance: int  # ticks from the transfer's time to the conclusion's
    conclusion: Slots = attrs.field(init=False)
    counts: tuple[int, ...] = attrs.field(init=False)  # indexes of the COUNT premises
    introduced: tuple[int, ...] = attrs.field(init=False)  # and of the INTRODUCED ones

    def __attrs_post_init__(self) -> None:
        object.__setattr__(self, "conclusion", Slots.of(self.rule.conclusion))
        object.__setattr__(self, "counts", self.indexes(COUNT))
        object.__setattr__(self, "introduced", self.indexes(INTRODUCED))

    @property
    def eliminated(self) -> str:
        return self.premises[self.distinguished].pattern.predicate

    def indexes(self, kind: str) -> tuple[int, ...]:
        return tuple(i for i, p in enumerate(self.premises) if p.kind == kind)

    @property
    def count_index(self) -> int:
        """The one count premise of a chain rule."""
        (index,) = self.counts
        return index


def _vars(pattern: Pattern) -> list[Var]:
    return [v for v in pattern.args if v.kind in ("agents", "entity")]


def _first_appearance(patterns: Sequence[Pattern], known: set[Var]) -> tuple[Var, ...]:
    found: list[Var] = []
    for pattern in patterns:
        for var in _vars(pattern):
            if var not in known and var not in found:
                found.append(var)
    return tuple(found)


def _advance(rule: Rule) -> int:
    """How many ticks the conclusion's time lies after the premises' (0: the same time)."""
    times = [v for v in rule.conclusion.args if v.kind == "time"]
    premise_vars = {v for p in rule.premises for v in p.args}
    if not times or times[0] in premise_vars:
        return 0
    definition = next(b for b in rule.builtins if isinstance(b, Equal) and b.var == times[0])
    start = next(v for v in rule.premises[0].args if v.kind == "time")
    return int(evaluator(definition.expr)({start.name: 0}))


def _plan(rule: Rule, distinguished: int, introductions: dict[str, Rule]) -> ReversePlan:
    transfer = next((i for i, p in enumerate(rule.premises)
                     if p.predicate == TRANSFER_PREDICATE), None)
    moved: set[Var] = set()
    if transfer is not None:
        moved = {v for v in rule.premises[transfer].args if v.kind == "agents"}
    with_rate = any(p.predicate == RATE_PREDICATE for p in rule.premises)
    premises = []
    for index, pattern in enumerate(rule.premises):
        if index == distinguished:
            premises.append(PremisePlan(pattern, AXIOM))
        elif pattern.predicate == COUNT_PREDICATE:
            agents = {v for v in pattern.args if v.kind == "agents"}
            premises.append(PremisePlan(pattern, COUNT, changed_by_transfer=bool(agents & moved),
                                        beside_rate=with_rate))
        elif pattern.predicate in introductions:
            premises.append(PremisePlan(pattern, INTRODUCED, introductions[pattern.predicate]))
        else:
            premises.append(PremisePlan(pattern, AXIOM))
    known = set(_vars(rule.conclusion))
    derived = [p.pattern for p in premises if p.kind != AXIOM]
    before = _first_appearance(derived, known)
    after = _first_appearance([p.pattern for p in premises if p.kind == AXIOM],
                              known | set(before))
    return ReversePlan(rule, tuple(premises), distinguished, before, after, transfer,
                       _advance(rule))


@attrs.frozen(eq=False)
class RuleBook:
    """The sampler's reading of one rule table (see the module docstring)."""

    rules: tuple[Rule, ...]
    union: str | None = attrs.field(init=False)
    frame_rule_for: dict[str, str] = attrs.field(init=False)
    plans: dict[str, ReversePlan] = attrs.field(init=False)

    def __attrs_post_init__(self) -> None:
        role_of = roles(self.rules)
        introductions: dict[str, Rule] = {}
        for rule in self.rules:
            role = role_of[rule.id]
            if (role.role == INTRODUCTION and role.predicate not in introductions
                    and all(p.predicate == COUNT_PREDICATE for p in rule.premises)):
                introductions[role.predicate] = rule  # type: ignore[index]
        plans = {}
        for rule in self.rules:
            role = role_of[rule.id]
            if (role.role == ELIMINATION and rule.conclusion.predicate == COUNT_PREDICATE
                    and role.predicate != COUNT_PREDICATE):
                plans[rule.id] = _plan(rule, role.distinguished, introductions)  # type: ignore[arg-type]
        object.__setattr__(self, "plans", plans)
        object.__setattr__(self, "union", next(
            (r.id for r in self.rules if role_of[r.id].role == UNION
             and r.conclusion.predicate == COUNT_PREDICATE), None))
        object.__setattr__(self, "frame_rule_for", {
            r.conclusion.predicate: r.id for r in self.rules if role_of[r.id].role == FRAME})

    @property
    def reversible(self) -> tuple[str, ...]:
        """Rules that may conclude a singleton count, in table order."""
        return tuple(self.plans)

    @functools.cached_property
    def chain(self) -> tuple[str, ...]:
        """Rules with one derived premise, a count of the same entity: an irrelevant tree
        made of them is a chain."""
        found = []
        for rule_id, plan in self.plans.items():
            derived = [p for p in plan.premises if p.kind != AXIOM]
            if (len(derived) == 1 and derived[0].kind == COUNT
                    and _entity(derived[0].pattern) == _entity(plan.rule.conclusion)):
                found.append(rule_id)
        return tuple(found)

    @functools.cached_property
    def attachable(self) -> tuple[str, ...]:
        """Chain rules whose count premise may be another agent's fixed theorem: the
        deepest step of a tree connected to the relevant proof."""
        found = []
        for rule_id in self.chain:
            plan = self.plans[rule_id]
            premise = plan.premises[plan.count_index]
            if (not premise.changed_by_transfer and not plan.drawn_after
                    and _agents(premise.pattern) != _agents(plan.rule.conclusion)):
                found.append(rule_id)
        return tuple(found)

    @functools.cached_property
    def control(self) -> tuple[str, ...]:
        """Rules that add exactly one axiom when a stated count is expanded by them."""
        return tuple(r for r, plan in self.plans.items()
                     if len(plan.premises) == 2 and len(plan.indexes(COUNT)) == 1)

    @functools.cached_property
    def transfer_rules(self) -> frozenset[str]:
        return frozenset(r for r, plan in self.plans.items() if plan.transfer is not None)

    @functools.cached_property
    def rate_rules(self) -> frozenset[str]:
        return frozenset(r for r, plan in self.plans.items()
                         if any(p.pattern.predicate == RATE_PREDICATE for p in plan.premises))

    @functools.cached_property
    def container_rules(self) -> frozenset[str]:
        """Rules that name a second entity (a container of the conclusion's)."""
        return frozenset(r for r, plan in self.plans.items()
                         if any(v.kind == "entity" for v in plan.drawn_before + plan.drawn_after))

    @functools.cached_property
    def framed(self) -> frozenset[str]:
        """Timed predicates a frame rule carries across a tick."""
        return frozenset(self.frame_rule_for) & TIMED

    @functools.cached_property
    def by_id(self) -> dict[str, Rule]:
        return {r.id: r for r in self.rules}

    def plan(self, rule_id: str) -> ReversePlan:
        try:
            return self.plans[rule_id]
        except KeyError:
            raise ValueError(f"rule {rule_id} cannot be applied in reverse at a count") from None


def _agents(pattern: Pattern) -> tuple[Var, ...]:
    return tuple(v for v in pattern.args if v.kind == "agents")


def _entity(pattern: Pattern) -> Var:
    return next(v for v in pattern.args if v.kind == "entity")


@functools.cache
def rule_book(rules: tuple[Rule, ...]) -> RuleBook:
    return RuleBook(rules)
