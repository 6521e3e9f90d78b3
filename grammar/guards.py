"""What makes a sentence's words unsafe to read as a claim, whatever the problem.

Problem-independent, and run before any reader: a sentence that hedges ("or maybe 30"),
retracts or disowns what it says ("(wrong)", "I think not", "someone claimed"), states a
range or alternatives ("between 100 and 120", "49 or 50"), or writes a number that is not
one whole number in plain digits ("-118", "24.5", "1e2", "24 000", "2 dozen", a digit split
by an invisible character) states no claim that can be read exactly. Reading it anyway
would turn its words into a claim the sentence does not make (a misread), so it is
``unparsed`` with the reason named here. Precision before recall: each cue costs a little
recall on honest text and buys the guarantee that none of these is ever judged.

:func:`time_cue` says when a sentence's own words fix the time of its claim ("initially",
"at first", "in the end"): the checker judges the claim at that time.
:func:`unclear_answer` says why a transcript's answer statement gives no answer
("the answer is not 49", "49 or 50", "49 - 1").
"""

from __future__ import annotations

import re
import unicodedata
from functools import lru_cache

# the words that multiply a number: "dozen" apart (the checker reads dozens the program
# counts), then the others
DOZENS = r"\bdozens?\b"
OTHER_MULTIPLIERS = r"\bscores? of\b|\bpairs? of\b|\bhalf\b|\bdouble\b|\btwice\b|\btriple\b"
# the ASCII characters ``\s`` matches (a match of ``\s+or`` holds one of them before "or")
_SPACES = "".join(c for c in map(chr, range(128)) if re.match(r"\s", c))
# each: (pattern, the reason an unparsed step gives, words one of which every match holds
# in lower case, or None when a match needs none)
_GUARD_TABLE: tuple[tuple[str, str, tuple[str, ...] | None], ...] = (
    (r"\b(?:maybe|perhaps|probably|possibly|presumably|roughly|approximately|"
     r"apparently|supposedly)\b|\bor so\b|\bmore or less\b|\bi (?:think|guess|believe|"
     r"suppose)\b|\bit seems\b|\d-?ish\b|\bgive or take\b|\bor thereabouts\b",
     "the sentence hedges: it states no claim for certain",
     ("maybe", "perhaps", "probably", "possibly", "presumably", "roughly", "approximately",
      "apparently", "supposedly", "or so", "or less", "think", "guess", "believe", "suppose",
      "it seems", "ish", "give or take", "thereabouts")),
    (r"\bnegative\s+\d", "a negative number: no count is negative", ("negative",)),
    (r"\b(?:about|around|nearly|almost|at least|at most|up to)\s+\d",
     "the sentence gives a bound, not a number",
     ("about", "around", "nearly", "almost", "at least", "at most", "up to")),
    (r"\b(?:wrong|incorrect|mistaken?|mistakes?|untrue|false|typo|oops|scratch that)\b|"
     r"\bnot (?:right|correct|true)\b|\bthink not\b",
     "the sentence retracts or disowns what it says",
     ("wrong", "incorrect", "mistake", "untrue", "false", "typo", "oops", "scratch that",
      "not")),
    (r"\b(?:someone|somebody|claims?|claimed|rumou?red|allegedly|according to)\b",
     "the sentence reports what someone else says",
     ("someone", "somebody", "claim", "rumo", "allegedly", "according to")),
    (r"^\W*(?:had|were)\s+[\w']+(?:\s+[\w']+)?\s+not\b|\bhad\b.*\bnot\b.*\bwould\b|"
     r"\bwould\b.*\bhad\b.*\bnot\b",
     "the sentence is counterfactual: it states what would hold, not what holds",
     ("had", "were")),
    (r"\bbetween\s+\d[\d,]*\s+and\s+\d", "the sentence gives a range, not a number",
     ("between",)),
    (r"(?<![\d,.])(?<![-+*/×=−–] )(?<![-+*/×=−–])\b\d+(?:,\d{3})*(?:\s+[a-z]+)?\s*,?\s+or\s+\d",
     "the sentence gives alternatives, not a number", tuple(f"{space}or" for space in _SPACES)),
    (r"\d\.\d", "a number that is not whole (the rule table counts whole things)", None),
    (r"\b\d+(?:\.\d+)?e[-+]?\d+\b", "a number in scientific notation is not read", None),
    (r"\b\d{1,3}(?:[ \u00a0\u202f]\d{3})+\b(?!\s*[-+*/×÷=])",
     "a number with spaces inside it is not read (digit groups or two numbers?)", None),
    (r"\d\s*\\\s*\d", "an operator that is not read ('\\' between numbers)", ("\\",)),
    (DOZENS + "|" + OTHER_MULTIPLIERS,
     "a word that multiplies a number ('dozen', 'twice', 'half') is not read",
     ("dozen", "score", "pair", "half", "double", "twice", "triple")),
)
_GUARDS: tuple[tuple[re.Pattern[str], str], ...] = tuple(
    (re.compile(pattern, re.IGNORECASE), reason) for pattern, reason, _ in _GUARD_TABLE)
_ANY_GUARD = re.compile("|".join(f"(?:{p.pattern})" for p, _ in _GUARDS), re.IGNORECASE)
_RETRACTIONS = frozenset(p for p, reason in _GUARDS if "retracts" in reason or "hedges" in reason)
# For ASCII text, the same patterns without IGNORECASE on the text in lower case (their
# letters are lower case ASCII: on ASCII text that is ignoring case), each tried only when
# the text holds one of its words: the unsafe cues were most of the cost of reading a new
# sentence, and most sentences hold none of the words
_LOWER_GUARDS = tuple((re.compile(pattern), reason, words, "retracts" in reason
                       or "hedges" in reason) for pattern, reason, words in _GUARD_TABLE)
_CORRECTION_RE = re.compile(r"\s*(?::|;|—|–| - )\s*")
_SIGNED = re.compile(r"[-−–]\s?\d")
_SIGN_FREE_BEFORE = frozenset("0123456789)%]")  # after these a minus is an operator
_INVISIBLE_CATEGORIES = frozenset({"Cf", "Mn"})


def _negative_number(text: str) -> bool:
    """A minus sign written as a number's sign ("has -118"), not as an operator ("8 - 3",
    "(12)-3", "39 inches - 17 inches = 22 inches") nor as a signed change after an arrow or
    a label ("→ -59", "Naoko: -50"); an equation's result "= -46" is a negative number."""
    for match in _SIGNED.finditer(text):
        before = text[:match.start()].rstrip()
        if not before:
            continue  # a leading "-12 (gives to X)": the terse style's signed change
        last = before[-1]
        if last == "=" and any(c.isdigit() for c in before):
            return True  # "14 cups - 60 cups = -46 cups": an equation's negative result
        if last in _SIGN_FREE_BEFORE or last in ":→>|(=,":
            continue
        if last.isalpha() and (not _UNIT_OPERAND_RE.search(before)
                               or "=" not in text[match.end():]
                               or not text[match.start() + 1:match.start() + 2].isspace()):
            return True  # "has -118" (but "39 inches - 17 inches = 22 inches" subtracts)
    return False


# "5 pages of math homework - 2 pages of reading homework = 3 pages": a minus with a space
# on each side, in an equation that opens the sentence (no label before it: "Poetry: 12
# pages - 5 pages = 7" would give the label the difference), each operand before it a
# number and at most four unit words (none a word that joins clauses or a verb of
# having): an operator, no sign
_UNIT = r"\d[\d,]*(?:\s+(?!(?:and|then|so|is|are|was|were|has|have|had|now|left)\b)" \
    r"[^\W\d_]+(?:['/-][^\W\d_]+)*){1,4}"
_UNIT_OPERAND_RE = re.compile(r"^\W*(?:" + _UNIT
                              + r"\s*[-+*×x−–]\s*)*" + _UNIT + "$", re.IGNORECASE)


def _invisible_inside(text: str) -> bool:
    return any(unicodedata.category(c) in _INVISIBLE_CATEGORIES and c not in "\u200d"
               for c in text if not c.isascii())


@lru_cache(maxsize=1 << 15)
def unsafe_reason(text: str) -> str | None:
    """Why ``text`` must not be read as a claim, or ``None`` when nothing in it says so."""
    if not text.isascii() and _invisible_inside(text):
        return "an invisible character inside the text: its words are not read"
    if text.isascii():
        reason = _ascii_cue(text.lower())
        if reason is not None:
            return reason
    elif _ANY_GUARD.search(text) is not None:  # one scan: most sentences have no cue at all
        # "Wait, that's wrong: so Iosefa has 126 gyms": a correction retracts what came
        # before and states what follows its colon or dash, which is read
        tail = _CORRECTION_RE.split(text)[-1]
        for pattern, reason in _GUARDS:
            if pattern.search(tail if pattern in _RETRACTIONS else text):
                return reason
    if ("-" in text or "−" in text or "–" in text) and _negative_number(text):
        return "a negative number: no count is negative"
    return None


def _ascii_cue(lowered: str) -> str | None:
    """The first guard's reason that matches ASCII text in lower case, as the loop above
    finds it: a retraction is looked for after the last correction mark (a match there is
    one in the whole text too: no such pattern looks behind), so the one scan of every
    pattern that loop starts with is not needed."""
    tail = None
    for pattern, reason, words, retraction in _LOWER_GUARDS:
        if words is not None and not any(map(lowered.__contains__, words)):
            continue
        if retraction and tail is None:
            tail = _CORRECTION_RE.split(lowered)[-1]
        if pattern.search(tail if retraction else lowered):  # type: ignore[arg-type]
            return reason
    return None


_INITIAL_RE = re.compile(
    r"\b(?:initially|originally|at first|at the (?:start|beginning)|in the beginning|"
    r"to (?:begin|start) with|at the outset)\b", re.IGNORECASE)
# "Roscoe started with 118": the start, in a sentence of one number (in "starts with 35 and
# gets 53, so ends up with 88" it is the time of one clause, not of the sentence)
_STARTED_RE = re.compile(r"\b(?:starts?|started|begins?|began)(?: (?:off|out))? with\b",
                         re.IGNORECASE)
_NUMBER_RE = re.compile(r"\d+")
# (not "ends up with": "so he ends up with 118" is said of a step as often as of the end)
_FINAL_RE = re.compile(r"\b(?:in the end|at the end|by the end|eventually)\b", re.IGNORECASE)


@lru_cache(maxsize=1 << 15)
def time_cue(text: str) -> str | None:
    """``"initial"`` or ``"final"`` when the sentence's words fix the time of its claim."""
    initial, final = _INITIAL_RE.search(text), _FINAL_RE.search(text)
    if initial is None and _STARTED_RE.search(text) and len(_NUMBER_RE.findall(text)) == 1:
        initial = _STARTED_RE.search(text)
    if initial and final:
        return None  # both: the claim's own time is not the sentence's one time
    return "initial" if initial else "final" if final else None


_ANSWER_WORD = re.compile(r"\banswer\b", re.IGNORECASE)
_UNCLEAR_ANSWERS: tuple[tuple[re.Pattern[str], str], ...] = tuple(
    (re.compile(pattern, re.IGNORECASE), reason) for pattern, reason in (
        (r"\bnot\b|n't\b|\bcannot\b|\bnever\b|\bno\b|\banything but\b|\bexcept\b|"
         r"\bother than\b|\bnot the case\b", "the answer statement negates its number"),
        (r"\d\s*(?:,\s*)?or\s+\d|\d\s*/\s*\d+\s+or\b", "the answer statement gives alternatives"),
        (r"\bbetween\s+\d", "the answer statement gives a range"),
        (r"\d\s*[-+*/×÷]\s*\d[\d,.]*\s*(?:[.!]|$)(?![^=]*=)",
         "the answer statement ends in an expression, not a number"),
        (r"\b(?:maybe|perhaps|probably|possibly|approximately|about|around|roughly)\b",
         "the answer statement hedges"),
    ))


# "The answer is "There is a mistake in the question."": the model answers, with no number
_NO_ANSWER_RE = re.compile(
    r"\s*(?:\(arabic numerals\))?\s*(?:is|=|:)\s*:?\s*[\"“'*]*[^.\n]*?\b(?:mistake|error|"
    r"cannot be (?:determined|found|answered)|impossible|not possible|no (?:solution|answer)|"
    r"undefined|not enough information|insufficient information)\b", re.IGNORECASE)


def unclear_answer(text: str) -> str | None:
    """Why the sentences of ``text`` that state its answer give none (the last such
    sentence decides), or ``None``."""
    reason = None
    lowered = text.lower() if text.isascii() else None
    if lowered is not None and "answer" not in lowered:
        return None
    for sentence in _answer_sentences(text, lowered):
        match = _ANSWER_WORD.search(sentence)
        if match is None:
            continue
        rest = sentence[match.end():]
        if _PLAIN_ANSWER_RE.match(rest) and not _NEGATION_BEFORE_RE.search(
                sentence, 0, match.start()):
            reason = None  # "the answer (arabic numerals) is 9.": nothing to doubt
            continue
        if not re.search(r"\d|\b(?:zero|one|two|three|four|five|six|seven|eight|nine|ten)\b",
                         rest, re.IGNORECASE):
            if _NO_ANSWER_RE.match(rest):
                reason = "the answer statement says there is no answer"
            continue  # "to find the answer, ..." states none
        reason = None
        for pattern, why in _UNCLEAR_ANSWERS:
            if pattern.search(sentence[match.start():]) or (
                    why.endswith("negates its number") and pattern.search(
                        sentence[:match.start()])):
                reason = why
                break
    return reason


_PLAIN_ANSWER_RE = re.compile(r"\s*(?:\(arabic numerals\))?\s*(?:is|=|:)?\s*:?\s*\$?"
                              r"\d+(?:,\d{3})*\s*[.!]?\s*$", re.IGNORECASE)
_NEGATION_BEFORE_RE = re.compile(r"\bnot\b|n't\b|\bcannot\b|\bnever\b|\bno\b", re.IGNORECASE)
_SENTENCE_END_RE = re.compile(r"[.!?](?=\s)|\n")


def _answer_sentences(text: str, lowered: str | None) -> list[str]:
    """The sentences of ``text`` holding the word "answer" (found by ``str.find`` in
    ASCII text: the rest of a transcript is not split)."""
    if lowered is None:
        return [p for p in re.split(r"(?<=[.!?])\s+|\n", text) if "answer" in p.lower()]
    found: list[str] = []
    at = lowered.find("answer")
    while at >= 0:
        start = max(text.rfind("\n", 0, at), *(text.rfind(c + " ", 0, at) + 1
                                               for c in ".!?"), 0)
        end = _SENTENCE_END_RE.search(text, at)
        stop = len(text) if end is None else end.end()
        found.append(text[start:stop])
        at = lowered.find("answer", stop)
    return found


_ANSWER_LINE_RE = re.compile(r"(?im)^[\s#*_>-]*(?:final\s+)?answer\s*[*_]*\s*:\s*(.+?)\s*$")
_WHOLE_NUMBER_RE = re.compile(r"(?<![\w.,])\d+(?:,\d{3})*(?![\w.,]\d)")


def answer_sentence(text: str) -> int | None:
    """The number of the last "Answer: <a sentence>" line that states exactly one whole
    number ("Answer: She would have 31 stickers." -> 31), or ``None``."""
    from .loose import number_value

    found = None
    for match in _ANSWER_LINE_RE.finditer(text):
        line = match.group(1)
        if unclear_answer("answer: " + line) is not None:
            return None
        numbers = {int(n.replace(",", "")) for n in _WHOLE_NUMBER_RE.findall(line)}
        words = re.findall(r"[a-z]+(?:-[a-z]+)*", line.lower())
        spelled = {v for w in words if (v := number_value(w.split("-"))) is not None}
        values = numbers | spelled
        found = next(iter(values)) if len(values) == 1 else None
    return found


__all__ = ["DOZENS", "OTHER_MULTIPLIERS", "answer_sentence", "time_cue", "unclear_answer",
           "unsafe_reason"]
