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
