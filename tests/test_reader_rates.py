"""Rate phrasings the reader's other paths leave unread (issue 21): "She spent 8 minutes on
each chair", "Each crate needs 4 straps", "They pick 30 figs every day", "There were 10 balls
in each box". The sentences and problems are written here; no reference text is used."""

from __future__ import annotations

import pytest
from test_reader_real_text import claims, program, read

BOXES = program(  # red, blue and white boxes of 10 marbles each
    "cont({red boxes}, 3, boxes, 0)", "rate({red boxes}, 10, marbles, boxes, 0)",
    "cont({blue boxes}, 5, boxes, 0)", "rate({blue boxes}, 10, marbles, boxes, 0)",
    "cont({white boxes}, 2, boxes, 0)", "rate({white boxes}, 10, marbles, boxes, 0)",
    query="cont({red boxes, blue boxes, white boxes}, ?, marbles, ?)")
UNEVEN = program(  # red boxes of 10 marbles, blue boxes of 12
    "cont({red boxes}, 3, boxes, 0)", "rate({red boxes}, 10, marbles, boxes, 0)",
    "cont({blue boxes}, 5, boxes, 0)", "rate({blue boxes}, 12, marbles, boxes, 0)",
    query="cont({red boxes, blue boxes}, ?, marbles, ?)")
CRATES = program(  # Omar's 9 crates, 4 straps each; Lena has 7 straps
    "cont({omar}, 9, crates, 0)", "rate({omar}, 4, straps, crates, 0)",
    "cont({lena}, 7, straps, 0)", query="cont({omar}, ?, straps, ?)")
ORCHARD = program(  # the orchard picks 30 figs and 12 plums a day, for 5 days
    "cont({orchard}, 5, days, 0)", "rate({orchard}, 30, figs, days, 0)",
    "rate({orchard}, 12, plums, days, 0)", query="cont({orchard}, ?, figs, ?)")
SHELVES = program(  # 3 desks and 2 lamps, 7 minutes to build each piece
    "cont({desks}, 3, pieces of furniture, 0)", "cont({lamps}, 2, pieces of furniture, 0)",
    "rate({desks, lamps}, 7, minutes, pieces of furniture, 0)",
    "rate({desks}, 7, minutes, pieces of furniture, 0)",
    "rate({lamps}, 7, minutes, pieces of furniture, 0)",
    query="cont({desks, lamps}, ?, minutes, ?)")
FOOD = program(  # 6 packs of bird seed of 8 bags, 4 packs of fish flakes of 3 bags
    "cont({bird seed}, 6, packages, 0)", "rate({bird seed}, 8, bags, packages, 0)",
    "cont({fish flakes}, 4, packages, 0)", "rate({fish flakes}, 3, bags, packages, 0)",
    query="comp({bird seed}, {fish flakes}, ?, bags, ?)")
TANKS = program(  # 6 cold tanks and 9 warm tanks, 20 fish in each tank
    "cont({nadia}, 6, cold tanks, 0)", "rate({nadia}, 20, cold fish, cold tanks, 0)",
    "cont({nadia}, 9, warm tanks, 0)", "rate({nadia}, 20, warm fish, warm tanks, 0)",
    query="cont({nadia}, ?, warm fish, ?)")
LEVELS = program(  # 5 points a coin on the first stage and on the second
    "rate({first stage}, 5, points, coins, 0)", "rate({second stage}, 5, points, coins, 0)",
    "cont({first stage}, 3, coins, 0)", "cont({second stage}, 4, coins, 0)",
    query="cont({first stage, second stage}, ?, points, ?)")


@pytest.mark.parametrize(("problem", "sentence", "expected"), [
    (CRATES, "Each crate needs 4 straps.", ["rate({omar}, 4, straps, crates)"]),
    (CRATES, "He ties 4 straps around each crate.", ["rate({omar}, 4, straps, crates)"]),
    (ORCHARD, "They harvest 30 figs every day.", ["rate({orchard}, 30, figs, days)"]),
    (ORCHARD, "The orchard workers gather 12 plums per day.",
     ["rate({orchard}, 12, plums, days)"]),
    (CRATES, "Each package holds 4 straps.", []),  # no package of the program
    # a condition that restates the rate, a theorem
    (CRATES, "If he ties 4 straps on each crate, he uses 36 in all.",
     ["rate({omar}, 4, straps, crates)"]),
])
def test_a_clause_of_a_rate_states_the_rate_its_number_entity_and_container_fit(
        problem: object, sentence: str, expected: list[str]) -> None:
    """A verb no list holds ("ties", "harvest", "gather") does not keep a clause with one
    number, the entity after it and "each"/"per"/"every" before a container from the one
    rate of the program they fit; a container the program lacks reads nothing."""
    found = [c for v, c in claims(problem, f"Omar packs. {sentence}") if c.startswith("rate")]
    assert found == expected


def test_each_container_with_no_settling_word_states_every_rate_the_program_gives_that_number(
        ) -> None:
    """"There were 10 marbles in each box" of red, blue and white boxes of 10 marbles each:
    every one of their rates, each a theorem."""
    found = claims(BOXES, "There were 10 marbles in each box.")
    assert found == [("axiom", "rate({blue boxes}, 10, marbles, boxes)"),
                     ("axiom", "rate({red boxes}, 10, marbles, boxes)"),
                     ("axiom", "rate({white boxes}, 10, marbles, boxes)")]


def test_each_container_is_unread_when_the_program_gives_one_of_them_another_number() -> None:
    """Red boxes of 10 and blue boxes of 12: "each box has 10 marbles" is no universal
    truth, and the number never chooses the red one; the sentence names both."""
    steps = read(UNEVEN, "There were 10 marbles in each box.")
    assert all(v == "unparsed" for v, _, _ in steps), steps
    assert any("red boxes" in r and "blue boxes" in r for _, _, r in steps), steps


def test_a_word_of_the_clause_settles_which_rate_it_states() -> None:
    """"Each package of fish flakes held 3 bags": the words "fish flakes" name the one
    owner of the two rates per package."""
    assert claims(FOOD, "Each package of fish flakes held 3 bags.") == [
        ("axiom", "rate({fish flakes}, 3, bags, packages)")]
    assert claims(LEVELS, "On the second stage, she earned 5 points for every coin.") == [
        ("axiom", "rate({second stage}, 5, points, coins)")]


def test_two_things_counted_per_container_stay_unread_naming_both() -> None:
    """"Each tank has 20 fish" of cold and warm tanks with cold and warm fish: which
    fish, the words do not say, even when the program gives both 20."""
    steps = read(TANKS, "Each tank has 20 fish.")
    assert all(v == "unparsed" for v, _, _ in steps), steps
    assert any("cold fish" in r and "warm fish" in r for _, _, r in steps), steps


def test_a_groups_rate_is_read_over_its_members_rates() -> None:
    """"7 minutes on each piece of furniture" where the desks', the lamps' and their
    group's rates are all 7: the group's rate, which the members' restate."""
    assert claims(SHELVES, "She spent 7 minutes on each piece of furniture.") == [
        ("axiom", "rate({desks, lamps}, 7, minutes, pieces of furniture)")]


@pytest.mark.parametrize("sentence", [
    "Lena ties 4 straps on each crate.",  # Lena has no rate: her crates are none
    "Then Rosalind ties 4 straps on each crate.",  # someone the program does not know
    "Rosalind has 4 straps in each crate.",
    "Each crate needs 4 more straps.",  # a difference, not the rate
    "Each crate needs 4 straps in total.",
    "If he ties 5 straps on each crate, he uses 45.",  # a condition that does not hold
    "If each crate needs 4 straps, he needs 36.",  # a need in a condition: doubly unsure
    "Each crate needs 4 or 5 straps.",
    "Each crate does not need 4 straps.",
    "He ties 4 straps.",  # no "each": a count or a transfer, never a rate
])
def test_a_rate_is_never_read_against_the_words(sentence: str) -> None:
    """No rate of Omar's is read from a clause that names someone else, someone unknown, a
    comparison, a total, a condition that does not hold, alternatives or a negation, or that
    has no word of "per" (a rate of someone else, the program's or not, is judged false)."""
    found = [(v, c) for v, c in claims(CRATES, f"Omar packs. {sentence}")
             if c.startswith("rate")]
    assert all(v == "false" and "omar" not in c for v, c in found), found


def test_a_name_settles_whose_rate_and_no_name_states_every_rate_of_that_number() -> None:
    """Ann and Ben both pack 5 pears per bag: "Ann packs 5 pears in each bag" is Ann's
    rate alone, "There are 5 pears in each bag" is both rates."""
    bags = program("cont({ann}, 2, bags, 0)", "rate({ann}, 5, pears, bags, 0)",
                   "cont({ben}, 3, bags, 0)", "rate({ben}, 5, pears, bags, 0)",
                   query="cont({ann, ben}, ?, pears, ?)")
    assert claims(bags, "Ann packs 5 pears in each bag.") == [
        ("axiom", "rate({ann}, 5, pears, bags)")]
    assert claims(bags, "Ann has 2 bags. There are 5 pears in each bag.") == [
        ("axiom", "rate({ann}, 5, pears, bags)"), ("axiom", "rate({ben}, 5, pears, bags)")]


PLANKS = program(  # 13 long planks of 17 nails, 4 short planks of 8
    "cont({long planks}, 13, planks, 0)", "rate({long planks}, 17, nails, planks, 0)",
    "cont({short planks}, 4, planks, 0)", "rate({short planks}, 8, nails, planks, 0)",
    query="cont({long planks, short planks}, ?, nails, ?)")
FLEET = program(  # 12 vans of 9 riders, 20 cars of 4
    "cont({vans}, 12, vans, 0)", "rate({vans}, 9, riders, vans, 0)",
    "cont({cars}, 20, private cars, 0)", "rate({cars}, 4, riders, private cars, 0)",
    query="cont({vans, cars}, ?, riders, ?)")
BUGS = program(  # 70 beetles of 6 legs
    "cont({beetles}, 70, beetles, 0)", "rate({beetles}, 6, legs, beetles, 0)",
    query="cont({beetles}, ?, legs, ?)")
LIBRARY = program(  # Tomas: 15 bookshelves of 31 books
    "cont({tomas}, 15, bookshelves, 0)", "rate({tomas}, 31, books, bookshelves, 0)",
    query="cont({tomas}, ?, books, ?)")
YEARS = program(  # Ines plays 30 games a year for 3 years
    "cont({ines}, 3, years, 0)", "rate({ines}, 30, games, years, 0)",
    query="cont({ines}, ?, games, ?)")


@pytest.mark.parametrize(("problem", "sentence", "expected"), [
    # the owner's kind names the container: the long planks' rate per plank
    (PLANKS, "Each long plank needs 17 nails.", ["rate({long planks}, 17, nails, planks)"]),
    (PLANKS, "Each plank needs 17 nails.", []),  # the short planks need 8: whose, unsaid
    (FLEET, "Each van carried 9 riders and each car carried 4 riders.",
     ["rate({vans}, 9, riders, vans)", "rate({cars}, 4, riders, private cars)"]),
    (FLEET, "Each van carried 9 riders and each bus carried 4 riders.",  # no bus: unread
     ["rate({vans}, 9, riders, vans)"]),
    (BUGS, "There are 70 beetles, each with 6 legs.", ["rate({beetles}, 6, legs, beetles)"]),
    (LIBRARY, "Tomas has 31 books per shelf.", ["rate({tomas}, 31, books, bookshelves)"]),
    (YEARS, "She has been playing 30 games every year.", ["rate({ines}, 30, games, years)"]),
])
def test_rate_phrasings_of_a_container_said_another_way(
        problem: object, sentence: str, expected: list[str]) -> None:
    """The container said as the owner's kind ("each long plank"), as the thing the clause
    before counts ("70 beetles, each with 6 legs"), as the head of its compound ("per
    shelf" of bookshelves); two rates joined by "and each"; "every year" read as the rate
    the program has, never as a count of 30 (which no theorem is)."""
    found = [c for _v, c in claims(problem, sentence) if c.startswith("rate")]
    assert found == expected
    if problem is YEARS:
        assert all(v != "false" for v, _ in claims(problem, sentence))
