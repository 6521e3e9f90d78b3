"""A recorded LALR parse as one straight-line function of a sentence's tokens.

``TableParser`` (``sentences.py``) records, once per token shape, the reductions the table
makes and what it shifts. This module turns that record into Python code: the stack is
simulated here, once, so each value the callbacks would build is known by its class and by
the expressions that make it. The code writes the callbacks out where the classes of their
children are known (a template's claim built from its slots directly, the clause list and
the sentence's kind as displays) and calls them where not; calls and checks happen in the
table's order, with the same arguments, so values and errors are the callbacks' own. The
code holds only token indices and grammar names, never text from the sentence. It reads the
tokens through a layout: ``X`` (the tokens' texts) and ``P`` (where each token ends), or
``S`` (the sentence's space-separated pieces) and ``M`` (the token texts of a piece that
holds several), with positions computed only where a value needs one.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from vlp.kernel import Claim, Query

from .arithmetic import Arithmetic
from .callbacks import (
    _AGENTS,
    _ENTITIES,
    CLAIMS,
    QUESTION_KIND,
    ParsedClaim,
    _agents,
    _Entity,
    _entity,
    _Names,
    _Quantity,
    _ToClaims,
    _Token,
    two_values_error,
)

_SLOT_CLASSES = (_Names, _Quantity, _Entity, str)

# what a recorded parse ends with: the sentence's value, or the table's refusal
_END, _ERROR = "$END", "$ERROR"

_DROP, _KEEP, _SPLICE = 0, 1, 2


def _apply_plan(plan: Sequence[int], children: list[Any]) -> list[Any]:
    """A reduction's children by its static plan: kept, dropped, or an inlined rule's
    children spliced in place (they are already flat and filtered)."""
    flat: list[Any] = []
    for code, child in zip(plan, children, strict=True):
        if code == _KEEP:
            flat.append(child)
        elif code == _SPLICE:
            flat.extend(child)
    return flat

class _NoMatch(ValueError):
    """The sentence leaves the grammar at ``column``."""


def _no_match(kind: str, value: str, start: int) -> _NoMatch:
    where = f"{start + 1}" if kind != "$END" else "the end"
    return _NoMatch(f"no template matches at column {where} "
                    f"({value or 'end of sentence'!r} unexpected)")


def _token_error(texts: list[str], ends: list[int], index: int) -> _NoMatch:
    """The table's refusal at token ``index`` (``len(texts)``: the end of the sentence)."""
    if index == len(texts):
        return _no_match("$END", "", 0)
    return _no_match("", texts[index], ends[index] - len(texts[index]))


def _piece_error(pieces: list[str], tokens: dict[str, tuple[str, ...]], index: int) -> _NoMatch:
    """``_token_error`` for a sentence read by pieces (one space between two)."""
    texts: list[str] = []
    ends: list[int] = []
    end = -1
    for piece in pieces:
        end += 1  # the space before the piece
        for text in tokens.get(piece) or (piece,):
            end += len(text)
            texts.append(text)
            ends.append(end)
    return _token_error(texts, ends, index)


class TokenLayout:
    """Where a compiled program finds token ``index``: ``X[index]`` and ``P[index]``."""

    signature = "X, P, H"

    def text(self, index: int) -> str:
        return f"X[{index}]"

    def start(self, index: int) -> str:
        return f"(P[{index}] - len(X[{index}]))"

    def end(self, index: int) -> str:
        return f"P[{index}]"

    def error(self, index: int) -> str:
        return f"E(X, P, {index})"


class PieceLayout(TokenLayout):
    """Tokens found by the space-separated piece they are in (``S``, one space between two
    pieces): a piece that is one token is its text, a longer one's tokens are ``M[piece]``.
    ``places`` gives, per token, its piece and its place there (``None``: the whole piece)."""

    signature = "S, M, H"

    def __init__(self, places: Sequence[tuple[int, int | None]]) -> None:
        self.places = places

    def text(self, index: int) -> str:
        piece, place = self.places[index]
        return f"S[{piece}]" if place is None else f"M[S[{piece}]][{place}]"

    def start(self, index: int) -> str:
        piece, place = self.places[index]
        parts = [f"len(' '.join(S[:{piece}])) + 1"] if piece else []
        parts += [f"len(M[S[{piece}]][{k}])" for k in range(place or 0)]
        return f"({' + '.join(parts) or '0'})"

    def end(self, index: int) -> str:
        return f"({self.start(index)} + len({self.text(index)}))"

    def error(self, index: int) -> str:
        return f"EP(S, M, {index})"




class _Value:
    """A value on the simulated stack: the expression that is it (``None`` for a token,
    built only when a call reads it), its class (``None``: unknown), and the expressions
    of its parts (a name list's names, an entity's words, a quantity's value and
    arithmetic, a claim list's elements)."""

    __slots__ = ("expr", "cls", "parts", "token")

    def __init__(self, expr: str | None, cls: Any, parts: Any = None,
                 token: tuple[str, int] | None = None) -> None:
        self.expr, self.cls, self.parts, self.token = expr, cls, parts, token


class _Writer:
    def __init__(self, layout: TokenLayout) -> None:
        self.layout = layout
        self.lines = [f"def run({layout.signature}):"]
        self.handlers: list[Any] = []
        self.count = 0

    def name(self, prefix: str = "v") -> str:
        self.count += 1
        return f"{prefix}{self.count}"

    def emit(self, line: str) -> None:
        self.lines.append("    " + line)

    def assign(self, expr: str, prefix: str = "v") -> str:
        name = self.name(prefix)
        self.emit(f"{name} = {expr}")
        return name

    def interned(self, function: str, key: str) -> str:
        """``function(*key)`` (``AG``: agents, ``EN``: an entity), looked up in its table
        first: the call only for a spelling not seen before."""
        name, key_name = self.name("s"), self.name("k")
        self.emit(f"{key_name} = {key}")
        self.emit(f"{name} = {function}D.get({key_name})")
        self.emit(f"if {name} is None: {name} = {function}(*{key_name})" if function == "EN"
                  else f"if {name} is None: {name} = {function}({key_name})")
        return name

    def handler(self, handler: Any) -> str:
        for position, known in enumerate(self.handlers):
            if known is handler:
                return f"H[{position}]"
        self.handlers.append(handler)
        return f"H[{len(self.handlers) - 1}]"

    def materialize(self, value: _Value) -> str:
        """An expression of the value itself (what a callback receives)."""
        if value.token is not None:
            kind, index = value.token
            layout = self.layout
            return (f"T({kind!r}, {layout.text(index)}, {layout.start(index)}, "
                    f"{layout.end(index)})")
        if value.expr is not None:
            return value.expr
        cls, parts = value.cls, value.parts
        if cls is _Names:
            value.expr = self.assign(f"N(({''.join(n + ', ' for n in parts)}))")
        elif cls is _Entity:
            value.expr = self.assign(f"W({parts})")
        elif cls is _Quantity:
            value.expr = self.assign(f"Q({parts[0]}, {parts[1]})")
        elif cls is list:
            value.expr = self.assign(f"[{', '.join(parts)}]")
        return value.expr  # type: ignore[return-value]


# what a callback returns, by callback (the template callbacks: a claim or a query)
_RETURNS: dict[Any, Any] = {
    _ToClaims.names: str, _ToClaims.agent: str, _ToClaims.agents: _Names,
    _ToClaims.poss_agent: _Names, _ToClaims.entity: _Entity, _ToClaims.quantity: _Quantity,
    _ToClaims.arithmetic: _Quantity, _ToClaims.clauses: list,
}


def _called(writer: _Writer, handler: Any, children: list[_Value]) -> _Value:
    """The callback called on its children; its value named by class where known."""
    arguments = ", ".join(writer.materialize(c) for c in children)
    name = writer.assign(f"{writer.handler(handler)}([{arguments}])")
    plan = getattr(handler, "template_plan", None)
    cls = (Query if plan[4] else ParsedClaim) if plan is not None else \
        _RETURNS.get(getattr(handler, "__func__", None))
    parts: Any = None
    if cls is _Names:
        parts = (f"*{name}.names",)
    elif cls is _Entity:
        parts = f"{name}.words"
    elif cls is _Quantity:
        parts = (f"{name}.value", f"{name}.arithmetic")
    elif cls is list:
        parts = (f"*{name}",)
    return _Value(name, cls, parts)


def _written(writer: _Writer, handler: Any, children: list[_Value]) -> _Value | None:
    """The callback's value written out, when the classes of its children allow; else
    ``None`` (it is called)."""
    method = getattr(handler, "__func__", None)
    layout = writer.layout
    texts = [None if c.token is None else layout.text(c.token[1]) for c in children]
    if method is _ToClaims.sentence or method is _ToClaims.start:
        return children[0]
    if method is _ToClaims.total or method is _ToClaims.lead:
        return _Value("None", type(None))
    if method is _ToClaims.names:  # NAME | names NAME
        if len(children) == 1 and texts[0]:
            return _Value(texts[0], str)
        if len(children) == 2 and texts[1] and children[0].cls is str:
            return _Value(writer.assign(f"{children[0].expr} + ' ' + {texts[1]}"), str)
    elif method is _ToClaims.agent:  # names | agent POSS WORD
        if len(children) == 1 and children[0].cls is str:
            return children[0]
        if len(children) == 3 and texts[2] and children[0].cls is str:
            return _Value(writer.assign(f"{children[0].expr} + \"'s \" + {texts[2]}"), str)
    elif method is _ToClaims.agents:  # the names among the children (all of them)
        if children and all(c.cls is str for c in children):
            return _Value(None, _Names, tuple(c.expr for c in children))
    elif method is _ToClaims.quantity:  # NUMBER
        if len(children) == 1 and texts[0]:
            return _Value(None, _Quantity, (writer.assign(f"int({texts[0]})", "q"), "None"))
    elif method is _ToClaims.entity:  # WORD | entity WORD | entity OF WORD
        words = [text or (c.parts if c.cls is _Entity else None)
                 for text, c in zip(texts, children, strict=True)]
        if words and all(words):
            return _Value(None, _Entity, " + ' ' + ".join(words))  # type: ignore[arg-type]
    elif method is _ToClaims.arithmetic and children and all(texts):  # a op b ... = r
        numbers = [f"int({t})" for c, t in zip(children, texts, strict=True)
                   if c.token[0] == "NUMBER"]  # type: ignore[index]
        operators = [t for c, t in zip(children, texts, strict=True)
                     if c.token[0] == "OP"]  # type: ignore[index]
        if len(numbers) >= 2 and operators:
            result = writer.assign(numbers[-1], "q")
            first, last = children[0].token[1], children[-1].token[1]  # type: ignore[index]
            arithmetic = writer.assign(
                f"A(({''.join(n + ', ' for n in numbers[:-1])}), "
                f"({''.join(o + ', ' for o in operators)}), {result}, "
                f"({layout.start(first)}, {layout.end(last)}))", "a")
            return _Value(None, _Quantity, (result, arithmetic))
    elif method is _ToClaims.clauses:  # the claims among the children, lists spliced
        if all(c.cls in (ParsedClaim, list, _Token, type(None)) for c in children):
            elements: list[str] = []
            for child in children:
                if child.cls is ParsedClaim:
                    elements.append(writer.materialize(child))
                elif child.cls is list:
                    elements.extend(child.parts)
            return _Value(None, list, tuple(elements))
    elif method is _ToClaims.statements and children and children[-1].cls is list:
        elements = children[-1].parts
        return _Value(f"({CLAIMS!r}, ({''.join(e + ', ' for e in elements)}))", tuple)
    elif method is _ToClaims.question_sentence and children[0].cls is Query:
        return _Value(f"({QUESTION_KIND!r}, {children[0].expr})", tuple)
    plan = getattr(handler, "template_plan", None)
    if plan is not None and all(c.cls is not None for c in children):
        return _claim(writer, plan, children)
    return None


def _claim(writer: _Writer, plan: tuple[Any, ...], children: list[_Value]) -> _Value:
    """A template's claim (or query) from its slot values, as the template callback makes
    it: slots in order, each converted (names interned and checked by the kernel, entities
    normalized), a slot named twice checked for one value."""
    predicate, template_id, slot_plans, claim_slots, is_question = plan
    values = [c for c in children if c.cls in _SLOT_CLASSES]
    quantity = next((v for v in values if v.cls is _Quantity), None)
    slots: dict[str, str] = {}
    for (name, plural, plural_if_one), value in zip(slot_plans, values, strict=False):
        cls = value.cls
        if cls is str:
            converted = writer.interned("AG", f"({value.expr},)")
        elif cls is _Entity:
            if plural:
                flag = "True"
            elif plural_if_one and quantity is not None:
                flag = f"{quantity.parts[0]} == 1"
            else:
                flag = "False"
            converted = writer.interned("EN", f"({value.parts}, {flag})")
        elif cls is _Names:
            converted = writer.interned("AG", f"({''.join(n + ', ' for n in value.parts)})")
        else:
            converted = value.parts[0]
        if name in slots:
            writer.emit(f"if {slots[name]} != {converted}: "
                        f"raise TWO({name!r}, {slots[name]}, {converted})")
        slots[name] = converted
    args = "".join(slots.get(slot, "None") + ", " for slot in claim_slots)
    if is_question:
        return _Value(writer.assign(f"QU({predicate!r}, ({args}None,))"), Query)
    arithmetic = quantity.parts[1] if quantity is not None else "None"
    return _Value(writer.assign(f"PC(CL({predicate!r}, ({args})), {template_id!r}, "
                                f"{arithmetic})"), ParsedClaim)


def compile_program(recorded: Sequence[tuple[tuple[Any, ...], str | None]],
                    layout: TokenLayout | None = None) -> Any:
    """The function ``run`` of a recorded parse (its arguments: the layout's, ``X, P, H``
    by default), and its ``H`` (the callbacks it calls): ``run`` returns what the table
    would, or raises its error."""
    writer = _Writer(layout or TokenLayout())
    stack: list[Any] = []  # per value: a _Value, or the list an inlined rule yields
    for index, (reductions, token_kind) in enumerate(recorded):
        for size, handler, plan in reductions:
            children = stack[-size:] if size else []
            if size:
                del stack[-size:]
            if plan is not None:
                children = _apply_plan(plan, children)
            if handler is None:
                stack.append(list(children))
                continue
            value = _written(writer, handler, children)
            stack.append(value if value is not None else _called(writer, handler, children))
        if token_kind is None:
            stack.append(_Value("None", type(None)))
        elif token_kind == _END:
            writer.emit(f"return {writer.materialize(stack[-1])}")
        elif token_kind == _ERROR:
            writer.emit(f"raise {writer.layout.error(index)}")
        else:
            stack.append(_Value(None, _Token, token=(token_kind, index)))
    namespace: dict[str, Any] = {
        "N": _Names, "Q": _Quantity, "W": _Entity, "A": Arithmetic, "T": _Token,
        "AG": _agents, "EN": _entity, "AGD": _AGENTS, "END": _ENTITIES,
        "PC": ParsedClaim, "CL": Claim, "QU": Query,
        "TWO": two_values_error, "E": _token_error, "EP": _piece_error,
    }
    source = "\n".join(writer.lines) + "\n"
    exec(compile(source, "<sentence program>", "exec"), namespace)  # noqa: S102
    return namespace["run"], tuple(writer.handlers)
