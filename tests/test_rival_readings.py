"""``rival_theorem``: a loose reading that is no theorem is left open when the sentence's
own words fit a theorem with the same number (a misread judged false is a true step
punished), and only then."""

from __future__ import annotations

from vlp.checker.prepared import prepared_problem
from vlp.checker.programfile import program_from_json
from vlp.kernel import Agents
from vlp.reading.align import ClaimPattern, ProgramIndex
from vlp.reading.rival_readings import rival_theorem


def index_of(*axioms: str, query: str) -> ProgramIndex:
    return prepared_problem(program_from_json({"axioms": list(axioms), "query": query})).index


LESSONS = index_of("cont({french}, 8, hours, 0)", "cont({german}, 5, hours, 0)",
                   query="comp({french}, {german}, ?, hours, ?)")
CANDY = index_of("cont({mel}, 9, dozens, 0)", "cont({kai}, 9, dozens, 0)",
                 "rate({mel}, 12, cards, dozens, 0)", "rate({kai}, 12, cards, dozens, 0)",
                 query="cont({kai, mel}, ?, cards, ?)")


def cont(agents: str, quantity: int, entity: str) -> ClaimPattern:
    return ClaimPattern("cont", (Agents.of(*agents.split(",")), quantity, entity))


def test_a_theorem_the_words_name_with_the_same_number_is_a_rival() -> None:
    """French's 5 hours (no theorem) in a sentence about German, whose 5 hours are."""
    why = rival_theorem("She also spends 5 hours on learning German.", cont("french", 5, "hours"),
                        LESSONS)
    assert why is not None and "cont({german}, 5, hours)" in why


def test_a_relation_the_words_fix_has_no_rival_of_another_relation() -> None:
    """"French has 5 more hours than German" (false) is no misread of German's 5."""
    pattern = ClaimPattern("comp", (Agents.of("french"), Agents.of("german"), 5, "hours"))
    assert rival_theorem("French has 5 more hours than German.", pattern, LESSONS) is None


def test_a_number_written_twice_has_each_its_own_claim() -> None:
    """"8 hours on French and 8 hours on German": German's false 8 is not French's."""
    assert rival_theorem("She spent 8 hours on French and 8 hours on German.",
                         cont("german", 8, "hours"), LESSONS) is None


def test_a_members_count_is_no_rival_of_a_stated_total() -> None:
    """"they have 108 cards in all" (false: 216) is no misread of one member's 108."""
    assert rival_theorem("Mel and Kai have 108 cards in all.", cont("kai,mel", 108, "cards"),
                         CANDY) is None


def test_a_category_the_program_lacks_is_no_rival_of_a_kind() -> None:
    """"Mel grew a total of 9 vegetables": no rival in Mel's 9 dozens (the words name no
    entity of the program, and the rival's entity is not the one read)."""
    assert rival_theorem("Mel has a total of 9 vegetables.", cont("mel", 9, "vegetables"),
                         CANDY) is None


def test_someone_the_sentence_does_not_name_is_no_rival() -> None:
    """French's false 5 in a sentence naming no one else: stays false."""
    assert rival_theorem("French takes 5 hours.", cont("french", 5, "hours"), LESSONS) is None


def test_a_stated_direction_has_no_rival_in_its_reverse() -> None:
    """"4 balloons were given to Nora by Oskar" (false: Nora gave them) stays false."""
    family = index_of("cont({nora}, 12, balloons, 0)",
                      "transfer({nora}, {oskar}, 4, balloons, 0)",
                      query="cont({nora}, ?, balloons, ?)")
    pattern = ClaimPattern("transfer", (Agents.of("oskar"), Agents.of("nora"), 4, "balloons"))
    assert rival_theorem("4 balloons were given to Nora by Oskar.", pattern, family) is None


def test_a_person_said_for_the_shelf_they_fill_is_left_open() -> None:
    """"Ivo started with 5 toy cars", where Ivo puts toy cars on a shelf that holds 5 and
    Ivo himself holds none: maybe the shelf's 5, so not judged false."""
    shelf = index_of("cont({shelf}, 5, toy cars, 0)", "transfer({ivo}, {shelf}, 3, toy cars, 0)",
                     query="cont({shelf}, ?, toy cars, ?)")
    why = rival_theorem("Ivo started with 5 toy cars.", cont("ivo", 5, "toy cars"), shelf)
    assert why is not None and "cont({shelf}, 5, toy cars)" in why
    assert rival_theorem("Ivo started with 7 toy cars.", cont("ivo", 7, "toy cars"),
                         shelf) is None
