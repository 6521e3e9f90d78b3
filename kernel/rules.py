"""The rule table (DESIGN §3, paper Table 1) as data.

One table serves every component: the kernel evaluates built-ins concretely, forward
chaining matches premise patterns, the sampler applies rules in reverse and turns
built-ins into Z3 constraints, and ``proofs/`` computes the rules' roles from it.

A rule has premise patterns (atoms whose arguments are variables), built-in
constraints over those variables, an optional negative condition (the frame rule) and
a conclusion pattern. The union rule (3) has one premise pattern that is repeated
n >= 2 times; its variables then stand for lists (``A[i]``, ``q[i]``) and its built-ins
use the list forms ``UnionOf``, ``SumOf`` and ``PairwiseDisjoint``.

Three deliberate extensions of the paper's Table 1, both forced by real problems (the paper
authors' own generator writes them):
- frame rules (6c, 6r, 6q) carry comparisons, rates and comparison equalities across a
  tick exactly as (6) carries counts.
- ``rate`` carries a time like every other fact: "Freeman has 4 glue sticks per backpack"
  holds when it is stated; a timeless rate would re-derive the old count after a transfer
  and make the model numerically inconsistent.
- (5c) is the mirror of (5a), as (1b) mirrors (1a): from "what A1 has more than A2 equals
  what A3 has more than A4" and A1's count, derive A2's count.
"""

from __future__ import annotations

import attrs

from .terms import SIGNATURES


@attrs.frozen(repr=False)
class Var:
    """A variable of a rule; ``kind`` is one of agents, quantity, entity, time."""

    name: str
    kind: str

    def __repr__(self) -> str:
        return self.name


@attrs.frozen(repr=False)
class Const:
    value: int

    def __repr__(self) -> str:
        return str(self.value)


@attrs.frozen(repr=False)
class Add:
    left: Expr
    right: Expr

    def __repr__(self) -> str:
        return f"{self.left!r} + {self.right!r}"


@attrs.frozen(repr=False)
class Sub:
    left: Expr
    right: Expr

    def __repr__(self) -> str:
        return f"{self.left!r} - {self.right!r}"


@attrs.frozen(repr=False)
class Mul:
    left: Expr
    right: Expr

    def __repr__(self) -> str:
        return f"{self.left!r} * {self.right!r}"


@attrs.frozen(repr=False)
class SumOf:
    """The sum of a repeated quantity variable over all copies of the union premise."""

    var: Var

    def __repr__(self) -> str:
        return f"sum({self.var!r}[i])"


@attrs.frozen(repr=False)
class UnionOf:
    """The union of a repeated agent-set variable over all copies of the union premise."""

    var: Var

    def __repr__(self) -> str:
        return f"union({self.var!r}[i])"


Expr = Var | Const | Add | Sub | Mul | SumOf | UnionOf


@attrs.frozen(repr=False)
class Equal:
    """``var = expr``: the variable's value is computed by the built-in."""

    var: Var
    expr: Expr

    def __repr__(self) -> str:
        return f"{self.var!r} = {self.expr!r}"


@attrs.frozen(repr=False)
class AtLeast:
    """``expr >= bound`` over naturals."""

    expr: Expr
    bound: int

    def __repr__(self) -> str:
        return f"{self.expr!r} >= {self.bound}"


@attrs.frozen(repr=False)
class Disjoint:
    """Two agent sets share no agent."""

    left: Var
    right: Var

    def __repr__(self) -> str:
        return f"disjoint({self.left!r}, {self.right!r})"


@attrs.frozen(repr=False)
class PairwiseDisjoint:
    """All copies of a repeated agent-set variable are pairwise disjoint."""

    var: Var

    def __repr__(self) -> str:
        return f"pairwise_disjoint({self.var!r}[i])"


@attrs.frozen(repr=False)
class DifferentPairs:
    """``(a1, a2) != (b1, b2)``."""

    first: tuple[Var, Var]
    second: tuple[Var, Var]

    def __repr__(self) -> str:
        return f"({self.first[0]!r}, {self.first[1]!r}) != ({self.second[0]!r}, {self.second[1]!r})"


Builtin = Equal | AtLeast | Disjoint | PairwiseDisjoint | DifferentPairs


@attrs.frozen(repr=False)
class NoTransferTouching:
    """Closed-world negation: no ``transfer(S, R, _, e, time)`` axiom, for any ``e`` of
    ``entities``, whose S or R shares an agent with any of ``agents``."""

    agents: tuple[Var, ...] = attrs.field(converter=tuple)
    entities: tuple[Var, ...] = attrs.field(converter=tuple)
    time: Var

    def __repr__(self) -> str:
        entities = "|".join(map(repr, self.entities))
        agents = ", ".join(map(repr, self.agents))
        return f"not transfer(S, R, _, {entities}, {self.time!r}) with S or R meeting {agents}"


@attrs.frozen(repr=False)
class Pattern:
    """An atom whose arguments are rule variables."""

    predicate: str
    args: tuple[Var, ...] = attrs.field(converter=tuple)

    def __attrs_post_init__(self) -> None:
        kinds = SIGNATURES[self.predicate]
        if len(kinds) != len(self.args) or any(
                k != v.kind for k, v in zip(kinds, self.args, strict=True)):
            raise ValueError(f"pattern {self!r} does not fit the signature of {self.predicate}")

    def __repr__(self) -> str:
        return f"{self.predicate}({', '.join(map(repr, self.args))})"


@attrs.frozen(repr=False, cache_hash=True)
class Rule:
    """One row of the rule table."""

    id: str
    premises: tuple[Pattern, ...] = attrs.field(converter=tuple)
    builtins: tuple[Builtin, ...] = attrs.field(converter=tuple)
    conclusion: Pattern
    negation: NoTransferTouching | None = None
    repeated: bool = False  # the union rule: premises[0] repeated n >= 2 times

    def __repr__(self) -> str:
        premises = ", ".join(map(repr, self.premises))
        if self.repeated:
            premises = f"{premises} (i = 1..n, n >= 2)"
        side = [repr(b) for b in self.builtins]
        if self.negation is not None:
            side.append(repr(self.negation))
        return f"({self.id}) {premises}; {'; '.join(side)} |- {self.conclusion!r}"


def _vars(names: str, kind: str) -> tuple[Var, ...]:
    """``"A1 A2", "agents"`` -> variables of that kind."""
    return tuple(Var(name, kind) for name in names.split())


A, A1, A2, A3, A4, S, R = _vars("A A1 A2 A3 A4 S R", "agents")
q, q1, q2 = _vars("q q1 q2", "quantity")
e, e2 = _vars("e e2", "entity")
t, t2 = _vars("t t2", "time")


def _p(predicate: str, *args: Var) -> Pattern:
    return Pattern(predicate, args)


RULES: tuple[Rule, ...] = (
    Rule("1a", [_p("cont", A2, q2, e, t), _p("comp", A1, A2, q, e, t)],
         [Equal(q1, Add(q2, q))], _p("cont", A1, q1, e, t)),
    Rule("1b", [_p("cont", A1, q1, e, t), _p("comp", A1, A2, q, e, t)],
         [Equal(q2, Sub(q1, q)), AtLeast(q2, 0)], _p("cont", A2, q2, e, t)),
    Rule("1c", [_p("cont", A1, q1, e, t), _p("cont", A2, q2, e, t)],
         [Equal(q, Sub(q1, q2)), AtLeast(q, 1), Disjoint(A1, A2)], _p("comp", A1, A2, q, e, t)),
    Rule("2a", [_p("cont", R, q1, e, t), _p("transfer", S, R, q, e, t)],
         [Equal(t2, Add(t, Const(1))), Equal(q2, Add(q1, q))], _p("cont", R, q2, e, t2)),
    Rule("2b", [_p("cont", S, q1, e, t), _p("transfer", S, R, q, e, t)],
         [Equal(t2, Add(t, Const(1))), Equal(q2, Sub(q1, q)), AtLeast(q2, 0)],
         _p("cont", S, q2, e, t2)),
    Rule("3", [_p("cont", A1, q1, e, t)],
         [PairwiseDisjoint(A1), Equal(A, UnionOf(A1)), Equal(q, SumOf(q1))],
         _p("cont", A, q, e, t), repeated=True),
    Rule("4", [_p("cont", A, q1, e2, t), _p("rate", A, q, e, e2, t)],
         [Equal(q2, Mul(q1, q))], _p("cont", A, q2, e, t)),
    Rule("5a", [_p("cont", A2, q2, e, t), _p("comp", A3, A4, q, e, t),
                _p("compeq", A1, A2, A3, A4, e, t)],
         [Equal(q1, Add(q2, q))], _p("cont", A1, q1, e, t)),
    Rule("5b", [_p("comp", A1, A2, q, e, t), _p("comp", A3, A4, q, e, t)],
         [DifferentPairs((A1, A2), (A3, A4))], _p("compeq", A1, A2, A3, A4, e, t)),
    Rule("5c", [_p("cont", A1, q1, e, t), _p("comp", A3, A4, q, e, t),
                _p("compeq", A1, A2, A3, A4, e, t)],
         [Equal(q2, Sub(q1, q)), AtLeast(q2, 0)], _p("cont", A2, q2, e, t)),
    # Frame rules: a fact persists to the next tick unless a transfer at this tick touches
    # one of its agents in one of its entities. (6) is the paper's; the others carry
    # comparisons, rates and comparison equalities the same way (a fact stated before a
    # transfer can meet one stated after it, as in the paper authors' own problems).
    Rule("6", [_p("cont", A, q, e, t)],
         [Equal(t2, Add(t, Const(1)))], _p("cont", A, q, e, t2),
         negation=NoTransferTouching((A,), (e,), t)),
    Rule("6c", [_p("comp", A1, A2, q, e, t)],
         [Equal(t2, Add(t, Const(1)))], _p("comp", A1, A2, q, e, t2),
         negation=NoTransferTouching((A1, A2), (e,), t)),
    Rule("6r", [_p("rate", A, q, e, e2, t)],
         [Equal(t2, Add(t, Const(1)))], _p("rate", A, q, e, e2, t2),
         negation=NoTransferTouching((A,), (e, e2), t)),
    Rule("6q", [_p("compeq", A1, A2, A3, A4, e, t)],
         [Equal(t2, Add(t, Const(1)))], _p("compeq", A1, A2, A3, A4, e, t2),
         negation=NoTransferTouching((A1, A2, A3, A4), (e,), t)),
)

RULES_BY_ID: dict[str, Rule] = {rule.id: rule for rule in RULES}

FRAME_RULE_IDS: frozenset[str] = frozenset(r.id for r in RULES if r.negation is not None)


def is_frame_rule(rule_id: str) -> bool:
    """Frame rules only carry a fact across a tick: their copies are the same claim."""
    return rule_id in FRAME_RULE_IDS
UNION_RULE_ID = "3"


def rule(rule_id: str, table: dict[str, Rule] = RULES_BY_ID) -> Rule:
    """The rule ``rule_id`` of ``table`` (by id; the paper's table by default)."""
    if rule_id in table:
        return table[rule_id]
    raise KeyError(f"unknown rule {rule_id!r}; rules are {', '.join(table)}")
