"""Parse the canonical text form of atoms and queries (grammar in ``canonical.lark``)."""

from __future__ import annotations

import re
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

# The longest number atom text may write (README: Limits): Python refuses to convert more
# than 4,300 digits at all, and a quantity this long is no count of anything.
MAX_NUMBER_DIGITS = 100


def _number(digits: str) -> int:
    if len(digits) > MAX_NUMBER_DIGITS:
        raise CanonicalSyntaxError(f"a number of {len(digits):,} digits; at most "
                                   f"{MAX_NUMBER_DIGITS} are read (README: Limits)", 1, 1)
    return int(digits)


class _ToQuery(Transformer):
    def agents(self, items: list[Token]) -> Agents:
        return Agents(frozenset(str(item) for item in items))

    def number(self, items: list[Token]) -> int:
        return _number(str(items[0]))

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


# The canonical syntax is fixed and tiny, so well-formed text is read by one regex pass per
# argument; Lark costs ~40 us an atom, which dominated loading large programs. Anything the
# direct reader does not accept goes through Lark, which gives the precise error message, so
# both readers agree on every input (tests/test_canonical_fast.py). The pieces mirror
# canonical.lark: WS is lark's common.WS, WORDS the grammar's WORDS.
_WS = "[ \t\f\r\n]*"
_WORDS = r"[^\W\d_][\w'’.\-]*(?:[ \t]+[\w'’.\-]+)*"
_HEAD = re.compile(f"{_WS}(cont|comp|transfer|rate|compeq){_WS}\\({_WS}")
_ARG = re.compile(f"(?:\\{{{_WS}((?:{_WORDS}){_WS}(?:,{_WS}(?:{_WORDS}){_WS})*)\\}}|([0-9]+)|(\\?)|"
                  f"({_WORDS})){_WS}([,)]){_WS}")
_NAME = re.compile(f"{_WS}({_WORDS}){_WS}")


def _read_directly(text: str) -> Query | None:
    """The query ``text`` denotes, or None where only the Lark parser can say what is wrong."""
    head = _HEAD.match(text)
    if head is None:
        return None
    args: list[object] = []
    position = head.end()
    while True:
        found = _ARG.match(text, position)
        if found is None:
            return None
        agents, number, unknown, word, closer = found.groups()
        if agents is not None:
            args.append(Agents(frozenset(_NAME.fullmatch(n).group(1)  # type: ignore[union-attr]
                                         for n in agents.split(","))))
        elif number is not None:
            args.append(_number(number))
        elif unknown is not None:
            args.append(None)
        else:
            args.append(normalize_name(word))
        position = found.end()
        if closer == ")":
            break
    if position != len(text):
        return None
    try:
        return Query(head.group(1), tuple(args))
    except ValueError:
        return None


@lru_cache(maxsize=65536)  # records repeat atoms; Query is immutable, so sharing is safe
def parse_query(text: str) -> Query:
    """Parse ``cont({eddie}, ?, parrots, ?)`` (or a ground atom) into a :class:`Query`."""
    read = _read_directly(text)
    if read is not None:
        return read
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
