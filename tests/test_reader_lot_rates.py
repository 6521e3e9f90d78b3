"""One amount for every item of several kinds (reading/lot_rates.py).

Where the program gives one price, wage or per-item amount for several kinds, it has the
rate of each kind and of the lot (their union). A sentence restating the amount states one
of them: the lot's when it is tied to no one kind, a kind's when it is tied to that kind
alone (its own numbers, its setting, or that kind's own account around it); where the
program has no lot rate, the readings are today's. Problems and sentences are written here.
"""

from __future__ import annotations

from tests.test_reader_real_text import claims, program
from vlp.checker.verify import verify

# Lena buys 4 jars of plum jam and 6 jars of fig jam; every jar holds 9 spoons of jam
JAM = program(
    "cont({plum jam}, 4, jars, 0)", "cont({fig jam}, 6, jars, 0)",
    "rate({fig jam, plum jam}, 9, spoons, jars, 0)",
    "rate({plum jam}, 9, spoons, jars, 0)", "rate({fig jam}, 9, spoons, jars, 0)",
    query="cont({fig jam, plum jam}, ?, spoons, ?)")
LOT = "rate({fig jam, plum jam}, 9, spoons, jars)"
PLUM = "rate({plum jam}, 9, spoons, jars)"
FIG = "rate({fig jam}, 9, spoons, jars)"
# the same shop where the program keeps only the kinds' rates (no lot rate)
JAM_KINDS = program(
    "cont({plum jam}, 4, jars, 0)", "cont({fig jam}, 6, jars, 0)",
    "rate({plum jam}, 9, spoons, jars, 0)", "rate({fig jam}, 9, spoons, jars, 0)",
    query="cont({fig jam, plum jam}, ?, spoons, ?)")
# Omar works 5 hours on Friday and 3 on Saturday for 12 dollars an hour
SHIFTS = program(
    "cont({friday}, 5, hours, 0)", "cont({saturday}, 3, hours, 0)",
    "rate({friday, saturday}, 12, dollars, hours, 0)",
    "rate({friday}, 12, dollars, hours, 0)", "rate({saturday}, 12, dollars, hours, 0)",
    query="cont({friday, saturday}, ?, dollars, ?)")
# 3 crates of pears and 3 crates of quinces, 7 fruits in every crate: equal counts
CRATES = program(
    "cont({pears}, 3, crates, 0)", "cont({quinces}, 3, crates, 0)",
    "rate({pears, quinces}, 7, fruits, crates, 0)",
    "rate({pears}, 7, fruits, crates, 0)", "rate({quinces}, 7, fruits, crates, 0)",
    query="cont({pears, quinces}, ?, fruits, ?)")


def rates(problem: object, transcript: str) -> list[str]:
    """The rates read in the transcript's last sentence."""
    return [c for _, c in claims(problem, transcript) if c.startswith("rate(")]


def rates_in(problem: object, transcript: str, sentence: int) -> list[str]:
    """The rates read in the transcript's ``sentence`` (1-based)."""
    return [str(s.claim) for s in verify(problem, transcript).steps if s.sentence == sentence
            and s.claim is not None and s.claim.predicate == "rate"
            and s.status.value != "unparsed"]


def test_a_restatement_tied_to_no_kind_is_the_lots_rate() -> None:
    """"Each jar holds 9 spoons." after both kinds' counts: one claim, the lot's rate."""
    text = "Lena has 4 jars of plum jam and 6 jars of fig jam. Each jar holds 9 spoons."
    assert claims(JAM, text) == [("axiom", LOT)]


def test_a_rate_line_naming_no_kind_is_the_lots_rate() -> None:
    """A variable list's "Spoons per jar: 9." states the lot's rate alone."""
    assert rates(JAM, "Plum jam: 4 jars.\nFig jam: 6 jars.\nSpoons per jar: 9.") == [LOT]


def test_without_a_lot_rate_every_kinds_rate_is_read_as_today() -> None:
    """Where the program has only the kinds' rates, the restatement still states each."""
    text = "Lena has 4 jars of plum jam and 6 jars of fig jam. Each jar holds 9 spoons."
    assert sorted(rates(JAM_KINDS, text)) == sorted([FIG, PLUM])


def test_a_restatement_inside_one_kinds_account_is_that_kinds_rate() -> None:
    """Plum jam's count just before and its product just after tie the sentence to it."""
    text = ("Lena has 4 jars of plum jam. Each jar holds 9 spoons. "
            "So the plum jam makes 36 spoons.")
    assert rates_in(JAM, text, 2) == [PLUM]
    text = ("Lena has 6 jars of fig jam. Each jar holds 9 spoons. "
            "That means 54 spoons of fig jam.")
    assert rates_in(JAM, text, 2) == [FIG]


def test_the_kinds_account_needs_both_sides() -> None:
    """A kind's count just before, with the other kind's product after it, both kinds'
    products, or no product at all, leaves the sentence generic: the lot's rate; so does a
    sentence before it that counts both kinds."""
    for after in ("So the plum jam makes 36 spoons.", "That is 54 and 36 spoons.",
                  "Then we add them."):
        text = f"Lena has 6 jars of fig jam. Each jar holds 9 spoons. {after}"
        assert rates_in(JAM, text, 2) == [LOT], after
    text = ("Lena has 4 jars of plum jam and 6 jars of fig jam. Each jar holds 9 spoons. "
            "So the fig jam makes 54 spoons.")
    assert rates_in(JAM, text, 2) == [LOT]


def test_a_restatement_with_one_kinds_product_is_that_kinds_rate() -> None:
    """"Each jar holds 9 spoons, so the figs give 6 x 9 = 54 spoons." is fig jam's rate."""
    text = "Each jar holds 9 spoons, so the fig jam gives 6 x 9 = 54 spoons."
    assert rates(JAM, text) == [FIG]


def test_a_restatement_with_two_kinds_products_is_the_lots_rate() -> None:
    """Both kinds' products in the sentence: the amount is said of the lot."""
    text = "Each jar holds 9 spoons, so 4 x 9 = 36 spoons of plum jam and 6 x 9 = 54 of fig."
    assert rates(JAM, text) == [LOT]


def test_a_sum_then_multiply_product_is_the_lots() -> None:
    """"(4 + 6) x 9 = 90" and "10 jars x 9 spoons per jar" after the sum are the lot's."""
    assert rates(JAM, "Each jar holds 9 spoons, so (4 + 6) x 9 = 90 spoons.") == [LOT]
    assert rates(JAM, "10 jars x 9 spoons per jar = 90 spoons.") == [LOT]


def test_a_rate_inside_one_kinds_product_is_that_kinds_rate() -> None:
    """"4 jars of plum jam x 9 spoons per jar = 36 spoons" states plum jam's rate."""
    assert rates(JAM, "4 jars of plum jam x 9 spoons per jar = 36 spoons.") == [PLUM]
    assert rates(JAM, "Fig jam: 6 jars x 9 spoons per jar = 54 spoons.") == [FIG]


def test_a_bare_product_states_no_rate() -> None:
    """"4 x 9 = 36 spoons of plum jam" says no amount per jar in words, and "8 spoons per
    jar" is no amount of the program: no rate is read from either product."""
    assert rates(JAM, "So she has 4 x 9 = 36 spoons of plum jam.") == []
    assert rates(JAM, "4 jars of plum jam x 8 spoons per jar = 32 spoons.") == []


def test_a_setting_that_names_one_kind_ties_the_rate_to_it() -> None:
    """"On Friday, each hour paid 12 dollars." is Friday's wage; with no setting, or a
    setting naming both days, it is the lot's."""
    assert rates(SHIFTS, "On Friday, each hour paid 12 dollars.") == [
        "rate({friday}, 12, dollars, hours)"]
    for text in ("Each hour paid 12 dollars.",
                 "On Friday and on Saturday, each hour paid 12 dollars."):
        assert rates(SHIFTS, text) == ["rate({friday, saturday}, 12, dollars, hours)"], text


def test_equal_counts_tie_nothing_by_number_alone() -> None:
    """Pears and quinces both fill 3 crates: "3 x 7 = 21" names neither, so the sentence is
    the lot's, unless its words name one kind ("3 crates of pears x 7 fruits per crate")."""
    assert rates(CRATES, "Each crate holds 7 fruits, so 3 x 7 = 21.") == [
        "rate({pears, quinces}, 7, fruits, crates)"]
    assert rates(CRATES, "3 crates of pears x 7 fruits per crate = 21 fruits.") == [
        "rate({pears}, 7, fruits, crates)"]


# 4 boxes of red beads, 2 of blue beads and 4 of white beads, 25 beads in every box
BEADS = program(
    "cont({red boxes}, 4, boxes, 0)", "cont({blue boxes}, 2, boxes, 0)",
    "cont({white boxes}, 4, boxes, 0)",
    "rate({blue boxes, red boxes, white boxes}, 25, beads, boxes, 0)",
    "rate({red boxes}, 25, beads, boxes, 0)", "rate({blue boxes}, 25, beads, boxes, 0)",
    "rate({white boxes}, 25, beads, boxes, 0)",
    query="cont({blue boxes, red boxes, white boxes}, ?, beads, ?)")
BEADS_LOT = "rate({blue boxes, red boxes, white boxes}, 25, beads, boxes)"


def test_an_open_owner_between_the_lot_and_its_kinds_is_the_lots_rate() -> None:
    """"There were 25 beads in each box." leaves the owner open (the reader names the lot
    and the kinds as candidates): tied to no kind, it is the lot's rate."""
    assert rates(BEADS, "There were 25 beads in each box.") == [BEADS_LOT]


def test_a_kind_named_by_its_own_word_around_the_rate() -> None:
    """"... 4 boxes of red beads. There were 25 beads in each box. So 100 red beads." ties
    the rate to the red boxes (4 and 100 are the white boxes' too: "red" decides); with the
    white beads after it, the sentence is generic again."""
    text = ("Nia bought 4 boxes of red beads. There were 25 beads in each box. "
            "So Nia bought 100 red beads.")
    assert rates_in(BEADS, text, 2) == ["rate({red boxes}, 25, beads, boxes)"]
    text = ("Nia bought 4 boxes of red beads. There were 25 beads in each box. "
            "So Nia bought 100 white beads.")
    assert rates_in(BEADS, text, 2) == [BEADS_LOT]


def test_an_open_owner_without_a_lot_rate_reads_no_lot() -> None:
    """Where the program has only the kinds' rates, "There were 9 spoons in each jar." is
    read as today (every kind's rate, where each has that number), never as a lot rate the
    program lacks."""
    assert sorted(rates(JAM_KINDS, "There were 9 spoons in each jar.")) == sorted([FIG, PLUM])


def test_each_kind_said_per_its_own_item_is_each_kinds_rate() -> None:
    """"Each friday hour paid 12 dollars and each saturday hour paid 12 dollars." says the
    amount of each kind in its own clause: both kinds' rates, not the lot's."""
    assert sorted(rates(SHIFTS, "Each friday hour paid 12 dollars and each saturday hour "
                                "paid 12 dollars.")) == [
        "rate({friday}, 12, dollars, hours)", "rate({saturday}, 12, dollars, hours)"]


def test_a_name_after_the_rate_decides_where_a_number_is_another_kinds_too() -> None:
    """Friday's 5 hours, then the wage, then "60 + 24 = 84 on Friday": 60 is Friday's
    product, 84 no one's; the name after settles it as Friday's. A sentence after it that
    names the other day leaves the wage the lot's."""
    text = ("On Friday, he worked 5 hours. Each hour paid 12 dollars. "
            "He made 60 dollars on Friday.")
    assert rates_in(SHIFTS, text, 2) == ["rate({friday}, 12, dollars, hours)"]
    text = ("On Friday, he worked 5 hours. Each hour paid 12 dollars. "
            "He made 36 dollars on Saturday.")
    assert rates_in(SHIFTS, text, 2) == ["rate({friday, saturday}, 12, dollars, hours)"]


def test_a_lot_rate_read_alone_keeps_its_words_naming_the_lot() -> None:
    """A lot's rate the reader reads alone is still tied to one kind by the account around
    it, but not where its own words say the amount of several kinds at once ("both")."""
    text = ("Lena has 6 jars of fig jam. There were 9 spoons in each jar. "
            "So the fig jam makes 54 spoons.")
    assert rates_in(JAM, text, 2) == [FIG]
    text = ("Lena has 6 jars of fig jam. Both jams had 9 spoons in each jar. "
            "So the fig jam makes 54 spoons.")
    assert FIG not in rates_in(JAM, text, 2)


# 3 stools and 5 desks, 4 minutes to paint each piece of furniture
PAINT = program(
    "cont({stools}, 3, pieces of furniture, 0)", "cont({desks}, 5, pieces of furniture, 0)",
    "rate({desks, stools}, 4, minutes, pieces of furniture, 0)",
    "rate({stools}, 4, minutes, pieces of furniture, 0)",
    "rate({desks}, 4, minutes, pieces of furniture, 0)",
    query="cont({desks, stools}, ?, minutes, ?)")


def test_each_kinds_own_item_in_its_own_clause() -> None:
    """"Each stool took 4 minutes and each desk took 4 minutes.": each kind's rate; "Each
    piece of furniture took 4 minutes." is the lot's."""
    assert sorted(rates(PAINT, "Each stool took 4 minutes and each desk took 4 minutes.")) == [
        "rate({desks}, 4, minutes, pieces of furniture)",
        "rate({stools}, 4, minutes, pieces of furniture)"]
    assert rates(PAINT, "Each piece of furniture took 4 minutes.") == [
        "rate({desks, stools}, 4, minutes, pieces of furniture)"]
