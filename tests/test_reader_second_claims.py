"""A sentence's second claim, where its own words state it (issue 21): a pronoun after a
comparison that fits both sides, settled by the clause's own expression (the one side whose
count a rule instance of the program computes so), and a clause that goes on without a
subject in its sentence's opening setting, read as the setting's count as the first clause
was. Each is refused where the words or the arithmetic do not settle it. Problems are
written here as program files; the sentences are this project's own.
"""

from __future__ import annotations

from tests.test_reader_real_text import program, read

PEARS = program(  # Ola's 9 pears; Bruno has 14 more than Ola and 4 more than Tomas
    "cont({ola}, 9, pears, 0)", "comp({bruno}, {ola}, 14, pears, 0)",
    "comp({bruno}, {tomas}, 4, pears, 0)", query="cont({tomas}, ?, pears, ?)")
MAIL = program(  # emails and letters by time of day (the writer is no one it counts)
    "cont({morning}, 8, emails, 0)", "cont({morning}, 30, letters, 0)",
    "cont({evening}, 3, emails, 0)", "cont({evening}, 12, letters, 0)",
    query="cont({evening, morning}, ?, emails, ?)")


def test_comparison_then_he_has_a_sum_is_the_count_the_sum_computes() -> None:
    """"so he has 9 + 14 = 23": 'he' fits Bruno and Ola, but only Bruno's 23 is what a rule
    instance computes as 9 + 14 (Ola's 9 and the 14 more): Bruno's count, derived."""
    assert read(PEARS, "Ola has 9 pears. Bruno has 14 more pears than Ola, "
                "so he has 9 + 14 = 23 pears.") == [
        ("axiom", "comp({bruno}, {ola}, 14, pears)", ""),
        ("derived", "cont({bruno}, 23, pears)", "")]


def test_fewer_than_then_he_has_a_difference_is_the_count_of_the_fewer_side() -> None:
    """"Tomas has 4 fewer pears than Bruno, so he has 23 - 4 = 19": the difference is what
    the rule computes for Tomas, the clause's subject."""
    steps = read(PEARS, "Bruno has 23 pears. Tomas has 4 fewer pears than Bruno, "
                 "so he has 23 - 4 = 19 pears.")
    assert steps[-1] == ("derived", "cont({tomas}, 19, pears)", "")


def test_comparison_then_he_has_a_bare_count_stays_unresolved() -> None:
    """No expression: the words do not say whether 'he' is Bruno or Ola, whatever holds."""
    steps = read(PEARS, "Ola has 9 pears. Bruno has 14 more pears than Ola, "
                 "so he has 23 pears.")
    assert steps[-1] == ("unparsed", None, "'he' may be bruno or ola")


def test_a_wrong_sum_settles_no_one() -> None:
    """"9 + 14 = 24": no rule instance writes it, so neither side is chosen by it."""
    steps = read(PEARS, "Ola has 9 pears. Bruno has 14 more pears than Ola, "
                 "so he has 9 + 14 = 24 pears.")
    assert steps[-1] == ("unparsed", None, "'he' may be bruno or ola")


def test_an_expression_computing_a_third_persons_count_settles_no_one() -> None:
    """"23 - 4 = 19" computes Tomas's count, who is neither rival of 'he' (Bruno, Ola):
    the pronoun stays unresolved rather than becoming Tomas."""
    steps = read(PEARS, "Ola has 9 pears. Bruno has 14 more pears than Ola, "
                 "so he has 23 - 4 = 19 pears.")
    assert steps[-1] == ("unparsed", None, "'he' may be bruno or ola")


def test_a_verb_going_on_in_the_opening_setting_counts_the_setting() -> None:
    """"In the morning, Lior got 8 emails and sent 30 letters": Lior is no one the program
    counts; both counts are the morning's, the second said by its own verb."""
    assert read(MAIL, "In the morning, Lior got 8 emails and sent 30 letters.") == [
        ("axiom", "cont({morning}, 8, emails)", ""),
        ("axiom", "cont({morning}, 30, letters)", "")]


def test_a_verb_going_on_after_a_count_of_a_person_is_not_the_settings() -> None:
    """Where the clause before read no setting's count, the next verb's count is not made
    the setting's: 'sent 30 letters' after a count of the morning's emails only."""
    assert read(MAIL, "Lior got 8 emails in the morning and sent 30 letters.") == [
        ("axiom", "cont({morning}, 8, emails)", ""),
        ("unparsed", None, "reads as transfer(?, ?, 30, letters), which no theorem of the "
         "program fits")]


GAME = program(  # points per star and stars, by level (the player is no one it counts)
    "rate({first level}, 4, points, stars, 0)", "cont({first level}, 6, stars, 0)",
    "rate({second level}, 4, points, stars, 0)", "cont({second level}, 3, stars, 0)",
    query="cont({first level, second level}, ?, points, ?)")


def test_so_she_scores_goes_on_in_the_opening_setting() -> None:
    """"On the first level, Nia gets 4 points for each star, so she gets 24 points in
    total": the opening setting holds for the clause that goes on with her, so its total is
    the first level's points."""
    assert read(GAME, "On the first level, Nia gets 4 points for each star, so she gets "
                "24 points in total.") == [
        ("axiom", "rate({first level}, 4, points, stars)", ""),
        ("derived", "cont({first level}, 24, points)", "")]


def test_a_clause_naming_its_own_setting_does_not_take_the_opening() -> None:
    """"..., so she gets 12 points on the second level": the clause names a setting of its
    own, so the opening's first level is not carried into it (12 is the second level's)."""
    steps = read(GAME, "On the first level, Nia gets 4 points for each star, so she gets "
                 "12 points on the second level.")
    assert steps[-1] == ("derived", "cont({second level}, 12, points)", "")


INBOX = program(  # emails by time of day; the one who gets them is no one it counts
    "cont({morning}, 4, emails, 0)", "cont({afternoon}, 6, emails, 0)",
    "cont({evening}, 2, emails, 0)", query="cont({afternoon, evening, morning}, ?, emails, ?)")
FRIENDS = program(  # two people's emails
    "cont({ana}, 4, emails, 0)", "cont({bo}, 6, emails, 0)", query="cont({ana, bo}, ?, emails, ?)")


def test_a_running_total_of_someone_not_counted_is_the_union_of_the_times() -> None:
    """"In the afternoon, Noor got 6 more emails, so Noor has received a total of 10 emails
    so far": the afternoon's count, and the total, which is the morning's and the
    afternoon's together (the one union adding up to 10)."""
    assert read(INBOX, "In the afternoon, Noor got 6 more emails, so Noor has received a "
                "total of 10 emails so far.") == [
        ("axiom", "cont({afternoon}, 6, emails)", ""),
        ("derived", "cont({afternoon, morning}, 10, emails)", "")]


def test_a_total_no_union_adds_up_to_is_not_read() -> None:
    """"a total of 11 emails": no union of the times adds up to 11, so nothing is read."""
    steps = read(INBOX, "Noor has received a total of 11 emails today.")
    assert [v for v, _c, _r in steps] == ["unparsed"]


def test_a_strangers_total_is_never_a_total_of_people() -> None:
    """"Noor has received a total of 10 emails", where the program counts Ana's and Bo's:
    Noor is no one it knows, and 10 is not read as Ana and Bo's total."""
    steps = read(FRIENDS, "Noor has received a total of 10 emails.")
    assert [v for v, _c, _r in steps] == ["unparsed"]
