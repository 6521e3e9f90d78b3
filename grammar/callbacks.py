"""What the sentence grammar's reductions build: the claims a sentence states, the values
of its names, entities and quantities, and the callbacks (one per rule, one per template)
that make them. ``TableParser`` (``sentences.py``) calls them as the LALR table reduces;
a compiled sentence program (``sentence_programs.py``) writes the same values out."""

from __future__ import annotations

from typing import Any

import attrs

from vlp.kernel import Agents, Claim, Query, normalize_name

from .arithmetic import Arithmetic
from .inflect import to_plural
from .templates import CLAIM_SLOTS, QUESTION, Template, _is_slot


@attrs.frozen
class ParsedClaim:
    """One claim read from a sentence. A partial claim (``template`` of a partial template,
    e.g. "The difference between Dennie and Dianna is 15.") has ``None`` for its entity."""

    claim: Claim
    template: str
    arithmetic: Arithmetic | None = None

    @property
    def complete(self) -> bool:
        return all(a is not None for a in self.claim.args)


CLAIMS, QUESTION_KIND, GROUND, ANSWER, UNPARSED = (
    "claims", "question", "ground", "answer", "unparsed"
)


class _SentenceError(ValueError):
    """A sentence that fits the grammar but not the meaning (e.g. two different entities)."""


@attrs.frozen
class _Quantity:
    value: int
    arithmetic: Arithmetic | None


@attrs.frozen
class _Names:
    names: tuple[str, ...]


@attrs.frozen
class _Entity:
    words: str


class _Token:
    """A lexed word, number or sign (lighter than ``lark.Token``: this is the hot path)."""

    __slots__ = ("type", "value", "start_pos", "end_pos")

    def __init__(self, type: str, value: str, start_pos: int, end_pos: int) -> None:  # noqa: A002
        self.type, self.value, self.start_pos, self.end_pos = type, value, start_pos, end_pos


class _ToClaims:
    """Inline LALR callbacks: each returns the value of its rule (no parse tree is built)."""

    def names(self, items: list[Any]) -> str:  # NAME | names NAME
        return items[0].value if len(items) == 1 else f"{items[0]} {items[1].value}"

    def agent(self, items: list[Any]) -> str:
        return items[0] if len(items) == 1 else f"{items[0]}'s {items[2].value}"

    def agents(self, items: list[Any]) -> _Names:
        return _Names(tuple(i for i in items if isinstance(i, str)))

    def poss_agent(self, items: list[Any]) -> _Names:
        if len(items) == 2:  # names POSS
            return _Names((items[0],))
        return _Names((f"{items[0].names[0]}'s {items[1].value}",))

    def entity(self, items: list[Any]) -> _Entity:
        if len(items) == 1:
            return _Entity(items[0].value)
        return _Entity(" ".join(i.value if isinstance(i, _Token) else i.words for i in items))

    def quantity(self, items: list[_Token]) -> _Quantity:
        return _Quantity(int(items[0].value), None)

    def arithmetic(self, items: list[_Token]) -> _Quantity:
        numbers = [int(t.value) for t in items if t.type == "NUMBER"]
        operators = tuple(t.value for t in items if t.type == "OP")
        span = (items[0].start_pos, items[-1].end_pos)
        return _Quantity(numbers[-1], Arithmetic(tuple(numbers[:-1]), operators, numbers[-1], span))

    def total(self, _items: list[_Token]) -> None:
        return None

    def lead(self, _items: list[_Token]) -> None:
        return None

    def clauses(self, items: list[Any]) -> list[ParsedClaim]:
        claims: list[ParsedClaim] = []
        for item in items:
            if isinstance(item, ParsedClaim):
                claims.append(item)
            elif isinstance(item, list):
                claims.extend(item)
        return claims

    def statements(self, items: list[Any]) -> tuple[str, tuple[ParsedClaim, ...]]:
        return CLAIMS, tuple(items[-1])

    def question_sentence(self, items: list[Any]) -> tuple[str, Query]:
        return QUESTION_KIND, items[0]

    def ground_sentence(self, items: list[Any]) -> tuple[str, Query]:
        parsed = next(i for i in items if isinstance(i, ParsedClaim))
        if not parsed.complete:
            raise _SentenceError("a query to prove must name its entity")
        return GROUND, _as_query(parsed.claim)

    def sentence(self, items: list[Any]) -> Any:
        return items[0]

    def start(self, items: list[Any]) -> Any:
        return items[0]


def two_values_error(name: str, first: Any, second: Any) -> _SentenceError:
    return _SentenceError(f"the sentence names two different {name}: {first!r} and {second!r}")


def _as_query(claim: Claim) -> Query:
    return Query(claim.predicate, tuple(claim.at(0).args[:-1]) + (None,))


def _template_callback(template: Template) -> Any:
    slot_tokens = [t for t in template.tokens if _is_slot(t) and t != "{total}"]
    # per slot: its name in the claim, and whether an entity there is read as a plural
    slots_read = [(t[1:-1].rstrip("!*1").removesuffix("'s"), t) for t in slot_tokens]
    claim_slots = CLAIM_SLOTS[template.predicate]
    is_question = template.kind == QUESTION

    # per slot: its name, whether an entity there is plural, or plural when the count is 1
    slot_plans = [(name, token == "{c1}", token == "{e}") for name, token in slots_read]

    def build(items: list[Any]) -> ParsedClaim | Query:
        values = [i for i in items if i.__class__ in _SLOT_VALUE_TYPES]
        slots: dict[str, Any] = {}
        quantity = next((v for v in values if v.__class__ is _Quantity), None)
        for (name, plural, plural_if_one), value in zip(slot_plans, values, strict=False):
            kind = value.__class__
            if kind is str:
                value = _agents((value,))
            elif kind is _Entity:
                value = _entity(value.words, plural or (
                    plural_if_one and quantity is not None and quantity.value == 1))
            elif kind is _Names:
                value = _agents(value.names)
            else:
                value = value.value
            if name in slots and slots[name] != value:
                raise two_values_error(name, slots[name], value)
            slots[name] = value
        args = tuple(map(slots.get, claim_slots))
        if is_question:
            return Query(template.predicate, args + (None,))  # time: the question's
        return ParsedClaim(Claim(template.predicate, args), template.id,
                           quantity.arithmetic if quantity else None)

    # what a compiled sentence program needs to write this callback out (sentence_programs)
    build.template_plan = (template.predicate, template.id, tuple(slot_plans),  # type: ignore[attr-defined]
                           claim_slots, is_question)
    return build


# Names and entities recur in every sentence of a problem: each spelling is normalized and
# checked by the kernel once (the values are immutable, so sharing them is safe)
_AGENTS: dict[tuple[str, ...], Agents] = {}
_ENTITIES: dict[tuple[str, bool], str] = {}
_MAX_INTERNED = 1 << 16


def _agents(names: tuple[str, ...]) -> Agents:
    found = _AGENTS.get(names)
    if found is None:
        found = Agents(frozenset(names))  # raises ValueError for a name the kernel refuses
        if len(_AGENTS) >= _MAX_INTERNED:
            _AGENTS.clear()
        _AGENTS[names] = found
    return found


def _entity(words: str, plural: bool) -> str:
    key = (words, plural)
    found = _ENTITIES.get(key)
    if found is None:
        found = to_plural(normalize_name(words)) if plural else normalize_name(words)
        if len(_ENTITIES) >= _MAX_INTERNED:
            _ENTITIES.clear()
        _ENTITIES[key] = found
    return found


_SLOT_VALUE_TYPES = frozenset({_Names, _Quantity, _Entity, str})  # what fills a slot


