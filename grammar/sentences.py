"""Parse one sentence into claims: the template grammar, generated from ``templates.py``.

``parse_sentence`` normalizes what models write (markdown, "×", thousands separators,
numbering), then runs an LALR parser whose template rules are generated from the same
table that renders sentences. It never raises on bad input: a sentence that matches no
template gives an ``unparsed`` result with the reason.
"""

from __future__ import annotations

import itertools
import re
from collections.abc import Sequence
from functools import cache, lru_cache
from importlib.resources import files
from typing import Any

import attrs
from lark import Lark
from lark.lexer import PatternStr
from lark.parsers.lalr_analysis import Shift

from vlp.kernel import Agents, Claim, Query, normalize_name

from .arithmetic import ANSWER_NUMBER, MAX_DIGITS, Arithmetic, answer_value
from .inflect import to_plural
from .templates import CLAIM_SLOTS, QUESTION, TEMPLATES, VERB_FORMS, Template, _is_slot

# Sentence-initial words that only glue the text ("So", "Therefore,", "We know that").
LEAD_WORDS: tuple[str, ...] = (
    "so", "thus", "therefore", "hence", "then", "now", "next", "finally", "first", "also",
    "and", "additionally", "we", "know", "that", "since", "given", "which", "means",
    "this", "it", "follows", "lastly", "second", "third", "consequently", "as", "a", "result",
    "are", "is", "told", "recall", "note", "remember", "okay", "ok", "well", "after", "all",
    "together", "altogether", "overall", "in", "total", "initially", "originally",
    "currently", "later", "afterwards", "meanwhile", "similarly", "likewise", "clearly",
)
MAX_SENTENCE_CHARS = 600  # longer "sentences" are not sentences of the template language


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


@attrs.frozen
class SentenceParse:
    """What one sentence says: ``kind`` is ``claims``, ``question`` (a non-ground query),
    ``ground`` (a ground query, "Show that ..."), ``answer`` ("the answer is 26") or
    ``unparsed`` (then ``reason`` says why)."""

    text: str
    kind: str
    claims: tuple[ParsedClaim, ...] = ()
    query: Query | None = None
    answer: int | float | None = None
    reason: str | None = None

    @property
    def arithmetic(self) -> tuple[Arithmetic, ...]:
        return tuple(c.arithmetic for c in self.claims if c.arithmetic is not None)

    @property
    def parsed(self) -> bool:
        return self.kind != UNPARSED


# --------------------------------------------------------------------------- grammar

def _rule_name(template: Template) -> str:
    return "t_" + template.id.replace(".", "__")


def _literal(word: str, capitalize: bool) -> str:
    forms = [word, *VERB_FORMS.get(word, ())]
    if capitalize:
        forms += [f[:1].upper() + f[1:] for f in forms]
    alternatives = " | ".join(f'"{f}"' for f in dict.fromkeys(forms))
    return f"({alternatives})" if len(forms) > 1 else alternatives


_SLOT_SYMBOLS = {"q": "quantity", "e": "entity", "c": "entity"}


def _symbol(token: str, first: bool) -> str:
    if token == "{total}":
        return "total?"
    if _is_slot(token):
        name = token[1:-1]
        if name.endswith("'s"):
            return "poss_agent"
        if name.endswith("!"):
            return "agent"
        return _SLOT_SYMBOLS.get(name.rstrip("*1"), "agents")
    optional = token.startswith(("(", "["))
    words = token.strip("()[]").split("|")
    forms = " | ".join(_literal(w, first) for w in words)
    symbol = f"({forms})" if len(words) > 1 else forms
    return symbol + "?" if optional else symbol


def template_grammar(templates: tuple[Template, ...] = TEMPLATES) -> str:
    """The Lark rules generated from the templates (appended to ``sentences.lark``)."""
    groups: dict[str, list[str]] = {"clause_open": [], "clause_closed": [], "question": []}
    for template in templates:
        symbols = [_symbol(token, i == 0) for i, token in enumerate(template.tokens)]
        expansion = " ".join(symbols) + f" -> {_rule_name(template)}"
        if template.kind == QUESTION:
            groups["question"].append(expansion)
        else:
            groups["clause_open" if template.ends_with_agent else "clause_closed"].append(expansion)
    lines = [f"{name}: " + "\n    | ".join(expansions) for name, expansions in groups.items()]
    leads = " | ".join(_literal(w, True) for w in LEAD_WORDS)
    lines.append(f"_lead_word: {leads}")
    return "\n\n".join(lines) + "\n"


def grammar_text() -> str:
    fixed = (files("vlp.grammar") / "sentences.lark").read_text(encoding="utf-8")
    return fixed + "\n// ---- generated from vlp.grammar.templates ----\n" + template_grammar()


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
                raise _SentenceError(f"the sentence names two different {name}: "
                                     f"{slots[name]!r} and {value!r}")
            slots[name] = value
        args = tuple(map(slots.get, claim_slots))
        if is_question:
            return Query(template.predicate, args + (None,))  # time: the question's
        return ParsedClaim(Claim(template.predicate, args), template.id,
                           quantity.arithmetic if quantity else None)

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


_TOKEN_RE = re.compile(
    r"\s*(?:(?P<CONSEQUENCE>,\s*(?:and\s+)?(?:so|thus|therefore|hence)\b,?)|(?P<NUMBER>\d+)|(?P<word>[^\W\d_]+(?:-[^\W\d_]+)*)|(?P<POSS>'s?(?![^\W\d_]))"
    r"|(?P<OP>[-+*/])|(?P<punct>[.,;?=])|(?P<bad>\S))"
)


_KEPT_TERMINALS = frozenset({"NAME", "WORD", "POSS", "OF", "NUMBER", "OP", "CONSEQUENCE"})


class _NoMatch(ValueError):
    """The sentence leaves the grammar at ``column``."""


class TableParser:
    """An LALR driver over the parse table Lark compiles from the grammar.

    Lark builds the grammar and its LALR(1) table (and reports conflicts); this loop runs
    the table with the tokenizer folded in. A word is a keyword (a template literal such
    as "more") only where the current state accepts that keyword; anywhere else it is an
    open-class token: ``NAME`` when capitalized, ``WORD`` (part of an entity or relation
    noun) otherwise. This is what lets names and entities be open classes without a
    lexicon. Reductions call ``_ToClaims`` methods directly, so no parse tree is built.

    This is the hot path of transcript verification, so the table is flattened once: an
    action is an ``int`` (shift to that state) or a reduction ``(size, origin, handler,
    plan)``, where ``plan`` says per child whether it is dropped (a keyword), kept, or
    spliced (the children of an inlined ``_rule``); ``None`` when every child is kept.
    Keywords are pushed as ``None`` since no callback reads them.
    """

    def __init__(self, lark: Lark, callbacks: _ToClaims) -> None:
        table = lark.parser.parser.parser.parse_table
        self.callbacks = callbacks
        self.literals = {str(t.pattern.value): str(t.name) for t in lark.terminals
                         if isinstance(t.pattern, PatternStr)}
        reductions: dict[Any, tuple[int, str, Any, tuple[int, ...] | None]] = {}
        # one row (dict: symbol -> action) per state; a shift or goto is the target's row
        # itself, so the loop never looks a state number up
        self.rows: dict[int, dict[str, Any]] = {state: {} for state in table.states}
        for state, actions in table.states.items():
            row = self.rows[state]
            for name, (action, argument) in actions.items():
                symbol = str(name)  # lark names are Tokens: plain strings hash and compare faster
                if action is Shift:  # on a terminal: shift; on a rule's name: its goto
                    row[symbol] = self.rows[argument]
                    continue
                if argument not in reductions:
                    reductions[argument] = self._reduction(argument, callbacks)
                row[symbol] = reductions[argument]
        self.start_row = self.rows[table.start_states["start"]]
        self.end_row = self.rows[table.end_states["start"]]
        # token shape -> the recorded parse (reductions, then what is shifted, per token)
        # (an int: how often the shape was seen before it is compiled)
        self.programs: dict[tuple[str, ...], tuple[Any, tuple[Any, ...]] | int] = {}
        self.word_shapes: dict[str, str] = {}  # a word -> its shape (keyword, NAME or WORD)

    @staticmethod
    def _reduction(rule: Any, callbacks: _ToClaims) -> tuple[int, str, Any, tuple[int, ...] | None]:
        origin = str(rule.origin.name)
        handler = None if origin.startswith("_") else getattr(callbacks, rule.alias or origin)
        plan: list[int] = []
        for symbol in rule.expansion:
            name = str(symbol.name)
            if symbol.is_term:
                plan.append(_KEEP if name in _KEPT_TERMINALS else _DROP)
            else:
                plan.append(_SPLICE if name.startswith("_") else _KEEP)
        fast = all(code == _KEEP for code in plan)
        return len(plan), origin, handler, None if fast else tuple(plan)

    def parse(self, text: str) -> Any:
        """Lex ``text``, then run the table. The table's moves depend only on the token
        shapes (kind, or the word itself where it may be a keyword), so a shape seen
        ``_COMPILE_AT`` times is compiled (``_compile``) and later sentences of that shape skip the
        table: same callbacks, same arguments, same order, same errors."""
        literals, word_shapes = self.literals, self.word_shapes
        tokens: list[tuple[str, int, int]] = []  # (value, start, end): what callbacks read
        shape: list[str] = []
        for match in _TOKEN_RE.finditer(text):
            kind = match.lastgroup
            if kind == "word":
                value = match[kind]
                # a literal may be a keyword depending on the state, and the states follow
                # from the shapes before it: the word itself is its shape
                word_shape = word_shapes.get(value)
                if word_shape is None:
                    if len(word_shapes) >= _MAX_PROGRAMS:
                        word_shapes.clear()
                    word_shape = word_shapes[value] = value if value in literals \
                        else "NAME" if value[0].isupper() else "WORD"
                shape.append(word_shape)
            elif kind is None:  # trailing whitespace
                continue
            else:
                value = match[kind]
                if kind == "punct":
                    if value not in literals:
                        return self._parse(text, tokens=None)  # errors keep their order
                    shape.append(value)
                elif kind == "bad":
                    return self._parse(text, tokens=None)
                else:
                    shape.append(kind)
            end = match.end()  # every group ends the match (only spaces come before it)
            tokens.append((value, end - len(value), end))
        key = tuple(shape)
        program = self.programs.get(key, 0)
        if program.__class__ is int:  # compiling costs ~8 parses: only shapes that recur
            if program < _COMPILE_AT - 1:
                if not program and len(self.programs) >= _MAX_PROGRAMS:
                    self.programs.clear()
                self.programs[key] = program + 1
                return self._parse(text, tokens=None)  # the table lexes as it goes
            recorded: list[tuple[tuple[Any, ...], str | None]] = []
            try:
                return self._parse(text, None, recorded)
            finally:  # a callback's error (not the table's) is left unrecorded
                if recorded and recorded[-1][1] in (_END, _ERROR):
                    self.programs[key] = _compile(recorded)
        run, handlers = program
        return run(tokens, _Token, handlers, _token_error)

    def _parse(self, text: str, tokens: list[tuple[str, str, int, int]] | None,
               recorded: list[tuple[tuple[Any, ...], str | None]] | None = None) -> Any:
        """The table run token by token; ``recorded`` (when given) gets, per token, the
        reductions made before it and what was shifted for it."""
        literals, end_row = self.literals, self.end_row
        row = self.start_row
        stack: list[dict[str, Any]] = [row]
        values: list[Any] = []
        lexed: Any = ((m.lastgroup, m.group(m.lastgroup), m.start(m.lastgroup), m.end())
                      for m in _TOKEN_RE.finditer(text) if m.lastgroup is not None) \
            if tokens is None else tokens
        for lexeme in itertools.chain(lexed, (None,)):
            reductions: list[tuple[Any, ...]] = []
            if lexeme is None:
                kind, value, start, token = "$END", "", len(text), None
            else:
                kind, value, start, end = lexeme
                if kind == "word":
                    keyword = literals.get(value)
                    if keyword is not None and keyword in row:
                        kind = keyword  # "of" (OF) is read by ``entity``; others are not
                        token = _Token(kind, value, start, end) \
                            if kind in _KEPT_TERMINALS else None
                    else:
                        kind = "NAME" if value[0].isupper() else "WORD"
                        token = _Token(kind, value, start, end)
                elif kind == "punct":
                    kind, token = literals[value], None
                elif kind == "bad":
                    raise _NoMatch(f"unexpected character {value!r} at column {start + 1}")
                else:  # NUMBER, OP, POSS, CONSEQUENCE: callbacks read them
                    token = _Token(kind, value, start, end)
            while True:
                action = row.get(kind)
                if action is None:
                    if recorded is not None:
                        recorded.append((tuple(reductions), _ERROR))
                    raise _no_match(kind, value, start)
                if action.__class__ is dict:  # shift
                    stack.append(action)
                    values.append(token)
                    row = action
                    if recorded is not None:
                        recorded.append((tuple(reductions), None if token is None
                                         else token.type))
                    break
                size, origin, handler, plan = action
                if recorded is not None:
                    reductions.append((size, handler, plan))
                if size == 1:
                    del stack[-1]
                    children = [values.pop()]
                elif size:
                    children = values[-size:]
                    del stack[-size:]
                    del values[-size:]
                else:
                    children = []
                if plan is not None:
                    children = _apply_plan(plan, children)
                row = stack[-1][origin]
                stack.append(row)
                reduced = children if handler is None else handler(children)
                if row is end_row:
                    if recorded is not None:
                        recorded.append((tuple(reductions), _END))
                    return reduced
                values.append(reduced)
            if lexeme is None:
                raise _NoMatch("no template matches at the end")  # the table never gets here


def _no_match(kind: str, value: str, start: int) -> _NoMatch:
    where = f"{start + 1}" if kind != "$END" else "the end"
    return _NoMatch(f"no template matches at column {where} "
                    f"({value or 'end of sentence'!r} unexpected)")


def _token_error(tokens: list[tuple[str, int, int]], index: int) -> _NoMatch:
    """The table's refusal at token ``index`` (``len(tokens)``: the end of the sentence)."""
    if index == len(tokens):
        return _no_match("$END", "", 0)
    value, start, _end = tokens[index]
    return _no_match("", value, start)


def _compile(recorded: list[tuple[tuple[Any, ...], str | None]]) -> tuple[Any, tuple[Any, ...]]:
    """A recorded parse as one straight-line function of the sentence's tokens.

    The stack is simulated here, once per token shape: each reduction becomes a call of its
    callback on the children it would pop (inlined ``_rule`` children spliced in place), and
    each token an inline ``_Token``; keywords are never read. The code holds only indices
    and grammar names, never text from the sentence. Calls and their order are the table's,
    less the callbacks that only pass a value on (``_inline``: written as expressions).
    """
    lines = ["def run(X, T, H, E):"]
    handlers: list[Any] = []
    handler_index: dict[int, int] = {}
    stack: list[Any] = []  # per value: an expression, or the list an inlined rule yields
    # the expressions whose value is a str (a name or an agent), or an inlined entity
    strings: set[str] = set()
    count = 0

    def expression(value: Any) -> str:
        if isinstance(value, list):
            return "[" + ", ".join(expression(v) for v in value) + "]"
        return str(value)

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
            inlined = _inline(handler, children, strings)
            if inlined is not None:
                stack.append(inlined)
                if _returns_text(handler) or inlined.startswith("W("):
                    strings.add(inlined)  # a str, or an entity whose words _inline reads
                continue
            if id(handler) not in handler_index:
                handler_index[id(handler)] = len(handlers)
                handlers.append(handler)
            name, count = f"v{count}", count + 1
            lines.append(f"    {name} = H[{handler_index[id(handler)]}]({expression(children)})")
            stack.append(name)
            if _returns_text(handler):
                strings.add(name)
        if token_kind is None:
            stack.append("None")
        elif token_kind == _END:
            lines.append(f"    return {expression(stack[-1])}")
        elif token_kind == _ERROR:
            lines.append(f"    raise E(X, {index})")
        else:
            stack.append(f"T({token_kind!r}, *X[{index}])")
    namespace: dict[str, Any] = {"N": _Names, "Q": _Quantity, "W": _Entity, "A": Arithmetic}
    exec(compile("\n".join(lines) + "\n", "<sentence program>", "exec"), namespace)  # noqa: S102
    return namespace["run"], tuple(handlers)


_TOKEN_EXPRESSION_RE = re.compile(r"T\('(\w+)', \*X\[(\d+)\]\)")


def _inline(handler: Any, children: list[Any], strings: set[str]) -> Any:
    """The value of a callback as an expression, for the callbacks that only pass a child
    on or build a value from token text (they never raise, so they need no call of their
    own), else ``None``. A token such an expression reads is read from ``X`` directly, so it
    is never built. ``strings``: the expressions known to be a ``str``."""
    method = getattr(handler, "__func__", None)
    if method is _ToClaims.sentence or method is _ToClaims.start:
        return children[0]
    if method is _ToClaims.total or method is _ToClaims.lead:
        return "None"
    matches = [_TOKEN_EXPRESSION_RE.fullmatch(c) if isinstance(c, str) else None
               for c in children]
    texts = [f"X[{m.group(2)}][0]" if m else None for m in matches]
    if method is _ToClaims.names:  # NAME | names NAME
        if len(children) == 1 and texts[0]:
            return texts[0]
        if len(children) == 2 and texts[1] and children[0] in strings:
            return f"({children[0]} + ' ' + {texts[1]})"
    elif method is _ToClaims.agent:  # names | names POSS word
        if len(children) == 1:
            return children[0]
        if len(children) == 3 and texts[2] and children[0] in strings:
            return f"({children[0]} + \"'s \" + {texts[2]})"
    elif method is _ToClaims.agents:  # the names among the children
        if children and all(isinstance(c, str) and c in strings for c in children):
            return f"N(({', '.join(children)},))"
    elif method is _ToClaims.quantity:  # NUMBER
        if len(children) == 1 and texts[0]:
            return f"Q(int({texts[0]}), None)"
    elif method is _ToClaims.entity:  # WORD | entity WORD | entity OF WORD
        words = [text or (child[2:-1] if isinstance(child, str) and child.startswith("W(")
                          and child.endswith(")") and child in strings else None)
                 for text, child in zip(texts, children, strict=True)]
        if words and all(words):
            return "W(" + " + ' ' + ".join(words) + ")"
    elif method is _ToClaims.arithmetic and children and all(matches):  # a op b ... = r
        numbers = [f"int({t})" for m, t in zip(matches, texts, strict=True)
                   if m.group(1) == "NUMBER"]
        operators = [t for m, t in zip(matches, texts, strict=True) if m.group(1) == "OP"]
        if len(numbers) >= 2 and operators:
            span = f"(X[{matches[0].group(2)}][1], X[{matches[-1].group(2)}][2])"
            return (f"Q({numbers[-1]}, A(({', '.join(numbers[:-1])},), "
                    f"({', '.join(operators)},), {numbers[-1]}, {span}))")
    return None


def _returns_text(handler: Any) -> bool:
    method = getattr(handler, "__func__", None)
    return method is _ToClaims.names or method is _ToClaims.agent


# what a recorded parse ends with: the sentence's value, or the table's refusal
_END, _ERROR = "$END", "$ERROR"
_COMPILE_AT = 4  # the sighting of a shape that compiles it
_MAX_PROGRAMS = 65536


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
_SLOT_VALUE_TYPES = frozenset({_Names, _Quantity, _Entity, str})  # what fills a slot


@cache
def sentence_grammar() -> Lark:
    """The compiled grammar (LALR table); ``parse_sentence`` runs it with ``TableParser``.

    Lark caches the table in the temp directory, keyed by the grammar text and options:
    every CLI call and worker process would otherwise rebuild it (about 0.7 s)."""
    return Lark(grammar_text(), parser="lalr", lexer="contextual", maybe_placeholders=False,
                cache=True)


@cache
def sentence_parser() -> TableParser:
    callbacks = _ToClaims()
    for template in TEMPLATES:
        setattr(callbacks, _rule_name(template), _template_callback(template))
    return TableParser(sentence_grammar(), callbacks)


# --------------------------------------------------------------------------- normalization

_ANSWER_RE = re.compile(
    r"(?:the\s+(?:final\s+)?answer(?:\s*\(arabic numerals\))?\s*(?:is|=|:)|answer\s*:)"
    r"\s*\$?\\?(?:boxed\{)?\s*(" + ANSWER_NUMBER + ")",
    re.IGNORECASE,
)
_BOXED_RE = re.compile(r"\\boxed\{\s*(" + ANSWER_NUMBER + r")\s*\}")
_NUMBERING_RE = re.compile(
    r"^\s*(?:[-*+>•]\s*)*(?:#+\s*)?(?:\*\*|__)?\s*"
    r"(?:(?:step|line)\s*\d+\s*[:.)-]|\(?\d+\s*[.):](?!\d)|\(?[a-z]\)\s)?"
    r"\s*(?:\*\*|__)?\s*[:.-]?\s*",
    re.IGNORECASE,
)
_MARKDOWN_RE = re.compile(r"\*\*|__|`+|(?<!\w)\*(?!\s)|(?<!\s)\*(?!\w)|^#+\s*|^>\s*")
_TIMES_RE = re.compile(r"(?<=\d)\s*[x×X·∙⋅]\s*(?=\d)")
_THOUSANDS_RE = re.compile(r"(?<=\d),(?=\d{3}(?!\d))")
_MARKDOWN_CHARS = frozenset("*_`#>")
_OTHER_SIGNS = frozenset("−–÷$xX×·∙⋅")
_LONG_NUMBER_RE = re.compile(r"\d{" + str(MAX_DIGITS + 1) + "}")


def strip_numbering(line: str) -> str:
    """Remove list numbering and markdown around a line: "**Step 3:** ...", "- 1. ..."."""
    first = line[:1]
    if first in _PLAIN_STARTS and line[1:2] != ")":
        # every part of the numbering is optional, and text starting with an ASCII letter
        # can only be numbering as "step 3:", "line 3:" or "a) ": nothing to remove (the
        # split strips a line, then each of its sentences: most sentences skip the regex)
        return line
    return _NUMBERING_RE.sub("", line, count=1)


# ASCII letters that start neither "step" nor "line" (non-ASCII letters may case-fold to
# them, e.g. "ſ" to "s", so they take the regex)
_PLAIN_STARTS = frozenset("abcdefghijkmnopqrtuvwxyzABCDEFGHIJKMNOPQRTUVWXYZ")


def normalize_sentence(text: str) -> str:
    """The canonical spelling the grammar reads (one line, plain operators and numbers)."""
    text = text.replace("\u2019", "'").replace("\u2018", "'")
    if _MARKDOWN_CHARS.intersection(text):  # the regexes only where they can apply
        text = _MARKDOWN_RE.sub("", text)
    if _OTHER_SIGNS.intersection(text):
        text = text.replace("−", "-").replace("–", "-").replace("÷", "/").replace("$", "")
        text = _TIMES_RE.sub(" * ", text)
    if "," in text:
        text = _THOUSANDS_RE.sub("", text)
    text = " ".join(text.split())  # str.split and re's \s agree on what whitespace is
    if text and text[-1] in ":!":
        text = text[:-1] + "."
    elif text and text[-1] not in ".?":
        text += "."
    return text


def extract_answer(text: str) -> int | float | None:
    """The final answer a transcript states ("Therefore, the answer (arabic numerals) is 26.",
    "\\boxed{26}"); the last one wins; ``None`` when there is none."""
    text = text.replace("*", "").replace("`", "")
    found: int | float | None = None
    for regex in (_ANSWER_RE, _BOXED_RE):
        for match in regex.finditer(text):
            value = answer_value(match.group(1))
            if value is not None:
                found = value
        if found is not None:
            return found
    return found



# --------------------------------------------------------------------------- parsing

@lru_cache(maxsize=65536)
def parse_sentence(text: str) -> SentenceParse:
    """Read one sentence. Never raises: unreadable input gives ``kind == "unparsed"``."""
    early = _before_grammar(text)
    if early.__class__ is SentenceParse:
        return early  # type: ignore[return-value]
    sentence: str = early  # type: ignore[assignment]
    try:
        kind, value = sentence_parser().parse(sentence)
    except (_NoMatch, _SentenceError, ValueError) as error:  # ValueError: kernel's checks
        return SentenceParse(sentence, UNPARSED, reason=str(error))
    if kind == CLAIMS:
        return SentenceParse(sentence, CLAIMS, claims=value)
    return SentenceParse(sentence, kind, query=value)


NOT_READ = "not read for claims (arithmetic mode)"


def read_without_grammar(text: str) -> SentenceParse:
    """What ``parse_sentence`` says before it runs the grammar (the normalized text, an
    answer, a reason found without the grammar), else ``unparsed`` with ``NOT_READ``:
    for modes that score arithmetic alone."""
    early = _before_grammar(text)
    if early.__class__ is SentenceParse:
        return early  # type: ignore[return-value]
    return SentenceParse(early, UNPARSED, reason=NOT_READ)  # type: ignore[arg-type]


def _before_grammar(text: str) -> SentenceParse | str:
    """The sentence normalized, or what it is when that settles it without the grammar."""
    if len(text) > MAX_SENTENCE_CHARS:
        return SentenceParse(text[:80], UNPARSED, reason=f"longer than {MAX_SENTENCE_CHARS} "
                             "characters: not a sentence of the template language")
    sentence = normalize_sentence(strip_numbering(text))
    if not sentence or sentence == ".":
        return SentenceParse(sentence, UNPARSED, reason="empty")
    # every answer phrase holds the word (and casefold maps every letter re's IGNORECASE
    # takes for its letters to them): the regex only where it can match
    if ("answer" in sentence.casefold() and _ANSWER_RE.search(sentence)) or (
            "boxed{" in sentence and _BOXED_RE.search(sentence)):
        value = extract_answer(sentence)
        if value is not None:
            return SentenceParse(sentence, ANSWER, answer=value)
    if _LONG_NUMBER_RE.search(sentence):
        return SentenceParse(sentence, UNPARSED,
                             reason=f"a number with more than {MAX_DIGITS} digits")
    return sentence
