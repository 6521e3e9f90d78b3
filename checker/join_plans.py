"""Join plans over a rule table: how the chainer finds every rule instance a popped atom
takes part in.

For every rule and every premise a popped atom can fill, a plan looks the other premises up
in indexes keyed by the variables bound so far (:func:`join_plans`); :class:`JoinIndex`
holds those indexes. Plans are read from the table alone, so a rule added to it is joined
with no code change, and they are made once per rule list (:func:`per_rule_list`).
"""

from __future__ import annotations

import itertools
import operator
from collections import defaultdict
from collections.abc import Callable, Sequence
from typing import Any

import attrs

from vlp.kernel import Atom, Rule
from vlp.kernel.rules import Add, Const, Equal, Var


@attrs.frozen(eq=False)  # identity: plans are made once per chainer
class Lookup:
    """One premise of a join, found in the chart's index by the variables bound so far."""

    position: int  # the premise's index in the rule
    index: tuple[str, tuple[int, ...]]  # (predicate, argument positions of the key)
    sources: tuple[tuple[int, int], ...]  # (premise index, argument) holding each key value


@attrs.frozen(eq=False)
class JoinPlan:
    """How to find every instance of ``rule`` that has a popped atom at ``position``."""

    rule: Rule
    position: int
    lookups: tuple[Lookup, ...]
    names: tuple[str, ...]  # every premise argument's variable, premise by premise
    first_key: tuple[int, ...]  # where the popped atom holds the first look-up's key
    repeats: bool  # some premise names a variable twice: the look-ups cannot check that
    # two premises: whether the found atom comes first (else None: more look-ups follow)
    pair: bool | None


def _plan(rule: Rule, position: int) -> JoinPlan:
    """Join order: always the premise with the most bound variables next (a key look-up
    that narrows most), ties in pattern order. A variable shared with an earlier premise is
    part of the key, so every join the index returns agrees on all shared variables."""
    seed = rule.premises[position]
    source = {v.name: (position, i) for i, v in reversed(list(enumerate(seed.args)))}
    lookups = []
    rest = [i for i in range(len(rule.premises)) if i != position]
    while rest:
        j = max(rest, key=lambda i: (sum(v.name in source for v in rule.premises[i].args), -i))
        rest.remove(j)
        pattern = rule.premises[j]
        keyed = tuple(i for i, v in enumerate(pattern.args) if v.name in source)
        lookups.append(Lookup(j, (pattern.predicate, keyed),
                               tuple(source[pattern.args[i].name] for i in keyed)))
        for i, v in enumerate(pattern.args):
            source.setdefault(v.name, (j, i))
    first_key = tuple(i for _, i in lookups[0].sources) if lookups else ()
    names = tuple(v.name for p in rule.premises for v in p.args)
    repeats = any(len({v.name for v in p.args}) < len(p.args) for p in rule.premises)
    pair = lookups[0].position == 0 if len(rule.premises) == 2 else None
    return JoinPlan(rule, position, tuple(lookups), names, first_key, repeats, pair)


def join_plans(rules: Sequence[Rule]) -> dict[str, list[JoinPlan | Rule]]:
    """For each predicate, the joins that start from a popped atom of it, in table order;
    a union rule (goal-directed, joined by :meth:`_Chainer._unions_with`) stands as itself."""
    plans: dict[str, list[JoinPlan | Rule]] = defaultdict(list)
    for rule in rules:
        if rule.repeated:
            plans[rule.premises[0].predicate].append(rule)
            continue
        for position, premise in enumerate(rule.premises):
            plans[premise.predicate].append(_plan(rule, position))
    return dict(plans)


_RULE_CACHE: dict[tuple[str, tuple[int, ...]], tuple[list[Rule], Any]] = {}


def per_rule_list(kind: str, rules: Sequence[Rule], make: Callable[[Sequence[Rule]], Any]) -> Any:
    """``make(rules)``, computed once per rule list: every chainer over the same table
    (one per certified problem) reuses its join plans and rule roles, which it only reads.
    Keyed by the rules' identities; the entry holds the rules, so no identity is reused
    while it lives."""
    key = (kind, tuple(map(id, rules)))
    cached = _RULE_CACHE.get(key)
    if cached is None:
        if len(_RULE_CACHE) >= 32:
            _RULE_CACHE.clear()
        cached = _RULE_CACHE[key] = (list(rules), make(rules))
    return cached[1]


def key_getter(positions: Sequence[int]) -> Callable[[Sequence[Any]], tuple]:
    """The values at ``positions`` of a sequence, as a tuple: an index key, read on every
    pop, so made once per index or plan (a generator expression costs more)."""
    if not positions:
        return lambda _values: ()
    if len(positions) == 1:
        only = positions[0]
        return lambda values: (values[only],)
    return operator.itemgetter(*positions)


def time_step(rule: Rule, position: int) -> tuple[int, int] | None:
    """Where premise ``position`` holds the time its rule's conclusion is a fixed step after
    (``t2 = t + k`` in the table), and ``k``; None if the conclusion's time is not such."""
    times = [v.name for v in rule.conclusion.args if v.kind == "time"]
    for builtin in rule.builtins:
        if isinstance(builtin, Equal) and builtin.var.name in times and isinstance(
                builtin.expr, Add) and isinstance(builtin.expr.left, Var) and isinstance(
                builtin.expr.right, Const):
            names = [v.name for v in rule.premises[position].args]
            if builtin.expr.left.name in names:
                return names.index(builtin.expr.left.name), builtin.expr.right.value
    return None


def carry_step(rule: Rule) -> int | None:
    """k if the rule only carries its one premise k ticks on (the conclusion is the
    premise with time t + k, a frame rule's shape in the table), else None."""
    if len(rule.premises) != 1 or rule.repeated:
        return None
    premise, conclusion = rule.premises[0], rule.conclusion
    step = time_step(rule, 0)
    if step is None or premise.predicate != conclusion.predicate:
        return None
    same = [(p.name == c.name) == (p.kind != "time")
            for p, c in zip(premise.args, conclusion.args, strict=True)]
    return step[1] if all(same) and len(rule.builtins) == 1 else None


def union_spec(rule: Rule) -> tuple[int, tuple[int, ...]]:
    """The union rule's repeated premise: the position of its per-copy agents and the
    positions of the arguments all copies share (entity, time)."""
    args = rule.premises[0].args
    agents = next(i for i, v in enumerate(args) if v.kind == "agents")
    return agents, tuple(i for i, v in enumerate(args) if v.kind not in ("agents", "quantity"))


class JoinIndex:
    """The chart's join indexes: for each (predicate, key positions) a join needs, popped
    atoms by the values at those positions, in pop order."""

    def __init__(self, plans: dict[str, list[JoinPlan | Rule]]) -> None:
        specs: dict[str, set[tuple[int, ...]]] = defaultdict(set)
        for group in plans.values():
            for plan in group:
                if isinstance(plan, Rule):
                    specs[plan.premises[0].predicate].add(union_spec(plan)[1])
                    continue
                for lookup in plan.lookups:
                    specs[lookup.index[0]].add(lookup.index[1])
        self.tables: dict[tuple[str, tuple[int, ...]], dict[tuple, list[Atom]]] = {
            (predicate, keyed): defaultdict(list)
            for predicate, keyeds in specs.items() for keyed in keyeds}
        self._specs = {predicate: [(key_getter(keyed), self.tables[(predicate, keyed)])
                                   for keyed in sorted(keyeds)]
                       for predicate, keyeds in specs.items()}

    def extend(self, predicate: str, keyed: tuple[int, ...]) -> dict[tuple, list[Atom]]:
        """One more index (made before any atom is added), or the one there is."""
        table = self.tables.get((predicate, keyed))
        if table is None:
            table = self.tables[(predicate, keyed)] = defaultdict(list)
            self._specs.setdefault(predicate, []).append((key_getter(keyed), table))
        return table

    def add(self, atom: Atom) -> None:
        args = atom.args
        for key_of, table in self._specs.get(atom.predicate, ()):
            table[key_of(args)].append(atom)

    def at(self, predicate: str, keyed: tuple[int, ...], atom: Atom) -> list[Atom]:
        """Popped atoms that agree with ``atom`` at the positions ``keyed``."""
        return self.tables[(predicate, keyed)].get(tuple(atom.args[i] for i in keyed), _NONE)


_NONE: list[Atom] = []


def join_binding(plan: JoinPlan, premises: tuple[Atom, ...]) -> dict[str, object] | None:
    """The join's substitution (None if a premise fills a repeated variable unequally)."""
    values = itertools.chain.from_iterable(p.args for p in premises)
    if not plan.repeats:
        return dict(zip(plan.names, values, strict=True))
    binding: dict[str, object] = {}
    for name, value in zip(plan.names, values, strict=True):
        if binding.setdefault(name, value) != value:
            return None
    return binding
