"""Label lines whose label is one of the program's holders ("Scarf: 14."): the count is of
the one thing that holder holds, never of the thing its name says; over a product, what
the rate counts; a sum is left to its arithmetic. Problems and sentences written here."""

from __future__ import annotations

from test_reader_real_text import claims, program, unparsed

# a stall earns 14 dollars per scarf and 9 per hat; it sold 30 scarves and 12 hats
STALL = program(
    "cont({scarf}, 14, dollars, 0)", "cont({hat}, 9, dollars, 0)",
    "rate({scarf sales}, 14, dollars, scarves, 0)", "rate({hat sales}, 9, dollars, hats, 0)",
    "cont({scarf sales}, 30, scarves, 0)", "cont({hat sales}, 12, hats, 0)",
    query="comp({scarf}, {hat}, ?, dollars, ?)")
# a shelf of 12 novels and 9 comics (items); Lia read 10 novels and 4 comics
SHELF = program(
    "cont({novels}, 12, items, 0)", "cont({comics}, 9, items, 0)",
    "cont({lia}, 10, novels, 0)", "cont({lia}, 4, comics, 0)",
    query="comp({novels}, {comics}, ?, items, ?)")


def test_a_holders_label_counts_the_one_thing_it_holds() -> None:
    """"Scarf: 14." is the scarf's 14 dollars (not 14 scarves); "Comics: 9." the comics'
    9 items."""
    assert claims(STALL, "Given. Scarf: 14.") == [("axiom", "cont({scarf}, 14, dollars)")]
    assert claims(SHELF, "Given. Comics: 9.") == [("axiom", "cont({comics}, 9, items)")]


def test_a_wrong_number_under_a_holders_label_is_false_of_what_it_holds() -> None:
    """"Hat: 8." is a false count of the hat's dollars."""
    assert claims(STALL, "Given. Hat: 8.") == [("false", "cont({hat}, 8, dollars)")]


def test_a_holders_label_over_a_sum_is_left_to_its_arithmetic() -> None:
    """"Comics: 9 - 4 = 5": 4 is what Lia read of the comics, no count of items; the
    label lends the sum no entity (never a false count of the comics' items), and no rule
    instance computes it; "Novels: 12 - 9 = 3" is the novels' lead, the instance it writes."""
    assert unparsed(SHELF, "Given. Comics: 9 - 4 = 5.")
    assert claims(SHELF, "Given. Novels: 12 - 9 = 3.") == [
        ("derived", "comp({novels}, {comics}, 3, items)")]


# Rui earns 6 dollars an hour; he works 5 hours on Saturday and 3 on Sunday
SHIFTS = program(
    "rate({saturday}, 6, dollars, hours, 0)", "rate({sunday}, 6, dollars, hours, 0)",
    "cont({saturday}, 5, hours, 0)", "cont({sunday}, 3, hours, 0)",
    query="cont({saturday, sunday}, ?, dollars, ?)")


def test_a_holders_label_over_a_product_counts_what_the_rate_counts() -> None:
    """"Saturday: 5 hours x 6 dollars/hour = 30": Saturday's 30 dollars, never 30 hours
    (the entity of the first factor)."""
    first = "Rui worked 5 hours on Saturday and 3 hours on Sunday. "
    assert claims(SHIFTS, first + "Saturday: 5 hours x 6 dollars/hour = 30.") == [
        ("derived", "cont({saturday}, 30, dollars)")]
    assert claims(SHIFTS, first + "Sunday: 3 hours x 6 dollars/hour = 18.") == [
        ("derived", "cont({sunday}, 18, dollars)")]
