"""Comparisons and comparison equalities derived when someone asks for them.

Saturating a model with every comparison between two counts (n^2 per entity and time) and
every compeq between two equal comparisons (~n^4) made larger problems unanswerable, and
nobody reads most of them. The chart therefore holds the counts (and the comparisons and
compeqs that stated facts need, see :mod:`vlp.checker.chaining`); :class:`OnDemand` adds
the rest for the pairs a caller names, exactly as saturation would have:

- a comparison of ``A1`` and ``A2`` in ``e`` at every time both have a count (the rule
  concluding ``comp`` from two ``cont``), with the rule instances that use it to conclude
  either count again (the ``cont, comp |- cont`` rules);
- a compeq of two pairs at every time both comparisons hold with one quantity (the rule
  concluding ``compeq`` from two ``comp``), with the instances that use it
  (``cont, comp, compeq |- cont``).

Frame copies of these are not added: at every time a copy would hold, its premises'
counts are carried too, so the same atom is concluded there directly. Every instance
goes through the kernel (:func:`vlp.kernel.derive`), which mints the theorem; the rules
are found in the program's table by the shape of their premises and conclusion.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Iterator
from itertools import combinations
from typing import Any

from vlp.kernel import (
    Agents,
    Atom,
    Hyperedge,
    Program,
    Rule,
    Theorem,
    bind,
    conclude,
    derive,
    solve,
)


def rules_shaped(program: Program, premises: tuple[str, ...], conclusion: str) -> list[str]:
    """Ids of the program's rules with these premise and conclusion predicates."""
    return [rule.id for rule in program.rules if _shape(rule) == (premises, conclusion)]


def _shape(rule: Rule) -> tuple[tuple[str, ...], str]:
    return tuple(p.predicate for p in rule.premises), rule.conclusion.predicate


def count_side(rule: Rule) -> int | None:
    """Which agents of the rule's last premise (a comp or compeq: first 0, second 1) its
    count premise names; None if neither. Only that pair member's count fits the rule."""
    count = next(p for p in rule.premises if p.predicate == "cont")
    agents = next(v.name for v in count.args if v.kind == "agents")
    named = [v.name for v in rule.premises[-1].args if v.kind == "agents"]
    return named.index(agents) if agents in named[:2] else None


class OnDemand:
    """Mints comparisons and compeqs into ``chart`` for the pairs callers name.

    ``chart`` is a :class:`vlp.checker.chaining.Chart` (its ``theorems``, ``program`` and
    ``_add_hyperedge``). Each method returns the hyperedges it added, in the order added.
    """

    def __init__(self, chart: Any):
        self.chart = chart
        program: Program = chart.program
        self.program = program
        self._comp_intro = rules_shaped(program, ("cont", "cont"), "comp")
        self._comp_uses = [(r, count_side(program.rule(r)))
                           for r in rules_shaped(program, ("cont", "comp"), "cont")]
        self._compeq_intro = rules_shaped(program, ("comp", "comp"), "compeq")
        self._compeq_uses = [(r, count_side(program.rule(r)))
                             for r in rules_shaped(program, ("cont", "comp", "compeq"), "cont")]
        self._conts: dict[tuple[Agents, str], dict[int, Atom]] = defaultdict(dict)
        self._comps: dict[tuple[Agents, Agents, str], dict[int, Atom]] = defaultdict(dict)
        self.by_time: dict[tuple[str, int], dict[Agents, Atom]] = defaultdict(dict)
        self._entities: dict[Agents, set[str]] = defaultdict(set)
        for atom in chart.theorems:
            self._note(atom)
        # chaining's own instances are the chart's first so many (the rest come from here)
        self.chained = len(chart.hyperedges)
        self._pairs_done: set[tuple[Agents, Agents, str]] = set()
        self._union_rules = [r.id for r in program.rules if r.repeated
                             and r.conclusion.predicate == "cont"]
        self._unions_done: set[tuple[Agents, str]] = set()
        # rules whose conclusions are new atoms here (minted at once: later instances take
        # them as premises); the rest conclude a count the chart has already
        self._introductions = frozenset((*self._comp_intro, *self._compeq_intro,
                                         *self._union_rules))
        self._compeqs_done: set[tuple[Agents, Agents, Agents, Agents, str]] = set()
        # the kernel's theorem for each instance added here (what it minted deriving it), or
        # None until first asked for (an instance concluding a theorem already there: most
        # of these are never asked, and minting is a third of deriving)
        self._minted: dict[Hyperedge, Theorem | None] = {}

    def _note(self, atom: Atom) -> None:
        if atom.predicate == "cont":
            agents, _, entity, time = atom.args
            self._conts[(agents, entity)][time] = atom  # type: ignore[index]
            self.by_time[(entity, time)][agents] = atom  # type: ignore[index]
            self._entities[agents].add(entity)  # type: ignore[index]
        elif atom.predicate == "comp":
            first, second, _, entity, time = atom.args
            self._comps[(first, second, entity)][time] = atom  # type: ignore[index]

    def count(self, agents: Agents, entity: str, time: int) -> Atom | None:
        """The count of ``agents`` in ``entity`` at ``time``, if the chart has one."""
        return self._conts.get((agents, entity), {}).get(time)

    def known_comparison(self, first: Agents, second: Agents, entity: str,
                         time: int) -> Atom | None:
        """The chart's comparison of ``first`` with ``second`` at ``time`` (chained or
        derived here), if any."""
        return self._comps.get((first, second, entity), {}).get(time)

    def instances_for(self, edge: Hyperedge) -> list[Hyperedge]:
        """Derive the comparison or compeq that the saturated model's instance ``edge``
        concludes or uses (:meth:`comparisons`, :meth:`compeqs`), so that ``edge`` is in
        the chart; the hyperedges added."""
        last = edge.premises[-1]
        if edge.conclusion.predicate == "comp":
            first, second, _, entity, _ = edge.conclusion.args
            added = self.comparisons(first, second, entity)  # type: ignore[arg-type]
        elif last.predicate == "comp":
            first, second, _, entity, _ = last.args
            added = self.comparisons(first, second, entity)  # type: ignore[arg-type]
        elif last.predicate == "compeq":
            added = self.compeqs(*last.args[:5])  # type: ignore[arg-type]
        else:
            added = []
        if not self.chart.has_hyperedge(edge):
            raise AssertionError(f"the saturated model's instance {edge} was not derived")
        return added

    def minted(self, edge: Hyperedge) -> Theorem | None:
        """The theorem the kernel minted when this object derived ``edge``, if it did:
        the one :func:`vlp.kernel.check_hyperedge` returns for it (the kernel keeps one
        theorem per instance), without asking the kernel a second time."""
        if edge not in self._minted:
            return None
        theorem = self._minted[edge]
        if theorem is None:  # concluded by the kernel, not minted yet: minted now
            theorems = self.chart.theorems
            result = derive(self.program, edge.rule_id, [theorems[p] for p in edge.premises])
            if not isinstance(result, Theorem) or result.atom != edge.conclusion:
                raise AssertionError(f"the kernel concluded {edge} but does not derive it")
            theorem = self._minted[edge] = result
        return theorem

    def entities_of(self, agents: Agents) -> list[str]:
        """Entities in which ``agents`` have a count, in name order."""
        return sorted(self._entities.get(agents, ()))

    def groups_adding_up(self, entity: str, quantity: int, *, within: frozenset[str] | None
                         = None, smallest: int = 2, whole: bool = True, most: int = 8
                         ) -> Iterator[Agents]:
        """Groups of single agents (of ``within``, when given) whose counts of ``entity`` at
        one time add up to ``quantity``: ``smallest`` or more of them, all of them only when
        ``whole``; a time with more than ``most`` such agents counted is passed over (the
        groups grow as two to their number). A transcript's total read against the counts
        ("a total of 8 peaches", "So the total is now 4")."""
        for (each, _time), counts in self.by_time.items():
            if each != entity:
                continue
            members = [a for a in counts if len(a) == 1 and (within is None or a.names <= within)]
            if len(members) > most:
                continue
            for size in range(smallest, len(members) + (1 if whole else 0)):
                for chosen in combinations(members, size):
                    if sum(counts[a].args[1] for a in chosen) == quantity:  # type: ignore[misc]
                        yield chosen[0].union(chosen[1:])

    def comparisons(self, first: Agents, second: Agents, entity: str) -> list[Hyperedge]:
        """Every comparison of ``first`` with ``second`` in ``entity`` (at every time)."""
        key = (first, second, entity)
        if key in self._pairs_done:
            return []
        self._pairs_done.add(key)
        added: list[Hyperedge] = []
        if first.isdisjoint(second):
            ones = self._conts.get((first, entity), {})
            others = self._conts.get((second, entity), {})
            for time in sorted(ones.keys() & others.keys()):
                for rule_id in self._comp_intro:
                    if self._applies(rule_id, (ones[time], others[time])):
                        self._add(rule_id, (ones[time], others[time]), added)
        # the instances that use each comparison (chaining has them for stated ones already)
        pair = (self._conts.get((first, entity), {}), self._conts.get((second, entity), {}))
        for time, comparison in sorted(self._comps.get(key, {}).items()):
            for rule_id, side in self._comp_uses:
                for counts in pair if side is None else (pair[side],):
                    count = counts.get(time)
                    if count is not None:
                        self._add(rule_id, (count, comparison), added)
        return added

    def compeqs(self, first: Agents, second: Agents, third: Agents, fourth: Agents,
                entity: str) -> list[Hyperedge]:
        """Every compeq saying ``first - second = third - fourth`` in ``entity``."""
        key = (first, second, third, fourth, entity)
        if key in self._compeqs_done:
            return []
        self._compeqs_done.add(key)
        added = self.comparisons(first, second, entity) + self.comparisons(third, fourth, entity)
        left = self._comps.get((first, second, entity), {})
        right = self._comps.get((third, fourth, entity), {})
        for time in sorted(left.keys() & right.keys()):
            for rule_id in self._compeq_intro:
                equality = self._add(rule_id, (left[time], right[time]), added)
                if equality is None:
                    continue
                pair = (self._conts.get((first, entity), {}).get(time),
                        self._conts.get((second, entity), {}).get(time))
                for use, side in self._compeq_uses:
                    for count in (pair[1], pair[0]) if side is None else (pair[side],):
                        if count is not None:
                            self._add(use, (count, right[time], equality), added)
        return added

    def unions(self, group: Agents, entity: str) -> list[Hyperedge]:
        """The count of ``group`` in ``entity`` at every time its members' counts add up
        to it (the union rule over one partition of the group into agent sets that have a
        count then: single agents first), when chaining did not derive it (it derives
        unions only for the agent sets the query or an axiom names)."""
        key = (group, entity)
        if key in self._unions_done or len(group) < 2:
            return []
        self._unions_done.add(key)
        added: list[Hyperedge] = []
        if self._conts.get(key):
            return added  # chaining derived this group's counts itself
        for (each, _time), counts in sorted(self.by_time.items(),
                                           key=lambda item: (item[0][0], item[0][1])):
            if each != entity:
                continue
            blocks = sorted((a for a in counts if a.names < group.names),
                            key=lambda a: (len(a), a.sorted_names()))
            parts = _cover(group.names, blocks)
            if parts is not None and len(parts) >= 2:
                for rule_id in self._union_rules:
                    # not noted among the counts: a union read from a transcript is no count
                    # that comparisons or the saturated order are made of
                    self._add(rule_id, tuple(counts[p] for p in parts), added, note=False)
        return added

    def _applies(self, rule_id: str, premises: tuple[Atom, ...]) -> bool:
        """Do the rule's built-ins hold on these premises? A screen before the kernel
        (which decides again): most pairs of counts compare only one way round."""
        rule = self.program.rule(rule_id)
        binding = bind(rule, premises)
        return isinstance(binding, dict) and solve(rule, binding) is None

    def _add(self, rule_id: str, premises: tuple[Atom, ...],
             added: list[Hyperedge], note: bool = True) -> Atom | None:
        """Derive with the kernel; record a new instance. The conclusion, or None.

        An introduction (a comparison, compeq or union: a new atom, which later instances
        take as a premise) is derived and minted at once. An instance using one concludes a
        count the chart has: the kernel only concludes it (:func:`vlp.kernel.conclude`, the
        decision and conclusion :func:`vlp.kernel.derive` gives on the chart's theorems),
        and mints it when :meth:`minted` is first asked (two thirds never are)."""
        theorems: dict[Atom, Theorem] = self.chart.theorems
        theorem: Theorem | None = None
        if rule_id in self._introductions:  # concludes a comparison, a compeq or a union
            result = derive(self.program, rule_id, [theorems[p] for p in premises])
            if not isinstance(result, Theorem):
                return None  # the rule does not apply to these premises
            atom, theorem = result.atom, result
        else:
            concluded = conclude(self.program, rule_id, premises)
            if not isinstance(concluded, Atom):
                return None
            atom = concluded
        edge = Hyperedge(rule_id, premises, atom)
        if self.chart.has_hyperedge(edge):
            return atom
        self.chart._add_hyperedge(edge)
        self._minted[edge] = theorem
        if atom not in theorems:
            theorems[atom] = self.minted(edge)  # type: ignore[assignment]
            if note:
                self._note(atom)
        added.append(edge)
        return atom


def _cover(names: frozenset[str], blocks: list[Agents]) -> list[Agents] | None:
    """The first partition of ``names`` into disjoint ``blocks`` (in their order), or None."""
    if not names:
        return []
    first = min(names)
    for block in blocks:
        if first in block.names and block.names <= names:
            rest = _cover(names - block.names, blocks)
            if rest is not None:
                return [block, *rest]
    return None
