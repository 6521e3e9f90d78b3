"""A thing's price stated with any verb ("buys a pen for 3", "wants a pad that costs 7"),
read as the priced thing's count of money (issue 21). Problems and sentences written here."""

from __future__ import annotations

from test_reader_real_text import claims, program, unparsed

# Ivo has 9 dollars; a pen costs 3, a pad 7
STATIONERY = program("cont({ivo}, 9, dollars, 0)", "cont({pen}, 3, dollars, 0)",
                     "cont({pad}, 7, dollars, 0)", query="comp({pad}, {pen}, ?, dollars, ?)")
# a pen and a ruler both cost 3: the price alone does not choose
TWINS = program("cont({ivo}, 9, dollars, 0)", "cont({pen}, 3, dollars, 0)",
                "cont({ruler}, 3, dollars, 0)", query="cont({pen, ruler}, ?, dollars, ?)")


def test_a_thing_bought_for_a_number_is_its_price() -> None:
    """"He buys a pen for 3": the pen's 3 dollars, whatever the verb."""
    assert claims(STATIONERY, "Ivo has 9 dollars. He buys a pen for 3.") == [
        ("axiom", "cont({pen}, 3, dollars)")]
    assert claims(STATIONERY, "Then he picked a pad for 7 dollars.") == [
        ("axiom", "cont({pad}, 7, dollars)")]


def test_a_wanted_thing_that_costs_a_number_is_its_price() -> None:
    """"Ivo wants to buy a pad that costs 7": the want is his, the price the pad's."""
    assert claims(STATIONERY, "Ivo wants to buy a pad that costs 7.") == [
        ("axiom", "cont({pad}, 7, dollars)")]


def test_another_number_for_the_thing_is_no_price_read() -> None:
    """A price no theorem gives the thing is not guessed ("a pad for 3" is the pen's 3)."""
    assert unparsed(STATIONERY, "He buys a pad for 3.")


def test_a_price_per_thing_a_negation_or_a_duration_is_no_price() -> None:
    """"for 3 each", "does not buy ... for 3" and "for 3 days" state no price of it."""
    for text in ("He buys a pen for 3 each.", "He does not buy a pen for 3.",
                 "He keeps a pen for 3 days."):
        assert unparsed(STATIONERY, text), text


def test_two_things_of_that_price_named_by_a_pronoun_stay_unread() -> None:
    """Only the thing named before "for" is priced; with "it" naming none of them, nothing."""
    assert unparsed(TWINS, "He buys it for 3.")
    assert claims(TWINS, "He buys a ruler for 3.") == [("axiom", "cont({ruler}, 3, dollars)")]
