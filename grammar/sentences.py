"""Parse one sentence into claims: the template grammar, generated from ``templates.py``.

``parse_sentence`` normalizes what models write (markdown, "×", thousands separators,
numbering), then runs an LALR parser whose template rules are generated from the same
table that renders sentences. It never raises on bad input: a sentence that matches no
template gives an ``unparsed`` result with the reason.
"""

from __future__ import annotations

import itertools
import re
from collections.abc import Iterator
from functools import cache, lru_cache
from importlib.resources import files
from operator import itemgetter
from typing import Any

import attrs
from lark import Lark
from lark.lexer import PatternStr
from lark.parsers.lalr_analysis import Shift

from vlp.kernel import Query

from .arithmetic import ANSWER_NUMBER, MAX_DIGITS, Arithmetic, answer_number, answer_value
from .callbacks import (
    ANSWER,
    CLAIMS,
    UNPARSED,
    ParsedClaim,
    _SentenceError,
    _template_callback,
    _ToClaims,
    _Token,
)
from .sentence_programs import (
    _DROP,
    _END,
    _ERROR,
    _KEEP,
    _SPLICE,
    PieceLayout,
    _apply_plan,
    _no_match,
    _NoMatch,
    compile_program,
)
from .templates import QUESTION, TEMPLATES, VERB_FORMS, Template, _is_slot

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
        claims = self.claims
        if len(claims) == 1:  # most sentences: no generator
            arithmetic = claims[0].arithmetic
            return () if arithmetic is None else (arithmetic,)
        return tuple(c.arithmetic for c in claims if c.arithmetic is not None)

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


_TOKEN_RE = re.compile(
    r"\s*(?:(?P<CONSEQUENCE>,\s*(?:and\s+)?(?:so|thus|therefore|hence)\b,?)|(?P<NUMBER>\d+)|(?P<word>[^\W\d_]+(?:-[^\W\d_]+)*)|(?P<POSS>'s?(?![^\W\d_]))"
    r"|(?P<OP>[-+*/])|(?P<punct>[.,;?=])|(?P<bad>\S))"
)


# the same matches without groups: their texts, each after the spaces before it
_TOKEN_TEXT_RE = re.compile(re.sub(r"\(\?P<\w+>", "(?:", _TOKEN_RE.pattern))
# the only token that spans a space (without one, the tokens of a text are its pieces')
_CONSEQUENCE_RE = re.compile(_TOKEN_RE.pattern.partition("(?P<CONSEQUENCE>")[2]
                             .partition(")|(?P<NUMBER>")[0])
_LETTER_RE = re.compile(r"[^\W\d_]")

_KEPT_TERMINALS = frozenset({"NAME", "WORD", "POSS", "OF", "NUMBER", "OP", "CONSEQUENCE"})


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
        self.shapes: dict[str, str] = {}  # a token's text -> its shape (keyword, NAME, ...)
        # the same per space-separated piece of a sentence: its shape (a tuple when it holds
        # several tokens, whose texts are kept), and the programs keyed by piece shapes
        self.piece_shapes: dict[str, str | tuple[str, ...]] = {}
        self.piece_tokens: dict[str, tuple[str, ...]] = {}
        self.piece_programs: dict[tuple[Any, ...], tuple[Any, tuple[Any, ...]] | int] = {}

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
        ``_COMPILE_AT`` times is compiled (``sentence_programs``) and later sentences of
        that shape skip the table: same callbacks, same arguments, same order, same errors.

        A normalized sentence is read by its space-separated pieces: no token but a
        consequence (", so") spans a space, and a piece's tokens depend on the piece
        alone (kept per piece), so one ``str.split`` and one look-up per piece give the
        shape. Any other text is lexed token by token (``parse_tokens``)."""
        if "," in text and _CONSEQUENCE_RE.search(text):
            return self.parse_tokens(text)
        pieces = text.split(" ")
        try:  # itemgetter gives a tuple (of several) in one C call
            key = itemgetter(*pieces)(self.piece_shapes) if len(pieces) > 1 else \
                (self.piece_shapes[pieces[0]],)
        except KeyError:
            key = self._learn_pieces(pieces)  # type: ignore[assignment]
            if key is None:  # another space, or a sign no terminal reads
                return self.parse_tokens(text)
        program = self.piece_programs.get(key, 0)
        if program.__class__ is tuple:
            run, handlers = program  # type: ignore[misc]
            return run(pieces, self.piece_tokens, handlers)
        return self._count(self.piece_programs, key, program, text,  # type: ignore[arg-type]
                           _piece_layout)

    def _learn_pieces(self, pieces: list[str]) -> tuple[Any, ...] | None:
        """The pieces' shapes, those not seen before found and kept; ``None`` where a piece
        is empty, holds another space or a sign no terminal reads."""
        shapes, tokens = self.piece_shapes, self.piece_tokens
        if len(shapes) + len(pieces) > _MAX_PROGRAMS:
            shapes.clear()
            tokens.clear()
        for piece in pieces:
            if piece in shapes:
                continue
            if piece.split() != [piece]:
                return None
            texts: list[str] = []
            found: list[str] = []
            for match in _TOKEN_RE.finditer(piece):
                kind = match.lastgroup
                value = match.group(kind)  # type: ignore[arg-type]
                if kind == "word":
                    shape = value if value in self.literals else \
                        "NAME" if value[0].isupper() else "WORD"
                elif kind == "punct":
                    shape = value if value in self.literals else None  # type: ignore[assignment]
                elif kind in ("bad", "CONSEQUENCE"):
                    shape = None  # type: ignore[assignment]
                else:
                    shape = kind  # type: ignore[assignment]
                if shape is None:
                    return None
                texts.append(value)
                found.append(shape)
            if len(found) == 1:
                shapes[piece] = found[0]
            else:
                shapes[piece] = tuple(found)
                tokens[piece] = tuple(texts)
        return tuple(map(shapes.get, pieces))

    def _count(self, programs: dict[Any, Any], key: Any, seen: int, text: str,
               layout: Any) -> Any:
        """``text`` parsed by the table, its shape ``key`` counted; at the
        ``_COMPILE_AT``-th sighting the parse is recorded and compiled (``layout(key)``
        says where the program finds its tokens)."""
        if seen < _COMPILE_AT - 1:  # compiling costs ~8 parses: only shapes that recur
            if not seen and len(programs) >= _MAX_PROGRAMS:
                programs.clear()
            programs[key] = seen + 1
            return self._parse(text, tokens=None)  # the table lexes as it goes
        recorded: list[tuple[tuple[Any, ...], str | None]] = []
        try:
            return self._parse(text, None, recorded)
        finally:  # a callback's error (not the table's) is left unrecorded
            if recorded and recorded[-1][1] in (_END, _ERROR):
                programs[key] = compile_program(recorded, layout(key))

    def parse_tokens(self, text: str) -> Any:
        """``parse`` for any text: the tokens are the texts of ``_TOKEN_RE``'s matches
        (one C-level ``findall``); a text fixes its shape (kept per text), except a lone
        apostrophe, which is a possessive only where no letter follows it."""
        raw = _TOKEN_TEXT_RE.findall(text)
        texts = list(map(str.lstrip, raw))
        ends = list(itertools.accumulate(map(len, raw)))
        shapes = self.shapes
        shape = list(map(shapes.get, texts))
        if None in shape:
            for position, found in enumerate(shape):
                if found is None:
                    found = self._shape(texts[position], text, ends[position])
                    if found is None:  # outside the table's terminals: the table's error
                        return self._parse(text, tokens=None)
                    shape[position] = found
        key = tuple(shape)
        program = self.programs.get(key, 0)
        if program.__class__ is int:
            return self._count(self.programs, key, program, text, _token_layout)
        run, handlers = program
        return run(texts, ends, handlers)

    def _shape(self, token: str, text: str, end: int) -> str | None:
        """A token text's shape (kept for the next sentence, except a lone apostrophe's),
        or ``None`` for a sign no terminal reads."""
        kind = _TOKEN_RE.match(token).lastgroup  # type: ignore[union-attr]
        if token == "'":  # "'" then a letter is no possessive (as _TOKEN_RE's look-ahead)
            return None if _LETTER_RE.match(text, end) else "POSS"
        if kind == "word":
            found = token if token in self.literals else "NAME" if token[0].isupper() \
                else "WORD"
        elif kind == "punct":
            found = token if token in self.literals else None
        elif kind == "bad":
            found = None
        else:
            found = kind
        if found is not None:
            if len(self.shapes) >= _MAX_PROGRAMS:
                self.shapes.clear()
            self.shapes[token] = found
        return found

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


_COMPILE_AT = 4  # the sighting of a shape that compiles it
_MAX_PROGRAMS = 65536


def _token_layout(_key: tuple[str, ...]) -> None:
    return None  # compile_program's default: X, P


def _piece_layout(key: tuple[Any, ...]) -> PieceLayout:
    """Per token, its piece and its place there (``None``: the piece is the token)."""
    places: list[tuple[int, int | None]] = []
    for piece, shape in enumerate(key):
        if shape.__class__ is str:
            places.append((piece, None))
        else:
            places.extend((piece, place) for place in range(len(shape)))
    return PieceLayout(places)


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
    r"(?:the\s+(?:final\s+)?answer(?:\s*\(arabic numerals\))?\s*(?:is\s*:?|=|:)|answer\s*:)"
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
_MARKDOWN_CHAR_RE = re.compile("[*_`#>]")
_OTHER_SIGN_RE = re.compile("[−–÷$xX×·∙⋅]")
# either of the two classes (one search for most sentences), built from them
_SPECIAL_CHAR_RE = re.compile(_MARKDOWN_CHAR_RE.pattern[:-1] + _OTHER_SIGN_RE.pattern[1:])
_LONG_NUMBER_RE = re.compile(r"\d{" + str(MAX_DIGITS + 1) + "}")


def strip_numbering(line: str) -> str:
    """Remove list numbering and markdown around a line: "**Step 3:** ...", "- 1. ..."."""
    numbering_seconds = _NUMBERING_SECONDS.get(line[:1])
    if numbering_seconds is not None and line[1:2] not in numbering_seconds:
        # every part of the numbering is optional, and text starting with an ASCII letter
        # can only be numbering as "step 3:", "line 3:" or "a) ": nothing to remove (the
        # split strips a line, then each of its sentences: most sentences skip the regex)
        return line
    return _NUMBERING_RE.sub("", line, count=1)


# per ASCII letter, the second characters after which the numbering regex may match there:
# "a) ", and "step" or "line" (their second letters with what case-folds to them: "İ" and
# "ı" to "i"); non-ASCII letters may case-fold to ASCII ones ("ſ" to "s"): they take the
# regex
_NUMBERING_SECONDS = {letter: frozenset(")") for letter in
                      "abcdefghijkmnopqrtuvwxyzABCDEFGHIJKMNOPQRTUVWXYZ"}
_NUMBERING_SECONDS.update({letter: frozenset(")tT") for letter in "sS"})
_NUMBERING_SECONDS.update({letter: frozenset(")iI\u0130\u0131") for letter in "lL"})


def normalize_sentence(text: str) -> str:
    """The canonical spelling the grammar reads (one line, plain operators and numbers)."""
    return _normalized(text)[0]


def _normalized(text: str) -> tuple[str, bool]:
    """``normalize_sentence(text)``, and whether the text is plain: ASCII letters but "x",
    digits in runs of at most ``MAX_DIGITS``, single spaces and signs no regex rewrites
    (one ``fullmatch``: only the closing full stop can change)."""
    if (_PLAIN_RE.fullmatch(text) is not None and "  " not in text
            and text[:1] != " " and text[-1:] != " "):
        return _full_stop(text), True
    text = text.replace("\u2019", "'").replace("\u2018", "'")
    if _SPECIAL_CHAR_RE.search(text):  # the regexes only where they can apply
        if _MARKDOWN_CHAR_RE.search(text):
            text = _MARKDOWN_RE.sub("", text)
        if _OTHER_SIGN_RE.search(text):
            text = text.replace("−", "-").replace("–", "-").replace("÷", "/").replace("$", "")
            text = _TIMES_RE.sub(" * ", text)
    if "," in text:
        text = _THOUSANDS_RE.sub("", text)
    text = " ".join(text.split())  # str.split and re's \s agree on what whitespace is
    return _full_stop(text), False


def _full_stop(text: str) -> str:
    if text and text[-1] in ":!":
        return text[:-1] + "."
    if text and text[-1] not in ".?":
        return text + "."
    return text


# what no normalizing regex rewrites (no markdown sign, no "x" or other sign, no thousands
# comma, no other space) and holds no number too long to read
_PLAIN_RE = re.compile(r"(?:[A-WYZa-wyz '.?!:;=+\-/()]++|[0-9]{1," + str(MAX_DIGITS)
                       + r"}+(?![0-9]))*+")


def extract_answer(text: str) -> int | float | None:
    """The final answer a transcript states ("Therefore, the answer (arabic numerals) is 26.",
    "\\boxed{26}"); the last one wins; ``None`` when there is none."""
    text = text.replace("*", "").replace("`", "")
    found: int | float | None = None
    for matches in (_answer_matches(text), _BOXED_RE.finditer(text)):
        for match in matches:
            number = answer_number(text, match.start(1), match.end(1))
            value = None if number is None else answer_value(number)
            if value is not None:
                found = value
        if found is not None:
            return found
    return found


def _answer_matches(text: str) -> Iterator[re.Match[str]]:
    """``_ANSWER_RE.finditer(text)``, without running the case-blind regex at every
    character (about 40 ns each: a transcript's answer took 30 us). Every match holds the
    word "answer" once, and starts there or at the "the" that the spaces and "final"
    before it allow; a match never holds a later match's "the". In ASCII text the word is
    found by ``str.find`` in the lower-cased text (same positions), and the regex is run
    only at those starts, leftmost first, as the scan would meet them (linear: the spaces
    looked back over before one word are not before another)."""
    if not text.isascii():  # lower-casing may move characters: the scan
        yield from _ANSWER_RE.finditer(text)
        return
    lowered = text.lower()
    end = 0  # where the last match ended: the scan resumes there
    word = lowered.find("answer")
    while word >= 0:
        starts = [word]
        spaces = _spaces_before(text, word)
        if spaces < word:  # "the answer", "the final answer"
            starts.insert(0, spaces - 3)
            if spaces >= 5 and lowered[spaces - 5:spaces] == "final":
                head = _spaces_before(text, spaces - 5)
                if head < spaces - 5:
                    starts.insert(0, head - 3)
        for start in starts:
            if start >= end:
                match = _ANSWER_RE.match(text, start)
                if match is not None:
                    yield match
                    end = match.end()
                    break
        word = lowered.find("answer", max(word + 6, end))


def _spaces_before(text: str, position: int) -> int:
    """Where the run of spaces (``\\s``) that ends at ``position`` starts."""
    while position and text[position - 1].isspace():
        position -= 1
    return position



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
        return SentenceParse(sentence, CLAIMS, value)
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
    sentence, plain = _normalized(strip_numbering(text))
    if not sentence or sentence == ".":
        return SentenceParse(sentence, UNPARSED, reason="empty")
    # every answer phrase holds the word (and casefold maps every letter re's IGNORECASE
    # takes for its letters to them): the regex only where it can match
    if ("answer" in sentence.casefold() and _ANSWER_RE.search(sentence)) or (
            "boxed{" in sentence and _BOXED_RE.search(sentence)):
        value = extract_answer(sentence)
        if value is not None:
            return SentenceParse(sentence, ANSWER, answer=value)
    if not plain and _LONG_NUMBER_RE.search(sentence):
        return SentenceParse(sentence, UNPARSED,
                             reason=f"a number with more than {MAX_DIGITS} digits")
    return sentence
