"""Counts of a part of an accumulation, and ratios, that the judge does not take for the
whole count (issue 21, new text): "3 hours the first day" (a part named by an ordinal,
with no preposition), "On the third day he now has 21" where the program gathers per day
(a running count, not the total), "for every 3 bars, there are 4" (a ratio). Problems and
sentences written here."""

from __future__ import annotations

from test_reader_real_text import claims, program, unparsed

# Ada picks 6 plums a day for 4 days
PICKING = program(
    "rate({ada}, 6, plums, days, 0)", "cont({ada}, 4, days, 0)",
    query="cont({ada}, ?, plums, ?)")
# a jar of 50 beads and 20 more bought
BEADS = program(
    "cont({jar}, 50, beads, 0)", "transfer({shop}, {jar}, 20, beads, 0)",
    query="cont({jar}, ?, beads, ?)")


def test_a_count_of_the_first_day_with_no_preposition_is_a_part() -> None:
    """"Ada picked 6 plums the first day": the first day's, not Ada's total of 24."""
    reasons = unparsed(PICKING, "Ada picked 6 plums the first day.")
    assert any("part" in r for r in reasons), reasons


def test_a_running_count_on_a_day_of_a_daily_rate_is_a_part_even_with_has() -> None:
    """"On the third day, she now has 12 + 6 = 18 plums": a running count (the program
    gathers per day), not Ada's total; the total itself is still read."""
    reasons = unparsed(PICKING, "On the third day, she picked 6 more plums, so she now has "
                       "12 + 6 = 18 plums.")
    assert any("part" in r for r in reasons), reasons
    assert ("derived", "cont({ada}, 24, plums)") in claims(
        PICKING, "On the fourth day, she now has 18 + 6 = 24 plums.")


def test_a_state_on_a_day_the_program_does_not_gather_by_is_still_a_count() -> None:
    """"On Monday, the jar has 50 beads": a state at a time, the jar's count (no rate of
    beads per day makes it a part)."""
    assert claims(BEADS, "On Monday, the jar has 50 beads.") == [
        ("axiom", "cont({jar}, 50, beads)")]


def test_for_every_n_states_a_ratio_never_a_count() -> None:
    """"So for every 2 days, Ada has 12 plums": per 2 days, no count of Ada's."""
    reasons = unparsed(PICKING, "So for every 2 days, Ada has 12 plums.")
    assert any("ratio" in r for r in reasons), reasons
