"""Split a language model's transcript into steps and read each one.

Handles what models actually write: numbering ("1.", "Step 3:", "- 1." on a line of its
own), markdown (``**``, headers, bullets), several facts in one sentence, partial
sentences whose entity the context fixes, reasoning-model ``<think>`` blocks, and the
closing "Therefore, the answer (arabic numerals) is 26." (not a step; see
``extract_answer``). Every sentence becomes a step with claims or an explicit
``unparsed`` reason. Linear time; never raises on any ``str``.
"""

from __future__ import annotations

import re
from collections.abc import Iterator, Sequence

import attrs

from vlp.kernel import Claim

from .arithmetic import ANSWER_NUMBER, Arithmetic, answer_value, extract_arithmetic
from .sentences import (
    ANSWER,
    CLAIMS,
    ParsedClaim,
    SentenceParse,
    parse_sentence,
    read_without_grammar,
    strip_numbering,
)


@attrs.frozen
class Step:
    """One sentence of a transcript.

    ``text`` is the sentence as read (numbering and markdown removed); ``line`` its 1-based
    line; ``label`` the list number the model gave it ("12"), if any; ``parse`` what the
    grammar read; ``claims`` the claims with partial ones completed from context (see
    ``resolve_partial``); ``arithmetic`` every expression ``a op b = r`` in the sentence
    (the fallback of paper App. D.4); ``in_think`` marks text inside ``<think>``.
    """

    index: int
    text: str
    line: int
    label: str | None
    parse: SentenceParse
    claims: tuple[ParsedClaim, ...]
    arithmetic: tuple[Arithmetic, ...]
    in_think: bool = False

    @property
    def kind(self) -> str:
        return self.parse.kind

    @property
    def reason(self) -> str | None:
        """Why nothing was read ("no template matches ..."), or ``None``."""
        return self.parse.reason

    @property
    def resolved(self) -> bool:
        """Whether every claim is complete (after resolution from context)."""
        return all(c.complete for c in self.claims)


_THINK_OPEN, _THINK_CLOSE = "<think>", "</think>"
_LABEL_RE = re.compile(
    r"^\s*(?:[-*+>•]\s*)*(?:#+\s*)?(?:\*\*|__)?\s*(?:(?:step|line)\s*(\d+)\s*[:.)-]|\(?(\d+)\s*[.):](?!\d))",
    re.IGNORECASE,
)
# The common numbering, "12. " before a word: its label and what strip_numbering leaves (the
# numbering regex takes the number, the dot and the spaces, and nothing of an ASCII letter)
_PLAIN_NUMBER_RE = re.compile(r"(\d+)\.\s+(?=[A-Za-z])")
# A sentence ends at ".", "?" or "!" followed by a space or the end; not inside "2.5". A
# closing bracket or quote after the stop belongs to the sentence it closes: "(Roscoe has
# 30 tiaras.) Therefore, the answer is 49." is two sentences, the first one judged.
_SENTENCE_END_RE = re.compile(r"[.?!]+[)\]\"'»”’]*(?=\s|$)")
_TAG_RE = re.compile(r"</?think>", re.IGNORECASE)


_LATEX_RE = re.compile(r"\\(?:times|cdot)|\\text\{([^{}]*)\}|\\(?:\[|\]|\(|\))|\$\$|"
                       r"\\(?:quad|qquad|,|;|!)|\\(?:left|right)(?=[()\[\]])")
_LATEX_SPELLINGS = {"\\times": " × ", "\\cdot": " × "}


def _plain_math(line: str) -> str:
    """LaTeX as models write it, in plain text: "\\(3 \\times 6 = 18\\)" -> "3 × 6 = 18"."""
    if "\\" not in line and "$$" not in line:
        return line
    line = _LOST_TIMES_RE.sub(_lost_times, line)
    return _LATEX_RE.sub(lambda m: m.group(1) if m.group(1) is not None else
                         _LATEX_SPELLINGS.get(m.group(0), " "), line)


# "177 \* 46 = 8142" (markdown's escaped "*", whose star the markdown is stripped of) or
# "177 \ 46 = 8142" (a "\times" whose name was lost): a product of two whole numbers
_LOST_TIMES_RE = re.compile(r"(?<![\d,.])(\d{1,9})\s*\\(?:\*\s*|\s+)(\d{1,9})\s*=\s*"
                            r"(\d{1,18})(?![\d,.]\d)")


def _lost_times(match: re.Match[str]) -> str:
    """The product, where multiplying is the only operator that gives the result written
    (no sum, difference or quotient of the two is it); else the text as written (and the
    guard leaves the sentence unread)."""
    a, b, result = (int(g) for g in match.groups())
    if a * b != result or result in (a + b, a - b) or b == 1:
        return match.group(0)
    return f"{match.group(1)} × {match.group(2)} = {match.group(3)}"


# "=" with only spaces after it up to where str.splitlines ends a line (at the end of the
# text it has no line to join)
_OPEN_EQUALS_RE = re.compile(r"=\s*?[\n\r\x0b\x0c\x1c-\x1e\x85\u2028\u2029]")


def _joined_lines(text: str) -> list[str]:
    """Lines, with an expression left open at a line's end ("86 - 25 =") joined to the
    result on the next line; blank lines in between are kept as blanks."""
    lines = text.splitlines()
    if "\\" in text or "$$" in text:  # else no line holds LaTeX
        lines = [_plain_math(line) for line in lines]
    elif _OPEN_EQUALS_RE.search(text) is None:  # no line ends in "=": nothing to join
        return lines
    return _join_open_equations(lines)


def _join_open_equations(lines: list[str]) -> list[str]:
    """Join each line ending in "=" to the result on the next non-blank line (in place)."""
    for index, line in enumerate(lines):
        if "=" not in line or not line.rstrip().endswith("="):
            continue
        following = next((j for j in range(index + 1, len(lines)) if lines[j].strip()), None)
        if following is not None and lines[following].strip()[:1].isdigit():
            lines[index] = line.rstrip() + " " + lines[following].strip()
            lines[following] = ""
    return lines


def _lines(text: str) -> list[tuple[int, str, bool]]:
    """(line number, line, inside <think>) for every non-empty line; tags removed."""
    result: list[tuple[int, str, bool]] = []
    inside = False
    if "<" not in text:  # no tag anywhere: every line is outside <think>
        return [(number, raw, False) for number, raw in enumerate(_joined_lines(text), start=1)
                if raw.strip()]
    for number, raw in enumerate(_joined_lines(text), start=1):
        pieces = _TAG_RE.split(raw)
        tags = _TAG_RE.findall(raw)
        for i, piece in enumerate(pieces):
            if piece.strip():
                result.append((number, piece, inside))
            if i < len(tags):
                inside = tags[i].lower() == _THINK_OPEN
    return result


def _sentences(line: str) -> list[str]:
    body = line.rstrip().rstrip(".?!")
    if "." not in body and "?" not in body and "!" not in body:
        # at most the closing run ends a sentence: the line is one sentence (most are)
        return [sentence] if (sentence := line.strip()) else []
    sentences: list[str] = []
    start = 0
    for match in _SENTENCE_END_RE.finditer(line):
        sentences.append(line[start:match.end()])
        start = match.end()
    if line[start:].strip():
        sentences.append(line[start:])
    return [s.strip() for s in sentences if s.strip()]


def split_transcript(text: str, *, grammar: bool = True) -> list[Step]:
    """The transcript's steps in order, one per sentence, closing answers excluded.
    ``grammar=False`` leaves the grammar out (``read_without_grammar``): the steps have
    their text and arithmetic, and no claims."""
    steps: list[Step] = []
    known: list[Claim] = []
    for line_number, label, in_think, parsed, arithmetic in read_sentences(text, grammar=grammar):
        claims = parsed.claims
        if claims:
            claims = tuple(resolve_partial(c, known) for c in claims)
            known.extend(c.claim for c in claims if c.complete)
        steps.append(Step(len(steps), parsed.text, line_number, label, parsed, claims,
                          arithmetic, in_think))
    return steps


def read_sentences(
    text: str, *, grammar: bool = True
) -> Iterator[tuple[int, str | None, bool, SentenceParse, tuple[Arithmetic, ...]]]:
    """What ``split_transcript`` reads, sentence by sentence, before it makes steps:
    (line, label, inside <think>, the parse, the arithmetic). Partial claims are left
    partial (for a reader that resolves them itself, as the checker does against the
    program's theorems)."""
    if not isinstance(text, str):
        raise TypeError("split_transcript reads text; decode bytes first")
    pending_label: str | None = None
    for line_number, line, in_think in _lines(text):
        plain = _PLAIN_NUMBER_RE.match(line)
        if plain is not None:  # "12. Michael has ...": what both regexes below would find
            label_match: re.Match[str] | None = plain
            label = plain.group(1)
            content = line[plain.end():].strip()
        else:
            label_match = _LABEL_RE.match(line)
            label = pending_label
            if label_match is not None:
                label = label_match.group(1) or label_match.group(2)
            content = strip_numbering(line).strip()
        if not any(map(str.isalpha, content)) and not _is_equation(content):
            # a number on a line of its own ("- 1.") labels the next line's sentence
            pending_label = label if label_match is not None else pending_label
            continue
        pending_label = None
        for sentence in _sentences(content):
            # the whole content has a letter or a digit (above)
            if sentence != content and not any(map(str.isalnum, sentence)):
                continue  # stray punctuation or emoji: nothing to read
            # too long a "sentence" gives its reason
            parsed = parse_sentence(sentence) if grammar else read_without_grammar(sentence)
            if parsed.kind == ANSWER:
                # the answer phrase is read by the answer extraction; whatever else the
                # sentence says ("Ilya has 97 pandas, so the answer is 378.") is judged
                for rest in answer_remainders(sentence):
                    read = parse_sentence(rest) if grammar else read_without_grammar(rest)
                    if read.kind != ANSWER:
                        yield line_number, label, in_think, read, sentence_arithmetic(rest, read)
                        label = None
                continue
            yield line_number, label, in_think, parsed, sentence_arithmetic(sentence, parsed)
            label = None


# An answer phrase with its number, as ``sentences._ANSWER_RE`` and ``_BOXED_RE`` read it
# (markdown emphasis removed first, as ``extract_answer`` does), with the closing brace
# or dollar of "\\boxed{26}" and "$26$"
_ANSWER_PHRASE_RE = re.compile(
    r"(?:the\s+(?:final\s+)?answer(?:\s*\(arabic numerals\))?\s*(?:is|=|:)|answer\s*:)"
    r"\s*\$?\\?(?:boxed\{)?\s*(" + ANSWER_NUMBER + r")\s*\}?\$?"
    r"|\\boxed\{\s*(" + ANSWER_NUMBER + r")\s*\}", re.IGNORECASE)
# words that join an answer phrase to the rest of its sentence ("..., so the answer is")
_JOINING_WORDS = frozenset(
    "and so thus therefore hence then which means that this is overall finally because since "
    "as for given in total all altogether".split())
_EDGE_PUNCTUATION = " \t,;:.!?-–—=()[]"


def answer_remainders(sentence: str) -> list[str]:
    """What an answer sentence says besides its answer phrases: the text before the first
    and after the last, joining words and punctuation at the phrase removed, kept when it
    has a digit or at least four words (a claim or an expression, not "pandas in all")."""
    text = sentence.replace("*", "").replace("`", "")
    matches = list(_ANSWER_PHRASE_RE.finditer(text))
    if not matches:
        return []
    pieces = (_trimmed(text[:matches[0].start()], from_end=True),
              _trimmed(text[matches[-1].end():], from_end=False))
    return [piece for piece in pieces
            if any(map(str.isdigit, piece)) or len(piece.split()) >= 4]


def _trimmed(piece: str, *, from_end: bool) -> str:
    """``piece`` without the joining words and punctuation on its side of the answer, as a
    sentence (a full stop closes it)."""
    words = piece.strip(_EDGE_PUNCTUATION).split()
    edge = -1 if from_end else 0
    while words and words[edge].strip(_EDGE_PUNCTUATION).lower() in _JOINING_WORDS:
        words.pop(edge)
    text = " ".join(words).strip(" ,;:-–—=")
    return text + "." if text and text[-1] not in ".?!)" else text


def stated_answers(text: str) -> tuple[int | float, ...]:
    """Every answer the transcript's answer phrases state, in order ("the answer is 24 ...
    the answer is 26" gives both: a reward must not take the last and ignore the first)."""
    plain = text.replace("*", "").replace("`", "")
    return tuple(value for value in map(_phrase_value, _ANSWER_PHRASE_RE.finditer(plain))
                 if value is not None)


def _phrase_value(match: re.Match[str]) -> int | float | None:
    return answer_value(match.group(1) or match.group(2))


def sentence_arithmetic(sentence: str, parsed: SentenceParse) -> tuple[Arithmetic, ...]:
    """``extract_arithmetic(sentence)``, taken from the parse where the grammar has read
    every expression already: the sentence parsed as claims, normalizing changed nothing
    but a closing full stop (so the grammar's spans are the sentence's), it holds no comma
    (no thousands), and it has one "=" per expression the claims read. In the grammar an
    operator or "=" is only ever part of a quantity's arithmetic (``NUMBER (OP NUMBER)+ "="
    NUMBER``), a number is a whole digit run, and with the text unchanged by normalizing
    no other sign stands between two numbers, so the scan finds just those expressions,
    with the same operands, operators, results and spans (``test_sentence_arithmetic``)."""
    if "=" not in sentence:  # every expression found ends in "= result"
        return ()
    if (parsed.kind == CLAIMS and "," not in sentence
            and (parsed.text == sentence or parsed.text == sentence + ".")):
        found = parsed.arithmetic
        if len(found) == sentence.count("="):
            return found
    return tuple(extract_arithmetic(sentence))


def _is_equation(text: str) -> bool:
    """A line of bare arithmetic ("56 + 73 = 129."): a step, not a list number."""
    return "=" in text and any(map(str.isdigit, text))


def resolve_partial(parsed: ParsedClaim, context: Sequence[Claim]) -> ParsedClaim:
    """Complete a claim whose entity is missing from the claims stated before it.

    "The difference between Dennie and Dianna is 19 - 4 = 15." after "Dennie has 19
    parrots and Dianna has 4 parrots." is about parrots: the entity of the latest earlier
    claim that mentions the same agents (preferring one whose quantity is an operand of the
    sentence's arithmetic); failing that, for a sum or difference, the entity of the latest
    claim whose quantity is an operand. Left partial when the context does not decide.
    """
    if parsed.complete or parsed.claim.predicate not in ("cont", "comp"):
        return parsed
    agents = parsed.claim.agent_sets
    numbers = set(parsed.arithmetic.operands) if parsed.arithmetic else set()
    if parsed.arithmetic is not None and not set(parsed.arithmetic.operators) <= {"+", "-"}:
        # a product converts entities: only a rate of these agents with that factor says which
        entity = next((c.entity for c in reversed(context) if c.predicate == "rate"
                       and c.agent_sets[0] in agents and c.quantity in numbers), None)
        return parsed if entity is None else _with_entity(parsed, entity)
    best: str | None = None
    fallback: str | None = None
    for claim in reversed(context):
        if claim.predicate not in ("cont", "comp"):
            continue
        if not any(a == b or a.names & b.names for a in agents for b in claim.agent_sets):
            continue
        if numbers and claim.quantity in numbers:
            best = claim.entity
            break
        if fallback is None:
            fallback = claim.entity
    entity = best or fallback
    if entity is None and numbers and set(parsed.arithmetic.operators) <= {"+", "-"}:
        # no earlier claim names these agents: a sum or difference counts what its operands
        # count ("So Eddie has 29 - 3 = 26." after "Edgar has 29 parrots.")
        entity = next((c.entity for c in reversed(context)
                       if c.predicate in ("cont", "comp") and c.quantity in numbers), None)
    return parsed if entity is None else _with_entity(parsed, entity)


def _with_entity(parsed: ParsedClaim, entity: str) -> ParsedClaim:
    args = tuple(entity if a is None else a for a in parsed.claim.args)
    return ParsedClaim(Claim(parsed.claim.predicate, args), parsed.template, parsed.arithmetic)

