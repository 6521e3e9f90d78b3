"""Parse the canonical text form of atoms and queries (grammar in ``canonical.lark``)."""

from __future__ import annotations

from functools import cache, lru_cache
from importlib.resources import files

from lark import Lark, Token, Transformer, UnexpectedInput

from vlp.kernel import Agents, Atom, Query, normalize_name


class CanonicalSyntaxError(ValueError):
    """Bad canonical atom text; ``line`` and ``column`` are 1-based when known."""

    def __init__(self, message: str, line: int | None = None, column: int | None = None):
        super().__init__(message)
        self.line = line
        self.column = column


_UNKNOWN = object()


class _ToQuery(Transformer):
    def agents(self, items: list[Token]) -> Agents:
        return Agents(frozenset(str(item) for item in items))

    def number(self, items: list[Token]) -> int:
        return int(items[0])

    def unknown(self, _items: list[Token]) -> object:
        return _UNKNOWN

    def word(self, items: list[Token]) -> str:
        return normalize_name(str(items[0]))

    def atom(self, items: list) -> Query:
        predicate, *args = items
        args = [a for a in args if a is not None]
        return Query(str(predicate), tuple(None if a is _UNKNOWN else a for a in args))

    def start(self, items: list) -> Query:
        return items[0]


@cache
def _parser() -> Lark:
    grammar = (files("vlp.grammar") / "canonical.lark").read_text(encoding="utf-8")
    return Lark(grammar, parser="lalr", transformer=_ToQuery())


@lru_cache(maxsize=65536)  # records repeat atoms; Query is immutable, so sharing is safe
def parse_query(text: str) -> Query:
    """Parse ``cont({eddie}, ?, parrots, ?)`` (or a ground atom) into a :class:`Query`."""
    try:
        return _parser().parse(text)  # type: ignore[return-value]
    except UnexpectedInput as error:
        line, column = error.line, error.column
        context = error.get_context(text, span=20).splitlines()[0].strip()
        raise CanonicalSyntaxError(
            f"line {line}, column {column}: cannot read atom near {context!r}", line, column
        ) from None
    except ValueError as error:  # signature checks in Query
        raise CanonicalSyntaxError(str(error), 1, 1) from None
    except Exception as error:  # lark wraps transformer errors
        cause = error.__context__ or error
        raise CanonicalSyntaxError(str(cause), 1, 1) from None


def parse_atom(text: str) -> Atom:
    """Parse a ground atom such as ``cont({alice}, 3, apples, 0)``."""
    query = parse_query(text)
    if not query.is_ground:
        raise CanonicalSyntaxError(
            f"{text.strip()!r} has unknowns ('?'); an atom must be ground", 1, 1)
    return query.as_atom()
