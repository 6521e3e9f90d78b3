"""Sums no rule instance of the chart adds, read as the union they state (issue 21, "True
unions judged false ... derive a stated union on demand"): the kernel derives the union by
the program's union rule when asked; words that give the total to someone else, or two
unions that fit, leave the sentence unread. Sentences written for these tests."""

from __future__ import annotations

from tests.test_reader_real_text import program, read

ROOMS = program(  # chairs in three rooms; the question asks for all of them
    "cont({kitchen}, 6, chairs, 0)", "cont({porch}, 3, chairs, 0)",
    "cont({attic}, 5, chairs, 0)", query="cont({kitchen, porch, attic}, ?, chairs, ?)")
TWIN_ROOMS = program(  # two rooms with 3 chairs each: "6 + 3" fits two unions
    "cont({kitchen}, 6, chairs, 0)", "cont({porch}, 3, chairs, 0)",
    "cont({attic}, 3, chairs, 0)", query="cont({kitchen}, ?, chairs, ?)")
ORCHARD = program(  # three pickers; the question asks for all of them
    "cont({jason}, 46, pears, 0)", "cont({keith}, 47, pears, 0)",
    "cont({mike}, 12, pears, 0)", query="cont({jason, keith, mike}, ?, pears, ?)")
KITCHEN = program(  # as ROOMS, other numbers (a problem's chart grows with what is read)
    "cont({kitchen}, 7, chairs, 0)", "cont({porch}, 2, chairs, 0)",
    "cont({attic}, 5, chairs, 0)", query="cont({kitchen, porch, attic}, ?, chairs, ?)")
GAMES = program(  # one person's new and old games: no union of people adds them
    "cont({tova}, 62, new games, 0)", "cont({tova}, 80, old games, 0)",
    "cont({uri}, 5, new games, 0)", query="cont({tova, uri}, ?, new games, ?)")


def test_a_labelled_sum_of_two_counts_is_their_union() -> None:
    """'Chairs in the kitchen and on the porch = 6 + 3 = 9.': the union of the two rooms
    that the question does not name, derived on demand and true."""
    assert read(ROOMS, "Chairs in the kitchen and on the porch = 6 + 3 = 9.") == [
        ("derived", "cont({kitchen, porch}, 9, chairs)", "")]


def test_a_sum_whose_operand_is_a_union_is_the_larger_union() -> None:
    """'9 + 5 = 14 chairs.' after the kitchen and porch's 9: the union of all three rooms
    (the chart adds 6 + 3 + 5, not 9 + 5), true."""
    steps = read(ROOMS, "Chairs in the kitchen and on the porch = 6 + 3 = 9. "
                        "So there are 9 + 5 = 14 chairs.")
    assert [(v, c) for v, c, _ in steps] == [
        ("derived", "cont({attic, kitchen, porch}, 14, chairs)")], steps


def test_a_sum_of_two_people_s_counts_is_their_union() -> None:
    """'That is 46 + 47 = 93 pears.': Jason and Keith's union (the question asks for all
    three pickers), true."""
    steps = read(ORCHARD, "Jason has 46 pears and Keith has 47 pears. "
                          "That is 46 + 47 = 93 pears.")
    assert [(v, c) for v, c, _ in steps] == [("derived", "cont({jason, keith}, 93, pears)")]


def test_a_wrong_sum_of_counts_is_false() -> None:
    """'So there are 6 + 3 = 10 chairs.': the arithmetic is wrong, and stays false."""
    steps = read(ROOMS, "So there are 6 + 3 = 10 chairs.")
    assert [v for v, _, _ in steps] == ["false"], steps


def test_two_unions_that_fit_a_sum_are_named_and_left_unread() -> None:
    """'6 + 3 = 9 chairs.' where the porch and the attic both have 3: the kitchen with
    either, so unparsed naming both unions."""
    steps = read(TWIN_ROOMS, "So there are 6 + 3 = 9 chairs.")
    assert [v for v, _, _ in steps] == ["unparsed"], steps
    reason = steps[0][2]
    assert "2 unions add up to 6 + 3 = 9" in reason, reason
    assert "cont({attic, kitchen}, 9, chairs)" in reason and \
        "cont({kitchen, porch}, 9, chairs)" in reason, reason


def test_a_sum_given_to_one_member_of_the_union_is_not_read_as_the_union() -> None:
    """'Total for the kitchen = 6 + 3 = 9 chairs.': the words give the total to the
    kitchen, not to the kitchen and the porch: unparsed, naming the kitchen. (Where the
    template reads the kitchen's count, it is that false count.)"""
    steps = read(KITCHEN, "Total for the kitchen = 7 + 2 = 9 chairs.")
    assert [v for v, _, _ in steps] == ["unparsed"], steps
    assert "the words name kitchen" in steps[0][2], steps
    assert read(KITCHEN, "The kitchen has 7 + 2 = 9 chairs.") == [
        ("false", "cont({kitchen}, 9, chairs)", "wrong quantity: 9 stated, the program "
         "proves 7")]


def test_a_singular_pronoun_for_a_member_blocks_the_union() -> None:
    """'Jason picked 46 pears. So he got 46 + 47 = 93.': "he" is Jason, who does not
    have 93; not read as Jason and Keith's union."""
    steps = read(ORCHARD, "Jason picked 46 pears. So he got 46 + 47 = 93.")
    assert steps == [("unparsed", None, "'he' is jason, one of the union "
                      "cont({jason, keith}, 93, pears)")], steps


def test_a_comparison_word_keeps_a_sum_from_being_a_union() -> None:
    """'That is 6 + 3 = 9 more chairs than the attic has.': "more ... than" states a
    difference; the sum is not read as a union."""
    steps = read(ROOMS, "That is 6 + 3 = 9 more chairs than the attic has.")
    assert "cont({kitchen, porch}, 9, chairs)" not in {c for _, c, _ in steps}, steps


def test_counts_of_two_entities_make_no_union() -> None:
    """'62 + 80 = 142 games.': Tova's new and old games are two entities of one person;
    no union of the program's agents adds them, so unparsed."""
    steps = read(GAMES, "62 + 80 = 142 games.")
    assert [v for v, _, _ in steps] == ["unparsed"], steps
    assert "no rule instance of the program computes 62 + 80 = 142" in steps[0][2], steps



def test_a_sum_that_rewrites_an_expression_before_it_is_no_union() -> None:
    """'So she ate 6 - (-3) = 6 + 3 = 9.': the sum is a step of the difference written
    before it, not the kitchen and porch's union: unparsed, saying so."""
    steps = read(ROOMS, "So she ate 6 - (-3) = 6 + 3 = 9.")
    assert [v for v, _, _ in steps] == ["unparsed"], steps
    assert "goes on from an expression before it" in steps[0][2], steps
