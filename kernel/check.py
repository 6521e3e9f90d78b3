"""The trusted core: programs, theorems and the hyperedge check.

Only this module can create a :class:`Theorem`: either an axiom of a program, or the
conclusion of a rule instance whose premises are theorems of the same program and whose
built-ins hold. Everything else in vlp (chaining, shortest proofs, the sampler, the
transcript checker) is untrusted and goes through :func:`check_hyperedge`.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Any

import attrs
import networkx as nx

from .rules import (
    RULES,
    Add,
    AtLeast,
    Const,
    DifferentPairs,
    Disjoint,
    Equal,
    Expr,
    Mul,
    NoTransferTouching,
    PairwiseDisjoint,
    Rule,
    Sub,
    SumOf,
    UnionOf,
    Var,
)
from .rules import (
    rule as rule_by_id,
)
from .terms import Agents, Atom

AXIOM = "axiom"


@attrs.frozen(cache_hash=True, repr=False)
class Program:
    """A finite set of axioms. Time is bounded by the horizon (max axiom time + 1)."""

    axioms: frozenset[Atom] = attrs.field(converter=frozenset)
    # Derived once at construction: the hyperedge check consults both on every step, and
    # rescanning the axioms each time made chaining quadratic in the program's size.
    _horizon: int = attrs.field(init=False, eq=False, repr=False)
    _transfers: dict[tuple[str, int], tuple[Atom, ...]] = attrs.field(
        init=False, eq=False, repr=False)

    def __attrs_post_init__(self) -> None:
        times = [a.time for a in self.axioms if a.time is not None]
        object.__setattr__(self, "_horizon", max(times, default=0) + 1)
        transfers: dict[tuple[str, int], list[Atom]] = {}
        for a in self.axioms:
            if a.predicate == "transfer":
                transfers.setdefault((a.entity, a.time), []).append(a)  # type: ignore[arg-type]
        object.__setattr__(self, "_transfers", {k: tuple(v) for k, v in transfers.items()})

    @property
    def horizon(self) -> int:
        return self._horizon

    @property
    def last_time(self) -> int:
        """The time queries ask about: the latest time an axiom speaks about (a transfer
        at t speaks about t + 1, its effect; every other axiom about its own time)."""
        return max((a.time + 1 if a.predicate == "transfer" else a.time  # type: ignore[operator]
                    for a in self.axioms if a.time is not None), default=0)

    def transfers_at(self, entity: str, time: int) -> list[Atom]:
        return list(self._transfers.get((entity, time), ()))

    def __repr__(self) -> str:
        return f"Program({len(self.axioms)} axioms, horizon {self.horizon})"


_MINT = object()  # only this module holds the token that mints theorems


@attrs.frozen(repr=False)
class Theorem:
    """An atom proved in a program, with the rule and premises of its last step."""

    atom: Atom
    rule_id: str
    premises: tuple[Atom, ...]
    program: Program = attrs.field(eq=False)
    _token: object = attrs.field(eq=False, alias="_token")

    def __attrs_post_init__(self) -> None:
        if self._token is not _MINT:
            raise TypeError("only the kernel can create a Theorem; use check_hyperedge or axiom")

    def __repr__(self) -> str:
        if self.rule_id == AXIOM:
            return f"|- {self.atom!r}  [axiom]"
        return f"|- {self.atom!r}  [{self.rule_id} from {', '.join(map(repr, self.premises))}]"


@attrs.frozen
class Rejection:
    """Why a hyperedge is not an instance of its rule. ``reason`` is a short code."""

    rule_id: str
    reason: str
    message: str

    def __str__(self) -> str:
        return f"rule {self.rule_id} rejected ({self.reason}): {self.message}"


class KernelError(ValueError):
    """A caller asked the kernel for something impossible (not a rejection of a step)."""


def axiom(program: Program, atom: Atom) -> Theorem:
    if atom not in program.axioms:
        raise KernelError(f"{atom!r} is not an axiom of the program")
    return Theorem(atom, AXIOM, (), program, _token=_MINT)


def check_hyperedge(
    program: Program,
    rule: Rule | str,
    premises: Sequence[Theorem | Atom],
    conclusion: Atom,
) -> Theorem | Rejection:
    """Accept ``premises |- conclusion`` as an instance of ``rule`` or say exactly why not.

    Premises are theorems of ``program`` or axioms of it, given in the order of the
    rule's premise patterns (the union rule takes n >= 2 premises).
    """
    if isinstance(rule, str):
        try:
            rule = rule_by_id(rule)
        except KeyError as error:
            return Rejection(rule, "unknown-rule", str(error.args[0]))
    premise_atoms: list[Atom] = []
    for index, premise in enumerate(premises, 1):
        if isinstance(premise, Theorem):
            if premise.program is not program and premise.program != program:
                return Rejection(rule.id, "unknown-premise", f"premise {index} "
                                 f"{premise.atom!r} is a theorem of another program")
            premise_atoms.append(premise.atom)
        elif premise in program.axioms:
            premise_atoms.append(premise)
        else:
            return Rejection(rule.id, "unknown-premise", f"premise {index} {premise!r} "
                             "is neither an axiom nor a proved theorem")
    failure = _check_instance(program, rule, premise_atoms, conclusion)
    if failure is not None:
        return failure
    return Theorem(conclusion, rule.id, tuple(premise_atoms), program, _token=_MINT)


def _check_instance(
    program: Program, rule: Rule, premises: list[Atom], conclusion: Atom
) -> Rejection | None:
    def reject(reason: str, message: str) -> Rejection:
        return Rejection(rule.id, reason, message)

    if rule.repeated:
        if len(premises) < 2:
            return reject("arity", f"the union rule needs at least 2 premises, got {len(premises)}")
        patterns = [rule.premises[0]] * len(premises)
    else:
        if len(premises) != len(rule.premises):
            return reject("arity", f"rule {rule.id} needs {len(rule.premises)} premises, "
                                   f"got {len(premises)}")
        patterns = list(rule.premises)

    binding: dict[str, Any] = {}
    lists: dict[str, list[Any]] = {}
    where: dict[str, str] = {}
    placed = [(p, a, f"premise {i}", rule.repeated)
              for i, (p, a) in enumerate(zip(patterns, premises, strict=True), 1)]
    placed.append((rule.conclusion, conclusion, "the conclusion", False))
    for pattern, atom, place, repeated in placed:
        if atom.predicate != pattern.predicate:
            return reject("predicate", f"{place} must be a {pattern.predicate} atom, got {atom!r}")
        for var, value in zip(pattern.args, atom.args, strict=True):
            if repeated and var.kind in ("agents", "quantity"):
                # the per-copy arguments of the union rule; entity and time stay shared
                lists.setdefault(var.name, []).append(value)
                continue
            if var.name in binding and binding[var.name] != value:
                return reject("mismatch", f"{var.kind} mismatch: {var.name} is "
                                          f"{_show(binding[var.name])} in {where[var.name]} "
                                          f"but {_show(value)} in {place}")
            binding.setdefault(var.name, value)
            where.setdefault(var.name, place)

    for builtin in rule.builtins:
        failure = _check_builtin(builtin, binding, lists)
        if failure is not None:
            return reject(*failure)
    if rule.negation is not None:
        failure = _check_negation(program, rule.negation, binding)
        if failure is not None:
            return reject("frame-across-transfer", failure)
    if conclusion.time is not None and conclusion.time > program.horizon:
        return reject("horizon", f"time {conclusion.time} of the conclusion is past the "
                                 f"program's horizon {program.horizon}")
    return None


def _show(value: Any) -> str:
    return repr(value) if isinstance(value, Agents) else str(value)


def _evaluate(expr: Expr, binding: dict[str, Any], lists: dict[str, list[Any]]) -> Any:
    if isinstance(expr, Var):
        return binding[expr.name]
    if isinstance(expr, Const):
        return expr.value
    if isinstance(expr, Add):
        return _evaluate(expr.left, binding, lists) + _evaluate(expr.right, binding, lists)
    if isinstance(expr, Sub):
        return _evaluate(expr.left, binding, lists) - _evaluate(expr.right, binding, lists)
    if isinstance(expr, Mul):
        return _evaluate(expr.left, binding, lists) * _evaluate(expr.right, binding, lists)
    if isinstance(expr, SumOf):
        return sum(lists[expr.var.name])
    if isinstance(expr, UnionOf):
        first, *rest = lists[expr.var.name]
        return first.union(rest)
    raise KernelError(f"unknown expression {expr!r}")


def _check_builtin(
    builtin: object, binding: dict[str, Any], lists: dict[str, list[Any]]
) -> tuple[str, str] | None:
    if isinstance(builtin, Equal):
        expected = _evaluate(builtin.expr, binding, lists)
        actual = binding[builtin.var.name]
        if expected != actual:
            reason = {"quantity": "arithmetic", "time": "time", "agents": "union"}[builtin.var.kind]
            return reason, (f"{builtin!r} requires {builtin.var.name} = {_show(expected)}, "
                            f"but the conclusion has {_show(actual)}")
        return None
    if isinstance(builtin, AtLeast):
        value = _evaluate(builtin.expr, binding, lists)
        if value < builtin.bound:
            return "arithmetic", f"{builtin!r} fails: {builtin.expr!r} is {value}"
        return None
    if isinstance(builtin, Disjoint):
        left, right = binding[builtin.left.name], binding[builtin.right.name]
        if not left.isdisjoint(right):
            return "not-disjoint", f"{left!r} and {right!r} share an agent"
        return None
    if isinstance(builtin, PairwiseDisjoint):
        sets = lists[builtin.var.name]
        for i, first in enumerate(sets):
            for second in sets[i + 1:]:
                if not first.isdisjoint(second):
                    return "not-disjoint", f"union premises {first!r} and {second!r} share an agent"
        return None
    if isinstance(builtin, DifferentPairs):
        first = tuple(binding[v.name] for v in builtin.first)
        second = tuple(binding[v.name] for v in builtin.second)
        if first == second:
            return "same-pairs", (f"{builtin!r} fails: both comparisons are between "
                                  f"{_show(first[0])} and {_show(first[1])}")
        return None
    raise KernelError(f"unknown built-in {builtin!r}")


def _check_negation(
    program: Program, negation: NoTransferTouching, binding: dict[str, Any]
) -> str | None:
    time = binding[negation.time.name]
    for entity_var in negation.entities:
        for transfer in program.transfers_at(binding[entity_var.name], time):
            sender, receiver = transfer.args[0], transfer.args[1]
            for agents_var in negation.agents:
                agents: Agents = binding[agents_var.name]
                if not agents.isdisjoint(sender) or not agents.isdisjoint(receiver):
                    return f"the frame rule cannot carry {agents!r} past {transfer!r}"
    return None


def find_clash(atoms: Iterable[Atom]) -> tuple[Atom, Atom] | None:
    """Two atoms that differ only in their quantity (numerical inconsistency), if any."""
    seen: dict[tuple, Atom] = {}
    for atom in atoms:
        if atom.quantity is None:
            continue
        key = atom.consistency_key()
        other = seen.setdefault(key, atom)
        if other != atom:
            return other, atom
    return None


def stratify(rules: Sequence[Rule] = RULES) -> dict[str, int]:
    """A stratum per predicate (negated predicates in strictly lower strata).

    Raises :class:`KernelError` if the rules are not stratified (a cycle through negation).
    """
    graph = nx.DiGraph()
    for r in rules:
        head = r.conclusion.predicate
        graph.add_node(head)
        for premise in r.premises:
            graph.add_edge(premise.predicate, head, negative=graph.get_edge_data(
                premise.predicate, head, {}).get("negative", False))
        if r.negation is not None:
            graph.add_edge("transfer", head, negative=True)
    for component in nx.strongly_connected_components(graph):
        for u, v, data in graph.subgraph(component).edges(data=True):
            if data["negative"]:
                raise KernelError(f"not stratified: {v} depends negatively on {u} inside a cycle")
    condensed = nx.condensation(graph)
    stratum: dict[int, int] = {}
    for node in nx.topological_sort(condensed):
        preds = list(condensed.predecessors(node))
        level = 0
        for p in preds:
            members_p = condensed.nodes[p]["members"]
            members_n = condensed.nodes[node]["members"]
            negative = any(graph.get_edge_data(u, v, {}).get("negative")
                           for u in members_p for v in members_n)
            level = max(level, stratum[p] + (1 if negative else 0))
        stratum[node] = level
    return {pred: stratum[condensed.graph["mapping"][pred]] for pred in graph.nodes}
