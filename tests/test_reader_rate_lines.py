"""A variable list's rate line ("Number of crates loaded onto each truck = 30", "Fee per
visit: 9 dollars") read as the program's rate theorem it names (reading/reader_rate_lines.py),
and left unread where the number is no such theorem or the line could give several rates."""

from __future__ import annotations

import pytest
from test_reader_real_text import claims, program, unparsed

from vlp.reading.reader_rate_lines import per_slash

DEPOT = program("cont({depot}, 6, trucks, 0)", "rate({depot}, 30, crates, trucks, 0)",
                query="cont({depot}, ?, crates, ?)")
# two places charge the same fee per visit; the zoo of CHEAPER charges less
FEES = program("cont({museum}, 3, visits, 0)", "cont({zoo}, 2, visits, 0)",
               "rate({museum}, 9, dollars, visits, 0)", "rate({zoo}, 9, dollars, visits, 0)",
               query="cont({museum, zoo}, ?, dollars, ?)")
CHEAPER = program("cont({museum}, 3, visits, 0)", "cont({zoo}, 2, visits, 0)",
                  "rate({museum}, 9, dollars, visits, 0)", "rate({zoo}, 8, dollars, visits, 0)",
                  query="cont({museum, zoo}, ?, dollars, ?)")
PEARS = program("cont({orchard}, 10, days, 0)",
                "rate({orchard}, 40, boxes of green pears, days, 0)",
                "rate({orchard}, 25, boxes of red pears, days, 0)",
                query="cont({orchard}, ?, boxes of green pears, ?)")
TANKS = program("cont({aquarist}, 4, freshwater tanks, 0)",
                "cont({aquarist}, 5, saltwater tanks, 0)",
                "rate({aquarist}, 12, freshwater fish, freshwater tanks, 0)",
                "rate({aquarist}, 12, saltwater fish, saltwater tanks, 0)",
                query="cont({aquarist}, ?, saltwater fish, ?)")


@pytest.mark.parametrize(("problem", "line", "expected"), [
    (DEPOT, "Number of crates loaded onto each truck = 30.",
     [("axiom", "rate({depot}, 30, crates, trucks)")]),
    (DEPOT, "Number of crates carried by each truck: 30 crates.",
     [("axiom", "rate({depot}, 30, crates, trucks)")]),
    (FEES, "Fee per visit: 9 dollars.",
     [("axiom", "rate({museum}, 9, dollars, visits)"),
      ("axiom", "rate({zoo}, 9, dollars, visits)")]),
    (PEARS, "Number of green pears collected per day = 40 boxes.",
     [("axiom", "rate({orchard}, 40, boxes of green pears, days)")]),
])
def test_a_rate_line_reads_past_its_other_words_where_the_rate_is_a_theorem(
        problem: object, line: str, expected: list[tuple[str, str]]) -> None:
    """The label's words of how the things got there ("loaded onto", "carried by",
    "collected") are read past: the number, the entity and the container are a theorem's."""
    assert claims(problem, line) == expected


@pytest.mark.parametrize(("problem", "line"), [
    (DEPOT, "Number of crates loaded onto each truck = 31."),  # no theorem: not read past
    (CHEAPER, "Fee per visit: 9 dollars."),  # whose fee: the zoo's is another
    (PEARS, "Number of red pears collected per day = 40 boxes."),  # red pears: 25 a day
    (PEARS, "Boxes per day: 25."),  # green or red pears: the number does not choose
    (TANKS, "Number of fish in each tank: 12."),  # fresh- or saltwater fish, unsaid
])
def test_a_rate_line_is_unread_where_no_one_rate_theorem_fits(problem: object,
                                                              line: str) -> None:
    assert unparsed(problem, line)


WAGES = program("cont({saturday}, 4, hours, 0)", "cont({sunday}, 2, hours, 0)",
                "rate({saturday}, 9, dollars, hours, 0)", "rate({sunday}, 9, dollars, hours, 0)",
                query="cont({saturday, sunday}, ?, dollars, ?)")


def test_a_unit_per_container_written_with_a_slash_is_a_rate() -> None:
    """"9 dollars/hour" is "9 dollars per hour"; a slash before a plural says either."""
    assert claims(WAGES, "Saturday: 4 hours x 9 dollars/hour = 36 dollars.") == [
        ("axiom", "cont({saturday}, 4, hours)"), ("axiom", "rate({saturday}, 9, dollars, hours)"),
        ("derived", "cont({saturday}, 36, dollars)")]
    assert per_slash("5 apples/oranges") == "5 apples/oranges"
    assert per_slash("3/4 of 12") == "3/4 of 12"
