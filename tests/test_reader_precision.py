"""Precision red-team for the transcript reader: sentences where a careless reader would
read a claim the sentence does not state. Each must come out ``unparsed`` (with a reason)
or read only claims it states (listed per sentence, time erased); never anything else.

Problems are from the held-out set (tests/data/heldout/problems.jsonl). A misread found and
not yet fixed goes in as ``pytest.param(..., marks=pytest.mark.xfail(strict=True,
reason=<the misread>))``, so a fix shows up; none is known now.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from vlp.checker.verdicts import Status
from vlp.checker.verify import verify
from vlp.records import iter_jsonl

HELDOUT = Path(__file__).parent / "data" / "heldout"
PROBLEMS = {r["id"]: r for _, r, _ in iter_jsonl(HELDOUT / "problems.jsonl", "problems")
            if r is not None}
GYMS = "base-000000"  # Soizic 80 gyms, Iosefa 46 more (126), 7 footballs each, Prakash +45
POPS = "axiom-none-disconnected-control-000002"  # Nadeesha 32, Vivek 13 more, Naoko +50 ...

# (problem, context read first, the adversarial sentence, the claims it may read)
CASES: list[tuple[str, str, str, list[str]]] = [
    # differences written as subtraction
    (GYMS, "Soizic has 80 gyms.", "Iosefa - Soizic: 46 gyms.", []),
    (POPS, "", "Vivek − Sonam = 48.", []),
    (POPS, "", "Sonam - Vivek = 48.", []),
    (GYMS, "Soizic has 80 gyms. Iosefa has 126 gyms.", "The difference between them is 46.", []),
    # questions, plans, goals
    (GYMS, "", "Does Soizic have 80 gyms?", []),
    (GYMS, "", "Is it true that Prakash has 927 footballs?", []),
    (GYMS, "", "We need to find how many footballs Prakash has.", []),
    (GYMS, "", "First we need to find how many gyms Iosefa has, which is 126.", []),
    (POPS, "", "How many popsicles does Vivek have after Naoko gives him 50?", []),
    (POPS, "", "We need to find how many popsicles Vivek has after he gives 32 to Ragna.", []),
    # negations
    (GYMS, "", "Soizic does not have 80 gyms.", []),
    (GYMS, "", "Soizic doesn't have 126 gyms.", []),
    (GYMS, "", "It is not the case that Soizic has 80 gyms.", []),
    (GYMS, "", "We also know Soizic doesn't have 126 gyms.", []),
    (GYMS, "", "Prakash does not have 45 more footballs than Iosefa.", []),
    (GYMS, "", "Prakash cannot have 927 footballs.", []),
    (POPS, "", "Vivek no longer has 95 popsicles.", []),
    (POPS, "", "Vivek never had 95 popsicles.", []),
    # hypotheticals
    (GYMS, "", "If Soizic had 90 gyms, Iosefa would have 136 gyms.", []),
    (GYMS, "", "Prakash might have 927 footballs.", []),
    # a condition that restates a fact of the problem (Vivek does give Ragna 32) makes its
    # conclusion a claim, as real chain-of-thought writes it ("If she spent 3 dollars, she
    # would have 3 left"); a condition that does not hold (the others) states nothing
    (POPS, "", "If Vivek gives Ragna 32 popsicles, Vivek would have 63.",
     ["transfer({vivek}, {ragna}, 32, popsicles)", "cont({vivek}, 63, popsicles)"]),
    (POPS, "", "Had Naoko not given Vivek 50 popsicles, Vivek would have 45.", []),
    (POPS, "", "Vivek would have 95 popsicles if Ragna got none.", []),
    # comparisons, direction kept as written (judged false, never flipped to the theorem)
    (GYMS, "", "Soizic has 46 more gyms than Iosefa.", ["comp({soizic}, {iosefa}, 46, gyms)"]),
    (GYMS, "", "Iosefa has 46 fewer gyms than Soizic.", ["comp({soizic}, {iosefa}, 46, gyms)"]),
    (POPS, "", "Sonam has 48 more popsicles than Vivek.",
     ["comp({sonam}, {vivek}, 48, popsicles)"]),
    (POPS, "", "Nadeesha has 13 popsicles more than Vivek does.",
     ["comp({nadeesha}, {vivek}, 13, popsicles)"]),
    (GYMS, "", "Prakash has 45 more footballs than Iosefa, not 45 fewer.",
     ["comp({prakash}, {iosefa}, 45, footballs)"]),
    # "each" versus "in total"
    (POPS, "", "Vivek and Sonam each have 63 popsicles.", []),
    (POPS, "Vivek has 63 popsicles and Sonam has 15.", "So together 78.", []),
    (GYMS, "", "Iosefa has 7 footballs in total.", ["cont({iosefa}, 7, footballs)"]),
    # percentages
    (GYMS, "", "Iosefa has 46% more gyms than Soizic.", []),
    (POPS, "", "Vivek has 50% of Naoko's popsicles.", []),
    (GYMS, "", "Iosefa has 46 percent more gyms than Soizic.", []),
    # step labels and years
    (GYMS, "", "Step 3: Iosefa has 126 gyms.", ["cont({iosefa}, 126, gyms)"]),
    (GYMS, "", "3. Iosefa has 126 gyms.", ["cont({iosefa}, 126, gyms)"]),
    (GYMS, "", "In 2024, Soizic has 80 gyms.", ["cont({soizic}, 80, gyms)"]),
    (GYMS, "", "Soizic has 80 gyms in 2024.", ["cont({soizic}, 80, gyms)"]),
    (POPS, "", "Vivek had 45 popsicles in 2019 and 95 in 2020.",
     ["cont({vivek}, 45, popsicles)", "cont({vivek}, 95, popsicles)"]),
    (POPS, "", "Step 15: Sonam.", []),
    # a pronoun that fits two people of the previous clause (no gender known) is unparsed,
    # and so is the rest of its sentence; the transfer itself is read
    (POPS, "", "Naoko then gives 50 popsicles more to Vivek, so he has 95 popsicles.",
     ["transfer({naoko}, {vivek}, 50, popsicles)"]),
    (POPS, "Naoko gives Vivek 50 popsicles.", "He then gives Ragna 32.", []),
    (POPS, "Naoko gives Vivek 50 popsicles.", "Then he gives Ragna 32 popsicles.", []),
    (POPS, "", "Vivek gives Ragna 32 popsicles, so she has 63.",
     ["transfer({vivek}, {ragna}, 32, popsicles)"]),
    (GYMS, "Soizic has 80 gyms. Iosefa has 126 gyms.", "She has 46 more.",
     ["comp({iosefa}, {soizic}, 46, gyms)"]),
    # bounds and estimates are no counts
    (GYMS, "", "Prakash has more than 927 footballs.", []),
    (GYMS, "", "Prakash has fewer than 927 footballs.", []),
    (GYMS, "", "Prakash has at least 927 footballs.", []),
    (GYMS, "", "Prakash has about 927 footballs.", []),
    (GYMS, "", "Prakash has almost 927 footballs.", []),
    (GYMS, "", "Iosefa has 3 fewer than 10 gyms.", []),
    (GYMS, "", "Soizic and Iosefa have 80 and 126 gyms respectively.", []),
    (GYMS, "", "Iosefa has 882 footballs, 45 fewer than Prakash.",
     ["cont({iosefa}, 882, footballs)", "comp({prakash}, {iosefa}, 45, footballs)"]),
    (GYMS, "Soizic has 80 gyms.", "Iosefa has 46 more gyms than she does.",
     ["comp({iosefa}, {soizic}, 46, gyms)"]),
    (GYMS, "", "Iosefa has 80 + 46 = 126 more gyms than Soizic.",
     ["comp({iosefa}, {soizic}, 126, gyms)"]),
    # "who" after a second name may be either
    (POPS, "", "Nadeesha has 32 popsicles, 13 fewer than Vivek, who thus has 45.",
     ["cont({nadeesha}, 32, popsicles)", "comp({vivek}, {nadeesha}, 13, popsicles)"]),
    (POPS, "", "Naoko gives 50 popsicles to Vivek, who now has 95.",
     ["transfer({naoko}, {vivek}, 50, popsicles)"]),
    ("axiom-both-disconnected-000002", "Bryan has 77 toasters.",
     "Bryan: 77 toasters (start) + 66 (from Olegario) = 143 toasters.",
     ["cont({bryan}, 77, toasters)", "cont({bryan}, 143, toasters)",
      "transfer({olegario}, {bryan}, 66, toasters)"]),
    ("tree-agent-disconnected-000003", "Elio possesses 69 rackets.",
     "After Efua donates 59 rackets to him he has 128 rackets.",
     ["transfer({efua}, {elio}, 59, rackets)", "cont({elio}, 128, rackets)"]),
    ("axiom-both-disconnected-000004", "Mairead has 62 griddles.",
     "Mairead gives 61 to Ndeye (1 left).",
     ["transfer({mairead}, {ndeye}, 61, griddles)", "cont({mairead}, 1, griddles)"]),
    (POPS, "", "Vivek has 4 popsicles for every Sonam popsicle.", []),
    (POPS, "", "Vivek gives each of Ragna and Sonam 32 popsicles.", []),
    # "the two" names people, not a quantity
    ("base-000002", "Celestino has 56 pogo sticks. Felipe has 89 pogo sticks.",
     "Adding the two together, Celestino and Felipe have 56 + 89 = 145 pogo sticks.",
     ["cont({celestino, felipe}, 145, pogo sticks)"]),
    # a template reading that runs past a program's name into the words around it
    (GYMS, "", "Suppose Iosefa has 126 gyms.", []),
    (POPS, "", "Vivek and Sonam have 48 popsicles each.", []),
    (GYMS, "", "Prakash has up to 927 footballs.", []),
    (GYMS, "", "Iosefa has 7 times as many footballs as gyms.", []),
    # "him" may be Naoko, whom the clause goes on about, or Vivek, named in it ("which
    # leaves him with" is the giver, "bringing him to" the receiver): neither is guessed
    (POPS, "", "Naoko then gives Vivek 50 popsicles (bringing him to 95), and he in turn "
     "gives Ragna 32.", ["transfer({naoko}, {vivek}, 50, popsicles)"]),
    # a bare "total:" under one person's heading may be theirs or the group's (its
    # arithmetic alone may still match a rule instance)
    ("base-000006", "- Aditya:\n  - 17 binders\n  - 11 bookmarks per binder",
     "  - total: 17 × 11 = 187 bookmarks", ["cont({aditya}, 187, bookmarks)"]),
]

def _read(problem: str, context: str, sentence: str) -> tuple[list[str], list[str]]:
    """The claims read from ``sentence`` (after ``context``), and the reasons of its
    unparsed steps."""
    before = len(verify(PROBLEMS[problem], context).steps) if context else 0
    steps = verify(PROBLEMS[problem], f"{context}\n{sentence}".strip()).steps[before:]
    claims = [str(s.claim) for s in steps if s.status is not Status.UNPARSED]
    reasons = [s.reason or "" for s in steps if s.status is Status.UNPARSED]
    return claims, reasons


def _check(problem: str, context: str, sentence: str, allowed: list[str]) -> None:
    claims, reasons = _read(problem, context, sentence)
    assert set(claims) <= set(allowed), f"{sentence!r} read as {claims}"
    if not claims:  # a sentence that reads nothing is reported unparsed, with its reason
        assert reasons, f"{sentence!r} was dropped without a step"
    assert all(reasons), f"{sentence!r}: an unparsed step without a reason"


@pytest.mark.parametrize(("problem", "context", "sentence", "allowed"), CASES,
                         ids=[c[2][:48] for c in CASES])
def test_reads_nothing_unstated(problem: str, context: str, sentence: str,
                                allowed: list[str]) -> None:
    _check(problem, context, sentence, allowed)


def test_a_count_of_a_part_is_never_judged_as_the_whole() -> None:
    """"Frank collected 25 cans on Saturday" (of 40 in all, and the program counts no
    days) is a count of Saturday's part: not judged false, left unread with the part named;
    a false count of the whole is still false, and a count the program does hold for the
    part ("on Saturday", where it counts by day) is read."""
    whole = (["cont({frank}, 40, cans, 0)"], "cont({frank}, ?, cans, ?)")
    for text in ("Frank collected 25 cans on Saturday.", "In two rounds, Frank scored 25 cans.",
                 "On the first level, Frank collected 25 cans in total."):
        status, _, reason = _last_step(*whole, text)
        assert status == "unparsed" and "part" in reason, text
    assert _last_step(*whole, "Frank collected 25 cans.")[0] == "false"
    assert _last_step(*whole, "On Saturday, Frank had 25 cans.")[0] == "false"
    by_day = (["cont({saturday}, 25, cans, 0)", "cont({sunday}, 15, cans, 0)"],
              "cont({saturday, sunday}, ?, cans, ?)")
    assert _last_step(*by_day, "Frank collected 25 cans on Saturday.")[0] in ("axiom", "derived")


def _last_step(axioms: list[str], query: str, text: str) -> tuple[str, str | None, str]:
    from vlp.checker.programfile import program_from_json
    from vlp.checker.verify import verify

    step = verify(program_from_json({"axioms": axioms, "query": query}), text).steps[-1]
    return step.status.value, None if step.claim is None else str(step.claim), step.reason or ""


def test_a_change_or_difference_is_never_read_as_a_count() -> None:
    """"David did 29 more push-ups" states a change or a difference of 29, never that David
    has 29; "the mouse jumped 12 inches lesser than the frog" is a comparison, never a
    count of 12; a part's "5 more in the afternoon", where the program counts by part, is
    that part's count."""
    david = (["cont({david}, 44, push-ups, 0)", "comp({david}, {zach}, 29, push-ups, 0)"],
             "cont({david}, ?, push-ups, ?)")
    # (no transfer of push-ups has David on either end, and the problem compares him with
    # Zach: the difference, read as the problem's comparison; never his count)
    assert _last_step(*david, "David did 29 more push-ups.")[:2] == (
        "axiom", "comp({david}, {zach}, 29, push-ups)")
    gifts = (["cont({david}, 44, push-ups, 0)", "transfer({zach}, {david}, 29, push-ups, 0)",
              "comp({david}, {zach}, 29, push-ups, 0)"], "cont({david}, ?, push-ups, ?)")
    # (where Zach gives him 29, "29 more" is that gift, not the comparison)
    assert _last_step(*gifts, "David did 29 more push-ups.")[:2] == (
        "axiom", "transfer({zach}, {david}, 29, push-ups)")
    jumps = (["cont({frog}, 20, inches, 0)", "comp({frog}, {mouse}, 12, inches, 0)"],
             "cont({mouse}, ?, inches, ?)")
    status, claim, _ = _last_step(*jumps, "The mouse jumped 12 inches lesser than the frog.")
    assert claim != "cont({mouse}, 12, inches)"
    status, claim, _ = _last_step(*jumps, "So the frog jumped 20 - 8 = 12 inches farther.")
    assert claim != "cont({frog}, 12, inches)" and status != "false"
    days = (["cont({morning}, 3, emails, 0)", "cont({afternoon}, 5, emails, 0)"],
            "cont({afternoon, morning}, ?, emails, ?)")
    assert _last_step(*days, "Then he received 5 more in the afternoon.")[:2] == (
        "axiom", "cont({afternoon}, 5, emails)")


def test_one_name_of_a_list_is_never_read_as_the_list() -> None:
    """"Jessica, Sandy, and Jason have 24 pencils in all" is the three's count, never
    Jason's; "Ann has 5, and Jason has 8 pencils" is Jason's."""
    pencils = (["cont({jessica}, 8, pencils, 0)", "cont({sandy}, 8, pencils, 0)",
                "cont({jason}, 8, pencils, 0)"], "cont({jason, jessica, sandy}, ?, pencils, ?)")
    status, claim, _ = _last_step(*pencils, "The total number of pencils that Jessica, Sandy, "
                                            "and Jason have in all is 24.")
    assert claim != "cont({jason}, 24, pencils)" and status != "false"
    assert _last_step(*pencils, "Sandy has 8 pencils, and Jason has 8 pencils.")[:2] == (
        "axiom", "cont({jason}, 8, pencils)")


def test_a_count_at_an_event_the_reader_does_not_place_is_not_judged() -> None:
    """"Cody has 26 dollars before receiving the money for his birthday" (26 at no time the
    reader places): unparsed naming the event, never false; "He then lost 106 crayons" is
    the loss, never a count of the pile of lost crayons."""
    cody = (["cont({cody}, 45, dollars, 0)", "transfer({grandma}, {cody}, 9, dollars, 1)"],
            "cont({cody}, ?, dollars, ?)")
    status, _, reason = _last_step(*cody, "Cody has 26 dollars before receiving the money.")
    assert status == "unparsed" and "before receiving" in reason
    crayons = (["cont({paul}, 300, crayons, 0)", "transfer({paul}, {lost}, 106, crayons, 0)"],
               "cont({paul}, ?, crayons, ?)")
    assert _last_step(*crayons, "Paul had 300 crayons. He then lost 106 crayons.")[0] != "false"


def test_a_count_of_another_thing_or_of_some_of_them_is_not_judged() -> None:
    """"Oliver's initial money: 35 dollars" is of dollars, never of "initial money";
    "Together they spent 21 + 14 = 35" is money, never 35 of the decks said before; "So the
    total is now 4" is a running total of some of them, never the count of all."""
    money = (["cont({oliver}, 35, dollars, 0)", "transfer({oliver}, {shop}, 9, dollars, 0)"],
             "cont({oliver}, ?, dollars, ?)")
    status, claim, _ = _last_step(*money, "Oliver's initial money: 35 dollars.")
    assert status != "false" and claim != "cont({oliver}, 35, initial money)"
    decks = (["cont({ana}, 3, decks, 0)", "cont({ben}, 2, decks, 0)"],
             "cont({ana, ben}, ?, decks, ?)")
    status, _, reason = _last_step(*decks, "Ana has 3 decks. Together they spent 21 + 14 = 35.")
    assert status == "unparsed" and "money" in reason
    plums = (["cont({dan}, 4, plums, 0)", "cont({eve}, 9, plums, 0)", "cont({fay}, 3, plums, 0)"],
             "cont({dan, eve, fay}, ?, plums, ?)")
    for text in ("So the total is now 4.", "So the total is now 4 + 9, which is 13."):
        status, _, reason = _last_step(*plums, text)
        assert status == "unparsed" and "running total" in reason, text
    assert _last_step(*plums, "So the total is now 4 + 9 + 3 = 16.")[0] == "derived"


def test_the_sentences_arithmetic_settles_whose_count_a_pronoun_names() -> None:
    """"That means he used 4 * 7 = 28 tickets" after the ferris wheel's count: the
    arithmetic is the bumper cars' rate times their rides, so it is their count, never the
    ferris wheel's (judged false); "The book has a total of 12 pages", where the program
    counts each chapter's pages, is the chapters' count together, never judged false."""
    rides = (["cont({ferris wheel}, 5, rides, 0)", "cont({bumper cars}, 4, rides, 0)",
              "rate({ferris wheel}, 7, tickets, rides, 0)",
              "rate({bumper cars}, 7, tickets, rides, 0)"],
             "cont({bumper cars, ferris wheel}, ?, tickets, ?)")
    text = "He rode the ferris wheel 5 times. That means he used 5 * 7 = 35 tickets. " \
           "That means he used 4 * 7 = 28 tickets."
    assert _last_step(*rides, text)[:2] == ("derived", "cont({bumper cars}, 28, tickets)")
    book = (["cont({first chapter}, 5, pages, 0)", "cont({second chapter}, 7, pages, 0)",
             "cont({book}, 2, chapters, 0)"],
            "cont({first chapter, second chapter}, ?, pages, ?)")
    status, _, reason = _last_step(*book, "The book has a total of 12 pages.")
    assert status == "unparsed" and "together" in reason


def test_a_product_of_what_was_moved_is_not_a_count() -> None:
    """"So there were 5 * 3 = 15 pieces" after Dave gave 5 boxes away: the pieces in the
    boxes given, which no atom states; never judged false as Dave's count."""
    boxes = (["cont({dave}, 12, boxes, 0)", "transfer({dave}, {brother}, 5, boxes, 0)",
              "rate({dave}, 3, pieces, boxes, 1)"], "cont({dave}, ?, pieces, ?)")
    text = ("Dave had 12 boxes. Then Dave gave 5 boxes to his brother. "
            "So there were 5 * 3 = 15 pieces.")
    status, _, reason = _last_step(*boxes, text)
    assert status == "unparsed" and "what a transfer moved" in reason


def test_a_line_opened_by_an_agent_gives_that_agents_counts() -> None:
    """"Afternoon: Letters = 7." is the afternoon's count of letters where the morning has
    letters too; with no agent before the colon, whose letters it counts is unsaid."""
    mail = (["cont({morning}, 8, letters, 0)", "cont({afternoon}, 7, letters, 0)"],
            "cont({afternoon, morning}, ?, letters, ?)")
    assert _last_step(*mail, "Afternoon: Emails = 2, Letters = 7.")[:2] == (
        "axiom", "cont({afternoon}, 7, letters)")
    assert _last_step(*mail, "Letters = 7.")[0] == "unparsed"


def test_a_difference_said_to_be_left_is_not_read_as_what_went_away() -> None:
    """"..., and 52-18=34 red apples left" (a clause with no subject of its own): what
    remains, or what went away; the words do not say, so it is unparsed, never the eating
    judged false. "Then 18 red apples left." with no arithmetic is still the one transfer."""
    apples = (["cont({mira}, 52, red apples, 0)", "cont({mira}, 40, green apples, 0)",
               "transfer({mira}, {eaten}, 18, red apples, 0)",
               "transfer({mira}, {eaten}, 9, green apples, 0)"],
              "cont({mira}, ?, red apples, ?)")
    text = "So she had 40-9=31 green apples left, and 52-18=34 red apples left."
    status, claim, reason = _last_step(*apples, text)
    assert (status, claim) == ("unparsed", None) and "remain" in reason
    assert _last_step(*apples, "Then 18 red apples left.")[:2] == (
        "axiom", "transfer({mira}, {eaten}, 18, red apples)")


def test_a_label_of_the_ones_that_came_is_not_read_as_a_count() -> None:
    """"New pens: 30" after Tomas bought 30 new pens names the ones bought: the transfer of
    30, or unparsed; never Tomas's count judged false. "Old pens: 12" is still his count."""
    pens = (["cont({tomas}, 12, pens, 0)", "transfer({shop}, {tomas}, 30, pens, 0)"],
            "cont({tomas}, ?, pens, ?)")
    for text in ("New pens: 30.", "Number of extra pens = 30.", "Additional pens: 30 pens.",
                 "New pens: 30 of them."):
        status, claim, _ = _last_step(*pens, text)
        assert (status, claim) in (("unparsed", None),
                                   ("axiom", "transfer({shop}, {tomas}, 30, pens)")), text
    assert _last_step(*pens, "Old pens: 12.")[:2] == ("axiom", "cont({tomas}, 12, pens)")


def test_a_count_said_with_there_are_is_not_read_as_a_difference() -> None:
    """"So there are 70 - 8 = 62 hens in the valley" where 70 - 8 is the difference of two
    coops' hens: the words state a count of a place the program does not name, so the
    difference the arithmetic computes is not read; "So there are 70 - 8 = 62 more hens" and
    a bare "70 - 8 = 62." are the difference."""
    hens = (["cont({north coop}, 70, hens, 0)", "cont({south coop}, 8, hens, 0)"],
            "comp({north coop}, {south coop}, ?, hens, ?)")
    status, claim, reason = _last_step(*hens, "So there are 70 - 8 = 62 hens in the valley.")
    assert (status, claim) == ("unparsed", None) and "state a count" in reason
    difference = "comp({north coop}, {south coop}, 62, hens)"
    assert _last_step(*hens, "70 - 8 = 62.")[1] == difference
    assert _last_step(*hens, "So there are 70 - 8 = 62 more hens.")[1] == difference


def test_a_part_of_a_game_or_a_running_count_is_not_judged_as_the_whole() -> None:
    """"In the second round, Ravi had 10 points" is that round's score even with a verb of
    state, where the program counts no rounds; "So far, he has 10 points" is a count at a
    time the words do not place: both unparsed, never the whole judged false. "On Monday,
    Ravi had 10 points" stays his count then (a day is a time, not a part of the game)."""
    game = (["rate({ravi}, 5, points, goals, 0)", "cont({ravi}, 6, goals, 0)"],
            "cont({ravi}, ?, points, ?)")
    for text in ("In the second round, Ravi had 10 points.", "In the second round, Ravi "
                 "would score 5 points for each goal, so his total score would be 5 * 2 = 10."):
        status, _, reason = _last_step(*game, text)
        assert status == "unparsed" and "part" in reason, text
    for text in ("So far, Ravi has scored 10 points.", "Ravi has 10 points so far."):
        status, _, reason = _last_step(*game, text)
        assert status == "unparsed" and "time" in reason, text
    assert _last_step(*game, "On Monday, Ravi had 10 points.")[0] == "false"
    assert _last_step(*game, "So far, Ravi has scored 30 points.")[0] == "derived"


def test_the_first_label_after_a_heading_is_read_as_the_others() -> None:
    """"Tuesday: Calls = 4, Texts = 9." gives Tuesday's calls as it gives its texts (the
    colon is the heading's, not a clause going on), judged as any count: a wrong one is
    false; with no heading, "Calls = 4" names no one."""
    phone = (["cont({monday}, 5, calls, 0)", "cont({tuesday}, 4, calls, 0)",
              "cont({monday}, 2, texts, 0)", "cont({tuesday}, 9, texts, 0)"],
             "cont({monday, tuesday}, ?, calls, ?)")
    from vlp.checker.programfile import program_from_json

    program = program_from_json({"axioms": phone[0], "query": phone[1]})
    steps = verify(program, "Tuesday: Calls = 4, Texts = 9.").steps
    assert [(s.status.value, str(s.claim)) for s in steps] == [
        ("axiom", "cont({tuesday}, 4, calls)"), ("axiom", "cont({tuesday}, 9, texts)")]
    assert _last_step(*phone, "Monday: Calls = 6, Texts = 2.")[0] == "axiom"
    assert verify(program, "Monday: Calls = 6, Texts = 2.").steps[0].status.value == "false"
    assert _last_step(*phone, "Calls = 4.")[0] == "unparsed"


def test_an_article_before_a_unit_is_per_that_unit() -> None:
    """"Tariq earns 8 dollars an hour" is the rate of 8 dollars per hour, never a count of 8
    dollars judged false; "a week ago" is a time, not a rate."""
    wages = (["cont({tariq}, 5, hours, 0)", "rate({tariq}, 8, dollars, hours, 0)"],
             "cont({tariq}, ?, dollars, ?)")
    for text in ("Tariq earns 8 dollars an hour.", "He made 8 dollars an hour."):
        assert _last_step(*wages, text)[:2] == ("axiom", "rate({tariq}, 8, dollars, hours)"), \
            text
    status, claim, _ = _last_step(*wages, "Tariq earns 9 dollars an hour.")
    assert status != "false" and claim != "cont({tariq}, 9, dollars)"
    crates = (["cont({ines}, 3, crates, 0)", "rate({ines}, 12, pears, crates, 0)"],
              "cont({ines}, ?, pears, ?)")
    assert _last_step(*crates, "Ines packs 12 pears a crate.")[:2] == (
        "axiom", "rate({ines}, 12, pears, crates)")
    claim = _last_step(*wages, "Tariq earned 8 dollars a week ago.")[1]
    assert claim is None or not claim.startswith("rate")


def test_a_line_that_names_no_owner_is_not_judged_as_the_one_holders() -> None:
    """"Blue cups = 21" while working out the guests' blue cups, where only Rhea has blue
    cups and the guests hold red ones: whose cups the line counts the words do not say, so
    it is unparsed naming the guess, never Rhea's count judged false; her true count is
    still read, and where no one else holds anything the one holder's count is judged."""
    cups = (["cont({rhea}, 40, red cups, 0)", "cont({rhea}, 63, blue cups, 0)",
             "cont({rhea's guests}, 25, red cups, 0)"],
            "cont({rhea, rhea's guests}, ?, red cups, ?)")
    for text in ("Blue cups = 21.", "Blue cups: 21."):
        status, claim, reason = _last_step(*cups, text)
        assert (status, claim) == ("unparsed", None) and "guess" in reason, text
    assert _last_step(*cups, "Blue cups = 63.")[:2] == ("axiom", "cont({rhea}, 63, blue cups)")
    alone = (["cont({club}, 4, members, 0)", "rate({club}, 3, badges, members, 0)"],
             "cont({club}, ?, badges, ?)")
    assert _last_step(*alone, "The total number of badges is 20.")[0] == "false"


def test_a_count_of_a_list_after_by_is_the_lists() -> None:
    """"The number of plums picked by Ines, Oto, and Pia is 41" is the three's count: the
    copula is the sentence's verb, not Pia's own clause; never Pia's count judged false."""
    plums = (["cont({ines}, 10, plums, 0)", "cont({oto}, 14, plums, 0)",
              "cont({pia}, 17, plums, 0)"], "cont({ines, oto, pia}, ?, plums, ?)")
    for text in ("The number of plums picked by Ines, Oto, and Pia is 41 plums.",
                 "The total of plums of Ines, Oto and Pia was 41."):
        status, claim, _ = _last_step(*plums, text)
        assert claim != "cont({pia}, 41, plums)" and status != "false", text
    assert _last_step(*plums, "Ines has 10, Oto has 14, and Pia has 17 plums.")[:2] == (
        "axiom", "cont({pia}, 17, plums)")


def test_things_said_to_be_in_another_agent_are_not_judged_as_the_subjects() -> None:
    """"A bakery had 9 buns in a tray", where the tray is the one holding buns: the tray's
    count or the bakery's, unparsed with both named, never the bakery's judged false;
    "9 buns in the tray and 4 on the shelf" places each count with its owner."""
    buns = (["cont({tray}, 9, buns, 0)", "transfer({bakery}, {tray}, 6, buns, 0)"],
            "cont({tray}, ?, buns, ?)")
    status, claim, reason = _last_step(*buns, "A bakery had 9 buns in a tray.")
    assert (status, claim) == ("unparsed", None) and "tray" in reason
    shelf = (["cont({tray}, 9, buns, 0)", "cont({shelf}, 4, buns, 0)"],
             "cont({shelf, tray}, ?, buns, ?)")
    assert _last_step(*shelf, "Now there are 5 buns in the tray and 4 buns on the shelf.")[
        0] != "unparsed"


def test_another_agents_count_taken_from_a_count_is_a_difference() -> None:
    """"So Lior has 70 - 45 = 25" where 45 is Maud's count: how many more Lior has, which
    the words say as his count; unparsed, never judged false. "So Lior has 70 - 5 = 65"
    after giving 5 away is his count."""
    cards = (["cont({lior}, 70, cards, 0)", "cont({maud}, 45, cards, 0)"],
             "comp({lior}, {maud}, ?, cards, ?)")
    status, claim, reason = _last_step(*cards, "So Lior has 70 - 45 = 25.")
    assert status == "unparsed" and "difference" in reason
    gift = (["cont({lior}, 70, cards, 0)", "transfer({lior}, {maud}, 5, cards, 0)"],
            "cont({lior}, ?, cards, ?)")
    assert _last_step(*gift, "So Lior has 70 - 5 = 65.")[0] in ("derived", "derived-multi")


def test_a_number_per_unit_or_times_an_unknown_is_not_a_count() -> None:
    """"Gil has 12 shelves of 5 jars and 8 tins": 5 and 8 are on each shelf; "5 * k jars"
    and "31 chapters \\* 61 pages" (markdown's escaped star lost) make 5 and 61 factors;
    none is a count of Gil's judged false. The shelves are still his count."""
    shelves = (["cont({gil}, 12, shelves, 0)", "rate({gil}, 5, jars, shelves, 0)",
                "rate({gil}, 8, tins, shelves, 0)"], "cont({gil}, ?, jars, ?)")
    from vlp.checker.programfile import program_from_json

    program = program_from_json({"axioms": shelves[0], "query": shelves[1]})
    steps = verify(program, "Gil has 12 shelves of 5 jars and 8 tins.").steps
    assert [str(s.claim) for s in steps if s.status is not Status.UNPARSED] == [
        "cont({gil}, 12, shelves)"]
    assert all("per shelves" in (s.reason or "") for s in steps if s.claim is None)
    for text in ("Gil has 12 shelves. In k shelves, Gil stores 5 * k jars.",
                 "So Gil has 12 shelves \\* 5 jars = 12 x 5 = 50."):
        read = [s for s in verify(program, text).steps if s.status is not Status.UNPARSED]
        assert all(s.claim is None or s.claim.args[1] != 5 for s in read), text
    assert any("unknown" in (s.reason or "") for s in verify(
        program, "Gil has 12 shelves. In k shelves, Gil stores 5 * k jars.").steps)


def test_an_expression_that_goes_on_past_an_unknown_is_no_sum() -> None:
    """"y + 5 - 2 = 12": the numbers alone are no wrong sum; never judged false."""
    shelves = (["cont({gil}, 12, shelves, 0)", "rate({gil}, 5, jars, shelves, 0)"],
               "cont({gil}, ?, jars, ?)")
    status, _, reason = _last_step(*shelves, "So y + 5 - 2 = 12.")
    assert status == "unparsed" and "unknown" in reason
    assert _last_step(*shelves, "So 5 - 2 = 12.")[0] == "false"


def test_a_difference_or_what_went_away_is_not_a_count() -> None:
    """"The difference between Ed and Ada's stamps was 51 - 40 = 11" is a comparison, never
    Ed's count; "he would have sold 7 * 3 = 21 stamps", "Ed must have lost 30 stamps" are
    what went away; "So Ed had 50 + 9 = 59" after 50 stamps and 9 coins counts no one
    thing: all unparsed, never judged false as Ed's count."""
    stamps = (["cont({ed}, 50, stamps, 0)", "comp({ed}, {ada}, 20, stamps, 0)",
               "cont({ed}, 9, coins, 0)", "transfer({ed}, {buyers}, 10, stamps, 0)"],
              "cont({ada}, ?, stamps, ?)")
    for text, cue in (("So Ed had 51 stamps left. The difference between Ed and Ada's "
                       "stamps was 51 - 40 = 11.", "difference"),
                      ("Ed must have lost 30 stamps.", "went away"),
                      ("If so, Ed would have sold 7 * 3 = 21 stamps in all.", ""),
                      ("So Ed had 50 + 9 = 59.", "no one thing")):
        status, claim, reason = _last_step(*stamps, text)
        assert (status, claim) == ("unparsed", None) and cue in reason, text
    assert _last_step(*stamps, "Ed has 50 stamps.")[0] == "axiom"


def test_what_is_left_to_get_or_left_behind_is_not_a_count() -> None:
    """"Omar has 12 shells left to get" are not his yet; "Nia left 12 shells with Omar" is
    what she left behind; "Nia has 28 shells left" is her count, and so is "4 jobs left to
    do" (had, to be done)."""
    shells = (["cont({nia}, 40, shells, 0)", "cont({omar}, 25, shells, 0)",
               "transfer({nia}, {omar}, 12, shells, 1)"], "cont({omar}, ?, shells, ?)")
    for text in ("Omar has 12 shells left to get.", "Nia left 12 shells with Omar."):
        status, claim, _ = _last_step(*shells, text)
        assert (status, claim) == ("unparsed", None), text
    assert _last_step(*shells, "Nia gives Omar 12 shells. Nia has 28 shells left.")[:2] == (
        "derived", "cont({nia}, 28, shells)")
    jobs = (["cont({ivo}, 9, jobs, 0)", "transfer({ivo}, {done}, 5, jobs, 0)"],
            "cont({ivo}, ?, jobs, ?)")
    assert _last_step(*jobs, "Ivo does 5 jobs. So Ivo has 4 jobs left to do.")[1] == \
        "cont({ivo}, 4, jobs)"


def test_who_after_a_second_person_and_suppositions_are_not_guessed() -> None:
    """"Lena gave 6 apples to her brother, who then has 16": "who" is the brother, never
    Lena (whose count 16 is not); "Assume Sol gets 10 stickers, then Sol has 29" and "Ruth
    thinks Sol has 30 stickers" state nothing as so: all unparsed, never judged false.
    "Lena, who has 30 apples, gives 6 to her brother" still gives Lena's 30."""
    apples = (["cont({lena}, 30, apples, 0)", "cont({lena's brother}, 10, apples, 0)",
               "transfer({lena}, {lena's brother}, 6, apples, 1)"],
              "cont({lena's brother}, ?, apples, ?)")
    for text in ("Lena gave 6 apples to her brother, who then has 16.",
                 "Lena gave 6 apples to her brother, who then has 24."):
        assert _last_step(*apples, text)[:2] == ("unparsed", None), text
    claims, _ = _read_program(apples, "Lena, who has 30 apples, gives 6 to her brother.")
    assert "cont({lena}, 30, apples)" in claims
    stickers = (["cont({ruth}, 25, stickers, 0)", "cont({sol}, 19, stickers, 0)",
                 "transfer({ruth}, {sol}, 3, stickers, 1)"], "cont({sol}, ?, stickers, ?)")
    for text in ("Assume Sol gets 10 stickers, then Sol has 29.",
                 "Ruth thinks Sol has 30 stickers."):
        status, claim, reason = _last_step(*stickers, text)
        assert (status, claim) == ("unparsed", None) and "supposition" in reason, text


def _read_program(program: tuple[list[str], str], text: str) -> tuple[list[str], list[str]]:
    """The claims read from ``text`` under a program given as axioms and a query, and the
    reasons of the unparsed steps."""
    from vlp.checker.programfile import program_from_json

    steps = verify(program_from_json({"axioms": program[0], "query": program[1]}), text).steps
    return ([str(s.claim) for s in steps if s.status is not Status.UNPARSED],
            [s.reason or "" for s in steps if s.status is Status.UNPARSED])


def test_a_rate_per_another_unit_or_a_number_of_someone_elses_is_not_read() -> None:
    """"Tia uses 8 crayons a day" (or "per week") is no rate per box, the program's;
    "Tia's boxes have 8 crayons" makes no one of her boxes; "Uma has 20 crayons, which is 28
    fewer than Tia's 48" gives Tia's 48, never Uma's: none is judged. "Tia has 8 crayons per
    box" and "8 crayons in each of her boxes" are the rate."""
    crayons = (["cont({tia}, 6, boxes, 0)", "rate({tia}, 8, crayons, boxes, 0)",
                "cont({uma}, 20, crayons, 0)"], "cont({tia, uma}, ?, crayons, ?)")
    for text in ("Tia uses 8 crayons a day.", "Tia has 8 crayons per week.",
                 "Tia's boxes have 8 crayons."):
        assert _last_step(*crayons, text)[:2] == ("unparsed", None), text
    claims, _ = _read_program(crayons, "Uma has 20 crayons, which is 28 fewer than Tia's 48.")
    assert claims == ["cont({uma}, 20, crayons)"]
    for text in ("Tia has 8 crayons per box.", "Tia keeps 8 crayons in each of her boxes."):
        assert _last_step(*crayons, text)[:2] == ("axiom", "rate({tia}, 8, crayons, boxes)"), \
            text
    packs = (["cont({ravi}, 9, packs of cards, 0)", "rate({ravi}, 14, cards, packs of cards, 0)"],
             "cont({ravi}, ?, cards, ?)")
    assert _last_step(*packs, "There are 14 cards in each pack.")[:2] == (
        "axiom", "rate({ravi}, 14, cards, packs of cards)")


def test_a_change_since_before_is_not_a_comparison_nor_a_count() -> None:
    """"Wes now has 8 more cards than he had" compares Wes with himself before, never with
    Vic; "Wes has 3 cards lost" is what went away, never his count; "Wes has 17 cards left
    after 3 lost" is still his count."""
    cards = (["cont({vic}, 30, cards, 0)", "cont({wes}, 12, cards, 0)",
              "transfer({vic}, {wes}, 8, cards, 1)", "transfer({wes}, {lost}, 3, cards, 2)"],
             "cont({wes}, ?, cards, ?)")
    for text in ("Wes now has 8 more cards than he had.", "Wes has 3 cards lost."):
        assert _last_step(*cards, text)[:2] == ("unparsed", None), text
    claims, _ = _read_program(cards, "Wes has 17 cards left after 3 lost.")
    assert "cont({wes}, 17, cards)" in claims


def test_a_total_said_of_a_shared_word_or_another_time_is_not_one_agents() -> None:
    """"a total of 57 jars of jam" where the agents are plum jam and fig jam names both,
    never plum jam alone (whose count 57 is); "a total of 11 pies today" leaves out the
    day named "yesterday", never the three days' 11; "Plum jam has 57 jars" is read."""
    jam = (["cont({fig jam}, 6, jars, 0)", "comp({plum jam}, {fig jam}, 51, jars, 0)"],
           "cont({plum jam}, ?, jars, ?)")
    status, claim, reason = _last_step(*jam, "So there are a total of 57 jars of jam.")
    assert (status, claim) == ("unparsed", None) and "jam" in reason
    assert _last_step(*jam, "So plum jam has 57 jars.")[:2] == (
        "derived", "cont({plum jam}, 57, jars)")
    pies = (["cont({lunch}, 7, pies, 0)", "cont({dinner}, 1, pies, 0)",
             "cont({yesterday}, 3, pies, 0)"], "cont({dinner, lunch}, ?, pies, ?)")
    status, claim, reason = _last_step(*pies, "The cafe served 7 pies during lunch and 1 "
                                       "during dinner today. That means that the cafe served "
                                       "a total of 11 pies today.")
    assert (status, claim) == ("unparsed", None) and "yesterday" in reason
