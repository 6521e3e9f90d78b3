"""Forward chaining (paper Alg. 1) with a pluggable agenda and a proof forest.

The chainer is untrusted: it only *proposes* rule instances. It reads the program's rule
table: for every rule and every premise a popped atom can fill, a join plan looks the other
premises up in indexes keyed by the variables bound so far (:func:`join_plans`); the
kernel's :func:`vlp.kernel.solve` screens the join's binding, and
:func:`vlp.kernel.derive` draws the conclusion (``conclude``) and mints the
:class:`Theorem` on its own binding. A rule added to the table is chained with, no code
change here. The chart keeps every accepted hyperedge (not just the first derivation of an
atom) so that shortest proofs can choose among alternative derivations. Its parts: the
agenda (:mod:`vlp.checker.agenda`), the join plans and their indexes
(:mod:`vlp.checker.join_plans`) and the chart it fills (:mod:`vlp.checker.chart`).

Agenda policies: ``"dfs"`` (stack), ``"bfs"`` (queue), ``"overlap"`` (best-first on
lexical overlap with the query), or any caller-given ``priority(atom) -> float``
(higher pops first). Axioms are pushed in ``axiom_order`` (presentation order) and are
popped in that order when nothing derived is pending, for every policy.

Union (rule 3) over every subset of agents explodes, so it is goal-directed: it only
builds target agent sets with >= 2 agents that the query or some axiom names, from any
partition of the target into blocks that each have a ``cont`` theorem at the same
entity and time.

Modes. ``"saturate"`` derives the whole model up front: every theorem, including a
comparison for every pair of counts at an entity and time (n^2) and a compeq for every two
equal comparisons (~n^4), so it explodes on problems of a few dozen axioms that share an
entity. ``"complete"`` (the default) and ``"proof"`` chain alike and leave those out: the
proof mode for shortest proofs and certification, the complete mode as the whole model
*on demand*: :meth:`Chart.proves` (and :class:`vlp.reading.align.ProgramIndex`, which
verification uses) derives a comparison or compeq when someone asks about it, through
the kernel (:mod:`vlp.reading.demand`), so "is this a theorem?" is answered as the
saturated model would and every true side-claim is recognised. Left out, where "stated"
below means an axiom or an axiom carried forward by frame rules only (6c/6q), which is
decided before chaining from the transfer axioms:

- (1c) unless its comp(A1, A2) names the pair (A3, A4) of some compeq axiom at the same
  entity (the only place a derived comp is needed: the comp premise of 5a/5c);
- (1a)/(1b) with a comp that is not stated: such a comp comes from (1c) at t - k (then k
  frame steps, so A1 and A2 are untouched meanwhile); the conclusion is cont(A1) or
  cont(A2) at t, which (6) already carries from the (1c) premise: the same atom, derived
  anyway, and the step adds no claim to any proof;
- (5b): it derives compeqs, which only (5a)/(5c) use, and on a derived compeq those are
  dominated by (1a)/(1b) on the comp(A1, A2) it came from (same conclusion, a subset of
  the claims) - the argument of :func:`vlp.checker.shortest._useful_ancestors`.

Numerical consistency is decided identically: the left-out atoms are comps and compeqs
(compeqs carry no quantity); two comps of a pair that disagree while the counts behind
the (1c) one hold would make (1a) on the stated one derive a clashing count, which the
proof mode derives too. So both modes raise on the same programs (possibly naming
another pair), and prove exactly the same ``cont`` atoms on consistent ones; the proof
mode's forest keeps every hyperedge ``_useful_ancestors`` would keep, and shortest proofs
and runner-ups agree (property-tested in tests/test_chaining_modes.py). A query about comp or
compeq needs the left-out steps, so it always saturates.
"""

from __future__ import annotations

import gc
from collections import defaultdict
from collections.abc import Callable, Iterator, Sequence
from typing import Any, Literal

import attrs

from vlp.errors import InputError
from vlp.kernel import (
    ELIMINATION,
    FRAME,
    INTRODUCTION,
    UNION,
    Agents,
    Atom,
    Hyperedge,
    Program,
    Query,
    Rejection,
    Rule,
    Theorem,
    axiom,
    conclude,
    derive,
    find_clash,
    roles,
    solve,
)
from vlp.kernel.rules import Equal, NoTransferTouching

from .agenda import STRATEGIES, Agenda, Priority, Strategy, overlap_priority
from .chart import Chart, last_time, matches_at_query_time, query_time
from .join_plans import (
    JoinIndex,
    JoinPlan,
    carry_step,
    join_binding,
    join_plans,
    key_getter,
    per_rule_list,
    time_step,
    union_spec,
)

Mode = Literal["complete", "proof", "saturate"]
MODES: tuple[str, ...] = ("complete", "proof", "saturate")


class NumericalInconsistencyError(InputError):
    """The program proves two atoms that differ only in their quantity (DESIGN §3)."""

    def __init__(self, first: Atom, second: Atom, location: str | None = None):
        super().__init__(
            f"numerically inconsistent program: {first} and {second} differ only in quantity",
            location,
        )
        self.first = first
        self.second = second


class ChainingError(RuntimeError):
    """The kernel rejected a rule instance the chainer proposed: a bug in the chainer."""


Instance = tuple[str, tuple[Atom, ...]]  # a rule id and the premises of a proposed step


@attrs.frozen
class _Screen:
    """A join's screens, located in its premises (see :meth:`_Chainer._screen`)."""

    # (time, entities, agents) of the frame negation, as (premise, argument) slots
    frame: tuple[tuple[int, int], tuple[tuple[int, int], ...], tuple[tuple[int, int], ...]] | None
    eliminated: int | None  # the comp premise that must be stated
    pair: tuple[tuple[int, int], ...] | None  # the conclusion's pair and entity (a compeq's)
    bind: bool  # solve the built-ins (or check a repeated variable) on a binding


def union_targets(program: Program, query: Query | None) -> frozenset[Agents]:
    """Agent sets with >= 2 agents named by the query or by some axiom (goal-directed union)."""
    args = [arg for atom in program.axioms for arg in atom.args]
    args += query.agent_sets if query is not None else ()
    return frozenset(a for a in args if type(a) is Agents and len(a.names) >= 2)


_CHAINER_BUGS = frozenset({"unknown-rule", "unknown-premise", "arity", "predicate", "mismatch"})


class _Chainer:
    def __init__(
        self,
        program: Program,
        query: Query | None,
        strategy: str,
        priority: Priority | None,
        axiom_order: Sequence[Atom] | None,
        stop_at_goal: bool,
        mode: str = "complete",
    ):
        if strategy not in STRATEGIES:
            raise ValueError(f"unknown strategy {strategy!r}; expected one of {STRATEGIES}")
        if mode not in MODES:
            raise ValueError(f"unknown mode {mode!r}; expected one of {MODES}")
        if query is not None and query.predicate != "cont":
            mode = "saturate"  # a comp/compeq query needs the steps the others leave out
        if priority is None and strategy == "overlap":
            if query is None:
                raise ValueError("the overlap strategy needs a query")
            priority = overlap_priority(query)
        self.program = program
        self.query = query
        self.stop_at_goal = stop_at_goal
        self.chart = Chart(program, query, strategy, mode)
        self.agenda = Agenda(strategy, priority)
        # only saturation derives every comparison and compeq while chaining; the complete
        # mode's chart derives them on demand (Chart.proves), the proof mode never
        self.saturating = mode == "saturate"
        self.roles = per_rule_list("roles", program.rules, roles)
        rules = [r for r in program.rules if self.saturating or not self._is(
            r, INTRODUCTION, "compeq")]  # proof mode: no (5b), see the module docstring
        self.plans = per_rule_list("plans", rules, join_plans)
        self.index = JoinIndex(self.plans)
        self.union_rules = [r for r in rules if self.roles[r.id].role == UNION]
        # union blocks by (rule, shared values, agent name), and every pop's position: a
        # union looks up the blocks inside its targets instead of scanning every count
        self._union_specs: dict[str, list[tuple[Rule, int, Callable[[Sequence[Any]], tuple]]]] = \
            defaultdict(list)
        self._union_shapes: dict[str, tuple[int, tuple[int, ...]]] = {}
        for r in self.union_rules:
            agents_at, shared = self._union_shapes[r.id] = union_spec(r)
            self._union_specs[r.premises[0].predicate].append((r, agents_at, key_getter(shared)))
        self._blocks: dict[tuple, list[Atom]] = defaultdict(list)
        self._popped_at: dict[Atom, int] = {}
        self.time_vars = {r.id: v.name for r in rules for v in r.conclusion.args
                          if v.kind == "time"}
        # (entity, time) -> agent names a transfer touches: a frame rule's negation read
        # from the table, so blocked copies are never proposed (the kernel decides again)
        self._touched: dict[tuple[object, object], set[str]] = defaultdict(set)
        for atom in program.axioms:
            if atom.predicate == "transfer":
                sender, receiver = atom.agent_sets
                self._touched[(atom.entity, atom.time)].update(sender.names, receiver.names)
        # Frame copies past the last time answer no query; a ground query may name a later
        # time (up to the kernel's horizon), so it extends the bound.
        latest = last_time(program)
        if query is not None:
            latest = max(latest, query_time(program, query, latest))
        self.horizon = min(program.horizon, latest)
        self.targets = union_targets(program, query)
        self._targets_by_agent: dict[str, list[Agents]] = defaultdict(list)
        for target in sorted(self.targets, key=Agents.sorted_names):
            for name in target.names:
                self._targets_by_agent[name].append(target)
        self._target_agents = frozenset(self._targets_by_agent)
        self._by_key: dict[tuple, Atom] = {}
        self._seen: set[tuple] = set()
        # each popped atom's theorem by the atom's id: premises are the chart's own atoms,
        # and an id hashes in C where an Atom's hash is a Python call
        self._theorem_at: dict[int, Theorem] = {}
        self.axiom_order = self._presentation_order(axiom_order)
        # proof mode: comps stated (axioms and their frame copies) and compeq-named pairs
        self.stated_comps: set[Atom] = set()  # made below, once the joins' screens are
        self.compeq_pairs = {(a.args[2], a.args[3], a.args[4]) for a in program.axioms
                             if a.predicate == "compeq"}
        self.pair_sides = [{(p[k], p[2]) for p in self.compeq_pairs} for k in (0, 1)]
        # (side, agents, entity) -> the agents on the other side of a compeq-named pair
        self.pair_partners: dict[tuple[int, Agents, str], set[Agents]] = defaultdict(set)
        for first, second, entity in self.compeq_pairs:
            self.pair_partners[(0, first, entity)].add(second)
            self.pair_partners[(1, second, entity)].add(first)
        # per screened plan: where the popped count holds the entity, and which pair side
        # each of its agent sets would take (both from the rule, made once per plan)
        self._screen_shapes: dict[JoinPlan, tuple[int, tuple[tuple[int, int], ...]]] = {}
        self.screened = set() if self.saturating else {
            plan for group in self.plans.values() for plan in group
            if isinstance(plan, JoinPlan) and self._is(plan.rule, INTRODUCTION, "comp")}
        # per screened join that can narrow: the pair side the popped count takes, where it
        # holds its agents and the entity, where the found count holds the other side's
        # agents, and an index of counts by those agents and the join's key (so a popped
        # count meets its compeq partners without visiting every count of the entity)
        self._pairings: dict[JoinPlan, tuple[int, int, int, int, dict[tuple, list[Atom]],
                                          tuple[int | None, ...]]] = {}
        for plan in self.screened:
            pairing = self._pairing(plan)
            if pairing is not None:
                side, seed_at, entity_at, found_at = pairing
                lookup = plan.lookups[0]
                keyed = tuple(sorted({*lookup.index[1], found_at}))
                from_seed = dict(zip(lookup.index[1], plan.first_key, strict=True))
                sources = tuple(None if p == found_at else from_seed[p] for p in keyed)
                table = self.index.extend(lookup.index[0], keyed)
                self._pairings[plan] = (side, seed_at, entity_at, found_at, table, sources)
        # per predicate, in table order: each join's first index, how a popped atom keys
        # it, whether it is screened (None for unions and one-premise rules), and the
        # latest time of the popped atom whose conclusion stays within the horizon
        self._checked_by_solving: set[str] = per_rule_list(
            "solved", rules, lambda _rules: {r.id for r in rules if self._needs_solving(r)
                                             and self.roles[r.id].role == INTRODUCTION})
        # the rules whose usefulness _screen checks
        self._comparison_rules = set() if self.saturating else {
            r.id for r in rules if self.roles[r.id].predicate == "comp"
            and self.roles[r.id].role in (ELIMINATION, INTRODUCTION)}
        # per join, the screens read straight from its premises (see _screen)
        self._screens: dict[JoinPlan, _Screen] = per_rule_list(
            f"screens {self.saturating}", rules, lambda _rules: {
                plan: self._screen(plan) for group in self.plans.values()
                for plan in group if isinstance(plan, JoinPlan)})
        # joins with nothing to screen: their instances go to the kernel as found
        self._unscreened = {plan for plan, screen in self._screens.items()
                            if screen == _Screen(None, None, None, False)}
        if not self.saturating:
            self.stated_comps = self._stated_comps()
        steps: dict[JoinPlan, tuple[int, int] | None] = per_rule_list(
            "steps", rules, lambda _rules: {plan: time_step(plan.rule, plan.position)
                                            for group in self.plans.values() for plan in group
                                            if isinstance(plan, JoinPlan)})
        # (the last: a screened join's one pair side, checked inline; see _one_side)
        self._starts: dict[str, list[tuple[JoinPlan | Rule, dict | None, Callable | None,
                                           bool, tuple[int, int] | None, Any]]] = {
            predicate: [(plan, None, None, False, None, None) if isinstance(plan, Rule)
                        else (plan, self.index.tables[plan.lookups[0].index] if plan.lookups
                              else None, key_getter(plan.first_key), plan in self.screened,
                              self._latest(steps.get(plan)),
                              self._one_side(plan) if plan in self.screened else None)
                        for plan in group]
            for predicate, group in self.plans.items()}

    def _needs_solving(self, rule: Rule) -> bool:
        """Can the rule's built-ins fail on a join's binding, or is its conclusion's time
        unknown before solving? If not, the join is licensed without solving: its built-ins
        only define the conclusion, and :meth:`_latest` has kept it within the horizon."""
        bound = {v.name for p in rule.premises for v in p.args}
        if any(not isinstance(b, Equal) or b.var.name in bound for b in rule.builtins):
            return True
        times = [v.name for v in rule.conclusion.args if v.kind == "time"]
        return any(t not in bound for t in times) and any(
            time_step(rule, position) is None for position in range(len(rule.premises)))

    def _latest(self, step: tuple[int, int] | None) -> tuple[int, int] | None:
        """(where the popped atom holds its time, the latest time it may have) for a join
        whose conclusion is a fixed step later (``step``, :func:`time_step`): past that,
        every conclusion is past the horizon (frame copies of the last time, most of all)."""
        return None if step is None else (step[0], self.horizon - step[1])

    def _is(self, rule: Rule, kind: str, predicate: str) -> bool:
        role = self.roles[rule.id]
        return role.role == kind and role.predicate == predicate

    def _stated_comps(self) -> set[Atom]:
        """Comp axioms and every copy a frame rule for comp makes of them. A rule that
        only carries its premise k ticks on is applied through its join's screen (the
        transfers touching each entity and time); any other through the kernel."""
        frames = [r for r in self.program.rules if self._is(r, FRAME, "comp")]
        carried = {plan.rule.id: (plan, carry_step(plan.rule))
                   for plan in self.plans.get("comp", ()) if isinstance(plan, JoinPlan)
                   and plan.rule in frames and plan in self._screens}
        stated: set[Atom] = set()
        for atom in self.program.axioms:
            if atom.predicate != "comp":
                continue
            todo = [atom]
            while todo:
                current = todo.pop()
                stated.add(current)
                for frame in frames:
                    plan, step = carried.get(frame.id, (None, None))
                    if plan is not None and step is not None:
                        time = current.time + step  # type: ignore[operator]
                        if time <= self.horizon and self._passes(plan, (current,)):
                            todo.append(current.with_time(time))
                        continue
                    copy = conclude(self.program, frame.id, [current])
                    if isinstance(copy, Atom) and copy.time <= self.horizon:  # type: ignore[operator]
                        todo.append(copy)
        return stated

    def _screen(self, plan: JoinPlan) -> _Screen:
        """What a join's instances are screened by, with every variable located in its
        premises: the frame negation (no transfer touches the agents), usefulness (proof
        and complete modes: (1a)/(1b) only on a stated comp, (1c) only for a compeq's
        pair; module docstring) and whether a binding must be made (to solve the built-ins
        or because a premise names a variable twice)."""
        rule = plan.rule
        slot: dict[str, tuple[int, int]] = {}
        for k, premise in enumerate(rule.premises):
            for i, v in enumerate(premise.args):
                slot.setdefault(v.name, (k, i))
        negation = rule.negation
        frame = None
        if negation is not None and all(v.name in slot for v in (
                negation.time, *negation.entities, *negation.agents)):
            frame = (slot[negation.time.name], tuple(slot[v.name] for v in negation.entities),
                     tuple(slot[v.name] for v in negation.agents))
        eliminated = pair = None
        if rule.id in self._comparison_rules:
            role = self.roles[rule.id]
            if role.role == ELIMINATION:
                eliminated = role.distinguished
            else:
                named = [v.name for v in rule.conclusion.args if v.kind == "agents"][:2] + [
                    next(v.name for v in rule.conclusion.args if v.kind == "entity")]
                pair = tuple(slot[name] for name in named)
        bind = plan.repeats or rule.id in self._checked_by_solving or (
            negation is not None and frame is None)
        return _Screen(frame, eliminated, pair, bind)

    def _passes(self, plan: JoinPlan, premises: tuple[Atom, ...]) -> bool:
        """Does a join's instance pass its screens (:meth:`_screen`)? The kernel decides
        again: these only spare it hopeless or useless requests."""
        screen = self._screens[plan]
        frame = screen.frame
        if frame is not None:
            (k, i), entities, agents = frame
            at = premises[k].args[i]
            for k, i in entities:
                touched = self._touched.get((premises[k].args[i], at))
                if touched and any(not touched.isdisjoint(premises[a].args[j].names)  # type: ignore[union-attr]
                                   for a, j in agents):
                    return False
        if screen.eliminated is not None and \
                premises[screen.eliminated] not in self.stated_comps:
            return False
        if screen.pair is not None and tuple(
                premises[k].args[i] for k, i in screen.pair) not in self.compeq_pairs:
            return False
        if not screen.bind:
            return True
        binding = join_binding(plan, premises)
        return binding is not None and self._licensed(plan.rule, binding, screen.frame is None)

    def _screen_shape(self, plan: JoinPlan) -> tuple[int, tuple[tuple[int, int], ...]]:
        """Where a screened join's popped count holds the entity, and which side of the
        conclusion's pair each of its agent sets takes (from the rule, once per plan)."""
        shape = self._screen_shapes.get(plan)
        if shape is None:
            seed = [v.name for v in plan.rule.premises[plan.position].args]
            conclusion = plan.rule.conclusion.args
            pair = [v.name for v in conclusion if v.kind == "agents"]
            entity_at = seed.index(next(v.name for v in conclusion if v.kind == "entity"))
            sides = tuple((k, seed.index(name)) for k, name in enumerate(pair) if name in seed)
            shape = self._screen_shapes[plan] = (entity_at, sides)
        return shape

    def _one_side(self, plan: JoinPlan) -> tuple[int, int, set[tuple[Any, Any]]] | None:
        """A screened join whose popped count takes one side of the pair: where it holds
        the entity and its agents, and that side's (agents, entity) pairs (else None)."""
        entity_at, sides = self._screen_shape(plan)
        if len(sides) != 1:
            return None
        (k, at), = sides
        return entity_at, at, self.pair_sides[k]

    def _may_be_useful(self, plan: JoinPlan, atom: Atom) -> bool:
        """Proof mode, before joining: can a (1c) from this popped count name a compeq's
        pair? Its agents must be that pair's first (or second) at the entity."""
        entity_at, sides = self._screen_shape(plan)
        args = atom.args
        entity = args[entity_at]
        for k, at in sides:
            if (args[at], entity) not in self.pair_sides[k]:
                return False
        return True

    @staticmethod
    def _pairing(plan: JoinPlan) -> tuple[int, int, int, int] | None:
        """A screened join's shape, from its rule: the side of the conclusion's pair the
        popped count's agents take, where the popped count holds them and the entity, and
        where the found count holds the other side's agents (None: it cannot narrow)."""
        seed = [v.name for v in plan.rule.premises[plan.position].args]
        conclusion = plan.rule.conclusion.args
        pair = [v.name for v in conclusion if v.kind == "agents"]
        entity_at = seed.index(next(v.name for v in conclusion if v.kind == "entity"))
        found = [v.name for v in plan.rule.premises[plan.lookups[0].position].args]
        for side, name in enumerate(pair):
            other = pair[1 - side]
            if name in seed and other in found and other not in seed:
                return side, seed.index(name), entity_at, found.index(other)
        return None

    def _partners(self, members: list[JoinPlan], atom: Atom) -> list[Atom] | None:
        """The popped counts a group of screened joins can meet: those holding agents that
        make a compeq-named pair with the popped count, in pop order (None: no narrowing
        known, every count of the entry is a candidate)."""
        found: set[Atom] = set()
        args = atom.args
        for plan in members:
            pairing = self._pairings.get(plan)
            if pairing is None:
                return None
            side, seed_at, entity_at, _found_at, table, sources = pairing
            for agents in self.pair_partners.get((side, args[seed_at], args[entity_at]), ()):
                found.update(table.get(tuple(agents if s is None else args[s]
                                             for s in sources), ()))
        return sorted(found, key=self._popped_at.__getitem__)

    def _presentation_order(self, axiom_order: Sequence[Atom] | None) -> list[Atom]:
        if axiom_order is None:
            # no presentation order given: by time, then canonical text (deterministic)
            return sorted(self.program.axioms,
                          key=lambda a: (a.time if a.time is not None else -1, str(a)))
        order = list(dict.fromkeys(axiom_order))
        unknown = [a for a in order if a not in self.program.axioms]
        if unknown:
            raise ValueError(f"axiom_order names atoms that are not axioms: {unknown[:3]}")
        listed = set(order)
        missing = sorted((a for a in self.program.axioms if a not in listed), key=str)
        return order + missing

    def run(self) -> Chart:
        clash = find_clash(self.axiom_order)  # the first, in presentation order
        if clash is not None:
            raise NumericalInconsistencyError(*clash)
        for atom in self.axiom_order:
            self.chart.theorems[atom] = self._theorem_at[id(atom)] = axiom(self.program, atom)
            self.chart._add_atom_node(atom)
            self._by_key[atom.consistency_key()] = atom
        self.agenda.push_axioms(self.axiom_order)
        popped, waiting, pop = self._popped_at, self.agenda.items, self.agenda.pop
        pop_order, index_add = self.chart.pop_order, self.index.add
        while waiting:
            atom = pop()
            known = len(popped)
            if popped.setdefault(atom, known) != known:  # popped before
                continue
            pop_order.append(atom)
            index_add(atom)
            for rule, agents_at, shared_of in self._union_specs.get(atom.predicate, ()):
                values = shared_of(atom.args)
                for name in atom.args[agents_at].names:  # type: ignore[union-attr]
                    self._blocks[(rule.id, values, name)].append(atom)
            for rule_id, premises in self._instances(atom):
                self._accept(rule_id, premises)
            if self.stop_at_goal and self.query is not None and matches_at_query_time(
                self.program, self.query, atom
            ):
                return self.chart
        self.chart.complete = True
        return self.chart

    def _licensed(self, rule: Rule, binding: dict[str, object], negation_too: bool) -> bool:
        """Do the rule's built-ins hold on the join's binding, within the time bound (and
        its negation, when the premises alone could not tell)?"""
        if rule.id in self._checked_by_solving:
            if solve(rule, binding) is not None:
                return False
            time = self.time_vars.get(rule.id)
            if time is not None and binding[time] > self.horizon:  # type: ignore[operator]
                return False
        negation = rule.negation
        return not negation_too or negation is None or not self._blocked(negation, binding)

    def _blocked(self, negation: NoTransferTouching, binding: dict[str, object]) -> bool:
        """Does a transfer touch one of the negation's agents in one of its entities?"""
        at = binding[negation.time.name]
        for entity in negation.entities:
            touched = self._touched.get((binding[entity.name], at))
            if touched and any(not touched.isdisjoint(binding[agents.name].names)  # type: ignore[attr-defined]
                               for agents in negation.agents):
                return True
        return False

    def _accept(self, rule_id: str, premises: tuple[Atom, ...]) -> None:
        seen = self._seen
        known = len(seen)
        seen.add((rule_id, *map(id, premises)))  # the chart's own atoms: ids hash in C
        if len(seen) == known:  # proposed before (one hash of the step, not two)
            return
        theorem_at = self._theorem_at
        verdict = derive(self.program, rule_id, [theorem_at[id(p)] for p in premises])
        if isinstance(verdict, Rejection):
            if verdict.reason in _CHAINER_BUGS:
                raise ChainingError(f"kernel rejected a proposed step [{rule_id}] "
                                    f"{', '.join(map(str, premises))}: {verdict}")
            return  # the built-ins or the frame condition do not hold: no instance
        conclusion = verdict.atom
        time = conclusion.time
        if time is not None and time > self.horizon:
            return
        self.chart._add_hyperedge(Hyperedge(rule_id, premises, conclusion))
        theorems = self.chart.theorems
        if conclusion in theorems:
            return
        key = conclusion.consistency_key()
        other = self._by_key.get(key)
        if other is not None:
            raise NumericalInconsistencyError(other, conclusion)
        self._by_key[key] = conclusion
        theorems[conclusion] = theorem_at[id(conclusion)] = verdict
        self.agenda.push(conclusion)

    # -- matching: every rule instance that uses the popped atom and popped atoms --

    def _instances(self, atom: Atom) -> Iterator[Instance]:
        """Join the popped atom with popped atoms, rule by rule in table order. Joins whose
        first look-up reads the same index entry run interleaved, one found atom at a time
        for all of them (both roles of a popped count in (1c), say)."""
        # (entry, its joins, are they all screened?) in table order
        groups: list[list[Any]] = []
        by_entry: dict[int, list[Any]] = {}
        args = atom.args
        for plan, table, key_of, screened, latest, side in self._starts.get(atom.predicate, ()):
            if latest is not None and args[latest[0]] > latest[1]:
                continue  # every conclusion would be past the horizon
            if table is None:  # a union, or a rule of one premise
                groups.append([plan, [], False] if isinstance(plan, Rule)
                              else [None, [plan], False])
                continue
            if screened and (not self._may_be_useful(plan, atom) if side is None  # type: ignore[arg-type]
                             else (args[side[1]], args[side[0]]) not in side[2]):
                continue
            entry = table.get(key_of(args))  # type: ignore[misc]
            if not entry:
                continue
            group = by_entry.get(id(entry))
            if group is not None:
                group[1].append(plan)
                group[2] = group[2] and screened
                continue
            group = by_entry[id(entry)] = [entry, [plan], screened]
            groups.append(group)
        for entry, members, all_screened in groups:
            if isinstance(entry, Rule):
                yield from self._unions_with(entry, atom)
                continue
            found: list[tuple[JoinPlan, tuple[Atom, ...]]] = []
            if entry is None:
                found.append((members[0], (atom,)))
            else:
                # screened (1c) joins only meet the other side of a compeq-named pair: skip
                # the other counts of the entity and time (the same instances, in order)
                partners = self._partners(members, atom) if all_screened else None
                for first in entry if partners is None else partners:
                    for plan in members:
                        if plan.pair is not None:  # two premises: the join is complete
                            found.append((plan, (first, atom) if plan.pair else (atom, first)))
                            continue
                        premises: list[Atom] = [atom] * len(plan.rule.premises)
                        premises[plan.lookups[0].position] = first
                        self._complete(plan, premises, 1, found)
            unscreened = self._unscreened
            for plan, premises_found in found:
                if plan in unscreened or self._passes(plan, premises_found):
                    yield plan.rule.id, premises_found

    def _complete(self, plan: JoinPlan, premises: list[Atom], step: int,
                  found: list[tuple[JoinPlan, tuple[Atom, ...]]]) -> None:
        """Fill the premises the remaining look-ups find (depth first, in index order)."""
        if step == len(plan.lookups):
            found.append((plan, tuple(premises)))
            return
        lookup = plan.lookups[step]
        key = tuple(premises[k].args[i] for k, i in lookup.sources)
        for atom in self.index.tables[lookup.index].get(key, ()):
            premises[lookup.position] = atom
            self._complete(plan, premises, step + 1, found)

    def _unions_with(self, rule: Rule, atom: Atom) -> Iterator[Instance]:
        """Goal-directed union: partitions of a target that this block completes."""
        agents_at, shared = self._union_shapes[rule.id]
        block = atom.args[agents_at]
        if block.names.isdisjoint(self._target_agents):  # type: ignore[union-attr]
            return  # most counts are in no target (one set operation, before sorting)
        candidates: dict[Agents, None] = {}
        for name in sorted(block.names):  # type: ignore[union-attr]
            for target in self._targets_by_agent.get(name, ()):
                if block.names < target.names:  # type: ignore[union-attr]
                    candidates[target] = None
        if not candidates:
            return
        values = tuple(atom.args[i] for i in shared)
        names = set().union(*(t.names for t in candidates)) - block.names  # type: ignore[union-attr]
        found = {a for name in names for a in self._blocks.get((rule.id, values, name), ())}
        # the popped block and the blocks inside the targets, in pop order (as the index has
        # them): every other count at the entity and time can be in no partition
        found.add(atom)
        blocks = {a.args[agents_at]: a for a in sorted(found, key=self._popped_at.__getitem__)}
        for target in candidates:
            rest = target.names - block.names  # type: ignore[union-attr]
            inside = [b for b in blocks if b.names <= rest]  # type: ignore[union-attr]
            for partition in _partitions(rest, inside):  # type: ignore[arg-type]
                parts = sorted([block, *partition], key=Agents.sorted_names)  # type: ignore[list-item]
                yield rule.id, tuple(blocks[p] for p in parts)


def _partitions(rest: frozenset[str], blocks: list[Agents]) -> Iterator[list[Agents]]:
    """Every way to cover ``rest`` exactly with disjoint blocks from ``blocks`` (depth first,
    the block holding the first name left chosen first; an explicit stack, as a target may
    have as many names as the program has agents)."""
    if not rest:
        yield []
        return

    def choices(left: frozenset[str]) -> Iterator[Agents]:
        pivot = min(left)
        return iter([c for c in blocks if pivot in c.names and c.names <= left])

    chosen: list[Agents] = []  # the block that led to each frame but the first
    stack = [(rest, choices(rest))]
    while stack:
        left, options = stack[-1]
        candidate = next(options, None)
        if candidate is None:
            stack.pop()
            if chosen:
                chosen.pop()
            continue
        remaining = left - candidate.names  # type: ignore[operator]
        if not remaining:
            yield [*chosen, candidate]
            continue
        chosen.append(candidate)
        stack.append((remaining, choices(remaining)))


def forward_chain(
    program: Program,
    query: Query | Atom | None = None,
    *,
    strategy: str = "bfs",
    priority: Priority | None = None,
    axiom_order: Sequence[Atom] | None = None,
    stop_at_goal: bool = False,
    mode: str = "complete",
) -> Chart:
    """Paper Alg. 1: saturate ``program`` (or stop once the query is answered).

    ``priority`` (atom -> float, higher pops first) overrides the built-in policy of
    ``strategy``. Raises :class:`NumericalInconsistencyError` naming the two clashing
    atoms if the model proves two atoms that differ only in their quantity.
    ``mode``: ``"complete"`` (the default; comparisons and compeqs nobody stated are
    derived when asked, :meth:`Chart.proves`), ``"proof"`` (the same chart, never more:
    shortest proofs and certification) or ``"saturate"`` (every theorem up front; explodes
    when many counts share an entity and a time). See the module docstring.
    """
    if isinstance(query, Atom):
        query = Query(query.predicate, query.args)
    chainer = _Chainer(program, query, strategy, priority, axiom_order, stop_at_goal, mode)
    # The chart only grows and holds no reference cycles; the cyclic garbage collector
    # would rescan it over and over and make large runs superlinear.
    collecting = gc.isenabled()
    gc.disable()
    try:
        return chainer.run()
    finally:
        if collecting:
            gc.enable()


__all__ = [
    "MODES", "STRATEGIES", "Chart", "ChainingError", "Hyperedge", "Mode",
    "NumericalInconsistencyError", "Priority", "Strategy", "forward_chain", "join_plans",
    "last_time", "matches_at_query_time", "overlap_priority", "query_time", "time_step",
    "union_spec", "union_targets",
]
