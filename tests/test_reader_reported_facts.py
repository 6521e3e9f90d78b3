"""Facts reported as known inside a first-person plan ("We know that ...", "We are given
that ..."), read as stated; hedges and plans stay unread (issue 21). Own sentences."""

from __future__ import annotations

from test_reader_real_text import claims, program, unparsed

ORCHARD = program("cont({lina}, 40, plums, 0)", "transfer({lina}, {omar}, 12, plums, 0)",
                  query="cont({lina}, ?, plums, ?)")


def test_a_fact_we_know_is_read_as_stated() -> None:
    """"We know that Lina has 40 plums." states Lina's count."""
    assert claims(ORCHARD, "We know that Lina has 40 plums.") == [
        ("axiom", "cont({lina}, 40, plums)")]


def test_a_fact_we_are_given_keeps_its_opening_phrase() -> None:
    """"First of all, we are also given that Lina gave Omar 12 plums": the transfer."""
    assert claims(ORCHARD, "First of all, we are also given that Lina gave Omar 12 plums.") \
        == [("axiom", "transfer({lina}, {omar}, 12, plums)")]


def test_a_wrong_fact_we_know_is_judged_false() -> None:
    """A reported fact is stated: with another number it is a false claim."""
    assert claims(ORCHARD, "We know that Lina has 45 plums.") == [
        ("false", "cont({lina}, 45, plums)")]


def test_a_hedge_or_a_plan_around_a_fact_stays_unread() -> None:
    """"We think that ...", "We need to know that ..." and "we need to subtract 12 from 40"
    state nothing."""
    for text in ("We think that Lina has 40 plums.", "We need to know that Lina has 40 plums.",
                 "We need to subtract 12 from 40."):
        assert unparsed(ORCHARD, text), text
