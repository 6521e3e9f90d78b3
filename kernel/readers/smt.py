"""A rule's quantity built-ins as SMT-LIB terms, for the sampler's Z3 model search.

Text, not Python-API terms: Z3 parses one script per problem much faster than it builds
terms one call at a time, and the kernel then needs no z3 import at all.
"""

from __future__ import annotations

from collections.abc import Mapping

from ..rules import Add, AtLeast, Const, Equal, Expr, Mul, Rule, Sub, SumOf, Var

_OPERATORS = {Add: "+", Sub: "-", Mul: "*"}


def _term(expr: Expr, names: Mapping[str, str | tuple[str, ...]]) -> str:
    if isinstance(expr, Var):
        return names[expr.name]  # type: ignore[return-value]
    if isinstance(expr, Const):
        return str(expr.value)
    if isinstance(expr, SumOf):
        return f"(+ {' '.join(names[expr.var.name])})"
    if isinstance(expr, Add | Sub | Mul):
        return f"({_OPERATORS[type(expr)]} {_term(expr.left, names)} {_term(expr.right, names)})"
    raise TypeError(f"no SMT-LIB form for {expr!r}")


def to_smt(rule: Rule, names: Mapping[str, str | tuple[str, ...]]) -> list[str]:
    """The rule's built-ins over quantities as SMT-LIB assertions (without ``assert``),
    naming each quantity variable by ``names`` (the union rule's repeated one by a tuple):
    ``(= q1 (+ q2 q))``, ``(>= q2 0)``."""
    terms = []
    for builtin in rule.builtins:
        if isinstance(builtin, Equal) and builtin.var.kind == "quantity":
            terms.append(f"(= {names[builtin.var.name]} {_term(builtin.expr, names)})")
        elif isinstance(builtin, AtLeast):
            terms.append(f"(>= {_term(builtin.expr, names)} {builtin.bound})")
    return terms
