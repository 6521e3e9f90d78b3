"""Comparisons whose sides the clause names around its number (issue 21): "1 more kid on
Tuesday than on Monday", "Pia did 12 more sit-ups". The direction is always the words'.
The sentences and problems are written here; no reference text is used."""

from __future__ import annotations

import pytest
from test_reader_real_text import claims, program

DAYS = program(  # Lina played tag with 12 kids on Monday and 15 on Tuesday
    "cont({monday}, 12, kids, 0)", "cont({tuesday}, 15, kids, 0)",
    query="comp({tuesday}, {monday}, ?, kids, ?)")
GYM = program(  # Zora did 40 sit-ups; Pia did 12 more
    "cont({zora}, 40, sit-ups, 0)", "comp({pia}, {zora}, 12, sit-ups, 0)",
    query="cont({pia}, ?, sit-ups, ?)")
GIFTS = program(  # Pia had 5 plums, Zora gave her 3; the problem compares them too
    "cont({pia}, 5, plums, 0)", "transfer({zora}, {pia}, 3, plums, 0)",
    "comp({pia}, {zora}, 3, plums, 0)", query="cont({pia}, ?, plums, ?)")


def comps(problem: object, sentence: str) -> list[tuple[str, str]]:
    return [(v, c) for v, c in claims(problem, sentence) if c.startswith("comp")]


@pytest.mark.parametrize(("sentence", "expected"), [
    ("So she played with 3 more kids on Tuesday than on Monday.",
     [("derived", "comp({tuesday}, {monday}, 3, kids)")]),
    ("This means she played with 3 fewer kids on Monday than on Tuesday.",
     [("derived", "comp({tuesday}, {monday}, 3, kids)")]),
    # said the wrong way round: judged false, never turned
    ("So 3 more kids played on Monday than on Tuesday.",
     [("false", "comp({monday}, {tuesday}, 3, kids)")]),
    # with a pronoun of no one the program counts, only what holds is read
    ("So she played with 3 more kids on Monday than on Tuesday.", []),
    ("So she played with 3 more kids on Tuesday than on Friday.", []),  # no Friday
    ("So she played with 3 more kids on Tuesday or on Monday.", []),
])
def test_a_comparison_between_two_settings_the_clause_names_keeps_its_direction(
        sentence: str, expected: list[tuple[str, str]]) -> None:
    """"N more X on Tuesday than on Monday": Tuesday's lead over Monday, whatever verb
    carries it; "fewer" puts the first side below; a side the program lacks, or words of
    alternatives, read no comparison."""
    assert comps(DAYS, sentence) == expected


@pytest.mark.parametrize(("problem", "sentence", "expected"), [
    (GYM, "Pia did 12 more sit-ups.", [("axiom", "comp({pia}, {zora}, 12, sit-ups)")]),
    (GYM, "Pia did 12 fewer sit-ups.", [("false", "comp({zora}, {pia}, 12, sit-ups)")]),
    (GYM, "Pia did 12 more sit-ups than Carl.", []),  # someone the program does not know
    (GIFTS, "Pia collected 3 more plums.", []),  # a transfer of plums: "more" may be a gift
])
def test_a_comparison_without_than_is_the_one_the_problem_states_of_its_side(
        problem: object, sentence: str, expected: list[tuple[str, str]]) -> None:
    """"Pia did 12 more sit-ups" where the problem compares Pia with Zora in sit-ups and
    moves none: the comparison, in the words' direction; never where a transfer of the thing
    has Pia on one end, nor with a side the program does not know."""
    assert comps(problem, sentence) == expected
