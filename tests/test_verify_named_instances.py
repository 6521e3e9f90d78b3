"""Which of several rule instances an expression writes the words name (issue 21): "Time on
the desks = 3 * 7 = 21 minutes" where the desks' and the lamps' times are both 3 * 7. The
sentences and problems are written here; no reference text is used."""

from __future__ import annotations

import pytest
from test_reader_real_text import program, read

DESKS = program(  # 3 desks and 3 lamps, 7 minutes a piece
    "cont({desks}, 3, pieces of furniture, 0)", "cont({lamps}, 3, pieces of furniture, 0)",
    "rate({desks}, 7, minutes, pieces of furniture, 0)",
    "rate({lamps}, 7, minutes, pieces of furniture, 0)",
    query="cont({desks, lamps}, ?, minutes, ?)")
CARDS = program(  # Nour and Nour's cousin each buy 5 card packs at 6 dollars
    "cont({nour}, 5, packs, 0)", "rate({nour}, 6, dollars, packs, 0)",
    "cont({nour's cousin}, 5, packs, 0)", "rate({nour's cousin}, 6, dollars, packs, 0)",
    query="cont({nour, nour's cousin}, ?, dollars, ?)")
BOXES = program(  # 4 red boxes and 4 blue boxes of 9 beads
    "cont({red boxes}, 4, boxes, 0)", "rate({red boxes}, 9, beads, boxes, 0)",
    "cont({blue boxes}, 4, boxes, 0)", "rate({blue boxes}, 9, beads, boxes, 0)",
    query="cont({red boxes, blue boxes}, ?, beads, ?)")


@pytest.mark.parametrize(("problem", "sentence", "expected"), [
    (DESKS, "Time spent on the desks = 3 * 7 = 21 minutes.", "cont({desks}, 21, minutes)"),
    (DESKS, "So it took 3 * 7 = 21 minutes for the lamps and 3 * 7 = 21 minutes for the desks.",
     "cont({lamps}, 21, minutes)"),
    (CARDS, "The packs for his cousin cost 5 * 6 = 30 dollars.",
     "cont({nour's cousin}, 30, dollars)"),
    (CARDS, "Nour pays 5 * 6 = 30 dollars.", "cont({nour}, 30, dollars)"),
    (BOXES, "Blue boxes: 4 * 9 = 36 beads.", "cont({blue boxes}, 36, beads)"),
])
def test_the_owner_the_words_name_settles_which_instance_an_expression_writes(
        problem: object, sentence: str, expected: str) -> None:
    """An owner said by its name's last word and every word no rival's name has (the
    cousin, not Nour, in "his cousin"; "blue" of the blue boxes), or the one named right
    after the result, is whose count the expression computes."""
    steps = read(problem, sentence)
    assert (steps[0][0], steps[0][1]) == ("derived", expected), steps


@pytest.mark.parametrize(("problem", "sentence"), [
    (DESKS, "That is 3 * 7 = 21 minutes."),
    (DESKS, "For the desks and the lamps, 3 * 7 = 21 minutes."),
    (CARDS, "Nour's cousin and Nour each pay 5 * 6 = 30 dollars."),
    (BOXES, "Boxes: 4 * 9 = 36 beads."),
])
def test_words_that_name_no_owner_or_both_leave_the_instance_open(
        problem: object, sentence: str) -> None:
    """No owner named, or both with none right after the result: unparsed, naming the
    candidates."""
    steps = read(problem, sentence)
    assert all(v == "unparsed" for v, _, _ in steps), steps
    assert all("2 rule instances compute" in r for _, _, r in steps), steps
