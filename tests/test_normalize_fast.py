"""The shortcuts of ``strip_numbering``, ``normalize_sentence`` and the transcript's line
split (regexes and loops skipped where they cannot apply) give what running every regex and
every loop gives."""

from __future__ import annotations

import string
import sys

from hypothesis import given, settings
from hypothesis import strategies as st

from vlp.grammar.sentences import (
    _LONG_NUMBER_RE,
    _MARKDOWN_RE,
    _NUMBERING_RE,
    _THOUSANDS_RE,
    _TIMES_RE,
    _before_grammar,
    normalize_sentence,
    strip_numbering,
)
from vlp.grammar.transcript import _join_open_equations, _joined_lines, _plain_math


def _every_regex(text: str) -> str:
    text = text.replace("\u2019", "'").replace("\u2018", "'")
    text = _MARKDOWN_RE.sub("", text)
    text = text.replace("−", "-").replace("–", "-").replace("÷", "/").replace("$", "")
    text = _TIMES_RE.sub(" * ", text)
    text = _THOUSANDS_RE.sub("", text)
    text = " ".join(text.split())
    if text and text[-1] in ":!":
        return text[:-1] + "."
    return text + "." if text and text[-1] not in ".?" else text


# second characters: every ASCII one, and those that case-fold to an ASCII letter
_SECONDS = [*string.printable, "\u0130", "\u0131", "\u017f", "\u212a", ""]


def test_numbering_shortcut_on_every_two_letter_start() -> None:
    for first in [*string.ascii_letters, "\u017f", "\u0130", "1", "-", "*", " "]:
        for second in _SECONDS:
            for rest in ("ep 3: x", "ne 2. y", "ep3) z", " 4. w", ") v", "", "o Bob has 3."):
                text = first + second + rest
                assert strip_numbering(text) == _NUMBERING_RE.sub("", text, count=1), text


_ALPHABET = "aSsLlxX5 3,0*_`#>−–÷$×·∙⋅’‘:!.?\t\u00a0=+-/()"


@settings(max_examples=1500, deadline=None)
@given(st.text(alphabet=_ALPHABET, max_size=30))
def test_normalize_shortcuts_give_every_regexs_result(text: str) -> None:
    assert normalize_sentence(text) == _every_regex(text)
    assert strip_numbering(text) == _NUMBERING_RE.sub("", text, count=1)


_PIECES = ["So", "Bob", "has", "x", "X", "5", "1" * 18, "1" * 19, "2" * 25, "=", "+", "-", "'s",
           ",", "1,000", "*", "(a)", ":", "!", "?", ".", " ", "  ", "\t", "\u00e9", "\u0663",
           "answer", "is"]


@settings(max_examples=1500, deadline=None)
@given(st.lists(st.sampled_from(_PIECES), max_size=12))
def test_a_plain_sentence_needs_no_search_for_long_numbers(pieces) -> None:
    """Text the plain test passes holds no number too long to read: the sentence
    before the grammar is what normalizing and then the search give."""
    text = "".join(pieces)
    early = _before_grammar(text)
    sentence = normalize_sentence(strip_numbering(text))
    if isinstance(early, str):
        assert early == sentence
        assert not _LONG_NUMBER_RE.search(sentence)
    elif _LONG_NUMBER_RE.search(sentence) and early.kind == "unparsed":
        assert early.text == sentence and "digits" in str(early.reason)
    assert normalize_sentence(text) == _every_regex(text)


def _every_line_joined(text: str) -> list[str]:
    """Every line through ``_plain_math`` and the joining loop: no shortcut taken."""
    return _join_open_equations([_plain_math(line) for line in text.splitlines()])


_LINE_PARTS = ["a", "5", "=", " ", "\t", "\u00a0", "\n", "\r\n", "\r", "\x0b", "\x0c", "\x1c",
               "\x1d", "\x1e", "\x1f", "\x85", "\u2028", "\u2029", "\\times", "$$", "86 - 25 =",
               "61"]


@settings(max_examples=1500, deadline=None)
@given(st.lists(st.sampled_from(_LINE_PARTS), max_size=14))
def test_lines_are_joined_as_by_every_loop(parts) -> None:
    text = "".join(parts)
    assert _joined_lines(text) == _every_line_joined(text), repr(text)


def test_lines_are_joined_after_every_space_and_line_end() -> None:
    for space in [chr(c) for c in range(sys.maxunicode + 1) if chr(c).isspace()]:
        for text in (f"86 - 25 ={space}61", f"86 - 25 = {space} 61", f"a{space}=\n61",
                     f"86 - 25 ={space}"):
            assert _joined_lines(text) == _every_line_joined(text), repr(text)
