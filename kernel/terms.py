"""Terms and atoms of verbalized logic programs (DESIGN §2).

Values are frozen attrs classes: hashable, comparable and with a readable ``repr``
in the canonical text form, e.g. ``cont({alice}, 3, apples, 0)``.
"""

from __future__ import annotations

import operator
import unicodedata
from collections.abc import Iterable

import attrs

# Argument kinds of each predicate, in order. "agents" is a non-empty set of agent
# names, "entity" a plural noun, "quantity" and "time" natural numbers.
SIGNATURES: dict[str, tuple[str, ...]] = {
    "cont": ("agents", "quantity", "entity", "time"),
    "comp": ("agents", "agents", "quantity", "entity", "time"),
    "transfer": ("agents", "agents", "quantity", "entity", "time"),
    "rate": ("agents", "quantity", "entity", "entity", "time"),
    "compeq": ("agents", "agents", "agents", "agents", "entity", "time"),
}

PREDICATES: tuple[str, ...] = tuple(SIGNATURES)
# (predicate, kind) -> where its first argument of that kind is; the arguments but the quantity
_AT = {(p, k): kinds.index(k) for p, kinds in SIGNATURES.items() for k in kinds}
_NOT_QUANTITY = {p: operator.itemgetter(*(i for i, k in enumerate(kinds) if k != "quantity"))
                 for p, kinds in SIGNATURES.items()}


def normalize_name(name: str) -> str:
    """Agent and entity names compare case-insensitively, with single spaces, in Unicode's
    composed form (NFC: an ``é`` typed as ``e`` and an accent is the same name)."""
    return " ".join(unicodedata.normalize("NFC", name).replace("\u2019", "'").split()).lower()


@attrs.frozen(order=True, repr=False, cache_hash=True)
class Agents:
    """A non-empty set of agent names, e.g. ``{alice, bob}``."""

    names: frozenset[str] = attrs.field(converter=lambda ns: frozenset(map(normalize_name, ns)))

    @names.validator
    def _check(self, _attribute: attrs.Attribute, value: frozenset[str]) -> None:
        if not value or any(not n for n in value):
            raise ValueError("an agent set must name at least one agent")
        if any(c in n for n in value for c in "{},()?"):
            raise ValueError(f"agent names may not contain braces, commas or '?': {sorted(value)}")

    @classmethod
    def of(cls, *names: str) -> Agents:
        return cls(frozenset(names))

    def sorted_names(self) -> list[str]:
        return sorted(self.names)

    def isdisjoint(self, other: Agents) -> bool:
        return self.names.isdisjoint(other.names)

    def union(self, others: Iterable[Agents]) -> Agents:
        return Agents(self.names.union(*(other.names for other in others)))

    def __len__(self) -> int:
        return len(self.names)

    def __repr__(self) -> str:
        return "{" + ", ".join(self.sorted_names()) + "}"

    __str__ = __repr__


Term = Agents | str | int


def format_term(term: Term | None) -> str:
    return "?" if term is None else repr(term) if isinstance(term, Agents) else str(term)


def check_args(predicate: str, args: tuple, allow_unknown: bool) -> None:
    if predicate not in SIGNATURES:
        raise ValueError(
            f"unknown predicate {predicate!r}; expected one of {', '.join(PREDICATES)}")
    kinds = SIGNATURES[predicate]
    if len(args) != len(kinds):
        raise ValueError(f"{predicate} takes {len(kinds)} arguments, got {len(args)}")
    for kind, arg in zip(kinds, args, strict=True):
        if arg is None and allow_unknown:
            continue
        if kind == "agents" and not isinstance(arg, Agents):
            raise ValueError(f"{predicate}: expected an agent set, got {arg!r}")
        if kind == "entity" and not (isinstance(arg, str) and arg and arg == normalize_name(arg)):
            raise ValueError(f"{predicate}: expected a normalized entity name, got {arg!r}")
        if kind in ("quantity", "time") and not (type(arg) is int and arg >= 0):  # no bool
            raise ValueError(f"{predicate}: expected a natural number for {kind}, got {arg!r}")


@attrs.frozen(order=True, repr=False, cache_hash=True)
class Atom:
    """A ground atom ``predicate(args)`` of one of the five predicates."""

    predicate: str
    args: tuple[Term, ...] = attrs.field(converter=tuple)

    def __attrs_post_init__(self) -> None:
        check_args(self.predicate, self.args, allow_unknown=False)

    @property
    def time(self) -> int | None:
        at = _AT.get((self.predicate, "time"))
        return None if at is None else self.args[at]  # type: ignore[return-value]

    @property
    def quantity(self) -> int | None:
        at = _AT.get((self.predicate, "quantity"))
        return None if at is None else self.args[at]  # type: ignore[return-value]

    @property
    def entity(self) -> str:
        return self.args[_AT[(self.predicate, "entity")]]  # type: ignore[return-value]

    @property
    def agent_sets(self) -> tuple[Agents, ...]:
        return tuple(a for a in self.args if isinstance(a, Agents))

    def _kinds_and_args(self) -> zip[tuple[str, Term]]:
        return zip(SIGNATURES[self.predicate], self.args, strict=True)

    def claim(self) -> Claim:
        """The atom with its time erased: what a sentence can say (DESIGN §4)."""
        return Claim(self.predicate, tuple(a for k, a in self._kinds_and_args() if k != "time"))

    def with_time(self, time: int) -> Atom:
        pairs = self._kinds_and_args()
        return Atom(self.predicate, tuple(time if k == "time" else a for k, a in pairs))

    def with_quantity(self, quantity: int) -> Atom:
        pairs = self._kinds_and_args()
        return Atom(self.predicate, tuple(quantity if k == "quantity" else a for k, a in pairs))

    def consistency_key(self) -> tuple:
        """The atom with its quantity erased: two theorems with one key must agree."""
        return (self.predicate, *_NOT_QUANTITY[self.predicate](self.args))

    def __repr__(self) -> str:
        return f"{self.predicate}({', '.join(format_term(a) for a in self.args)})"

    __str__ = __repr__


@attrs.frozen(order=True, repr=False, cache_hash=True)
class Claim:
    """An atom with its time erased. Claims are what sentences denote and what is counted."""

    predicate: str
    args: tuple[Term, ...] = attrs.field(converter=tuple)

    @property
    def quantity(self) -> int | None:
        kinds = [k for k in SIGNATURES[self.predicate] if k != "time"]
        return self.args[kinds.index("quantity")] if "quantity" in kinds else None  # type: ignore[return-value]

    @property
    def entity(self) -> str:
        kinds = [k for k in SIGNATURES[self.predicate] if k != "time"]
        return self.args[kinds.index("entity")]  # type: ignore[return-value]

    @property
    def agent_sets(self) -> tuple[Agents, ...]:
        return tuple(a for a in self.args if isinstance(a, Agents))

    def at(self, time: int) -> Atom:
        """The atom this claim denotes at ``time`` (ignored for timeless predicates)."""
        kinds = SIGNATURES[self.predicate]
        it = iter(self.args)
        return Atom(self.predicate, tuple(time if k == "time" else next(it) for k in kinds))

    def __repr__(self) -> str:
        return f"{self.predicate}({', '.join(format_term(a) for a in self.args)})"

    __str__ = __repr__
