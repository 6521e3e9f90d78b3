"""A verb of giving up whose receiver the clause does not name (issue 21: "a transfer whose
counterparty is not named"): never a count of the subject; the program's holder the verb
names ("thrown away", "eaten"), or its named receiver's count, or unparsed. Problems and
sentences are written here."""

from __future__ import annotations

from test_reader_real_text import claims, program, read, unparsed

# Mira keeps 40 shells, found 19 more at the shore and threw away 17 cracked ones
SHELLS = program(
    "cont({found}, 19, shells, 0)", "cont({thrown away}, 17, shells, 0)",
    "cont({mira}, 40, shells, 0)", query="comp({found}, {thrown away}, ?, shells, ?)")
# Tom had 9 plums, gave 25 to his cousin and ate 14
PLUMS = program(
    "cont({tom}, 9, plums, 0)", "cont({given}, 25, plums, 0)", "cont({eaten}, 14, plums, 0)",
    query="comp({given}, {eaten}, ?, plums, ?)")
# Ines had 7 dollars and bought a pen for 4 dollars and a pad for 2
SHOPPING = program(
    "cont({ines}, 7, dollars, 0)", "cont({pen}, 4, dollars, 0)", "cont({pad}, 2, dollars, 0)",
    query="comp({pen}, {pad}, ?, dollars, ?)")
# Omar had 150 stamps, lost 62 and gave 91 away to his pupils
STAMPS = program(
    "cont({omar}, 150, stamps, 0)", "cont({lost}, 62, stamps, 0)",
    "cont({omar's pupils}, 91, stamps, 0)", query="comp({omar's pupils}, {lost}, ?, stamps, ?)")
# the transfer the program has: Lena gives 12 of her 30 cards away
CARDS = program(
    "cont({lena}, 30, cards, 0)", "transfer({lena}, {thrown away}, 12, cards, 0)",
    query="cont({lena}, ?, cards, ?)")


def test_threw_away_with_no_receiver_is_the_thrown_away_count_not_the_subjects() -> None:
    """"She threw away 17 old ones": what went away, the program's thrown-away pile."""
    for text in ("She threw away 17 old ones.", "She threw away 17."):
        assert claims(SHELLS, "Mira keeps 40 shells. " + text) == [
            ("axiom", "cont({thrown away}, 17, shells)")]


def test_a_wrong_number_thrown_away_is_judged_false_of_the_pile_not_of_the_subject() -> None:
    """"She threw away 20": false, and false of the pile (the words say what went away)."""
    assert claims(SHELLS, "Mira keeps 40 shells. She threw away 20.") == [
        ("false", "cont({thrown away}, 20, shells)")]


def test_ate_and_gave_with_an_unknown_receiver_are_the_eaten_and_given_counts() -> None:
    """"He ate 14 plums", "He gave 25 plums to his cousin" (no cousin in the program)."""
    assert claims(PLUMS, "Tom had 9 plums. He ate 14 plums.") == [
        ("axiom", "cont({eaten}, 14, plums)")]
    assert claims(PLUMS, "Tom had 9 plums. He gave 25 plums to his cousin.") == [
        ("axiom", "cont({given}, 25, plums)")]


def test_gave_away_to_a_named_receiver_is_their_count_only_where_it_is_a_theorem() -> None:
    """"He gave away 91 stamps to his pupils": the pupils' 91; 90 of them is left unread
    (the pupils might have had some before)."""
    assert claims(STAMPS, "Omar had 150 stamps. He gave away 91 stamps to his pupils.") == [
        ("axiom", "cont({omar's pupils}, 91, stamps)")]
    assert unparsed(STAMPS, "Omar had 150 stamps. He gave away 90 stamps to his pupils.")


def test_spent_with_no_holder_for_what_was_spent_reads_no_count_of_the_spender() -> None:
    """"So she spent 4 - 2 = 2": no count of Ines (she has 7); the subtraction is the pen's
    lead over the pad, the one rule instance it writes (spending is no handing over)."""
    assert claims(SHOPPING, "Ines had 7 dollars. So she spent 4 - 2 = 2.") == [
        ("derived", "comp({pen}, {pad}, 2, dollars)")]


def test_a_transfer_the_program_has_is_still_read_as_the_transfer() -> None:
    """"She threw away 12 cards": the program's one transfer of 12 (never the pile's count)."""
    assert claims(CARDS, "Lena had 30 cards. She threw away 12 cards.") == [
        ("axiom", "transfer({lena}, {thrown away}, 12, cards)")]


def test_more_given_than_eaten_compares_what_the_verbs_moved_not_the_giver() -> None:
    """"Tom gave 11 more plums to his cousin than those he ate": given against eaten."""
    assert claims(PLUMS, "Tom had 9 plums. He ate 14. Tom gave 11 more plums to his cousin "
                  "than those he ate.") == [("derived", "comp({given}, {eaten}, 11, plums)")]
    assert claims(STAMPS, "Omar had 150 stamps. He lost 62. Omar gave away 29 more stamps to "
                  "his pupils than those he lost.") == [
        ("derived", "comp({omar's pupils}, {lost}, 29, stamps)")]


def test_a_giving_sentence_whose_arithmetic_writes_a_difference_states_no_difference() -> None:
    """"So he gave his cousin 25 - 9 = 16": the words say what he gave, not a comparison
    of the given with Tom's count (the rule instance 25 - 9 writes)."""
    steps = read(PLUMS, "Tom had 9 plums. So he gave his cousin 25 - 9 = 16.")
    assert [v for v, _c, _r in steps] == ["unparsed"]
    assert "difference" in steps[0][2]


def test_must_have_thrown_away_more_than_found_compares_the_two_holders() -> None:
    """"So she must have thrown away 5 more than she found": the verb is the participle,
    the sides the thrown-away pile and the program's "found" (false here: 17 < 19)."""
    assert claims(SHELLS, "Mira keeps 40 shells. So she must have thrown away 5 more than "
                  "she found.") == [("false", "comp({thrown away}, {found}, 5, shells)")]


def test_a_comparison_of_given_up_things_with_no_holder_for_a_side_is_unparsed() -> None:
    """"Tom gave 11 more plums to his friend than he kept": what "kept" holds, no holder
    of the program says (not a comparison with Tom)."""
    assert unparsed(PLUMS, "Tom had 9 plums. He ate 14. Tom gave 11 more plums to his "
                    "friend than he kept.")


# Ivo drinks 3 bottles a day for 10 days: the program counts what he drank as his
IVO = program("rate({ivo}, 3, bottles, days, 0)", "cont({ivo}, 10, days, 0)",
              query="cont({ivo}, ?, bottles, ?)")
# Ari sold 25 boxes: the program counts what she sold as her count
SALES = program("cont({ari}, 25, boxes, 0)", "rate({ari}, 12, cookies, boxes, 0)",
                query="cont({ari}, ?, cookies, ?)")


def test_what_was_given_up_is_the_subjects_count_where_the_program_counts_it_so() -> None:
    """"So he drank 3 * 10 = 30 bottles": Ivo holds no bottles of his own in the program,
    so what he drank is his count (derived; 31 is judged false of it)."""
    first = "Ivo drank 3 bottles a day. "
    assert claims(IVO, first + "So he drank 3 * 10 = 30 bottles.") == [
        ("derived", "cont({ivo}, 30, bottles)")]
    assert claims(IVO, first + "So he drank 3 * 10 = 31 bottles.") == [
        ("false", "cont({ivo}, 31, bottles)")]


def test_a_count_of_the_seller_that_is_a_theorem_is_still_read() -> None:
    """"Ari sold 25 boxes": the program's own count of what she sold (an axiom)."""
    assert claims(SALES, "Ari sold 25 boxes.") == [("axiom", "cont({ari}, 25, boxes)")]
