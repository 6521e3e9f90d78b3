"""Finding a transcript's closing answer without the case-blind regex at every character
gives the matches the full scan gives (same places, same numbers), on text built from the
words and signs an answer is written with, and stays linear in the number of answer words."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from vlp.grammar.sentences import _ANSWER_RE, _answer_matches, extract_answer

_PARTS = ["the", "The", "THE", "final", "Final", "answer", "Answer", "ANSWER", "answers",
          "(arabic numerals)", "is", "=", ":", "$", "\\", "boxed{", "26", "-3", "1,234",
          "2.5", "bathe", "thefinal", "x", ".", "\u017f", "an\u017fwer", "\u0130"]
_SPACES = [" ", "", "  ", "\t", "\n", "\x1c", "\u00a0"]


def _spans(matches) -> list[tuple[int, int, str]]:
    return [(m.start(), m.end(), m.group(1)) for m in matches]


@settings(max_examples=1500, deadline=None)
@given(st.lists(st.tuples(st.sampled_from(_PARTS), st.sampled_from(_SPACES)), max_size=16))
def test_answer_matches_are_the_scans(parts) -> None:
    text = "".join(part + space for part, space in parts)
    assert _spans(_answer_matches(text)) == _spans(_ANSWER_RE.finditer(text)), text


def _maybe(strategy):
    return st.one_of(st.just(""), strategy)


_SPACE = st.sampled_from(_SPACES)
# an answer phrase, each of its parts there or not, spelled in any case, spaced anyhow
_PHRASE = st.tuples(
    _maybe(st.sampled_from(["the", "The", "THE", "bathe", "the the", "final"])), _SPACE,
    _maybe(st.sampled_from(["final", "Final", "FINAL", "fInal", "finals"])), _SPACE,
    st.sampled_from(["answer", "Answer", "ANSWER", "answers", "an\u017fwer"]),
    _maybe(st.sampled_from([" (arabic numerals)", "(arabic numerals)", " (Arabic Numerals)"])),
    _SPACE, _maybe(st.sampled_from(["is", "=", ":", "IS", "was"])), _SPACE,
    _maybe(st.sampled_from(["$", "\\", "$\\boxed{", "boxed{"])), _SPACE,
    _maybe(st.sampled_from(["26", "-3", "1,234", "2.5", "the answer is 4"])),
).map("".join)


@settings(max_examples=1500, deadline=None)
@given(st.lists(st.tuples(_PHRASE, st.sampled_from(_PARTS + _SPACES)), min_size=1,
                max_size=4))
def test_answer_matches_are_the_scans_on_answer_phrases(phrases) -> None:
    text = "".join(phrase + glue for phrase, glue in phrases)
    assert _spans(_answer_matches(text)) == _spans(_ANSWER_RE.finditer(text)), text


def test_answer_search_is_linear_in_answer_words() -> None:
    # 100,000 answer words and their spaces: looking back over the whole text before
    # each would take minutes
    text = "the final   answer " * 100_000 + "the answer is 7."
    assert extract_answer(text) == 7
