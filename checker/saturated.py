"""The saturated model's rule instances for an expression, in its acceptance order, unsaturated.

Reasoning-model mode gives an expression ``a op b = c`` the claim of the first rule instance
whose built-in it writes: shortest-proof conclusions first, then in the order saturated BFS
chaining accepted the instances. The chart holds no comparison or compeq nobody stated
(:mod:`vlp.reading.demand` derives them when asked, after the chart's own instances), so
this module finds the instances saturation would have had for an expression and places
them in saturation's order without saturating. How BFS chaining (:mod:`vlp.checker.chaining`)
orders what it accepts:

- the agenda is a queue: the axioms pop in presentation order, then every derived atom in
  the order it was first derived; an instance is accepted while the last of its premises
  to pop (its trigger) pops;
- while one atom pops, its joins run in table order, joins whose first look-up reads the
  same index entry as one group: by the pop order of the atom looked up first, then the
  join's place in the group, then the pop order of the atoms looked up next.

So an instance's place is (its trigger, its place in the trigger's pop) and an atom's place
is its first derivation's; two places compare by their triggers, recursively, down to
atoms the chart popped, which pop in the chart's order (the chart's pops and instances are
subsequences of saturation's; tests/test_saturated_order.py checks the whole order). First
derivations: a popped atom's is the chart's first instance concluding it (the instances
saturation adds only conclude counts again after a frame rule carried them); a comparison
the chart never popped comes from (1c) at its time or from the frame copy of the one a tick
before, whichever is accepted first; a compeq likewise, from (5b) or a frame copy.
"""

from __future__ import annotations

import functools
from collections.abc import Collection, Sequence
from typing import Any

from vlp.kernel import Agents, Atom, Hyperedge, Rule, conclude
from vlp.reading.align import hyperedge_arithmetic, same_expression
from vlp.reading.demand import OnDemand, count_side, rules_shaped

from .join_plans import join_plans
from .verdicts import Arithmetic

# (trigger, place within the trigger's pop: group rank, first atom looked up, the join's
# place in its group, the atoms looked up next; or group rank and acceptance index for the
# unions, which only the chart has)
Place = tuple[Atom, tuple[Any, ...]]


class SaturatedOrder:
    """The saturated model's acceptance order over a complete-mode chart and its
    :class:`OnDemand` (:meth:`compare_instances`), and the instance it would match an
    expression with (:meth:`first_writing`). Nothing is derived here: the caller has
    :class:`OnDemand` derive the one chosen."""

    def __init__(self, chart: Any, demand: OnDemand):
        self.chart = chart
        self.demand = demand
        program = chart.program
        self.program = program
        self.plans = join_plans(program.rules)  # saturation joins with every rule
        self._places: dict[Atom, Place] = {}
        self._answers: dict[tuple[Atom, Atom], int] = {}  # pairs of atoms already ordered
        shaped = functools.partial(rules_shaped, program)
        self._comp_intro = shaped(("cont", "cont"), "comp")
        self._comp_frames = shaped(("comp",), "comp")
        self._comp_uses = [(r, count_side(program.rule(r)))
                           for r in shaped(("cont", "comp"), "cont")]
        self._compeq_intro = shaped(("comp", "comp"), "compeq")
        self._compeq_frames = shaped(("compeq",), "compeq")

    # -- the saturated model's comparisons and compeqs --

    def comparison(self, first: Agents, second: Agents, entity: str, time: int) -> Atom | None:
        """The saturated model's comparison of ``first`` with ``second`` at ``time``: the
        chart's, else (1c) on the two counts (a frame copy holds only where that does)."""
        known = self.demand.known_comparison(first, second, entity, time)
        if known is not None:
            return known
        ones, others = (self.demand.count(first, entity, time),
                        self.demand.count(second, entity, time))
        if ones is None or others is None:
            return None
        return self._first_conclusion(self._comp_intro, (ones, others))

    def _compeq(self, atom: Atom) -> Atom | None:
        """``atom`` (a compeq) if the saturated model has it."""
        if atom in self.chart.theorems:
            return atom
        first, second, third, fourth, entity, time = atom.args
        left = self.comparison(first, second, entity, time)  # type: ignore[arg-type]
        right = self.comparison(third, fourth, entity, time)  # type: ignore[arg-type]
        if left is None or right is None:
            return None
        return atom if self._first_conclusion(self._compeq_intro, (left, right)) == atom \
            else None

    def _first_conclusion(self, rule_ids: Sequence[str], premises: tuple[Atom, ...]) -> Atom | None:
        for rule_id in rule_ids:
            atom = conclude(self.program, rule_id, premises)
            if isinstance(atom, Atom):
                return atom
        return None

    # -- the instances an expression fits --

    def instances_writing(self, stated: Arithmetic) -> list[Hyperedge]:
        """The saturated model's instances that conclude or use a comparison (chained or
        not) whose built-in ``stated`` writes (see :meth:`_pairs`)."""
        return [edge for pair in self._pairs(stated) for edge in self._fitting(pair, stated)]

    def first_writing(self, stated: Arithmetic, chained: Sequence[Hyperedge],
                      favoured: Collection[Atom]) -> Hyperedge | None:
        """The instance saturation would match ``stated`` with: the first whose built-in it
        writes, those concluding an atom of ``favoured`` (the shortest proof's) first.
        ``chained``: the chart's own fitting instances, favoured ones first, each part in
        acceptance order. The comparisons' instances are placed only as far as needed:
        every one from a pair of counts is accepted once the later count has popped."""
        pairs = self._pairs(stated)
        if not pairs:
            return chained[0] if chained else None
        keys = {atom.consistency_key() for atom in favoured}
        first_choice = [edge for edge in chained if edge.conclusion in favoured]
        first_choice += [edge for pair in pairs if not keys.isdisjoint(_pair_keys(pair))
                         for edge in self._fitting(pair, stated)
                         if edge.conclusion in favoured and not self.is_chained(edge)]
        by_order = functools.cmp_to_key(self.compare_instances)
        if first_choice:
            return min(first_choice, key=by_order)
        best = chained[0] if chained else None
        trigger = self._instance_place(best)[0] if best is not None else None
        for pair in pairs:
            if trigger is not None and self._compare(trigger, pair[-1]) < 0:
                break  # the best so far was accepted before this pair's later count popped
            for edge in self._fitting(pair, stated):
                if not self.is_chained(edge) and (
                        best is None or self.compare_instances(edge, best) < 0):
                    best = edge
                    trigger = self._instance_place(best)[0]
        return best

    def _pairs(self, stated: Arithmetic) -> list[tuple[Atom, Atom, Atom]]:
        """(first count, second count, the later-popped of them) of every ordered pair of
        counts at one entity and time whose comparison's instances ``stated`` may write,
        by the later count's pop. Only ``a + b = c`` and ``a - b = c`` fit such rules: the
        two counts have two of those quantities and the comparison (their difference) the
        third.

        The compeq uses (5a/5c) are left out: one on a compeq saturation derived,
        ``cont(A1), comp(A3, A4), compeq(A1, A2, A3, A4) |- cont(A2)``, writes what the use
        of ``comp(A1, A2)`` (1b; 5a and 1a alike) writes and concludes the same count, and
        comes later: the compeq pops after both its comparisons, and where the count pops
        last, the comparison's join comes first in the table. So it is never the first
        fitting instance (those on a stated compeq are the chart's own)."""
        if len(stated.operands) != 2 or stated.operator not in "+-":
            return []
        numbers = {*stated.operands, stated.result}
        pop = self.chart.pop_index
        found: list[tuple[int, Atom, Atom, Atom]] = []
        for counts in self.demand.by_time.values():
            named = [c for c in counts.values() if c.args[1] in numbers]
            for one in named:
                for other in named:
                    if one is not other and \
                            one.args[1] - other.args[1] in numbers:  # type: ignore[operator]
                        later = max(one, other, key=pop)  # type: ignore[arg-type]
                        found.append((pop(later), one, other, later))  # type: ignore[arg-type]
        found.sort(key=lambda item: item[0])
        return [item[1:] for item in found]

    def _fitting(self, pair: tuple[Atom, Atom, Atom], stated: Arithmetic) -> list[Hyperedge]:
        """The instances of (1c) on the pair of counts and of the rules using their
        comparison whose built-in ``stated`` writes."""
        one, other, _later = pair
        found: list[Hyperedge] = []
        for rule_id in self._comp_intro:
            self._fit(rule_id, (one, other), stated, found)
        first, _, entity, time = one.args
        comparison = self.comparison(first, other.args[0], entity, time)  # type: ignore[arg-type]
        if comparison is not None:
            for rule_id, side in self._comp_uses:
                for count in (one, other) if side is None else ((one, other)[side],):
                    self._fit(rule_id, (count, comparison), stated, found)
        return found

    def _fit(self, rule_id: str, premises: tuple[Atom, ...], stated: Arithmetic,
             found: list[Hyperedge]) -> None:
        conclusion = conclude(self.program, rule_id, premises)
        if not isinstance(conclusion, Atom):
            return
        builtin = hyperedge_arithmetic(rule_id, premises, conclusion)
        if same_expression(stated, builtin):
            found.append(Hyperedge(rule_id, premises, conclusion))

    # -- the acceptance order --

    def is_chained(self, edge: Hyperedge) -> bool:
        """Did chaining accept ``edge`` (rather than :class:`OnDemand`)?"""
        return self.chart.has_hyperedge(edge) and \
            self.chart.acceptance_index(edge) < self.demand.chained

    def compare_instances(self, one: Hyperedge, other: Hyperedge) -> int:
        """-1, 0 or 1 as saturation accepts ``one`` before, as or after ``other``."""
        if self.is_chained(one) and self.is_chained(other):
            first, second = self.chart.acceptance_index(one), self.chart.acceptance_index(other)
            return (first > second) - (first < second)
        return self._compare(self._instance_place(one), self._instance_place(other))

    def _compare(self, one: Atom | Place, other: Atom | Place) -> int:
        """Atoms by pop order, places by acceptance order. One loop: each step's answer is
        the next one's (the triggers', or the atoms looked up), so deep frame chains need
        no recursion, and every pair of atoms met is remembered with the answer (a chain
        walked once is not walked again)."""
        met: list[tuple[Atom, Atom]] = []
        result = self._ordered(one, other, met)
        for pair in met:
            self._answers[pair] = result
            self._answers[pair[::-1]] = -result
        return result

    def _ordered(self, one: Atom | Place, other: Atom | Place,
                 met: list[tuple[Atom, Atom]]) -> int:
        chart, axioms, answers = self.chart, self.program.axioms, self._answers
        while True:
            if isinstance(one, Atom) and isinstance(other, Atom):
                if one == other:
                    return 0
                first, second = chart.pop_index(one), chart.pop_index(other)
                if first is not None and second is not None:
                    return (first > second) - (first < second)
                if one in axioms or other in axioms:  # axioms pop before anything derived
                    return -1 if one in axioms else 1
                known = answers.get((one, other))
                if known is not None:
                    return known
                met.append((one, other))
            one = self.place(one) if isinstance(one, Atom) else one
            other = self.place(other) if isinstance(other, Atom) else other
            (trigger, within), (other_trigger, other_within) = one, other
            if trigger != other_trigger:
                one, other = trigger, other_trigger
                continue
            for mine, theirs in zip(within, other_within, strict=True):
                if mine != theirs:
                    break
            else:
                return 0
            if isinstance(mine, Atom):
                one, other = mine, theirs
                continue
            return (mine > theirs) - (mine < theirs)

    def place(self, atom: Atom) -> Place:
        """Where ``atom`` (derived) is first derived: its first derivation's place."""
        found = self._places.get(atom)
        if found is None:
            if self.chart.pop_index(atom) is not None:
                edge = self.chart.incoming(atom)[0]
                found = self._instance_place(edge)
            else:
                places = [self._instance_place(e) for e in self._derivations(atom)]
                if not places:
                    raise ValueError(f"{atom} is no theorem of the saturated model")
                found = min(places, key=functools.cmp_to_key(self._compare))
            self._places[atom] = found
        return found

    def _derivations(self, atom: Atom) -> list[Hyperedge]:
        """The saturated model's instances concluding a comparison or compeq the chart did
        not pop: the introduction at its time and the frame copy of a tick before."""
        if atom.predicate == "comp":
            first, second, _, entity, time = atom.args
            ones = self.demand.count(first, entity, time)  # type: ignore[arg-type]
            others = self.demand.count(second, entity, time)  # type: ignore[arg-type]
            introductions = self._comp_intro, (None if ones is None or others is None
                                                else (ones, others))
            before = self.comparison(first, second, entity, time - 1) if time else None  # type: ignore[arg-type,operator]
            frames = self._comp_frames
        elif atom.predicate == "compeq":
            first, second, third, fourth, entity, time = atom.args
            left = self.comparison(first, second, entity, time)  # type: ignore[arg-type]
            right = self.comparison(third, fourth, entity, time)  # type: ignore[arg-type]
            introductions = self._compeq_intro, (None if left is None or right is None
                                                  else (left, right))
            before = self._compeq(atom.with_time(time - 1)) if time else None  # type: ignore[operator]
            frames = self._compeq_frames
        else:
            raise ValueError(f"{atom}: only comparisons and compeqs are derived on demand")
        found = []
        rule_ids, premises = introductions
        for rule_id in rule_ids if premises is not None else ():
            if conclude(self.program, rule_id, premises) == atom:
                found.append(Hyperedge(rule_id, premises, atom))
        for rule_id in frames if before is not None else ():
            if conclude(self.program, rule_id, (before,)) == atom:
                found.append(Hyperedge(rule_id, (before,), atom))
        return found

    def _instance_place(self, edge: Hyperedge) -> Place:
        premises = edge.premises
        position = max(range(len(premises)), key=functools.cmp_to_key(
            lambda i, j: self._compare(premises[i], premises[j])))
        trigger = premises[position]
        plans = self.plans[trigger.predicate]
        rank, plan = next((k, p) for k, p in enumerate(plans) if (
            p.id == edge.rule_id if isinstance(p, Rule)
            else (p.rule.id, p.position) == (edge.rule_id, position)))
        if isinstance(plan, Rule):  # a union: the chart's, in the chart's order
            return trigger, (rank, self.chart.acceptance_index(edge))
        if not plan.lookups:
            return trigger, (rank,)
        index = plan.lookups[0].index
        key = tuple(trigger.args[i] for i in plan.first_key)
        group = [k for k, p in enumerate(plans) if not isinstance(p, Rule) and p.lookups
                 and p.lookups[0].index == index
                 and tuple(trigger.args[i] for i in p.first_key) == key]
        looked_up = [premises[lookup.position] for lookup in plan.lookups]
        return trigger, (group[0], looked_up[0], group.index(rank), *looked_up[1:])


def _pair_keys(pair: tuple[Atom, Atom, Atom]) -> list[tuple[Any, ...]]:
    """The consistency keys (:meth:`Atom.consistency_key`: one atom per key) of what an
    instance from a pair of counts can conclude: either count, or their comparison."""
    one, other, _later = pair
    first, _, entity, time = one.args
    return [one.consistency_key(), other.consistency_key(),
            ("comp", first, other.args[0], entity, time)]
