"""Conveniences over the terms that need no trust: query patterns (atoms with unknowns)
and atom constructors that normalize names (``cont("Alice", 3, "Apples", 0)``)."""

from __future__ import annotations

from collections.abc import Iterable

import attrs

from ..terms import SIGNATURES, Agents, Atom, Term, check_args, format_term, normalize_name


def last_time(axioms: Iterable[Atom]) -> int:
    """The time queries ask about: the latest time an axiom speaks about (a transfer at t
    speaks about t + 1, its effect; every other axiom about its own time)."""
    return max((time + 1 if a.predicate == "transfer" else time  # type: ignore[operator]
                for a in axioms if (time := a.time) is not None), default=0)


@attrs.frozen(repr=False)
class Query:
    """An atom pattern whose ``None`` arguments are unknowns, e.g. ``cont({eddie}, ?, parrots, ?)``.

    A query with no unknowns is ground ("Show that Yanick has 5 drones.").
    """

    predicate: str
    args: tuple[Term | None, ...] = attrs.field(converter=tuple)

    def __attrs_post_init__(self) -> None:
        check_args(self.predicate, self.args, allow_unknown=True)

    @property
    def is_ground(self) -> bool:
        return all(a is not None for a in self.args)

    def matches(self, atom: Atom) -> bool:
        return atom.predicate == self.predicate and all(
            q is None or q == a for q, a in zip(self.args, atom.args, strict=True)
        )

    @property
    def entity(self) -> str:
        return self.args[SIGNATURES[self.predicate].index("entity")]  # type: ignore[return-value]

    @property
    def agent_sets(self) -> tuple[Agents, ...]:
        return tuple(a for a in self.args if isinstance(a, Agents))

    def as_atom(self) -> Atom:
        if not self.is_ground:
            raise ValueError(f"query {self!r} has unknowns")
        return Atom(self.predicate, self.args)  # type: ignore[arg-type]

    def __repr__(self) -> str:
        return f"{self.predicate}({', '.join(format_term(a) for a in self.args)})"

    __str__ = __repr__


def cont(agents: Agents | Iterable[str] | str, quantity: int, entity: str, time: int) -> Atom:
    """Convenience constructor: ``cont("alice", 3, "apples", 0)``."""
    return Atom("cont", (_agents(agents), quantity, normalize_name(entity), time))


def comp(a1: Agents | Iterable[str] | str, a2: Agents | Iterable[str] | str, quantity: int,
         entity: str, time: int) -> Atom:
    return Atom("comp", (_agents(a1), _agents(a2), quantity, normalize_name(entity), time))


def transfer(sender: Agents | Iterable[str] | str, receiver: Agents | Iterable[str] | str,
             quantity: int, entity: str, time: int) -> Atom:
    return Atom(
        "transfer", (_agents(sender), _agents(receiver), quantity, normalize_name(entity), time)
    )


def rate(agents: Agents | Iterable[str] | str, quantity: int, entity: str, container: str,
         time: int) -> Atom:
    """``rate(A, q, e, c, t)``: at time t each of A's c holds q e.

    A rate holds at the time it is stated: once e or c is transferred, the old rate no
    longer describes A's holdings, so a timeless rate would re-derive stale counts.
    """
    return Atom(
        "rate",
        (_agents(agents), quantity, normalize_name(entity), normalize_name(container), time),
    )


def compeq(a1: Agents | Iterable[str] | str, a2: Agents | Iterable[str] | str,
           a3: Agents | Iterable[str] | str, a4: Agents | Iterable[str] | str,
           entity: str, time: int) -> Atom:
    return Atom(
        "compeq",
        (_agents(a1), _agents(a2), _agents(a3), _agents(a4), normalize_name(entity), time),
    )


def _agents(value: Agents | Iterable[str] | str) -> Agents:
    if isinstance(value, Agents):
        return value
    if isinstance(value, str):
        return Agents.of(value)
    return Agents(frozenset(value))
