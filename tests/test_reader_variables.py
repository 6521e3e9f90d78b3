"""Letter variables of Plan-and-Solve transcripts (reading/reader_variables.py): a letter
named for a label ("Number of boxes (b) = 12", "Cups = c = 6", "Let's denote the number of
cups we have as t") stands for it where a later line gives it a number ("t = 72.")."""

from __future__ import annotations

from test_reader_real_text import claims, program, unparsed

CUPS = program("cont({we}, 12, boxes, 0)", "rate({we}, 6, cups, boxes, 0)",
               query="cont({we}, ?, cups, ?)")
PLAN = "Number of boxes (b) = 12. Cups per box (c): 6. Total number of cups (t) = b x c. "


def test_a_letter_named_for_a_label_stands_for_it() -> None:
    assert claims(CUPS, "Number of boxes (b) = 12.") == [("axiom", "cont({we}, 12, boxes)")]
    assert claims(CUPS, "Cups per box (c): 6.") == [("axiom", "rate({we}, 6, cups, boxes)")]
    assert claims(CUPS, PLAN + "t = 72.") == [("derived", "cont({we}, 72, cups)")]
    assert claims(CUPS, PLAN + "t = 70.") == [("false", "cont({we}, 70, cups)")]
    assert claims(CUPS, "Cups in each box = c = 6.") == [("axiom", "rate({we}, 6, cups, boxes)")]
    assert claims(CUPS, "Let's denote the total number of cups as t. t = 72.") == [
        ("derived", "cont({we}, 72, cups)")]


def test_a_letter_stands_for_nothing_where_it_is_unsure() -> None:
    # named for two labels: for neither
    twice = "Total number of cups (t) = b x c. Number of boxes (t) = 12. t = 72."
    assert unparsed(CUPS, twice)
    # never named, or other letters on its right: left as written
    assert unparsed(CUPS, "t = 72.")
    assert unparsed(CUPS, PLAN + "t = b x 6.")


def test_a_line_opening_with_equals_goes_on_from_the_label_before() -> None:
    """"Total = <words>." then "= 12 x 6." and "= 72.": each is the label's line."""
    steps = "Total number of cups = Number of boxes x Cups per box. = 12 x 6. "
    assert claims(CUPS, steps + "= 72.") == [("derived", "cont({we}, 72, cups)")]
    assert claims(CUPS, steps + "= 70.") == [("false", "cont({we}, 70, cups)")]
    # after a line of its own, "= 72." has no label to go on from
    assert unparsed(CUPS, "Total number of cups = Number of boxes x Cups per box. Plan. = 72.")


STAMPS = program("comp({rosa}, {ivo}, 7, stamps, 0)", "comp({rosa}, {lena}, 3, stamps, 0)",
                 "cont({lena}, 10, stamps, 0)", query="cont({ivo}, ?, stamps, ?)")


def test_a_letter_named_for_an_agents_count_makes_an_offset_a_comparison() -> None:
    """"Ivo: x." then "Rosa: x + 7.": Rosa has 7 more than Ivo (true or false)."""
    assert claims(STAMPS, "Ivo: x. Rosa: x + 7.") == [("axiom", "comp({rosa}, {ivo}, 7, stamps)")]
    assert claims(STAMPS, "Ivo: x. Lena: x + 5.")[0] == (
        "false", "comp({lena}, {ivo}, 5, stamps)")  # Lena has 4 more
    assert unparsed(STAMPS, "Rosa: x + 7.")  # x named for no one
    assert unparsed(STAMPS, "Rosa: x. Rosa: x + 7.")  # more than herself
