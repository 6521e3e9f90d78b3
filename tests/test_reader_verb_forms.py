"""Verb forms that change what a clause states (issue 21): a perfect tense whose
participle no list holds ("has already frosted 9 cakes") states the event, never a
possession; a negated participle ("not read", "left unread") counts what was not done,
never the doer. Problems and sentences written here."""

from __future__ import annotations

from test_reader_real_text import claims, program, unparsed

# a baker must frost 20 cakes and has frosted 9; each takes 4 minutes
BAKER = program(
    "cont({baker}, 20, cakes to frost, 0)", "transfer({baker}, {frosted}, 9, cakes to frost, 0)",
    "rate({baker}, 4, minutes, cakes to frost, 1)", query="cont({baker}, ?, minutes, ?)")


def test_a_perfect_tense_of_an_unlisted_verb_states_the_event_not_a_possession() -> None:
    """"The baker has already frosted 9 cakes": the program's transfer of 9 to the frosted
    ones, never the baker's count of 9 (which is false: 20 or 11)."""
    assert claims(BAKER, "The baker has already frosted 9 cakes.") == [
        ("axiom", "transfer({baker}, {frosted}, 9, cakes to frost)")]


def test_has_before_a_count_is_still_a_possession() -> None:
    """"The baker has 20 cakes to frost": the "has" of a possession (no participle)."""
    assert claims(BAKER, "The baker has 20 cakes to frost.") == [
        ("axiom", "cont({baker}, 20, cakes to frost)")]


# a box set of 30 films; Noor has watched 22 (the 8 unwatched are the box set's lead)
FILMS = program(
    "cont({box set}, 30, films, 0)", "comp({box set}, {noor}, 8, films, 0)",
    query="cont({noor}, ?, films, ?)")
# a cafe made 14 muffins and sold 9 of them: what is not sold it keeps
CAFE = program(
    "cont({cafe}, 14, muffins, 0)", "transfer({cafe}, {customers}, 9, muffins, 0)",
    query="cont({cafe}, ?, muffins, ?)")


def test_a_count_of_what_was_not_done_is_never_the_doers() -> None:
    """"Films not watched = 30 - 8 = 22" (22 is Noor's count, a theorem: but the words
    count the films she did not watch) and "there are 8 films left unwatched" are no
    count of Noor."""
    for text in ("Films not watched = 30 - 8 = 22.",
                 "Noor has watched 22 films, so there are 8 films left unwatched."):
        reasons = unparsed(FILMS, "The box set has 30 films. " + text)
        assert any("not done" in r for r in reasons), reasons


def test_what_was_not_done_stays_with_the_holder_the_doing_takes_from() -> None:
    """"So 14 - 9 = 5 muffins were not sold": the cafe sells from its 14, so the unsold
    5 are its count (a theorem, read)."""
    assert claims(CAFE, "The cafe made 14 muffins. So 14 - 9 = 5 muffins were not sold.") == [
        ("derived", "cont({cafe}, 5, muffins)")]
