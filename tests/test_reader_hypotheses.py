"""A clause whose words fit no reading of their own is read as the one theorem of the
program it can state (``reading/reader_hypotheses.py``), and never as anything else.

Problems are written here as program files; the sentences are this project's own.
"""

from __future__ import annotations

from typing import Any

from tests.test_reader_real_text import program, read

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
    return [(verdict, claim) for verdict, claim, _ in read(problem, transcript)]


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


BASKET = program(  # 3 red, 5 blue and 11 green beads in a jar
    "cont({red beads}, 3, beads, 0)", "cont({blue beads}, 5, beads, 0)",
    "cont({green beads}, 11, beads, 0)",
    query="comp({green beads}, {blue beads}, ?, beads, ?)")


def test_a_stated_total_reads_as_the_one_union_that_adds_up_to_it() -> None:
    """"a total of 8 beads" after the red and blue counts: the union of red and blue (3 + 5)
    is the one group whose counts add up to 8, derived on demand; a total no group adds up
    to, or that two groups add up to, is not read."""
    text = "There are 3 red beads and 5 blue beads. That means there are a total of 8 beads."
    assert last(BASKET, text) == [("derived", "cont({blue beads, red beads}, 8, beads)")]
    text = "There are 3 red beads. That means there are a total of 9 beads."
    assert [v for v, _ in last(BASKET, text)] == ["unparsed"]
    twins = program("cont({ana}, 2, pens, 0)", "cont({ben}, 3, pens, 0)",
                    "cont({cy}, 5, pens, 0)", query="cont({ana, ben, cy}, ?, pens, ?)")
    # 3 + 5 = 8 and nothing else adds up to 8: read
    assert last(twins, "That makes a total of 8 pens.") == [
        ("derived", "cont({ben, cy}, 8, pens)")]
    # 2 + 3 = 5, and 5 is also cy's own count: two readings, not read
    assert [v for v, _ in last(twins, "That makes a total of 5 pens.")] == ["unparsed"]


def test_a_clause_that_goes_on_without_a_subject_is_the_subject_before() -> None:
    """"..., and then bought 19 more": the cafeteria's one transfer of 19 apples; with no
    subject said before, the clause is not read as anyone's."""
    text = "The cafeteria had 12 apples, used 8 for lunch, and then bought 19 more."
    assert ("axiom", "transfer({store}, {cafeteria}, 19, apples)") in last(CAFETERIA, text)
    assert [v for v, _ in last(CAFETERIA, "And then bought 19 more.")] == ["unparsed"]


def test_first_person_states_a_result_never_a_plan() -> None:
    """"This leaves us with 5 trees" states the question's count; "we need to subtract 4"
    and "we will have 5 trees" are plans and stay unread."""
    text = "Haley grew 9 trees. 4 died. This leaves us with 5 trees."
    assert last(GARDEN, text) == [("derived", "cont({haley}, 5, trees)")]
    for plan in ("So we need to take away 4 to get 5 trees.", "Then we will have 5 trees."):
        assert all(v == "unparsed" for v, _ in last(GARDEN, "Haley grew 9 trees. " + plan))


def test_the_number_of_a_thing_is_a_count_when_a_number_is_given() -> None:
    """"The number of trees Haley has left is 5" states her count; "the number of trees is
    unknown" states nothing."""
    text = "Haley grew 9 trees, and 4 died. The number of trees that Haley has now is 5."
    assert last(GARDEN, text) == [("derived", "cont({haley}, 5, trees)")]
    assert all(v == "unparsed" for v, _ in last(GARDEN, "The number of trees is unknown."))


def test_a_name_in_a_plan_is_whom_a_later_pronoun_refers_to() -> None:
    """"We need to find how many trees Haley grew. She grew 9.": the plan states nothing,
    but "she" is Haley; with two people the plan could name, the pronoun stays unsure."""
    assert last(GARDEN, "We need to find how many trees Haley grew. She grew 9.") == [
        ("axiom", "cont({haley}, 9, trees)")]
    assert [v for v, _ in last(PAIR, "We need to find how many marbles Dan and Eve have. "
                                     "He had 7.")] == ["unparsed"]


def test_a_clause_leading_to_its_subject_is_that_subjects() -> None:
    """"After buying 19 more, they had 23": the clause's transfer is the
    cafeteria's, the subject of the clause it leads to."""
    text = "The cafeteria had 12 apples and used 8. After buying 19 more, they had 4 + 19 = 23."
    assert ("axiom", "transfer({store}, {cafeteria}, 19, apples)") in last(CAFETERIA, text)


SHELF = program(  # Kit's shelf: figures and books counted as items, by kind
    "cont({figures}, 4, items, 0)", "cont({books}, 6, items, 0)",
    "transfer({kit}, {figures}, 5, items, 0)", query="comp({figures}, {books}, ?, items, ?)")
MEALS = program(  # slices served at lunch and at dinner
    "cont({lunch}, 6, slices, 0)", "cont({dinner}, 3, slices, 0)",
    query="cont({dinner, lunch}, ?, slices, ?)")


def test_counts_joined_by_and_read_one_theorem_each() -> None:
    """"Kit had 4 figures and 6 books on a shelf": each count is the one theorem it fits (the
    agent right after the number is the kind the program counts); "6 at lunch and 3 at
    dinner" likewise; a count no theorem fits is left out, the other still read."""
    assert last(SHELF, "Kit had 4 figures and 6 books on a shelf.") == [
        ("axiom", "cont({figures}, 4, items)"), ("axiom", "cont({books}, 6, items)")]
    assert last(MEALS, "Today, the cafe served 6 slices at lunch and 3 at dinner.") == [
        ("axiom", "cont({lunch}, 6, slices)"), ("axiom", "cont({dinner}, 3, slices)")]
    assert last(SHELF, "Kit had 4 figures and 7 books.") == [
        ("axiom", "cont({figures}, 4, items)")]


RECIPE = program(  # a recipe's flour and sugar, and what Mia put in
    "cont({recipe}, 8, cups of flour, 0)", "cont({recipe}, 2, cups of sugar, 0)",
    "cont({mia}, 3, cups of flour, 0)", query="comp({recipe}, {mia}, ?, cups of flour, ?)")


def test_an_entity_that_holds_of_is_read_whole() -> None:
    """"8 cups of flour" is the program's "cups of flour", not "cups" (which could be flour
    or sugar)."""
    assert last(RECIPE, "The recipe calls for 8 cups of flour and 2 cups of sugar.") == [
        ("axiom", "cont({recipe}, 8, cups of flour)"),
        ("axiom", "cont({recipe}, 2, cups of sugar)")]
    assert [v for v, _ in last(RECIPE, "The recipe calls for 8 cups.")] == ["unparsed"]
