"""Rule instances: the one place where a rule of the table meets ground atoms.

:func:`bind` matches atoms against a rule's patterns and yields a substitution;
:func:`evaluate` computes a built-in expression under it; :func:`solve` completes a
substitution from the premises alone (the variables the built-ins define) and checks the
remaining built-ins, which is how a conclusion is drawn. Every reader of the table
(the kernel's check, chaining, the transcript checker, the verbalizer) goes through these
functions, so a rule changes in the table and nowhere else.
"""

from __future__ import annotations

import operator
from collections.abc import Callable, Sequence
from typing import Any

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
)
from .terms import Atom
from .terms import format_term as show

# A substitution: rule-variable name -> value. The union rule's per-copy variables
# (agents and quantity of the repeated premise) map to the tuple of their values.
Binding = dict[str, Any]
# Why an instance fails: a reason code and a message built only when someone reads it.
Failure = tuple[str, Callable[[], str]]


def patterns(rule: Rule, count: int) -> tuple[Pattern, ...]:
    """The premise patterns for ``count`` premises (the union rule repeats its one)."""
    return (rule.premises[0],) * count if rule.repeated else rule.premises


def _bind(rule: Rule, premises: Sequence[Atom], conclusion: Atom | None,
          binding: Binding) -> Failure | None:
    count = len(premises)
    if rule.repeated:
        if count < 2:
            return "arity", lambda: f"the union rule needs at least 2 premises, got {count}"
    elif count != len(rule.premises):
        return "arity", lambda: f"rule {rule.id} needs {len(rule.premises)} premises, got {count}"
    atoms = premises if conclusion is None else (*premises, conclusion)
    placed = patterns(rule, count) if conclusion is None else (
        *patterns(rule, count), rule.conclusion)
    for index, (pattern, atom) in enumerate(zip(placed, atoms, strict=True), 1):
        if atom.predicate != pattern.predicate:
            return "predicate", lambda p=pattern, a=atom, i=index: (
                f"{_place(i, count)} must be a {p.predicate} atom, got {a!r}")
    if rule.repeated:
        return _bind_union(list(zip(placed, atoms, strict=True)), count, binding)
    first, again = _compiled(_SLOTS, rule, _slots)[conclusion is not None]
    binding.update({name: atoms[index].args[position] for index, position, name in first})
    for index, position, name in again:
        value, bound = atoms[index].args[position], binding[name]
        if bound is not value and bound != value:
            return _mismatch(list(zip(placed, atoms, strict=True)), count, index + 1, name,
                             bound, value)
    return None


def _bind_union(placed: list[tuple[Pattern, Atom]], count: int, binding: Binding
                ) -> Failure | None:
    for index, (pattern, atom) in enumerate(placed, 1):
        for var, value in zip(pattern.args, atom.args, strict=True):
            if index <= count and var.kind in ("agents", "quantity"):
                # the per-copy arguments of the union rule; entity and time stay shared
                binding[var.name] = (*binding.get(var.name, ()), value)
                continue
            bound = binding.setdefault(var.name, value)
            if bound is not value and bound != value:
                return _mismatch(placed, count, index, var.name, bound, value)
    return None


def _mismatch(placed: list[tuple[Pattern, Atom]], count: int, index: int, name: str,
              bound: Any, value: Any) -> Failure:
    first, kind = next((i, v.kind) for i, (p, _) in enumerate(placed, 1)
                       for v in p.args if v.name == name)
    return "mismatch", lambda: (f"{kind} mismatch: {name} is {show(bound)} in "
                                f"{_place(first, count)} but {show(value)} in "
                                f"{_place(index, count)}")


def _place(index: int, count: int) -> str:
    return f"premise {index}" if index <= count else "the conclusion"


# Compiled once per rule, pattern and expression: matching, evaluating and instantiating
# run on every chaining step, and interpreting the patterns and expression trees each time
# made the kernel the chainer's bottleneck.
Slots = tuple[tuple[int, int, str], ...]
_SLOTS: dict[int, tuple[Rule, tuple[tuple[Slots, Slots], tuple[Slots, Slots]]]] = {}
_FUNCTIONS: dict[int, tuple[Expr, Callable[[Binding], Any]]] = {}
_STEPS: dict[int, tuple[Rule, tuple[tuple[str | None, Callable[[Binding], Any] | None,
                                          Builtin], ...]]] = {}
_VALUES: dict[int, tuple[Pattern, Callable[[Binding], tuple]]] = {}


def _compiled(cache: dict[int, tuple[Any, Any]], source: Any, make: Callable[[Any], Any]) -> Any:
    """``make(source)``, made once per object (kept with it, so its id stays unique)."""
    cached = cache.get(id(source))
    if cached is None or cached[0] is not source:
        cached = cache[id(source)] = (source, make(source))
    return cached[1]


def _slots(rule: Rule) -> tuple[tuple[Slots, Slots], tuple[Slots, Slots]]:
    """(pattern index, argument position, variable) of each variable's first place and of
    its later places, for the premises, and for the premises and the conclusion."""
    placed = (*rule.premises, rule.conclusion)
    slots = [(i, j, v.name) for i, p in enumerate(placed) for j, v in enumerate(p.args)]
    split = []
    for part in (slots[:-len(rule.conclusion.args)], slots):
        names = [name for _, _, name in part]
        first = tuple(s for k, s in enumerate(part) if names.index(s[2]) == k)
        split.append((first, tuple(s for s in part if s not in first)))
    return split[0], split[1]


def bind(rule: Rule, premises: Sequence[Atom], conclusion: Atom | None = None
         ) -> Binding | Failure:
    """The substitution that matches ``premises`` (and the conclusion, if given) against
    the rule's patterns, or the failure (a reason code and a message thunk)."""
    binding: Binding = {}
    failure = _bind(rule, premises, conclusion, binding)
    return binding if failure is None else failure


def evaluator(expr: Expr) -> Callable[[Binding], Any]:
    """:func:`evaluate` for one expression, compiled once (for callers in a hot loop)."""
    return _compiled(_FUNCTIONS, expr, _compile)


def _compile(expr: Expr) -> Callable[[Binding], Any]:
    if isinstance(expr, Var):
        return operator.itemgetter(expr.name)
    if isinstance(expr, Const):
        value = expr.value
        return lambda _binding: value
    if isinstance(expr, Add | Sub | Mul):
        left, right = _compile(expr.left), _compile(expr.right)
        apply = {Add: operator.add, Sub: operator.sub, Mul: operator.mul}[type(expr)]
        return lambda binding: apply(left(binding), right(binding))
    if isinstance(expr, SumOf):
        values = operator.itemgetter(expr.var.name)
        return lambda binding: sum(values(binding))
    if isinstance(expr, UnionOf):
        sets = operator.itemgetter(expr.var.name)
        return lambda binding: sets(binding)[0].union(sets(binding)[1:])
    raise TypeError(f"unknown expression {expr!r}")


def evaluate(expr: Expr, binding: Binding) -> Any:
    """The value of a built-in expression under a substitution, concretely."""
    return evaluator(expr)(binding)


_EQUAL_REASONS = {"quantity": "arithmetic", "time": "time", "agents": "union"}


def check_builtin(builtin: Builtin, binding: Binding) -> Failure | None:
    """Does ``builtin`` hold under a substitution that binds all its variables?"""
    if isinstance(builtin, Equal):
        expected, actual = evaluator(builtin.expr)(binding), binding[builtin.var.name]
        if expected == actual:
            return None
        return _EQUAL_REASONS[builtin.var.kind], lambda: (
            f"{builtin!r} requires {builtin.var.name} = {show(expected)}, "
            f"but the conclusion has {show(actual)}")
    if isinstance(builtin, AtLeast):
        value = evaluator(builtin.expr)(binding)
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
    for defined, function, builtin in _compiled(_STEPS, rule, _steps):
        if defined is not None and defined not in binding:
            binding[defined] = function(binding)  # type: ignore[misc]
            continue
        failure = check_builtin(builtin, binding)
        if failure is not None:
            return failure
    return None


def _steps(rule: Rule) -> tuple[tuple[str | None, Callable[[Binding], Any] | None, Builtin], ...]:
    return tuple((b.var.name, evaluator(b.expr), b) if isinstance(b, Equal) else (None, None, b)
                 for b in rule.builtins)


def instantiate(pattern: Pattern, binding: Binding) -> Atom:
    """The ground atom a pattern denotes under a complete substitution."""
    return Atom(pattern.predicate, _compiled(_VALUES, pattern, _values)(binding))


def _values(pattern: Pattern) -> Callable[[Binding], tuple]:
    return operator.itemgetter(*(v.name for v in pattern.args))  # >= 2 arguments: a tuple
