"""A sentence that states two or more claims is read as all of them (issue 21): a second
subject after "while", counts joined by "and" or listed with commas, a count whose thing is
left unsaid, two transfers of one verb, a count after a rate ("for 4 hours"), and a count
that is the subject of a product. Each extra claim is read only where it is a theorem of
the program; what it is not stays as it was. Problems are written here as program files;
the sentences are this project's own.
"""

from __future__ import annotations

from typing import Any

from tests.test_reader_real_text import program, read


def last(problem: Any, transcript: str) -> list[tuple[str, str | None]]:
    """(verdict, claim) of every step of the transcript's last sentence."""
    return [(verdict, claim) for verdict, claim, _ in read(problem, transcript)]


FAIR = program(  # Omar's and Lena's kites and cards
    "cont({omar}, 4, kites, 0)", "cont({omar}, 12, cards, 0)", "cont({lena}, 6, kites, 0)",
    "cont({lena}, 31, cards, 0)", query="cont({lena, omar}, ?, kites, ?)")
CONCERTS = program(  # concerts by year
    "cont({this year}, 12, concerts, 0)", "cont({last year}, 30, concerts, 0)",
    query="cont({last year, this year}, ?, concerts, ?)")
CAFE = program(  # muffins by meal
    "cont({breakfast}, 11, muffins, 0)", "cont({brunch}, 4, muffins, 0)",
    query="cont({breakfast, brunch}, ?, muffins, ?)")
READING = program(  # pages by subject
    "cont({history}, 9, pages, 0)", "cont({poetry}, 14, pages, 0)",
    "cont({science}, 6, pages, 0)", query="cont({history, poetry, science}, ?, pages, ?)")
SKATING = program(  # friends by day
    "cont({friday}, 5, friends, 0)", "cont({saturday}, 7, friends, 0)",
    "cont({sunday}, 3, friends, 0)", query="cont({friday, saturday, sunday}, ?, friends, ?)")
EARNINGS = program(  # Mia's 10 dollars, then 40 and 25 earned
    "cont({mia}, 10, dollars, 0)", "transfer({parents}, {mia}, 40, dollars, 0)",
    "transfer({neighbours}, {mia}, 25, dollars, 1)", query="cont({mia}, ?, dollars, ?)")
SHOPPING = program(  # Leo's 30 dollars, 4 and 9 spent at one shop
    "cont({leo}, 30, dollars, 0)", "transfer({leo}, {shop}, 4, dollars, 0)",
    "transfer({leo}, {shop}, 9, dollars, 1)", query="cont({leo}, ?, dollars, ?)")
TRAIN = program(  # 50 miles per hour for 4 hours
    "rate({train}, 50, miles, hours, 0)", "cont({train}, 4, hours, 0)",
    query="cont({train}, ?, miles, ?)")
SNACK = program(  # 15 calories per bar, 2 bars
    "rate({you}, 15, calories, candy bars, 0)", "cont({you}, 2, candy bars, 0)",
    query="cont({you}, ?, calories, ?)")
CRAYONS = program(  # 5 boxes of 12 crayons
    "rate({lia}, 12, crayons, boxes, 0)", "cont({lia}, 5, boxes, 0)",
    query="cont({lia}, ?, crayons, ?)")
FENCE = program(  # birds on a roof
    "cont({roof}, 3, crows, 0)", "cont({roof}, 18, pigeons, 0)",
    query="cont({roof}, ?, crows, ?)")
PENS = program(  # Ann's 8 pens, 3 more than Ben
    "cont({ann}, 8, pens, 0)", "comp({ann}, {ben}, 3, pens, 0)", query="cont({ben}, ?, pens, ?)")


def test_a_second_subject_after_while_states_its_own_counts() -> None:
    """("brought" is a verb of getting; the program has counts, no transfers)"""
    assert last(FAIR, "Omar brought 4 kites and 12 cards while Lena brought 6 kites and 31 "
                "cards to the fair.") == [
        ("axiom", "cont({omar}, 4, kites)"), ("axiom", "cont({omar}, 12, cards)"),
        ("axiom", "cont({lena}, 6, kites)"), ("axiom", "cont({lena}, 31, cards)")]


def test_a_setting_named_before_and_owns_the_count_before_it() -> None:
    """"12 concerts this year and 30 concerts last year": "this year" ends at the "and"."""
    assert last(CONCERTS, "Kim went to 12 concerts this year and 30 concerts last year.") == [
        ("axiom", "cont({this year}, 12, concerts)"),
        ("axiom", "cont({last year}, 30, concerts)")]


def test_a_count_whose_thing_is_left_unsaid_counts_what_the_first_count_names() -> None:
    for text in ("The cafe served 11 muffins during breakfast and 4 during brunch.",
                 "There were 11 muffins served at breakfast and 4 at brunch."):
        assert last(CAFE, text) == [("axiom", "cont({breakfast}, 11, muffins)"),
                                    ("axiom", "cont({brunch}, 4, muffins)")], text
    # "4 more" is a change or a difference, never the count said again
    said = last(CAFE, "The cafe served 11 muffins during breakfast and 4 more during brunch.")
    assert said[0] == ("axiom", "cont({breakfast}, 11, muffins)")
    assert ("axiom", "cont({brunch}, 4, muffins)") not in said


def test_counts_that_open_a_clause_share_what_the_last_one_says() -> None:
    assert last(FENCE, "3 crows and 18 pigeons were sitting on the roof.") == [
        ("axiom", "cont({roof}, 3, crows)"), ("axiom", "cont({roof}, 18, pigeons)")]


def test_a_list_of_counts_is_read_with_the_words_before_its_first_count() -> None:
    assert last(READING, "Nadia had to finish 9 pages of history homework, 14 pages of poetry "
                "homework and 6 pages of science homework.") == [
        ("axiom", "cont({history}, 9, pages)"), ("axiom", "cont({poetry}, 14, pages)"),
        ("axiom", "cont({science}, 6, pages)")]
    for text in ("Tom played cards with 5 friends on Friday, 7 friends on Saturday and 3 "
                 "friends on Sunday.", "Tom played cards with 5 friends on Friday, 7 friends "
                 "on Saturday, 3 friends on Sunday."):
        assert last(SKATING, text) == [
            ("axiom", "cont({friday}, 5, friends)"), ("axiom", "cont({saturday}, 7, friends)"),
            ("axiom", "cont({sunday}, 3, friends)")], text


def test_a_list_item_that_is_more_than_a_count_is_not_read_as_one() -> None:
    """"3 more than Ben" after "Ann had 8 pens,": a comparison, not Ann's count of 3; and a
    list whose items are no theorems is read as the clauses are, never with the list's
    words."""
    said = last(PENS, "Ann had 8 pens, 3 more than Ben.")
    assert ("axiom", "cont({ann}, 8, pens)") in said
    assert all(claim != "cont({ann}, 3, pens)" for _, claim in said)
    said = last(READING, "Nadia had to read 9 pages of history, 15 pages of poetry and 6 "
                "pages of science.")
    assert all(claim != "cont({poetry}, 15, pages)" or verdict == "false"
               for verdict, claim in said)


def test_two_transfers_of_one_verb_are_both_read_where_both_are_theorems() -> None:
    text = "Mia had 10 dollars. She earned 40 dollars from babysitting and 25 dollars from " \
        "tutoring."
    assert last(EARNINGS, text) == [("axiom", "transfer({parents}, {mia}, 40, dollars)"),
                                    ("axiom", "transfer({neighbours}, {mia}, 25, dollars)")]
    assert last(SHOPPING, "Leo had 30 dollars. He spent 4 on a pen and 9 on a book.") == [
        ("axiom", "transfer({leo}, {shop}, 4, dollars)"),
        ("axiom", "transfer({leo}, {shop}, 9, dollars)")]
    # a second number that is no second transfer of the program stays unread
    said = last(EARNINGS, "Mia had 10 dollars. She earned 40 dollars from babysitting and 20 "
                "dollars from tutoring.")
    assert said[0] == ("axiom", "transfer({parents}, {mia}, 40, dollars)")
    assert [verdict for verdict, _ in said[1:]] == ["unparsed"]


def test_a_count_after_a_rate_is_read_where_the_program_counts_it() -> None:
    assert last(TRAIN, "The train moves 50 miles per hour for 4 hours.") == [
        ("axiom", "rate({train}, 50, miles, hours)"), ("axiom", "cont({train}, 4, hours)")]
    assert last(TRAIN, "So the train moves 200 miles in 4 hours.") == [
        ("derived", "cont({train}, 200, miles)"), ("axiom", "cont({train}, 4, hours)")]
    # a count the program does not have is no claim ("in 34 days", "for 5 hours")
    assert last(TRAIN, "The train moves 50 miles per hour for 5 hours.") == [
        ("axiom", "rate({train}, 50, miles, hours)")]
    # (an operand of the clause's product too)
    assert last(TRAIN, "So the train moves 50 * 4 = 200 miles in 4 hours.") == [
        ("derived", "cont({train}, 200, miles)"), ("axiom", "cont({train}, 4, hours)")]
    # where things are ("There are 30 calories in 2 candy bars") is not the count said again
    for text in ("There are 30 calories in 2 candy bars.",
                 "There are 15 * 2 = 30 calories in 2 candy bars."):
        assert last(SNACK, text) == [("derived", "cont({you}, 30, calories)")], text


def test_a_count_that_is_the_subject_of_a_product_restates_the_count() -> None:
    for text in ("Each box holds 12 crayons. So 5 boxes hold 12 * 5 = 60.",
                 "Each box holds 12 crayons. So 5 boxes hold 12 * 5 = 60 crayons."):
        assert last(CRAYONS, text) == [("axiom", "cont({lia}, 5, boxes)"),
                                       ("derived", "cont({lia}, 60, crayons)")], text
    # a count the program does not have is not read in its place
    assert last(CRAYONS, "Each box holds 12 crayons. So 4 boxes hold 12 * 4 = 48.") == [
        ("unparsed", None)]

