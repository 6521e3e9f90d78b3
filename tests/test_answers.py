"""One answer reader: an answer given in a separate reply and one closing the transcript are
read alike (signs, decimals, "26.0", number words), and only the whole number itself is
correct. The D.3 problem's answer is 26."""

from __future__ import annotations

from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

from vlp.api import verify
from vlp.grammar.answers import reply_answer
from vlp.grammar.loose import extract_closing_result, extract_labelled_answer
from vlp.rewards import score_sample

DATA = Path(__file__).parent / "data"
PROBLEM = DATA / "d3.txt"
PROOF = (DATA / "d3_llama.txt").read_text(encoding="utf-8").split("Therefore")[0]
CUE = "Therefore, the answer (arabic numerals) is"

# (reply, the number it states, correct for 26)
REPLIES = [
    ("26", 26, True),
    (" 26.", 26, True),
    ("-26", -26, False),
    ("\u221226", -26, False),
    ("26.0", 26, True),
    ("26.00", 26, True),
    ("26.5", 26.5, False),
    ("25.99", 25.99, False),
    ("260", 260, False),
    ("2,600", 2600, False),
    ("1,234.0", 1234, False),
    ("twenty-six", 26, True),
    ("twenty-five", 25, False),
    ("minus twenty-six", -26, False),
    ("$26$", 26, True),
    ("**26**", 26, True),
    ("\\boxed{26}", 26, True),
    ("26 parrots.", 26, True),
]


@pytest.mark.parametrize(("reply", "value", "correct"), REPLIES, ids=[r[0] for r in REPLIES])
def test_a_separate_reply_and_a_closing_sentence_read_the_same_number(
        reply: str, value: float, correct: bool) -> None:
    assert reply_answer(reply) == value
    separate = verify(PROBLEM, PROOF, answer=reply)
    closing = verify(PROBLEM, f"{PROOF}\n{CUE} {reply}")
    assert separate.answer_source == "given separately"
    assert separate.predicted_answer == closing.predicted_answer == value
    assert separate.answer_correct is closing.answer_correct is correct
    # the training reward scores the answer the same way
    assert (score_sample(PROBLEM, PROOF, answer=reply).report.answer_correct  # type: ignore[union-attr]
            is correct)


@pytest.mark.parametrize(("reply", "value"), [
    ("The answer is 26.", 26),
    ("Answer: -26", -26),
    ("20 + 6 = 26", 26),
    ("26 (that is, 20 + 6)", 26),
    ("Eddie has 26 parrots.", 26),
    ("Eddie has 26.5 parrots.", 26.5),
    ("no idea", None),
    ("", None),
])
def test_replies_that_state_the_answer_other_ways(reply: str, value: float | None) -> None:
    assert reply_answer(reply) == value


def test_a_decimal_is_never_a_whole_quantity() -> None:
    """17 decimal places round to 26.0 as a float: still not the answer 26."""
    report = verify(PROBLEM, PROOF, answer="26.00000000000000001")
    assert report.predicted_answer == pytest.approx(26) and not report.answer_correct


_FORMS = ["{}", " {}.", "{}.0", "{}.00", "${}$", "**{}**", "\\boxed{{{}}}", "{} parrots.",
          "The answer is {}.", "Answer: {}"]


@given(st.integers(-10**12, 10**12), st.sampled_from(_FORMS), st.booleans())
def test_every_form_of_a_whole_number_reads_as_that_number(number: int, form: str,
                                                          commas: bool) -> None:
    written = f"{number:,}" if commas else str(number)
    assert reply_answer(form.format(written)) == number


@given(st.integers(-10**6, 10**6), st.integers(1, 99),
       st.sampled_from([f for f in _FORMS if ".0" not in f]))
def test_a_number_with_a_fraction_is_never_a_whole_one(number: int, fraction: int,
                                                       form: str) -> None:
    value = reply_answer(form.format(f"{number}.{fraction:02d}"))
    assert type(value) is float and value != number


def test_a_long_run_of_digits_and_commas_is_read_in_linear_time() -> None:
    """A match that fails after 200,000 digits and commas backs off one character at a time
    with an O(1) check each (a lookahead that rescanned the run took minutes here)."""
    run = "1," * 100_000 + "1"
    assert extract_closing_result(f"x = {run} ! ! !") is None
    assert extract_labelled_answer(f"Answer: {run} + 2") is None
    assert reply_answer(f"{run}x") is None  # past MAX_DIGITS digits: no quantity
