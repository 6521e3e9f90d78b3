"""The shortcuts of ``strip_numbering`` and ``normalize_sentence`` (regexes skipped where
they cannot apply) give what running every regex gives."""

from __future__ import annotations

import string

from hypothesis import given, settings
from hypothesis import strategies as st

from vlp.grammar.sentences import (
    _MARKDOWN_RE,
    _NUMBERING_RE,
    _THOUSANDS_RE,
    _TIMES_RE,
    normalize_sentence,
    strip_numbering,
)


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
