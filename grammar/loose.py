"""The loose reading: what a sentence *mentions*, for sentences outside the template language.

Problem-independent. A sentence becomes clauses of tokens: words (case kept), numbers
written in digits or in words ("twenty-five"), and arithmetic written anywhere, in any of
the ways models write it ("8-3, or 5", "42 + 38 + 47, which equals 127", "12 plus 3 is
15"), folded into one number token that carries its expression. Clauses are split at
connectives ("so", "then", "if", ", and she ...") and carry flags for what makes a clause
state nothing (a question, a hypothetical "would", a first-person plan "we need to").
Resolving the mentions against a program's names is the checker's job
(``vlp.reading.reader``).
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from functools import lru_cache

import attrs

from .arithmetic import (
    ANSWER_NUMBER,
    MAX_DIGITS,
    OPERATOR_SPELLINGS,
    Arithmetic,
    answer_number,
    answer_value,
)

_UNITS = {
    "zero": 0, "one": 1, "two": 2, "three": 3, "four": 4, "five": 5, "six": 6, "seven": 7,
    "eight": 8, "nine": 9, "ten": 10, "eleven": 11, "twelve": 12, "thirteen": 13,
    "fourteen": 14, "fifteen": 15, "sixteen": 16, "seventeen": 17, "eighteen": 18,
    "nineteen": 19,
}
_TENS = {"twenty": 20, "thirty": 30, "forty": 40, "fifty": 50, "sixty": 60, "seventy": 70,
         "eighty": 80, "ninety": 90}
_SCALES = {"hundred": 100, "thousand": 1000}
NUMBER_WORDS = frozenset(_UNITS) | frozenset(_TENS) | frozenset(_SCALES)

_OPERATOR_WORDS = {"plus": "+", "minus": "-", "times": "*"}
# what may stand between an expression and its result: "=", "equals", ", or", "which is" ...
_RESULT_WORDS = frozenset({"=", "equals", "equal", "is", "or", "gives", "makes", "→", "->",
                           "which", "to", "get", "we", "that", "and", "you", "leaves"})

_TOKEN_PATTERN = (
    # a number glued to letters is part of a name ("mp3 player", "3D printer", "2nd"), not a
    # count (but "4x6" is a product)
    r"(?P<glued>\d+(?![x×]\d)[^\W\d_]+\w*|[^\W\d_]+\d\w*)"
    r"|(?P<number>\d+(?:,\d{3})*)|(?P<word>[^\W\d_]+(?:[-'][^\W\d_]+)*'?)"
    r"|(?P<sign>->|→|[-+*/×−–=])|(?P<punct>[.,;:?!()_%]+)"
)
_TOKEN_RE = re.compile(_TOKEN_PATTERN)
# the same tokens without groups: ``findall`` then gives their texts, looked up interned, and
# only a text not seen before is matched again for its kind (a token's kind is its text's)
_TOKEN_TEXT_RE = re.compile(re.sub(r"\(\?P<\w+>", "(?:", _TOKEN_PATTERN))

# connectives that start a new clause
_CLAUSE_WORDS = frozenset({"so", "then", "therefore", "thus", "hence", "because", "since",
                           "but", "while", "whereas", "if", "when", "after", "before",
                           "means", "meaning", "until", "leaving", "which"})
FIRST_PERSON = frozenset({"we", "you", "us", "i", "let", "let's", "our", "lets"})
# "will" is not here: "Park workers will plant 105 trees" restates the problem's event
# (a plan says "we will": first person, silent anyway)
HYPOTHETICAL = frozenset({"could", "might", "should", "suppose", "assume",
                          "imagine", "need", "needs", "want", "wants", "some", "not", "no",
                          "never", "doesn't", "don't", "didn't", "isn't", "aren't", "wasn't",
                          "cannot", "can't", "how", "what", "unknown", "number", "x"})
# what may follow "than Adam and Jackie": the list of names ends there
_LIST_ENDS = frozenset({"together", "combined", "altogether", "do", "does", "did", "have",
                        "had", "in", "both", "put", "and"})
_STEP_LABEL_RE = re.compile(r"^\s*(?:step|line)\s*\d+\s*[–—:.)-]\s*", re.IGNORECASE)
_MODALS = frozenset({"would", "will", "could", "might", "should"})
# glue a clause may start with, which says nothing itself ("We know that", "This means")
_GLUE_PHRASES = (("we", "can", "say", "that"), ("we", "find", "that"),
                 ("we", "can", "conclude", "that"),
                 ("we", "also", "know", "that"), ("we", "also", "know"),
                 ("we", "already", "know", "that"), ("we", "already", "know"),
                 ("we", "know", "that"), ("we", "know"), ("we", "are", "told", "that"),
                 ("we", "are", "told"), ("we", "can", "see", "that"), ("we", "see", "that"),
                 ("recall", "that"), ("note", "that"), ("remember", "that"),
                 ("it", "is", "given", "that"), ("given", "that"))


@attrs.frozen
class Token:
    """A word, a number (``value``; with ``arithmetic`` when it is an expression's result),
    or a sign/punctuation mark (``kind`` ``"sign"``/``"punct"``)."""

    text: str
    kind: str  # "word", "number", "sign", "punct"
    value: int | None = None
    arithmetic: Arithmetic | None = None
    units: tuple[str, ...] = ()  # per operand, the unit words written after it ("farms")
    lower: str = attrs.field(init=False, repr=False, eq=False)

    @lower.default
    def _lower(self) -> str:  # computed once: the reader compares lowercase words often
        return self.text.lower()


@attrs.frozen
class Clause:
    """A clause's tokens and what makes it state nothing (``silent`` names the reason)."""

    tokens: tuple[Token, ...]
    silent: str | None = None
    after_colon: bool = False  # "Rasha has 52 fewer: 75 - 52 = 23": continues its subject
    words: tuple[str, ...] = attrs.field(init=False, repr=False, eq=False)

    @words.default
    def _words(self) -> tuple[str, ...]:  # computed once: the reader asks for it often
        return tuple([t.lower for t in self.tokens])


def number_value(words: list[str]) -> int | None:
    """"twenty-five", "one hundred and five", "three thousand two hundred" -> the number;
    None for words that are no one number: "six two" or "twenty thirty" are two numbers
    side by side (number-parser, measured against this on the real corpus, refuses them too)."""
    total, current = 0, 0
    last = ""  # what the previous word was: "unit" (0-19), "ten", "hundred", "thousand", "and"
    for word in words:
        if word in _UNITS:
            value = _UNITS[word]
            if last == "unit" or (last == "ten" and value >= 10) or (value == 0 and last):
                return None
            current += value
            last = "unit"
        elif word in _TENS:
            if last in ("unit", "ten"):
                return None
            current += _TENS[word]
            last = "ten"
        elif word == "hundred":
            if last in ("hundred", "ten", "and") or current >= 100:
                return None
            current = max(current, 1) * 100
            last = "hundred"
        elif word == "thousand":
            if total or last == "and":
                return None
            total += max(current, 1) * 1000
            current = 0
            last = "thousand"
        elif word == "and" and last in ("hundred", "thousand"):
            last = "and"
        else:
            return None
    return total + current if last and last != "and" else None


def _raw_tokens(text: str) -> list[Token]:
    """The tokens as written (numbers in words not folded yet)."""
    values = _TOKEN_TEXT_RE.findall(text.replace("\u2019", "'"))
    try:  # most sentences: every text seen before
        return list(map(_TOKENS.__getitem__, values))
    except KeyError:
        pass
    tokens: list[Token] = []
    interned = _TOKENS.get
    for value in values:
        token = interned(value)
        if token is None:
            tokens.extend(_new_tokens(value))
        else:
            tokens.append(token)
    return tokens


def _new_tokens(value: str) -> list[Token]:
    """The token(s) of a text not interned yet: "twenty-five" is two words to fold."""
    match = _TOKEN_RE.match(value)
    kind = (match.lastgroup if match is not None else None) or "punct"
    if kind == "glued":
        kind = "word"
    if kind == "number":
        digits = value.replace(",", "")
        if len(digits) > MAX_DIGITS:
            return []
        return [_intern(Token(value, "number", int(digits)))]
    if kind == "word" and "-" in value and all(
            p in NUMBER_WORDS for p in value.lower().split("-")):
        return [Token(p, "word") for p in value.split("-")]
    return [_intern(Token(value, kind))]


# A token is an immutable value of its text (whose first character says which kind of
# token it is): the words of a problem recur in every sentence, so each is built once
_TOKENS: dict[str, Token] = {}


def _intern(token: Token) -> Token:
    if len(_TOKENS) >= 1 << 16:
        _TOKENS.clear()
    _TOKENS[token.text] = token
    return token


_PEOPLE_AFTER = frozenset({"together", "of", "combined", "have", "has", "had", "are",
                           "each", "amounts", "totals", "numbers", "counts"})


def _fold_number_words(tokens: list[Token]) -> list[Token]:
    """Runs of number words become one number token ("twenty five" -> 25)."""
    if NUMBER_WORDS.isdisjoint([t.lower for t in tokens]):  # most sentences: nothing to fold
        return tokens
    folded: list[Token] = []
    i = 0
    while i < len(tokens):
        token = tokens[i]
        if token.kind == "word" and token.lower in NUMBER_WORDS:
            j = i
            while j < len(tokens) and tokens[j].kind == "word" and (
                    tokens[j].lower in NUMBER_WORDS
                    or (tokens[j].lower == "and" and j + 1 < len(tokens)
                        and tokens[j + 1].lower in NUMBER_WORDS and j > i
                        and tokens[j - 1].lower in _SCALES)):
                j += 1
            value = number_value([t.lower for t in tokens[i:j]])
            after = tokens[j].lower if j < len(tokens) else ""
            if value is not None and i > 0 and tokens[i - 1].lower == "the" and \
                    (after in _PEOPLE_AFTER or j == len(tokens) or tokens[j].kind == "punct"):
                value = None  # "adding the two together", "the two of them": people
            if value is not None:
                folded.append(Token(" ".join(t.text for t in tokens[i:j]), "number", value))
                i = j
                continue
        folded.append(token)
        i += 1
    return folded


def _operator(token: Token) -> str | None:
    if token.kind == "sign":
        return OPERATOR_SPELLINGS.get(token.text)
    if token.kind == "word":  # "x" only where a number follows it (``_unit_words`` stops)
        return "*" if token.lower == "x" else _OPERATOR_WORDS.get(token.lower)
    return None


_FOLD_TRIGGERS = frozenset(_OPERATOR_WORDS) | frozenset(OPERATOR_SPELLINGS)  # "x" too
# the words between an expression and its result that say it is the result
_BRIDGES = frozenset({"=", "equals", "equal", "is", "or", "gives", "makes", "→", "->", "get",
                      "leaves"})


def _fold_arithmetic(tokens: list[Token]) -> list[Token]:
    """``a op b [op c ...] <result words> r`` becomes one number token ``r`` with its
    expression; a chain without a result becomes an ``expression`` token (no quantity)."""
    if _FOLD_TRIGGERS.isdisjoint([t.lower for t in tokens]):
        return tokens  # no operator (word or sign): nothing to fold
    folded: list[Token] = []
    i = 0
    while i < len(tokens):
        token = tokens[i]
        if token.kind != "number":
            folded.append(token)
            i += 1
            continue
        operands, operators, j = [token.value], [], i + 1
        unit_words: list[str] = []
        while True:
            units = _unit_words(tokens, j)  # "42 farms × 5 horses per farm = 210"
            operator = _operator(tokens[units]) if units + 1 < len(tokens) else None
            if operator and tokens[units + 1].kind == "number":
                operators.append(operator)
                operands.append(tokens[units + 1].value)
                unit_words.append(_said(tokens, j, units))
                j = units + 2
                continue
            if operators and units > j and units < len(tokens) and tokens[units].text == "=":
                unit_words.append(_said(tokens, j, units))
                j = units
            break
        if not operators:
            folded.append(token)
            i += 1
            continue
        k = j
        while k < len(tokens) and k - j < 4 and (
                tokens[k].lower in _RESULT_WORDS or tokens[k].text == ","):
            k += 1
        bridge = {t.lower for t in tokens[j:k]}
        if k < len(tokens) and tokens[k].kind == "number" and bridge & _BRIDGES:
            expression = Arithmetic(tuple(int(o) for o in operands), tuple(operators),
                                    int(tokens[k].value))
            units_said = tuple(unit_words) + ("",) * (len(operands) - len(unit_words))
            folded.append(Token(" ".join(t.text for t in tokens[i:k + 1]), "number",
                                tokens[k].value, expression,
                                units_said if any(units_said) else ()))
            k += 1
            if k < len(tokens) and tokens[k].text == "," and bridge & {"or"}:
                k += 1  # "8-3, or 5, potatoes": the comma closes the aside
            i = k
            continue
        folded.append(Token(" ".join(t.text for t in tokens[i:j]), "expression"))
        i = j
    return folded


def _said(tokens: list[Token], start: int, end: int) -> str:
    """The unit words of an operand ("dollars/hour" is not read as one: read as "per hour",
    it added misreads on the real corpus's held-back part)."""
    return " ".join([t.lower for t in tokens[start:end]]) if end > start else ""


def _names_list_follows(tokens: list[Token], start: int) -> bool:
    """Do the tokens from ``start`` end a list of names: "Kiele and Ravit", "Kiele, Ravit
    and Thach"? (Names are capitalized words; a name may have several.)"""
    i, names = start, 0
    while i < len(tokens) and _is_capitalized(tokens[i]):
        while i < len(tokens) and _is_capitalized(tokens[i]):
            i += 1
        names += 1
        if i < len(tokens) and tokens[i].text == ",":
            i += 1
            continue
        if i < len(tokens) and tokens[i].lower == "and":
            return i + 1 < len(tokens) and _is_capitalized(tokens[i + 1])
        return False
    return False


def _unit_words(tokens: list[Token], start: int) -> int:
    """The end of up to four words naming an operand's unit ("farms", "horses per farm")."""
    end = start
    while end < len(tokens) and end - start < 4:
        token = tokens[end]
        following = tokens[end + 1] if end + 1 < len(tokens) else None
        if token.kind != "word" or token.lower in _OPERATOR_WORDS or \
                token.lower in _RESULT_WORDS or (
                    token.lower == "x" and end > start and following is not None
                    and following.kind == "number"):
            break  # "3 hours x 6 dollars": "x" times the number after it
        end += 1
    return end


def _is_capitalized(token: Token) -> bool:
    return token.kind == "word" and token.text[:1].isupper()


_SPLITTING_WORDS = _CLAUSE_WORDS | {"and"}


def _split(tokens: list[Token]) -> list[tuple[list[Token], bool]]:
    """Clauses: at ";", ":", "," and connectives; at "and" once the clause stated a number,
    unless the "and" continues a list of names ("than Adam and Jackie")."""
    current: list[Token] = []
    clauses: list[list[Token]] = [current]
    colons: list[bool] = [False]
    for index, token in enumerate(tokens):
        lower = token.lower
        if token.kind != "punct" and lower not in _SPLITTING_WORDS:
            current.append(token)  # only punctuation, "and" and connectives split
            continue
        after = tokens[index + 1] if index + 1 < len(tokens) else None
        split = False
        if token.text == "," and current and _is_capitalized(current[-1]) and \
                _names_list_follows(tokens, index + 1):
            split = False  # "Bhargav, Kiele and Ravit have": a list of names
        elif token.kind == "punct" and any(c in token.text for c in ";:,"):
            # "Lib's puzzles: 20": a label and its number stay one clause
            split = not (token.text == ":" and after is not None and after.kind == "number"
                         and not any(t.kind == "number" for t in current))
        elif lower in _CLAUSE_WORDS and current:
            split = True
        elif lower == "and" and after is not None and after.kind != "number" and \
                any(t.kind == "number" for t in current):
            previous = current[-1] if current else None
            beyond = tokens[index + 2] if index + 2 < len(tokens) else None
            in_list = previous is not None and previous.kind == "word" and (
                _is_capitalized(previous) or previous.lower.endswith("'s")) and \
                any(t.lower == "than" for t in current[-4:]) and (
                    beyond is None or beyond.kind == "punct" or beyond.lower in _LIST_ENDS)
            split = not in_list
        if split:
            if current:
                current = []
                clauses.append(current)
                colons.append(token.text == ":")
            if token.kind == "punct" or lower == "and":
                continue
        current.append(token)
    return [(c, colon) for c, colon in zip(clauses, colons, strict=True) if c]


_GLUE_STARTS = frozenset(phrase[0] for phrase in _GLUE_PHRASES)


def _strip_glue(tokens: list[Token]) -> list[Token]:
    if _GLUE_STARTS.isdisjoint([t.lower for t in tokens[:4]]):
        return tokens
    words = [t.lower for t in tokens]
    for phrase in _GLUE_PHRASES:
        for start in range(0, min(4, len(words))):
            if tuple(words[start:start + len(phrase)]) == phrase:
                return tokens[:start] + tokens[start + len(phrase):]
    return tokens


_PERCENT = frozenset({"percent", "percentage", "percentages"})
_YEAR_LEADS = frozenset({"in", "since", "during", "by", "until"})


def _drop_years(tokens: list[Token]) -> list[Token]:
    """"in 2024" dates the sentence: the year is no quantity of it."""
    def is_year(token: Token) -> bool:
        return token.kind == "number" and len(token.text) == 4 and \
            1800 <= (token.value or 0) <= 2199

    if _YEAR_LEADS.isdisjoint([t.lower for t in tokens]):
        return tokens
    dated = {i for i in range(len(tokens) - 1)
             if tokens[i].lower in _YEAR_LEADS and is_year(tokens[i + 1])}
    return [t for i, t in enumerate(tokens) if i not in dated and i - 1 not in dated]


_ESTIMATES = frozenset({"about", "almost", "nearly", "approximately", "around", "roughly"})
_BOUNDS = frozenset({("more", "than"), ("fewer", "than"), ("less", "than"),
                     ("greater", "than"), ("at", "least"), ("at", "most")})
# "has up to 927" bounds a count; "brings him up to 95" states the count it reaches
_STATE_VERBS = frozenset({"has", "have", "had", "owns", "own", "owned", "holds", "hold",
                          "held", "possesses", "possess", "possessed", "keeps", "keep", "kept"})


def _bounds(tokens: list[Token], i: int) -> bool:
    """The number at ``i`` is a bound or an estimate ("more than 927", "about 40")."""
    before = [t.lower for t in tokens[max(0, i - 3):i]]
    if before[-2:] == ["up", "to"] and len(before) == 3 and before[0] in _STATE_VERBS:
        return True
    before = before[-2:]
    return bool(before) and (before[-1] in _ESTIMATES or tuple(before) in _BOUNDS)


# the word right before a number that _bounds needs: without one, no number is a bound
_BOUND_ENDS = _ESTIMATES | frozenset(pair[1] for pair in _BOUNDS) | {"to"}


# why a clause states nothing, where a reader tells one reason from another
SILENT_PLAN = "says what to do, not what holds"
SILENT_HYPOTHETICAL = "hypothetical or negated"


def silence(tokens: Sequence[Token], question: bool, *,
            person: frozenset[str] = FIRST_PERSON) -> str | None:
    """Why a clause of these tokens states nothing, or ``None``; ``person``: the words of
    the person whose clause says what to do (a problem told to "you" counts what "you"
    read: there, "you" is an agent, and only the other words silence its clause)."""
    return _silence(list(tokens), question, person)


def _silence(tokens: list[Token], question: bool,
             person: frozenset[str] = FIRST_PERSON) -> str | None:
    if question:
        return "a question"
    words = {t.lower for t in tokens}
    if not words.isdisjoint(person):
        return SILENT_PLAN
    if not words.isdisjoint(HYPOTHETICAL) and not _negated_after_relative(tokens):
        return SILENT_HYPOTHETICAL
    punctuation = "".join([t.text for t in tokens if t.kind == "punct"])
    if not words.isdisjoint(_PERCENT) or "%" in punctuation:
        return "a percentage, which no claim states"  # "46% more" is no count of 46
    if not words.isdisjoint(_BOUND_ENDS) and any(
            t.kind == "number" and tokens[i - 1].lower in _BOUND_ENDS and _bounds(tokens, i)
            for i, t in enumerate(tokens) if i):
        return "a bound or an estimate, not a count"  # "more than 927", "about 40"
    if "respectively" in words:
        return "counts paired with names 'respectively'"
    if "_" in punctuation or any(t.kind == "expression" for t in tokens):
        return "no result stated"
    return None


_CONDITIONS = frozenset({"if", "suppose", "imagine", "were"})
_RELATIVES = frozenset({"that", "which", "who"})
_NEGATIONS = frozenset({"not", "no", "never", "doesn't", "don't", "didn't", "isn't", "aren't",
                        "wasn't", "cannot", "can't"})


def _negated_after_relative(tokens: list[Token]) -> bool:
    """"He threw away 4 old ones that didn't fit": the negation is the relative clause's,
    after the count, not the clause's own (only negations count so)."""
    lowers = [t.lower for t in tokens]
    relative = next((i for i, w in enumerate(lowers) if w in _RELATIVES and i > 0 and
                     any(t.kind == "number" for t in tokens[:i])), None)
    if relative is None:
        return False
    before, after = set(lowers[:relative]), set(lowers[relative:])
    return before.isdisjoint(HYPOTHETICAL) and (after & HYPOTHETICAL) <= _NEGATIONS


@lru_cache(maxsize=1 << 15)
def read_clauses(text: str) -> tuple[Clause, ...]:
    """The clauses of one sentence, with arithmetic and numbers in words folded in."""
    tokens = _raw_tokens(_STEP_LABEL_RE.sub("", text, count=1))
    # each step below changes the tokens only when one of its words is there: the words
    # are listed once, and again only after a step changed them
    lowers = [t.lower for t in tokens]
    for step, needs in ((_fold_number_words, NUMBER_WORDS), (_drop_years, _YEAR_LEADS),
                        (_fold_arithmetic, _FOLD_TRIGGERS)):
        if not needs.isdisjoint(lowers):
            tokens = step(tokens)
            lowers = [t.lower for t in tokens]
    question = text.rstrip().endswith("?")
    # "If Ilse had 10, she would have 2 more": a hypothetical and its condition state
    # nothing; "With 8 coins per box, Khoa would have 184 coins" concludes
    counterfactual = not _MODALS.isdisjoint(lowers) and not _CONDITIONS.isdisjoint(lowers)
    clauses = []
    for part, after_colon in _split(tokens):
        part = _strip_glue(part)
        silent = _silence(part, question)
        if silent is None and counterfactual and part and (
                part[0].lower in ("if", "suppose") or any(t.lower == "would" for t in part)):
            silent = "a hypothetical or its condition"
        clauses.append(Clause(tuple(part), silent, after_colon))
    return tuple(clauses)


# --- answers ------------------------------------------------------------------------------

_LABEL_ANSWER_RE = re.compile(
    r"(?:^|\n)\s*[#>*_\s]*(?:final\s+answer|answer|(?P<total>total|result))\s*[*_]*\s*[:=]\s*[*_\s$\\(]*"
    r"(?:boxed\{)?\s*(?P<number>" + ANSWER_NUMBER + r")", re.IGNORECASE)
_ANSWER_WORDS_RE = re.compile(
    r"the\s+(?:final\s+)?answer(?:\s*\(arabic numerals\))?\s*(?:is\s*:?|=|:)\s*"
    r"([a-z]+(?:[-\s][a-z]+){0,4})", re.IGNORECASE)
_CLOSING_RESULT_RE = re.compile(r"=\s*\$?\s*(" + ANSWER_NUMBER + r")\s*\$?\s*"
                                r"[^\W\d_]*(?:\s+[^\W\d_]+)?\s*[.!]?\s*\$*\s*$")


_HEADER_ANSWER_RE = re.compile(
    r"(?:^|\n)\s*#+\s*(?:final\s+)?answer\s*:?\s*\n\s*[*_$\\(\s]*(?:boxed\{)?\s*(?P<number>"
    + ANSWER_NUMBER + ")",
    re.IGNORECASE)


def extract_labelled_answer(text: str) -> int | float | None:
    """An answer under a label the closing-sentence forms miss: "**Total:** 24", "Answer: 24",
    "Answer: 18 + 30 = 48", a "## Answer" header over "**24**", "The answer is twenty-four.";
    the last one wins. A total's sum ("Total: 18 + 30 = 48") is a step like any other."""
    found = None
    for regex in (_LABEL_ANSWER_RE, _HEADER_ANSWER_RE):
        for match in regex.finditer(text):
            number = answer_number(text, match.start("number"), match.end("number"))
            if number is not None and number != match.group("number") and \
                    match.groupdict().get("total"):
                continue  # "Total: 18 + 30 = 48" mid-way is a step's sum, not the answer
            value = None if number is None else answer_value(number)
            found = found if value is None else value
        if found is not None:
            return found
    for match in _ANSWER_WORDS_RE.finditer(text):
        words = match.group(1).lower().replace("-", " ").split()
        sign = -1 if words[0] in ("minus", "negative") else 1
        words = words[1:] if sign < 0 else words
        while words and number_value(words) is None:
            words.pop()
        if words:
            found = sign * number_value(words)  # type: ignore[operator]
    return found


def extract_closing_result(text: str) -> int | float | None:
    """The result of an expression that ends the transcript: "... = 24 apples."."""
    lines = [line for line in text.strip().splitlines() if line.strip()]
    if lines:
        match = _CLOSING_RESULT_RE.search(lines[-1].replace("*", ""))
        if match is not None:
            return answer_value(match.group(1))
    return None


__all__ = ["Clause", "NUMBER_WORDS", "Token", "extract_closing_result",
           "extract_labelled_answer", "number_value", "read_clauses", "silence"]
