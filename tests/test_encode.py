"""``vlp encode``: real word problems into programs (vlp.reading.encode), the records built
from them (vlp.checker.encoding), the command, and vlp.verify's fallback to encoding. Every
problem here is written for these tests."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from vlp.checker.encoding import encode_record
from vlp.checker.verify import problem_spec, verify
from vlp.cli import main, verify_proof_main
from vlp.grammar import parse_problem
from vlp.reading import Encoding, Refusal, encode

DATA = Path(__file__).parent / "data"
COINS = ("Rosa had 31 pennies and 12 dimes in her jar. Her uncle gave her 20 dimes and 7 "
         "nickels. How many dimes does Rosa have now?")


def atoms(text: str) -> tuple[list[str], str]:
    encoded = encode(text)
    assert isinstance(encoded, Encoding), encoded
    return [str(a) for a in encoded.axiom_order], str(encoded.query)


def assert_encodes_to(text: str, answer: int) -> None:
    """The text encodes to a record whose answer is the gold one."""
    result = encode_record(text, gold_answer=answer)
    assert result.record is not None, result.reason
    assert result.answer == answer


def refusal(text: str) -> Refusal:
    encoded = encode(text)
    assert isinstance(encoded, Refusal), encoded
    return encoded


def test_counts_conjunctions_containers_and_a_named_giver() -> None:
    assert atoms(COINS) == ([
        "cont({rosa}, 31, pennies, 0)", "cont({rosa}, 12, dimes, 0)",
        "transfer({rosa's uncle}, {rosa}, 20, dimes, 0)",
        "transfer({rosa's uncle}, {rosa}, 7, nickels, 1)"], "cont({rosa}, ?, dimes, 2)")


def test_the_record_has_the_generated_schema_and_its_certified_proof() -> None:
    result = encode_record(COINS, gold_answer="32", problem_id="coins")
    record = result.record
    assert record is not None and result.answer == 32
    assert record["answer"] == 32 and record["goal"] == "cont({rosa}, 32, dimes, 2)"
    assert record["axioms"][0] == {"atom": "cont({rosa}, 31, pennies, 0)",
                                   "sentence": "Rosa had 31 pennies and 12 dimes in her jar.",
                                   "relevant": False}
    assert [a["relevant"] for a in record["axioms"]] == [False, True, True, False]
    assert record["proof"]["claims"] == ["cont({rosa}, 12, dimes)",
                                         "transfer({rosa's uncle}, {rosa}, 20, dimes)",
                                         "cont({rosa}, 32, dimes)"]
    assert record["certificate"] == {"optimal_size": 3, "runner_up_size": None, "unique": True}
    # the record is a problem vlp.verify reads
    report = verify(record, "Rosa had 12 dimes. Her uncle gave her 20 dimes. So Rosa has "
                            "12 + 20 = 32 dimes. The answer is 32.")
    assert report.answer_correct and report.efficiency == 1.0


def test_an_answer_other_than_the_gold_one_is_refused_and_reported() -> None:
    result = encode_record(COINS, gold_answer=39)
    assert result.record is None and result.answer == 32
    assert result.reason == "the program's answer 32 differs from the gold answer 39"


def test_transfers_with_unnamed_counterparties_are_named_for_what_they_are() -> None:
    axioms, query = atoms("Omar picked 40 plums. He ate 6 plums and sold 9 plums. He lost 2 "
                          "of the plums. How many plums does Omar have left?")
    assert axioms == ["cont({omar}, 40, plums, 0)", "transfer({omar}, {eaten}, 6, plums, 0)",
                      "transfer({omar}, {buyers}, 9, plums, 1)",
                      "transfer({omar}, {lost}, 2, plums, 2)"]
    assert query == "cont({omar}, ?, plums, 3)"
    assert encode_record("Omar picked 40 plums. He ate 6 plums and sold 9 plums. He lost 2 "
                         "of the plums. How many plums does Omar have left?").answer == 23


def test_comparisons_both_ways_with_the_verb_carried_over() -> None:
    axioms, query = atoms("Lena has 30 stamps. Ivo has 8 fewer stamps than Lena and 5 more "
                          "stamps than Pia. How many stamps does Pia have?")
    assert axioms == ["cont({lena}, 30, stamps, 0)", "comp({lena}, {ivo}, 8, stamps, 0)",
                      "comp({ivo}, {pia}, 5, stamps, 0)"]
    assert query == "cont({pia}, ?, stamps, 0)"
    assert encode_record("Lena has 30 stamps. Ivo has 8 fewer stamps than Lena and 5 more "
                         "stamps than Pia. How many stamps does Pia have?").answer == 17


def test_a_comparison_question() -> None:
    _, query = atoms("Kofi has 52 shells. Ana has 19 shells. How many more shells does Kofi "
                     "have than Ana?")
    assert query == "comp({kofi}, {ana}, ?, shells, 0)"


def test_shared_nouns_references_and_unions() -> None:
    axioms, query = atoms("Ines has 14 red and 9 blue beads, she gave Tom 4 of the red "
                          "beads. How many red beads does she have now?")
    assert axioms == ["cont({ines}, 14, red beads, 0)", "cont({ines}, 9, blue beads, 0)",
                      "transfer({ines}, {tom}, 4, red beads, 0)"]
    assert query == "cont({ines}, ?, red beads, 1)"
    _, query = atoms("Ravi grew 11 onions. Mona grew 6 onions. How many onions did they grow "
                     "in all?")
    assert query == "cont({mona, ravi}, ?, onions, 0)"


def test_rates_per_container_and_prices() -> None:
    axioms, query = atoms("Jo has 4 crates. Each crate has 6 melons. How many melons does Jo "
                          "have?")
    assert axioms == ["cont({jo}, 4, crates, 0)", "rate({jo}, 6, melons, crates, 0)"]
    assert encode_record("Jo has 4 crates. Each crate has 6 melons. How many melons does Jo "
                         "have?").answer == 24
    assert encode_record("Nia bought 3 kites for 5 dollars each. How much did she spend?"
                         ).answer == 15


def test_places_and_existential_sentences() -> None:
    axioms, query = atoms("There are 12 rulers and 5 pens in the box. Eli placed 7 rulers in "
                          "the box. How many rulers are in the box now?")
    assert axioms == ["cont({box}, 12, rulers, 0)", "cont({box}, 5, pens, 0)",
                      "transfer({eli}, {box}, 7, rulers, 0)"]
    assert query == "cont({box}, ?, rulers, 1)"


def test_number_words() -> None:
    axioms, _ = atoms("Ada has twenty-five cards. Ben gave Ada seven cards. How many cards "
                      "does Ada have now?")
    assert axioms[0] == "cont({ada}, 25, cards, 0)"
    assert axioms[1] == "transfer({ben}, {ada}, 7, cards, 0)"


@pytest.mark.parametrize(("text", "reason"), [
    ("Mia has 12 pears. She split them equally among 3 friends. How many pears does each "
     "friend get?", "division is not in the rule table ('split')"),
    ("Noor has 5 caps. Sam has twice as many caps as Noor. How many caps does Sam have?",
     "'twice as many' is not a rule ('twice')"),
    ("Lia had some apples. She ate 3 apples. How many apples did she have left?",
     "an unknown quantity ('some') is not in the rule table"),
    ("Kai ran 2.5 miles. Ivy ran 3 miles. How many miles did they run?",
     "a quantity that is not a whole number is not in the rule table ('2.5')"),
    ("He has 4 kites. How many kites does he have?", "'he' refers to no one named before"),
    ("Ana has 3 red pens and 4 blue pens. How many pens does Ana have?",
     "two readings of 'pens'"),
])
def test_refusals_name_the_sentence_and_the_reason(text: str, reason: str) -> None:
    refused = refusal(text)
    assert refused.reason == reason
    assert refused.sentence and refused.sentence in text


def test_template_language_problems_are_read_by_the_grammar_exactly() -> None:
    for line in (DATA / "corpus" / "problems.jsonl").read_text(encoding="utf-8").splitlines():
        text = json.loads(line)["text"]
        parsed, encoded = parse_problem(text), encode(text)
        assert isinstance(encoded, Encoding)
        assert (encoded.program, encoded.query, encoded.axiom_order) == \
            (parsed.program, parsed.query, parsed.axiom_order)


def test_vlp_verify_encodes_a_problem_outside_the_template_language() -> None:
    report = verify(COINS, "Rosa had 12 dimes. Her uncle gave her 20 dimes. So she has "
                           "12 + 20 = 32 dimes. The answer is 32.")
    assert report.goal == "cont({rosa}, 32, dimes, 2)"
    assert report.answer_correct and report.efficiency == 1.0
    assert problem_spec(COINS).query == encode(COINS).query  # type: ignore[union-attr]


def test_a_text_neither_read_nor_encoded_is_one_input_error() -> None:
    from vlp.errors import InputError

    with pytest.raises(InputError) as error:
        problem_spec("Mia has 12 pears. She split them equally. How many does each get?")
    assert "nor could it be encoded" in str(error.value) and "division" in str(error.value)


def test_the_encode_command_writes_records_and_refuses_with_a_reason(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    problems = tmp_path / "problems.jsonl"
    problems.write_text(
        json.dumps({"id": "coins", "question": COINS, "answer": "32"}) + "\n"
        + json.dumps({"id": "pears", "question": "Mia has 12 pears. She split them equally "
                      "among 3 friends. How many pears does each friend get?", "answer": 4})
        + "\n", encoding="utf-8")
    output = tmp_path / "records.jsonl"
    assert main(["encode", str(problems), "-o", str(output)]) == 0
    records = [json.loads(line) for line in output.read_text(encoding="utf-8").splitlines()]
    assert [r["id"] for r in records] == ["coins"] and records[0]["answer"] == 32
    err = capsys.readouterr().err
    assert "pears: refused at 'She split them equally among 3 friends.': division is not in " \
           "the rule table ('split')" in err
    assert "1 of 2 problems encoded, 1 refused" in err
    assert main(["encode", "Mia has 12 pears. She split them equally among 3 friends. How many "
                 "pears does each friend get?"]) == 1


def test_verify_proof_takes_the_problem_text(tmp_path: Path,
                                             capsys: pytest.CaptureFixture[str]) -> None:
    transcript = tmp_path / "t.txt"
    transcript.write_text("Rosa had 12 dimes. Her uncle gave her 20 dimes. So she has 12 + 20 "
                          "= 32 dimes. The answer is 32.", encoding="utf-8")
    assert verify_proof_main([COINS, str(transcript), "--json"]) == 0
    report = json.loads(capsys.readouterr().out)
    assert report["predicted_answer"] == 32 and report["goal"] == "cont({rosa}, 32, dimes, 2)"


@pytest.mark.parametrize(("text", "answer"), [
    # a relative clause about the name before it
    ("Ugo has 9 fewer figs than Bea who has 4 more figs than Cal. Bea has 20 figs. How many "
     "figs does Ugo have?", 11),
    # distances compared; "how far" asks for the unit counted
    ("The hare jumped 12 inches. The toad jumped 5 inches farther than the hare. How far did "
     "the toad jump?", 17),
    # planting into and cutting down from the only holder
    ("There are 14 elm trees currently in the park. Park workers will plant 6 elm trees today. "
     "How many elm trees will the park have when the workers are finished?", 20),
    ("There are 14 elm trees currently in the park. Park workers had to cut down 3 elm trees "
     "that were sick. How many elm trees will be in the park when the workers are finished?",
     11),
    # a loss with no agent, from the only holder
    ("Tess raised 12 guppies in the tank. 4 were eaten. How many guppies remained?", 8),
    # time and purpose phrases between the counts of a list
    ("Lou had 30 dollars. He spent 4 dollars on a pen and 6 dollars on a cap. How much money "
     "does Lou have now?", 20),
    ("Ike saved 5 dollars in May. He saved 7 dollars in June and 3 dollars in July. How much "
     "money does Ike have now?", 15),
    # each of several agents
    ("Ada, Bo and Cy each have 4 shells. How many shells do they have in all?", 12),
])
def test_more_phrasings_answer_right(text: str, answer: int) -> None:
    assert_encodes_to(text, answer)


@pytest.mark.parametrize(("text", "reason"), [
    ("Rex had stamps. He gave 3 stamps to Ann. He now has 5 stamps. How many stamps did he "
     "have to start with?", "a count with no number"),
    ("Ola had 40 plums in her tree. If she picked 12 of them today, how many plums are left?",
     "two readings of 'she picked 12 of them today' (out of the count, or more)"),
    ("Kim had 5 cards. Kim had 9 cards after her birthday. How many cards did she get?",
     "a count stated for a time before a change already read"),
])
def test_more_refusals(text: str, reason: str) -> None:
    assert refusal(text).reason == reason


@pytest.mark.parametrize(("content", "message"), [
    ("not json\n", "problems.jsonl:1: not JSON"),
    ('{"id": "a", "answer": 3}\n', "problems.jsonl:1: no problem text"),
    ('[1, 2]\n', "problems.jsonl:1: a line holds one JSON object"),
])
def test_bad_problem_files_are_one_line_errors(tmp_path: Path, capsys: pytest.CaptureFixture[str],
                                               content: str, message: str) -> None:
    problems = tmp_path / "problems.jsonl"
    problems.write_text(content, encoding="utf-8")
    assert main(["encode", str(problems)]) == 2
    err = capsys.readouterr().err.strip()
    assert len(err.splitlines()) == 1 and message in err and "Traceback" not in err


def test_encode_never_raises_on_odd_text() -> None:
    for text in ("", "?", "How many?", "Tom has 3.", "Tom has 3 apples", "$$$ 5 ?? and and",
                 "Tom has 3 apples. " * 50 + "How many apples does Tom have?", "\u2019s 4 ?"):
        result = encode_record(text)
        assert (result.record is None) == (result.reason is not None)


@pytest.mark.parametrize(("text", "answer"), [
    ("At the zoo there were 9 kids in line for the train. If 3 of them got bored and left and "
     "5 more got in line, how many kids would be in line?", 11),
    ("A chess club had 10 members total, but during a match 3 members didn't show up. If each "
     "member that did show up won 2 medals, how many medals were won total?", 14),
    ("Ivy grew 20 beets and 9 leeks, but the rabbits ate 6 beets. How many beets does Ivy "
     "have?", 14),
])
def test_clauses_that_begin_with_their_count(text: str, answer: int) -> None:
    result = encode_record(text, gold_answer=answer)
    assert result.record is not None, result.reason


@pytest.mark.parametrize(("text", "answer"), [
    # each of these once gave a wrong answer: "kites there", "new pies" as other pies
    ("Tom brought 2 kites to the park and then bought 3 more kites there. If Ann brought 6 "
     "kites to the park, how many more kites did Ann have than Tom in the park?", 1),
    ("Baker made 20 pies. He bought 10 new pies and sold 5 pies. How many pies does baker "
     "still have?", 25),
])
def test_phrasings_that_once_read_wrong(text: str, answer: int) -> None:
    assert encode_record(text, gold_answer=answer).record is not None


def test_no_first_or_second_person_agent() -> None:
    assert isinstance(encode("You had 14 bags with 2 cookies each. How many bags do you have?"),
                      Refusal)


@pytest.mark.parametrize(("text", "answer"), [
    ("5 crows were sitting on the roof. 3 more crows and 2 more doves came to join them. How "
     "many crows are sitting on the roof?", 8),
    ("14 kids were riding on the train. At the next stop 6 more kids got on the train. How "
     "many kids are on the train now?", 20),
])
def test_counts_at_a_place_and_arrivals(text: str, answer: int) -> None:
    result = encode_record(text, gold_answer=answer)
    assert result.record is not None, result.reason


def test_pronouns_as_objects_and_subjects() -> None:
    # "him" as an object is someone other than the subject
    assert atoms("Tom has 5 cards. Ann gave him 3 cards. How many cards does Tom have now?")[0] \
        == ["cont({tom}, 5, cards, 0)", "transfer({ann}, {tom}, 3, cards, 0)"]
    # "her" as a possessive is the subject's
    assert atoms("Sue had 9 pens in her bag. She gave 2 of her pens to Al. How many pens does "
                 "Sue have now?")[0][1] == "transfer({sue}, {al}, 2, pens, 0)"
    # two people have each been a subject: "he" has two readings
    assert refusal("Tom has 5 cards. Ann has 4 cards. He gave her 3 cards. How many cards does "
                   "Ann have now?").reason == "two readings of 'he'"


def test_vlp_certify_rechecks_an_encoded_record(tmp_path: Path,
                                                capsys: pytest.CaptureFixture[str]) -> None:
    record = encode_record(COINS, gold_answer=32, problem_id="coins").record
    assert record is not None
    good = tmp_path / "records.jsonl"
    good.write_text(json.dumps(record) + "\n", encoding="utf-8")
    assert main(["certify", str(good)]) == 0
    assert main(["certify", f"{good}:coins"]) == 0
    assert "1/1 problems certified" in capsys.readouterr().out
    tampered = {
        # another answer than the goal's (and the gold one)
        "answer": dict(record, answer=33),
        # a stated count the text does not say
        "axioms": dict(record, axioms=[dict(record["axioms"][0], atom="cont({rosa}, 30, "
                                            "pennies, 0)"), *record["axioms"][1:]]),
        # a proof step the kernel refuses
        "proof": dict(record, proof=dict(record["proof"], hyperedges=[
            dict(record["proof"]["hyperedges"][0], conclusion="cont({rosa}, 31, dimes, 1)")])),
        # a certificate that is not Z3's
        "certificate": dict(record, certificate=dict(record["certificate"], optimal_size=2)),
    }
    expected = {"answer": "the answer 33 is not the goal's quantity 32",
                "axioms": "the text encodes to other axioms",
                "proof": "kernel rejects proof step",
                "certificate": "differs from the stored"}
    for name, bad in tampered.items():
        path = tmp_path / f"{name}.jsonl"
        path.write_text(json.dumps(bad) + "\n", encoding="utf-8")
        assert main(["certify", str(path)]) == 1, name
        out = capsys.readouterr().out
        assert f"{path}:1: coins: " in out and expected[name] in out, (name, out)


def test_an_encoded_record_out_of_schema_is_one_line_error(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    record = encode_record(COINS, gold_answer=32, problem_id="coins").record
    assert record is not None
    path = tmp_path / "records.jsonl"
    path.write_text(json.dumps(dict(record, goal=7)) + "\n", encoding="utf-8")
    assert main(["certify", str(path)]) == 2
    err = capsys.readouterr().err.strip()
    assert len(err.splitlines()) == 1 and f"{path}:1:goal" in err


@pytest.mark.parametrize(("text", "answer"), [
    # newcomers joining, a grade as a place, the first and last time of the year
    ("In third grade there were 20 pupils at the start of the year. During the year 4 pupils "
     "left and 7 new pupils came to school. How many pupils were in third grade at the end?",
     23),
    # the players of a game, an event after "when", a rate for those left
    ("There were 9 friends playing a video game online when 3 players quit. If each player "
     "left had 4 lives, how many lives did they have total?", 24),
    # a rate stated before its container changes holds after the changes
    ("Ivy was playing a video game where she scores 3 points for each coin she finds. If she "
     "found 5 coins on the first level and 2 on the second, what would her score be?", 21),
    ("Each crate holds 6 melons. Ray had 5 crates. He gave 2 crates to Ana. How many melons "
     "does Ray have?", 18),
    # a start stated after the losses from it
    ("Cal ate 4 figs. Then he ate 3 more. If he initially had 12 figs, how many figs does he "
     "have left?", 5),
    # several agents in a question, together
    ("Una brought 4 kites and Vic brought 6 kites to the park. Una then bought 1 more kite at "
     "the park. How many kites did Una and Vic have in the park?", 11),
    # a list of prices paid
    ("Dee has $9. She bought a pen for $2 and a cap for $4. How much money is left?", 3),
    # how money was made, and a title
    ("Mrs. Reed made 5 dollars mowing lawns. She spent 2 dollars. How much money does Mrs. "
     "Reed have?", 3),
    # two comparisons with one agent, joined by "but"; "then" for "than"
    ("Ann did 20 sit-ups and 9 squats. Ben did 4 more sit-ups but 2 less squats than Ann. How "
     "many squats did Ben do?", 7),
    ("Ann has 20 figs. Ben has 9 figs. How many more figs does Ann have then Ben?", 11),
    # borrowed by the one holder's sister: from the holder
    ("Eve had 3 pennies and 9 dimes in her bank. Her sister borrowed 4 dimes. How many dimes "
     "does Eve have now?", 5),
])
def test_phrasings_of_the_benchmarks_answer_right(text: str, answer: int) -> None:
    assert_encodes_to(text, answer)


@pytest.mark.parametrize(("text", "reason"), [
    # a start count of what no change touched is not the start of a change
    ("Lia picked 3 pears from her tree. If the tree had 9 pears initially, how many pears are "
     "still there on the tree?", "a count stated for a time before a change already read"),
    # a start stated for another than the one who lost from it
    ("Bo ate 5 plums. If Al initially had 9 plums, how many plums does Bo have left?",
     "a count stated for a time before a change already read"),
    # a loss from a count that is never stated
    ("Bo ate 5 plums. Then he ate 2 more. If he initially had 9 pears, how many plums does "
     "Bo have left?", "a count stated for a time before a change already read"),
    # an entity that extends one already counted: the same things, or others?
    ("Robin has 4 boxes of gum. Each box has 6 pieces. Robin has 3 extra pieces of gum. How "
     "many pieces of gum does Robin have?",
     "two readings of 'pieces of gum' (the pieces or others)"),
    # a count between a comparison's count and its "than" is never passed over
    ("Ann did 20 sit-ups. Ben did 4 more sit-ups with 2 squats than Ann. How many sit-ups did "
     "Ben do?", "no reading of the comparison in 'Ben did 4 more sit-ups with 2 squats than "
     "Ann'"),
    # borrowed by someone else: from whom is not said
    ("Eve had 9 dimes. Ann borrowed 4 dimes. How many dimes does Eve have now?",
     "'Ann borrowed 4 dimes' names no one it is taken from"),
    # two people with one surname and two titles keep their titles
    ("Mr. Reed has 5 figs. Mrs. Reed has 3 figs. How many figs does Mrs. Reed have?",
     "no reading of who the question 'How many figs does Mrs . Reed have ?' asks about"),
])
def test_benchmark_phrasings_still_refused(text: str, reason: str) -> None:
    assert refusal(text).reason == reason
