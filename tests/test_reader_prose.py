"""The loose reader on zero-shot prose (issue 21): the classes of sentence the chain-of-
thought models write in running text, each read only where its claim is a theorem of the
program (or stated word for word), else left unparsed with a reason. Problems and
sentences are written here; no reference text is used."""

from __future__ import annotations

from typing import Any

from tests.test_reader_real_text import program, read


def last(problem: Any, transcript: str) -> list[tuple[str, str | None]]:
    """(verdict, claim) of every step of the transcript's last sentence."""
    return [(verdict, claim) for verdict, claim, _ in read(problem, transcript)]


# a café's cans of tea: the program's kinds of tea are agents holding cans
TEA = program("cont({lemon tea}, 7, cans, 0)", "comp({green tea}, {lemon tea}, 50, cans, 0)",
              "cont({iced tea}, 7, cans, 0)", query="cont({green tea}, ?, cans, ?)")


def test_an_entity_of_a_thing_the_program_names_is_that_things_count() -> None:
    assert last(TEA, "They had 7 cans of lemon tea.") == [("axiom", "cont({lemon tea}, 7, cans)")]
    assert last(TEA, "The café had 57 cans of green tea and 7 cans of lemon tea.") == [
        ("derived", "cont({green tea}, 57, cans)"), ("axiom", "cont({lemon tea}, 7, cans)")]


def test_an_entity_of_a_thing_whose_count_is_no_theorem_is_not_read() -> None:
    # 7 is iced tea's count and lemon tea's, never green tea's: no claim of green tea's
    steps = last(TEA, "They had 7 cans of green tea.")
    assert all(verdict == "unparsed" for verdict, _ in steps), steps


# two children's pebbles, some chipped: the program counts the chipped ones of the pair
PEBBLES = program("cont({ana}, 9, pebbles, 0)", "cont({ben}, 5, pebbles, 0)",
                  "cont({ana, ben}, 4, chipped pebbles, 0)",
                  query="cont({ana, ben}, ?, pebbles, ?)")
FOUND = "Ana found 9 pebbles. Ben found 5 pebbles. "


def test_a_part_in_a_state_the_program_counts_is_its_holders_count() -> None:
    chipped = [("axiom", "cont({ana, ben}, 4, chipped pebbles)")]
    for said in ("But 4 of those pebbles were chipped.", "4 of them were chipped.",
                 "Sadly, 4 were chipped.", "They noticed that 4 were chipped."):
        assert last(PEBBLES, FOUND + said) == chipped, said
    assert last(PEBBLES, FOUND + "6 of them were chipped.") == [
        ("false", "cont({ana, ben}, 6, chipped pebbles)")]


def test_a_part_in_a_state_the_program_does_not_count_is_not_read() -> None:
    for said in ("4 of them were red.", "4 of Ben's were chipped.",
                 "4 of them were chipped by Ben."):
        steps = last(PEBBLES, FOUND + said)
        assert all(verdict == "unparsed" for verdict, _ in steps), (said, steps)


# a fan's concerts by year: the years are the program's agents, the fan is none of them
CONCERTS = program("cont({this year}, 12, concerts, 0)", "cont({last year}, 30, concerts, 0)",
                   query="cont({last year, this year}, ?, concerts, ?)")
THIS_YEAR = "Nora went to 12 concerts this year. "


def test_a_pronoun_for_no_agent_reads_the_count_of_the_period_or_total_the_clause_names() -> None:
    assert last(CONCERTS, THIS_YEAR + "She went to 30 concerts last year.") == [
        ("axiom", "cont({last year}, 30, concerts)")]
    assert last(CONCERTS, THIS_YEAR + "So she went to a total of 42 concerts.") == [
        ("derived", "cont({last year, this year}, 42, concerts)")]


def test_a_pronoun_for_no_agent_reads_nothing_else() -> None:
    for said in ("She went to 31 concerts last year.",  # no theorem: not judged as hers
                 "So she went to 42 concerts.",  # no period, no total
                 "She has 30 concerts."):
        steps = last(CONCERTS, THIS_YEAR + said)
        assert all(verdict == "unparsed" for verdict, _ in steps), (said, steps)


# a club's games by season, and the ones its players skipped
GAMES = program("cont({spring}, 8, chess games, 0)", "cont({spring}, 5, skipped chess games, 0)",
                "cont({autumn}, 11, chess games, 0)",
                query="cont({autumn, spring}, ?, chess games, ?)")


def test_a_shortened_entity_is_the_kind_the_others_are_kinds_of() -> None:
    story = "The club played 8 chess games in spring. It played 11 chess games in autumn. "
    assert last(GAMES, story + "So the club played 19 games in all.") == [
        ("derived", "cont({autumn, spring}, 19, chess games)")]
    # then the setting the program counts by, ending the clause
    seasons = program("cont({this season}, 8, chess games, 0)",
                      "cont({this season}, 5, skipped chess games, 0)",
                      "cont({last season}, 11, chess games, 0)",
                      query="cont({last season, this season}, ?, chess games, ?)")
    assert last(seasons, "Ida played 8 chess games this season. She played 11 games last "
                "season.") == [("axiom", "cont({last season}, 11, chess games)")]
    # the word that makes the other kind is said: a choice, not read
    steps = last(GAMES, story + "They skipped 5 games.")
    assert all(verdict == "unparsed" for verdict, _ in steps), steps


# a boy's puzzles and his cousins': the program counts one thing, puzzles
PUZZLES = program("cont({omar}, 40, puzzles, 0)", "cont({omar's cousins}, 25, puzzles, 0)",
                  query="cont({omar, omar's cousins}, ?, puzzles, ?)")


def test_words_before_the_one_entity_of_their_head_read_only_a_theorem() -> None:
    assert last(PUZZLES, "Omar has 40 jigsaw puzzles.") == [("axiom", "cont({omar}, 40, puzzles)")]
    assert last(PUZZLES, "Omar has 40 puzzles. So they have 65 wooden puzzles in total.") == [
        ("derived", "cont({omar, omar's cousins}, 65, puzzles)")]
    # not a theorem: the words may count some of his puzzles, so nothing is judged
    steps = last(PUZZLES, "Omar has 41 jigsaw puzzles.")
    assert all(verdict == "unparsed" for verdict, _ in steps), steps


def test_words_of_another_entity_before_the_entity_are_not_dropped() -> None:
    # "whole" beside the program's chipped pebbles: some pebbles, not the program's count
    steps = last(PEBBLES, FOUND + "That means that there are 10 whole pebbles.")
    assert all(verdict == "unparsed" for verdict, _ in steps), steps


# a student's pages by subject: the subjects are the program's agents, the student none
PAGES = program("cont({essay work}, 6, pages, 0)", "cont({lab work}, 4, pages, 0)",
                "cont({art work}, 9, pages, 0)",
                query="cont({essay work, lab work}, ?, pages, ?)")


def test_a_verb_no_list_holds_reads_the_count_its_entity_names_the_owner_of() -> None:
    assert last(PAGES, "Tom had to complete 6 pages of essay work and 4 pages of lab work.") == [
        ("axiom", "cont({essay work}, 6, pages)"), ("axiom", "cont({lab work}, 4, pages)")]
    assert last(PAGES, "Tom has to write 9 pages of art work.") == [
        ("axiom", "cont({art work}, 9, pages)")]
    # no theorem: the verb may say anything of 7 pages, so nothing is read
    steps = last(PAGES, "Tom had to complete 7 pages of essay work.")
    assert all(verdict == "unparsed" for verdict, _ in steps), steps


# boats by size: the sizes are the program's agents, each holding boats
BOATS = program("cont({small boats}, 3, boats, 0)", "cont({big boats}, 5, boats, 0)",
                "rate({small boats}, 4, people, boats, 0)",
                "rate({big boats}, 10, people, boats, 0)",
                query="cont({big boats}, ?, people, ?)")


def test_each_of_a_kind_the_program_names_is_that_kinds_rate() -> None:
    assert last(BOATS, "Each big boat can hold 10 people.") == [
        ("axiom", "rate({big boats}, 10, people, boats)")]
    assert last(BOATS, "Each small boat holds 5 people.") == [
        ("false", "rate({small boats}, 5, people, boats)")]
    # no kind named: either kind's rate
    steps = last(BOATS, "Each boat can hold 10 people.")
    assert all(verdict == "unparsed" for verdict, _ in steps), steps


# tourists by week: the weeks are the program's agents, and no tourist moves
TOURISTS = program("cont({museum}, 40, statues, 0)", "cont({that week}, 300, tourists, 0)",
                   "cont({previous week}, 120, tourists, 0)",
                   query="cont({previous week, that week}, ?, tourists, ?)")


def test_arrivals_in_a_setting_the_program_counts_by_are_its_count() -> None:
    assert last(TOURISTS, "300 tourists came that week.") == [
        ("axiom", "cont({that week}, 300, tourists)")]
    for said in ("301 tourists came that week.", "300 tourists came."):
        steps = last(TOURISTS, said)
        assert all(verdict == "unparsed" for verdict, _ in steps), (said, steps)


def test_there_will_be_of_what_was_said_before_is_no_total_of_the_question() -> None:
    steps = last(TOURISTS, "300 tourists came that week. So in 3 weeks, there will be 3 * 9 = 27.")
    assert all(verdict == "unparsed" for verdict, _ in steps), steps


# friends met by day: the days are the program's agents, the one who met them none
FRIENDS = program("cont({monday}, 6, friends, 0)", "cont({tuesday}, 14, friends, 0)",
                  query="comp({tuesday}, {monday}, ?, friends, ?)")
MET = "Ada met 6 friends on Monday. She met 14 friends on Tuesday. "


def test_a_pronoun_for_no_agent_reads_a_comparison_of_two_named_settings() -> None:
    assert last(FRIENDS, MET + "This means that she met 8 more friends on Tuesday than on "
                "Monday.") == [("derived", "comp({tuesday}, {monday}, 8, friends)")]
    steps = last(FRIENDS, MET + "So she met 7 more friends on Tuesday than on Monday.")
    assert all(verdict == "unparsed" for verdict, _ in steps), steps


# decor by kind: lamps and vases are the program's agents, each counting pieces of decor
DECOR = program("cont({lamps}, 3, pieces of decor, 0)", "cont({vases}, 5, pieces of decor, 0)",
                "rate({lamps}, 7, minutes, pieces of decor, 0)",
                "rate({vases}, 7, minutes, pieces of decor, 0)",
                query="cont({lamps, vases}, ?, minutes, ?)")


def test_a_kind_the_program_counts_by_with_a_word_of_no_meaning_is_its_count() -> None:
    assert last(DECOR, "Ron bought 3 new lamps and 5 new vases.") == [
        ("axiom", "cont({lamps}, 3, pieces of decor)"),
        ("axiom", "cont({vases}, 5, pieces of decor)")]
    steps = last(DECOR, "Ron bought 4 new lamps.")  # no theorem: not read
    assert all(verdict == "unparsed" for verdict, _ in steps), steps


# an album's stickers per page
ALBUM = program("rate({you}, 10, stickers, pages, 0)", "cont({you}, 22, pages, 0)",
                query="cont({you}, ?, stickers, ?)")


def test_a_count_on_one_container_is_the_rate_per_container() -> None:
    for said in ("There are 10 stickers on 1 page.", "There are 10 stickers on one page."):
        assert last(ALBUM, said) == [("axiom", "rate({you}, 10, stickers, pages)")], said
    # never the count of stickers the album holds
    steps = last(ALBUM, "There are 11 stickers on 1 page.")
    assert all(verdict == "unparsed" for verdict, _ in steps), steps


# kids by what they did: the program names each group by its words
CAMP = program("cont({stayed home}, 500, kids, 0)", "cont({went to camp}, 300, kids, 0)",
               query="cont({stayed home, went to camp}, ?, kids, ?)")


def test_words_after_the_entity_that_spell_an_agent_name_its_count() -> None:
    for said in ("There are 300 kids who went to camp.", "300 kids went to camp."):
        assert last(CAMP, said) == [("axiom", "cont({went to camp}, 300, kids)")], said
    steps = last(CAMP, "There are 301 kids who went to camp.")  # no theorem: not read
    assert all(verdict == "unparsed" for verdict, _ in steps), steps
