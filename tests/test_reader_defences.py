"""General defences against misreads (issue 21, precision on unseen text).

Each class here was found on the development split or by red-teaming it with sentences of
the same shape; the sentences below are written for these tests. A careful grader reads the
claim listed, or nothing: when the words leave a choice, the step is ``unparsed`` with a
reason (a misread judged false punishes a true step).
"""

from __future__ import annotations

from tests.test_reader_real_text import ROSCOE, claims, program, read, unparsed
from vlp.checker.verify import verify

SHELVES = program(  # Mina's 9 bookcases hold 15 novels each
    "cont({mina}, 9, bookcases, 0)", "rate({mina}, 15, novels, bookcases, 0)",
    query="cont({mina}, ?, novels, ?)")
STICKERS = program(  # Ivo's 8 packs of 10 stickers
    "cont({ivo}, 8, packs, 0)", "rate({ivo}, 10, stickers, packs, 0)",
    query="cont({ivo}, ?, stickers, ?)")
CONCERTS = program(  # Tala goes to 12 concerts a year, for 3 years
    "cont({tala}, 3, years, 0)", "rate({tala}, 12, concerts, years, 0)",
    query="cont({tala}, ?, concerts, ?)")
BULBS = program(  # Owen and his dad plant 9 bulbs in each of 6 rows
    "cont({owen, owen's dad}, 6, rows, 0)", "rate({owen, owen's dad}, 9, bulbs, rows, 0)",
    query="cont({owen, owen's dad}, ?, bulbs, ?)")
SCARVES = program(  # Noa sells 5 red and 2 blue scarves at 4 dollars each
    "cont({red}, 5, scarves, 0)", "cont({blue}, 2, scarves, 0)",
    "rate({red}, 4, dollars, scarves, 0)", "rate({blue}, 4, dollars, scarves, 0)",
    query="cont({blue, red}, ?, dollars, ?)")
ESSAYS = program(  # Lior writes 6 pages of essays and 4 more pages of reports
    "cont({essays}, 6, pages, 0)", "comp({reports}, {essays}, 4, pages, 0)",
    query="cont({essays, reports}, ?, pages, ?)")
HIKERS = program(  # hikers on three days
    "cont({monday}, 12, hikers, 0)", "cont({tuesday}, 15, hikers, 0)",
    "cont({wednesday}, 4, hikers, 0)", query="comp({tuesday}, {wednesday}, ?, hikers, ?)")
WEEDS = program(  # a garden's weeds, counted per yard
    "cont({front yard}, 14, weeds, 0)", "cont({back yard}, 20, weeds, 0)",
    query="cont({back yard, front yard}, ?, weeds, ?)")


def test_a_compound_named_by_its_head_noun_is_unparsed_naming_it() -> None:
    """"9 cases" where the program counts bookcases: another form of its entity, so a gap
    naming it, never a false count of cases."""
    for said in ("Mina owns 9 bookcases. She has 9 cases.", "Mina has 9 cases."):
        assert "bookcases" in unparsed(SHELVES, said)[0], said


def test_the_answer_restated_in_another_word_is_not_judged() -> None:
    """"80 cards" where Ivo's 80 stickers are the answer: the question's word or another
    thing; not read as either. A word of another count stays an invented fact."""
    for said in ("Ivo has 8 packs. So Ivo has 80 cards.", "So he has 80 cards in total."):
        assert "stickers" in unparsed(STICKERS, said)[0], said
    assert claims(STICKERS, "Ivo has 8 items.") == [("false", "cont({ivo}, 8, items)")]


def test_a_number_said_per_thing_or_time_is_no_count() -> None:
    """"12 concerts every year", "12 concerts a year" are the rate, not a count of 12."""
    for sentence in ("Tala has been going to 12 concerts every year.",
                     "Tala went to 12 concerts a year."):
        assert not [c for v, c in claims(CONCERTS, sentence) if c.startswith("cont")], sentence
    assert claims(CONCERTS, "Tala has gone to 36 concerts.") == [
        ("derived", "cont({tala}, 36, concerts)")]


def test_an_entity_borrowed_from_the_context_yields_to_the_arithmetic() -> None:
    """"So they planted 6 * 9 = 54." after the rows: the product is the bulbs' count, which
    the words never contradict; said with "rows" it stays a false count of rows."""
    context = "There are 6 rows. "
    assert claims(BULBS, context + "So they planted 6 * 9 = 54.") == [
        ("derived", "cont({owen, owen's dad}, 54, bulbs)")]
    assert claims(BULBS, context + "So they planted 6 * 9 = 54 rows.")[0][0] == "false"


def test_a_persons_count_is_not_pinned_to_a_part_the_words_do_not_name() -> None:
    """Noa is no agent (the program counts her money by colour): "20 dollars from the
    scarves" is hers, all of it, or a part the words name; only a named part is read."""
    assert "red" in unparsed(SCARVES, "Noa earned 20 dollars from the scarves.")[0]
    assert claims(SCARVES, "Noa earned 20 dollars from the red scarves.") == [
        ("derived", "cont({red}, 20, dollars)")]
    assert claims(SCARVES, "Noa earned 28 dollars.") == [
        ("derived-multi", "cont({blue, red}, 28, dollars)")]


def test_a_sum_under_a_pronoun_with_no_agent_is_not_one_parts_step() -> None:
    """"So she wrote 6 + 4 = 10": she (no agent) wrote all the pages; the sum is the step
    to the reports' count by a comparison, which the words do not name. Bare, it is."""
    context = "Lior wrote 6 pages of essays. "
    assert unparsed(ESSAYS, context + "So she wrote 6 + 4 = 10.")
    assert claims(ESSAYS, context + "6 + 4 = 10.") == [("derived", "cont({reports}, 10, pages)")]


def test_a_stranger_as_or_beside_the_subject_is_never_a_known_agent() -> None:
    """"Rosalind has 118." after Roscoe, "... and Rosalind has 118", "Roscoe and his
    sister have 24": never a count of Roscoe's."""
    assert not [c for _, c, _ in read(ROSCOE, "Roscoe has 24 tiaras. Rosalind has 118.")
                if c is not None and "roscoe" in c]
    assert [(v, c) for v, c, _ in read(ROSCOE, "Roscoe has 24 tiaras and Rosalind has 118.")
            ] == [("axiom", "cont({roscoe}, 24, tiaras)"), ("unparsed", None)]
    assert claims(ROSCOE, "Roscoe and Rosalind have 24 tiaras.") == [
        ("false", "cont({rosalind, roscoe}, 24, tiaras)")]
    assert "his sister" in unparsed(ROSCOE, "Roscoe and his sister have 24 tiaras.")[0]
    assert "Her cousin" in unparsed(SCARVES, "Her cousin earned 28 dollars.")[0]
    # a relation the program has, and a thing of his, are read
    assert claims(ROSCOE, "Roscoe and his stepfather have 161 tiaras.") == [
        ("derived-multi", "cont({roscoe, roscoe's stepfather}, 161, tiaras)")]


def test_a_whole_that_is_no_agent_is_not_pinned_to_one_part() -> None:
    """"The garden has 20 weeds" where the program counts each yard's: not the back
    yard's; "the other" refers to a part and is read."""
    assert "back yard" in unparsed(WEEDS, "The garden has 20 weeds.")[0]
    assert claims(WEEDS, "The garden has 34 weeds in all.") == [
        ("derived", "cont({back yard, front yard}, 34, weeds)")]


def test_two_parts_joined_by_and_are_no_one_parts_count() -> None:
    """"27 hikers on the Monday and the Tuesday" is the two days' count, never Monday's (a
    true statement judged false); ", and Tuesday brought 15" goes on with a clause."""
    assert claims(HIKERS, "There were 27 hikers on Monday and Tuesday.") == [
        ("derived", "cont({monday, tuesday}, 27, hikers)")]
    for said in ("There were 27 hikers on the Monday and the Tuesday.",
                 "There were 27 hikers on Monday and on Tuesday."):
        assert "tuesday" in unparsed(HIKERS, said)[0], said
    assert ("axiom", "cont({monday}, 12, hikers)") in claims(
        HIKERS, "There were 12 hikers on Monday, and Tuesday brought 15.")


def test_words_of_the_start_a_range_and_a_sign_are_respected() -> None:
    """"started with" (one number) is the start; "prior to" is "before"; "118-ish",
    "give or take" hedge; "negative 118" is a sign."""
    assert claims(ROSCOE, "Roscoe started with 118 tiaras.") == [
        ("false", "cont({roscoe}, 118, tiaras)")]
    assert claims(ROSCOE, "Roscoe started with 24 tiaras.") == [
        ("axiom", "cont({roscoe}, 24, tiaras)")]
    # in a sentence of several numbers it is the time of its own clause only
    assert ("derived", "cont({roscoe}, 118, tiaras)") in claims(
        ROSCOE, "Roscoe starts with 24 tiaras and gets 94 from Wasswa, so Roscoe has 118 "
        "tiaras.")
    for sentence in ("Prior to giving Cassandre 69, Roscoe had 49.",
                     "Roscoe has 118-ish tiaras.", "Roscoe has 118 tiaras, give or take.",
                     "Roscoe now has negative 118 tiaras."):
        assert unparsed(ROSCOE, sentence), sentence


def test_an_answer_that_cannot_be_gives_no_answer() -> None:
    """"The answer cannot be 49." and a bare "Answer: not 49" negate their number."""
    for answer in ("The answer cannot be 49.", "Answer: not 49", "Answer: anything but 49.",
                   "Answer: 49 or 50", "Answer: 49 - 1"):
        report = verify(ROSCOE, f"Roscoe has 49 tiaras. {answer}")
        assert report.predicted_answer is None and not report.answer_correct, answer


PEARS = program("cont({sara}, 45, pears, 0)", "cont({sally}, 11, pears, 0)",
                query="cont({sally, sara}, ?, pears, ?)")
SODA = program(  # a shop's 4 diet and 79 more regular bottles
    "cont({diet soda}, 4, bottles, 0)", "comp({regular soda}, {diet soda}, 79, bottles, 0)",
    query="cont({regular soda}, ?, bottles, ?)")
GIFTS = program(  # Eli's 10 stamps, 23 more on his birthday
    "cont({eli}, 10, stamps, 0)", "transfer({birthday}, {eli}, 23, stamps, 0)",
    query="cont({eli}, ?, stamps, ?)")


def test_a_pronoun_whose_number_fits_another_person_is_unparsed_naming_both() -> None:
    """"She has 45 pears." after Sara's 45 and Sally's 11: recency says Sally, the number
    says Sara; unparsed, both named (never a true statement judged false)."""
    context = "Sara picked 45 pears. Sally picked 11 pears. "
    reason = unparsed(PEARS, context + "She has 45 pears.")[0]
    assert "sara" in reason and "sally" in reason
    assert claims(PEARS, context + "She picked 11 pears.") == [
        ("axiom", "cont({sally}, 11, pears)")]


def test_a_thing_that_holds_all_the_parts_is_not_one_parts_count() -> None:
    """"The shop has 83 bottles" where the program counts diet and regular bottles: the
    shop's bottles are all of them, not the regular ones."""
    assert "regular soda" in unparsed(SODA, "The shop has 83 bottles.")[0]
    assert claims(SODA, "So there are 83 bottles of regular soda.") == [
        ("derived", "cont({regular soda}, 83, bottles)")]


def test_a_relative_the_program_lacks_does_not_give_its_transfer() -> None:
    """"His aunt gave him 23 stamps": the program's 23 came with his birthday, from no
    aunt; not read as the birthday's transfer."""
    assert "His aunt" in unparsed(GIFTS, "Eli has 10 stamps. His aunt gave him 23 stamps.")[0]
    assert claims(GIFTS, "Eli has 10 stamps. He got 23 stamps for his birthday.") == [
        ("axiom", "transfer({birthday}, {eli}, 23, stamps)")]


TICKETS = program("cont({class}, 8, tickets, 0)", "cont({extra}, 2, tickets, 0)",
                  query="cont({class, extra}, ?, tickets, ?)")


def test_the_one_part_left_when_every_other_is_named_with_its_count_is_read() -> None:
    """"Ines bought 8 tickets for herself and her pals and 2 extra tickets": the extra ones
    are named with their 2, so the 8 are the one part left (the class's); alone, not."""
    assert claims(TICKETS, "Ines bought 8 tickets for herself and her pals and 2 extra "
                  "tickets for later.") == [("axiom", "cont({class}, 8, tickets)")]
    assert unparsed(TICKETS, "Ines bought 8 tickets for herself and her pals.")
