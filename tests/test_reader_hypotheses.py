"""A clause whose words fit no reading of their own is read as the one theorem of the
program it can state (``checker/reader_hypotheses.py``), and never as anything else.

Problems are written here as program files; the sentences are this project's own.
"""

from __future__ import annotations

from typing import Any

from vlp.checker.programfile import program_from_json
from vlp.checker.verify import verify


def program(*axioms: str, query: str) -> Any:
    return program_from_json({"axioms": list(axioms), "query": query})


CAFETERIA = program(  # 12 apples, 8 used for lunch, then 19 bought
    "cont({cafeteria}, 12, apples, 0)", "transfer({cafeteria}, {lunch}, 8, apples, 0)",
    "transfer({store}, {cafeteria}, 19, apples, 1)", query="cont({cafeteria}, ?, apples, ?)")
DAYS = program(  # kids played with on two days
    "cont({monday}, 15, kids, 0)", "cont({tuesday}, 18, kids, 0)",
    query="cont({monday, tuesday}, ?, kids, ?)")
GARDEN = program(  # Haley's 9 trees, 4 lost to a typhoon
    "cont({haley}, 9, trees, 0)", "transfer({haley}, {typhoon}, 4, trees, 0)",
    query="cont({haley}, ?, trees, ?)")
TWO_GIVERS = program(  # Ana and Ben each give Cy 4 pens
    "cont({ana}, 10, pens, 0)", "cont({ben}, 10, pens, 0)", "cont({cy}, 1, pens, 0)",
    "transfer({ana}, {cy}, 4, pens, 0)", "transfer({ben}, {cy}, 4, pens, 1)",
    query="cont({cy}, ?, pens, ?)")
PAIR = program(  # Dan has 7 marbles, Eve 5; Eve gives Dan 2
    "cont({dan}, 7, marbles, 0)", "cont({eve}, 5, marbles, 0)",
    "transfer({eve}, {dan}, 2, marbles, 0)", query="cont({dan}, ?, marbles, ?)")


def last(problem: Any, transcript: str) -> list[tuple[str, str | None]]:
    """(verdict, claim) of every step of the transcript's last sentence."""
    steps = verify(problem, transcript).steps
    final = steps[-1].sentence
    return [(s.status.value, None if s.claim is None else str(s.claim))
            for s in steps if s.sentence == final]


def test_a_verb_no_list_holds_reads_as_the_one_theorem_it_fits() -> None:
    """"used 8 to make lunch", "leave them with 4", "bought 19 more": each clause's
    participant, number and entity fit exactly one theorem."""
    text = "The cafeteria had 12 apples. Then, they used 8 to make lunch for the students."
    assert last(CAFETERIA, text) == [("axiom", "transfer({cafeteria}, {lunch}, 8, apples)")]
    text += " That would leave them with 4 apples."
    assert last(CAFETERIA, text) == [("derived", "cont({cafeteria}, 4, apples)")]
    text += " Then, they bought 19 more."
    assert last(CAFETERIA, text) == [("axiom", "transfer({store}, {cafeteria}, 19, apples)")]


def test_what_is_counted_can_be_the_subject() -> None:
    """"4 died" after "After a typhoon,": the typhoon's one transfer of 4 trees."""
    assert last(GARDEN, "Haley grew 9 trees. After a typhoon, 4 died.") == [
        ("axiom", "transfer({haley}, {typhoon}, 4, trees)")]


def test_a_setting_is_counted_when_the_program_counts_by_setting() -> None:
    """"On Monday, Julia played with 15 kids": the program counts kids by day; Julia is
    no agent of it, and the day is the count's."""
    assert last(DAYS, "On Monday, Julia played with 15 kids.") == [
        ("axiom", "cont({monday}, 15, kids)")]


def test_an_unknown_name_beside_a_known_one_is_never_dropped() -> None:
    """"Carol gave Dan 2 marbles": someone the program does not know gave them; reading
    Eve's transfer would put words in the model's mouth."""
    assert all(v == "unparsed" for v, _ in last(PAIR, "Carol handed Dan 2 marbles."))


def test_two_theorems_that_fit_are_no_reading() -> None:
    """Ana and Ben both give Cy 4 pens: "someone passed 4 along to Cy" is either."""
    assert all(v == "unparsed" for v, _ in last(
        TWO_GIVERS, "Cy has 1 pen. Then 4 pens were passed along to Cy."))


def test_a_stated_direction_is_never_flipped() -> None:
    """Eve gives Dan 2: "Dan sold 2 marbles" names Dan as the one giving, so Eve's gift to
    him is no reading of it."""
    assert all(v == "unparsed" for v, _ in last(PAIR, "Dan sold 2 marbles."))


def test_no_number_no_entity_no_participant_no_reading() -> None:
    """A bare "9844 yen." or "There are 5 marbles." of someone unnamed states nothing
    the reader can place."""
    assert all(v == "unparsed" for v, _ in last(PAIR, "There are 5 marbles."))
    assert all(v == "unparsed" for v, _ in last(PAIR, "Dan has 7 marbles. 2 marbles."))


def test_negations_and_comparisons_are_left_to_their_readers() -> None:
    for sentence in ("Dan never wanted 7 marbles.", "Dan kept 2 marbles fewer."):
        assert all(v == "unparsed" or c != "cont({dan}, 7, marbles)"
                   for v, c in last(PAIR, sentence)), sentence
