"""Second person, existential counts with a relative clause, and counts moved to a place
(issue 21: what is left unread). Sentences and problems are written here."""

from __future__ import annotations

from test_reader_real_text import claims, program, unparsed

# a problem told to "you": a shelf of 30 comics and 14 films; you read 9, watched 5
SHELF = program("cont({shelf}, 30, comics, 0)", "cont({shelf}, 14, films, 0)",
                "cont({you}, 9, comics, 0)", "cont({you}, 5, films, 0)",
                query="comp({shelf}, {you}, ?, comics, ?)")
# the same shelf, told of a person: "you" is no agent
NORA = program("cont({shelf}, 30, comics, 0)", "cont({nora}, 9, comics, 0)",
               query="comp({shelf}, {nora}, ?, comics, ?)")
# 240 pupils went on the trip, 95 stayed at school
TRIP = program("cont({trip}, 240, pupils, 0)", "cont({school}, 95, pupils, 0)",
               query="comp({trip}, {school}, ?, pupils, ?)")
# 20 geese at the pond, 17 flew to the marsh, 6 to the river (counted by place)
GEESE = program("cont({pond}, 20, geese, 0)", "cont({marsh}, 17, geese, 0)",
                "cont({river}, 6, geese, 0)", query="comp({marsh}, {river}, ?, geese, ?)")
# the lake has 12 ducks, the creek 30; 12 more swim into the lake from the creek
LAKE = program("cont({lake}, 12, ducks, 0)", "cont({creek}, 30, ducks, 0)",
               "transfer({creek}, {lake}, 12, ducks, 0)",
               query="cont({lake}, ?, ducks, ?)")


def test_a_plain_statement_about_you_is_the_agent_you_s_count() -> None:
    """Where the program has the agent "you", "You read 9 comics." states its count."""
    assert claims(SHELF, "You read 9 comics.") == [("axiom", "cont({you}, 9, comics)")]
    assert claims(SHELF, "So you have already watched 5 films.") == [
        ("axiom", "cont({you}, 5, films)")]


def test_two_counts_about_you_in_one_sentence_are_both_read() -> None:
    """"You read 9 comics and watched 5 films." states both of the agent's counts."""
    assert claims(SHELF, "You read 9 comics and watched 5 films.") == [
        ("axiom", "cont({you}, 9, comics)"), ("axiom", "cont({you}, 5, films)")]


def test_a_wrong_count_about_you_is_judged_false() -> None:
    """A statement about "you" with another number is a false claim, not a plan."""
    assert claims(SHELF, "You read 11 comics.") == [("false", "cont({you}, 11, comics)")]


def test_a_plan_or_what_is_still_to_do_for_you_stays_unread() -> None:
    """"You need to read ...", "you still have ... left to read", a condition and a
    negation state no count of the agent."""
    for text in ("You need to read 21 more comics.", "You still have to read 21 comics.",
                 "If you read 9 of the comics, you have 21 comics left to read.",
                 "You have not read 21 comics."):
        assert unparsed(SHELF, text), text


def test_what_you_have_left_by_arithmetic_is_matched_by_its_arithmetic() -> None:
    """"So you have 30 - 9 = 21." is the difference the rule computes, never a count of
    the agent's 21 (which would be judged false)."""
    assert claims(SHELF, "So you have 30 - 9 = 21.") == [
        ("derived", "comp({shelf}, {you}, 21, comics)")]


def test_you_with_no_agent_you_stays_a_plan() -> None:
    """In a problem about Nora, "you" is the reader of the solution: a plan, unread."""
    assert unparsed(NORA, "You read 9 comics.")


def test_an_existential_with_who_went_to_a_place_is_the_place_s_count() -> None:
    """"There are 240 pupils who went on the trip": the trip's count; the verb "went" moves
    them to the place, so it is no giving of the place's."""
    assert claims(TRIP, "There are 240 pupils who went on the trip.") == [
        ("axiom", "cont({trip}, 240, pupils)")]
    assert claims(TRIP, "And there were 95 pupils who stayed at school.") == [
        ("axiom", "cont({school}, 95, pupils)")]


def test_an_existential_with_the_wrong_number_or_leaving_stays_unread() -> None:
    """Another place's number, or "who left" the place, states no count of it here."""
    assert unparsed(TRIP, "There are 95 pupils who went to the trip.")
    assert unparsed(TRIP, "There are 240 pupils who left the trip.")


def test_a_count_that_flew_to_a_place_is_the_place_s_count() -> None:
    """"Then 17 flew to the marsh": what is counted is the subject, the marsh where they
    went; the program counts geese by place."""
    assert claims(GEESE, "Then 17 flew to the marsh.") == [("axiom", "cont({marsh}, 17, geese)")]
    assert claims(GEESE, "After that, 6 geese flew away to the river.") == [
        ("axiom", "cont({river}, 6, geese)")]


def test_flying_away_from_a_place_is_never_its_count() -> None:
    """"17 geese flew away from the marsh" says they are not at the marsh: never the
    marsh's count (the direction word is kept)."""
    assert unparsed(GEESE, "17 geese flew away from the marsh.")


def test_a_count_and_a_transfer_into_the_place_both_fitting_is_unparsed_naming_both() -> None:
    """"There are 12 ducks who went into the lake" fits the lake's count and the transfer
    into it: unparsed, naming both."""
    reasons = unparsed(LAKE, "There are 12 ducks who went into the lake.")
    assert any("cont({lake}, 12, ducks)" in r and "transfer({creek}, {lake}, 12, ducks)" in r
               for r in reasons), reasons
