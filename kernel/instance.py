"""Rule instances: the one place where a rule of the table meets ground atoms.

:func:`bind` matches atoms against a rule's patterns and yields a substitution;
:func:`evaluate` computes a built-in expression under it; :func:`solve` completes a
substitution from the premises alone (the variables the built-ins define) and checks the
remaining built-ins, which is how a conclusion is drawn. Every reader of the table
(the kernel's check, chaining, the transcript checker, the verbalizer) goes through these
functions, so a rule changes in the table and nowhere else.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

import attrs

from .rules import (
    Add,
    AtLeast,
    Builtin,
    Const,
    DifferentPairs,
    Disjoint,
    Equal,
    Expr,
    Mul,
    PairwiseDisjoint,
    Pattern,
    Rule,
    Sub,
    SumOf,
    UnionOf,
    Var,
    is_frame_rule,
)
from .terms import Agents, Atom

# A substitution: rule-variable name -> value. The union rule's per-copy variables
# (agents and quantity of the repeated premise) map to the tuple of their values.
Binding = dict[str, Any]
# Why an instance fails: a reason code and a message built only when someone reads it.
Failure = tuple[str, Callable[[], str]]


@attrs.frozen(cache_hash=True, order=False, repr=False)
class Hyperedge:
    """One rule application: ``premises |- conclusion`` (premises in pattern order)."""

    rule_id: str
    premises: tuple[Atom, ...] = attrs.field(converter=tuple)
    conclusion: Atom

    @property
    def is_frame(self) -> bool:
        return is_frame_rule(self.rule_id)

    def to_json(self) -> dict[str, object]:
        return {"rule": self.rule_id, "premises": [str(p) for p in self.premises],
                "conclusion": str(self.conclusion)}

    def __repr__(self) -> str:
        return f"[{self.rule_id}] {', '.join(map(str, self.premises))} |- {self.conclusion}"

    __str__ = __repr__


def patterns(rule: Rule, count: int) -> tuple[Pattern, ...]:
    """The premise patterns for ``count`` premises (the union rule repeats its one)."""
    return (rule.premises[0],) * count if rule.repeated else rule.premises


def show(value: Any) -> str:
    return repr(value) if isinstance(value, Agents) else str(value)


def _bind(rule: Rule, premises: Sequence[Atom], conclusion: Atom | None,
          binding: Binding) -> Failure | None:
    if rule.repeated:
        if len(premises) < 2:
            return "arity", lambda: (f"the union rule needs at least 2 premises, "
                                     f"got {len(premises)}")
    elif len(premises) != len(rule.premises):
        return "arity", lambda: (f"rule {rule.id} needs {len(rule.premises)} premises, "
                                 f"got {len(premises)}")
    placed = list(zip(patterns(rule, len(premises)), premises, strict=True))
    if conclusion is not None:
        placed.append((rule.conclusion, conclusion))
    count = len(premises)
    for index, (pattern, atom) in enumerate(placed, 1):
        if atom.predicate != pattern.predicate:
            return "predicate", lambda p=pattern, a=atom, i=index: (
                f"{_place(i, count)} must be a {p.predicate} atom, got {a!r}")
        per_copy = rule.repeated and index <= count
        for var, value in zip(pattern.args, atom.args, strict=True):
            name = var.name
            if per_copy and var.kind in ("agents", "quantity"):
                # the per-copy arguments of the union rule; entity and time stay shared
                binding[name] = (*binding.get(name, ()), value)
                continue
            bound = binding.setdefault(name, value)
            if bound is not value and bound != value:
                return "mismatch", lambda v=var, b=bound, x=value, i=index: (
                    f"{v.kind} mismatch: {v.name} is {show(b)} in "
                    f"{_place(_first(placed, v), count)} but {show(x)} in {_place(i, count)}")
    return None


def _first(placed: list[tuple[Pattern, Atom]], var: Var) -> int:
    return next(i for i, (p, _) in enumerate(placed, 1) if var in p.args)


def _place(index: int, count: int) -> str:
    return f"premise {index}" if index <= count else "the conclusion"


def bind(rule: Rule, premises: Sequence[Atom], conclusion: Atom | None = None
         ) -> Binding | Failure:
    """The substitution that matches ``premises`` (and the conclusion, if given) against
    the rule's patterns, or the failure (a reason code and a message thunk)."""
    binding: Binding = {}
    failure = _bind(rule, premises, conclusion, binding)
    return binding if failure is None else failure


def evaluate(expr: Expr, binding: Binding) -> Any:
    """The value of a built-in expression under a substitution, concretely."""
    if isinstance(expr, Var):
        return binding[expr.name]
    if isinstance(expr, Const):
        return expr.value
    if isinstance(expr, Add):
        return evaluate(expr.left, binding) + evaluate(expr.right, binding)
    if isinstance(expr, Sub):
        return evaluate(expr.left, binding) - evaluate(expr.right, binding)
    if isinstance(expr, Mul):
        return evaluate(expr.left, binding) * evaluate(expr.right, binding)
    if isinstance(expr, SumOf):
        return sum(binding[expr.var.name])
    if isinstance(expr, UnionOf):
        first, *rest = binding[expr.var.name]
        return first.union(rest)
    raise TypeError(f"unknown expression {expr!r}")


_EQUAL_REASONS = {"quantity": "arithmetic", "time": "time", "agents": "union"}


def check_builtin(builtin: Builtin, binding: Binding) -> Failure | None:
    """Does ``builtin`` hold under a substitution that binds all its variables?"""
    if isinstance(builtin, Equal):
        expected, actual = evaluate(builtin.expr, binding), binding[builtin.var.name]
        if expected == actual:
            return None
        return _EQUAL_REASONS[builtin.var.kind], lambda: (
            f"{builtin!r} requires {builtin.var.name} = {show(expected)}, "
            f"but the conclusion has {show(actual)}")
    if isinstance(builtin, AtLeast):
        value = evaluate(builtin.expr, binding)
        if value >= builtin.bound:
            return None
        return "arithmetic", lambda: f"{builtin!r} fails: {builtin.expr!r} is {value}"
    if isinstance(builtin, Disjoint):
        left, right = binding[builtin.left.name], binding[builtin.right.name]
        if left.isdisjoint(right):
            return None
        return "not-disjoint", lambda: f"{left!r} and {right!r} share an agent"
    if isinstance(builtin, PairwiseDisjoint):
        sets = binding[builtin.var.name]
        for i, first in enumerate(sets):
            for second in sets[i + 1:]:
                if not first.isdisjoint(second):
                    return "not-disjoint", lambda f=first, s=second: (
                        f"union premises {f!r} and {s!r} share an agent")
        return None
    if isinstance(builtin, DifferentPairs):
        first = tuple(binding[v.name] for v in builtin.first)
        if first != tuple(binding[v.name] for v in builtin.second):
            return None
        return "same-pairs", lambda: (f"{builtin!r} fails: both comparisons are between "
                                      f"{show(first[0])} and {show(first[1])}")
    raise TypeError(f"unknown built-in {builtin!r}")


def solve(rule: Rule, binding: Binding) -> Failure | None:
    """Complete a substitution of the premises: each ``Equal`` whose variable is still
    unbound defines it; every other built-in must hold. Mutates ``binding``."""
    for builtin in rule.builtins:
        if isinstance(builtin, Equal) and builtin.var.name not in binding:
            binding[builtin.var.name] = evaluate(builtin.expr, binding)
            continue
        failure = check_builtin(builtin, binding)
        if failure is not None:
            return failure
    return None


def instantiate(pattern: Pattern, binding: Binding) -> Atom:
    """The ground atom a pattern denotes under a complete substitution."""
    return Atom(pattern.predicate, tuple(binding[v.name] for v in pattern.args))
