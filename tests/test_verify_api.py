"""`vlp.verify` as a library call and reward function; reasoning-model mode; odd input."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

from vlp.api import Status, reward, verify
from vlp.checker import load_program
from vlp.errors import InputError

DATA = Path(__file__).parent / "data"
LLAMA = (DATA / "d3_llama.txt").read_text(encoding="utf-8")


def d3_record() -> dict:
    program = json.loads((DATA / "d3.json").read_text(encoding="utf-8"))
    return {"id": "d3", "answer": 26, **program}


@pytest.mark.parametrize("problem", [
    DATA / "d3.txt", DATA / "d3.json", load_program(DATA / "d3.json"),
    (DATA / "d3.txt").read_text(encoding="utf-8"), d3_record(),
], ids=["txt-path", "json-path", "program-file", "text", "record"])
def test_every_problem_form_gives_the_same_scores(problem) -> None:
    report = verify(problem, LLAMA)
    assert report.answer_correct and report.efficiency == 10 / 18
    assert report.efficiency_non_axioms == 4 / 8


def test_a_record_keeps_its_id_and_gold_answer() -> None:
    record = d3_record() | {"answer": 27}
    report = verify(record, LLAMA)
    assert report.problem_id == "d3" and report.gold_answer == 27 and not report.answer_correct


def test_a_record_is_read_once_per_content_and_again_when_it_changes() -> None:
    """Verifying many transcripts of one record dict reads it once (``problem_spec`` keeps
    its spec by the record's JSON text); a record changed in place is read again."""
    from vlp.checker.verify import problem_spec

    record = d3_record()
    assert problem_spec(record) is problem_spec(dict(record))
    first = verify(record, LLAMA)
    record["answer"] = 27
    changed = verify(record, LLAMA)
    assert first.gold_answer == 26 and first.answer_correct
    assert changed.gold_answer == 27 and not changed.answer_correct
    assert problem_spec(record) is not problem_spec(d3_record())


def test_a_bad_record_is_refused_every_time() -> None:
    """A record that cannot be read is never remembered: each call refuses it."""
    record = d3_record() | {"axioms": [{"atom": "cont({ann}, 5, apples"}]}
    for _ in range(2):
        with pytest.raises(InputError):
            verify(record, LLAMA)


def test_a_record_json_cannot_write_is_still_read() -> None:
    """A record the spec cache cannot key (nested past the JSON encoder's stack, or holding
    values JSON cannot write) is read as before: a clear input error, never a traceback."""
    deep: dict = {}
    node = deep
    for _ in range(100_000):
        node["a"] = {}
        node = node["a"]
    for record in (deep, {"axioms": object()}):
        with pytest.raises(InputError):
            verify(record, LLAMA)


def test_an_answer_given_separately_wins() -> None:
    report = verify(DATA / "d3.txt", LLAMA, answer="25")
    assert report.predicted_answer == 25 and report.answer_source == "given separately"
    assert verify(DATA / "d3.txt", LLAMA, answer=26).answer_correct


def test_without_a_closing_sentence_the_answer_is_the_last_claim_answering_the_question() -> None:
    body = LLAMA.split("Therefore")[0]
    report = verify(DATA / "d3.txt", body)
    assert report.predicted_answer == 26
    assert report.answer_source == "last claim answering the question"


def test_reward_example() -> None:
    good = verify(DATA / "d3.txt", LLAMA)
    # answer, efficiency 10/18, completeness 1 (vlp.rewards.DEFAULT_WEIGHTS)
    assert reward(good) == pytest.approx(0.25 + 0.25 * 10 / 18 + 0.5)
    wrong = verify(DATA / "d3.txt", LLAMA.replace("is 26.", "is 25."))
    assert reward(wrong) == 0.0


def test_reasoning_model_mode_scores_arithmetic_only() -> None:
    thinking = ("<think>Pieter: 20 - 6 = 14. Dennie minus Dianna: 19 - 4 = 15. Edgar = 14 + 15 = "
                "29. Rahel is 67 + 55 = 122 but that is irrelevant. Eddie = 29 - 3 = 26. "
                "Check: 2 + 2 = 5.</think> The answer is \\boxed{26}.")
    expected = [(Status.DERIVED, "2b", True), (Status.DERIVED, "1c", True),
                (Status.DERIVED, "5a", True), (Status.DERIVED, "1a", False),
                (Status.DERIVED, "1b", True), (Status.FALSE, None, False)]
    # auto: a sentence with nothing but arithmetic is read from it; the metrics keep their
    # meaning (recall over the whole shortest proof)
    auto = verify(DATA / "d3.txt", thinking)
    assert auto.mode == "claims"
    assert [(s.status, s.rule, s.relevant) for s in auto.steps] == expected
    assert {s.reading.method for s in auto.steps} == {"arithmetic"}
    assert auto.efficiency == 4 / 6 and auto.recall == 4 / 10 and auto.answer_correct
    for report in (verify(DATA / "d3.txt", thinking, mode="arithmetic"),
                   verify(DATA / "d3.txt", thinking, strict=True)):  # strict: the old switch
        assert report.mode == "arithmetic"
        assert any("reasoning-model mode" in note for note in report.notes)
        statuses = [(s.status, s.rule, s.relevant) for s in report.steps]
        assert statuses == expected
        assert report.efficiency_non_axioms == 4 / 6 and report.recall == 1.0
        assert report.answer_correct
    forced = verify(DATA / "d3.txt", LLAMA, mode="arithmetic")
    assert forced.mode == "arithmetic" and forced.efficiency_non_axioms == 4 / 7


def test_empty_transcript_is_a_clear_report() -> None:
    report = verify(DATA / "d3.txt", "")
    assert report.steps == () and report.predicted_answer is None
    assert report.efficiency is None and report.recall == 0.0
    assert "the transcript is empty" in report.notes


def test_a_transcript_for_another_problem_says_so() -> None:
    report = verify(DATA / "d3.txt", "Alice has 3 apples. So Bob has 3 + 4 = 7 apples.")
    assert [s.status for s in report.steps] == [Status.FALSE, Status.FALSE]
    assert report.steps[0].reason == "unknown agent alice"
    assert any("another problem" in note for note in report.notes)


def test_unreadable_sentences_are_unparsed_not_fatal() -> None:
    report = verify(DATA / "d3.txt", "Let's think step by step.\n" + LLAMA)
    assert report.steps[0].status is Status.UNPARSED and report.steps[0].reason
    assert report.efficiency == 10 / 18 and report.metrics.unparsed_steps == 1


def test_duplicates_are_flagged_and_ignored() -> None:
    report = verify(DATA / "d3.txt", "Pieter has 20 parrots.\n" + LLAMA)
    again = [s for s in report.steps if s.claim is not None and s.duplicate]
    assert len(again) == 1 and again[0].text == "Pieter has 20 parrots."
    assert again[0].status is Status.AXIOM
    assert report.efficiency == 10 / 18 and report.metrics.duplicate_steps == 1


def test_binary_transcript_and_bad_mode_are_input_errors() -> None:
    with pytest.raises(InputError, match="not text"):
        verify(DATA / "d3.txt", "abc\x00def")
    with pytest.raises(InputError, match="unknown mode"):
        verify(DATA / "d3.txt", LLAMA, mode="psychic")
    with pytest.raises(InputError, match="malformed problem record"):
        verify({"id": "x"}, LLAMA)


def test_category_links_are_free_bookkeeping() -> None:
    # the question sums a category; the unit rates that read it are never stated
    problem = ("Kyla has 3 bags. Kyla possesses 2 onions per bag. Nat has 4 carrots. "
               "If Kyla and Nat sum up the vegetables that they have, how many vegetables "
               "do they have in total?")
    transcript = ("Kyla has 3 bags. Kyla possesses 2 onions per bag. So Kyla has 3 * 2 = 6 "
                  "onions. Nat has 4 carrots. If Kyla and Nat sum up the vegetables that they "
                  "have, they have 6 + 4 = 10 in total.")
    report = verify(problem, transcript)
    assert [s.status for s in report.steps] == [Status.AXIOM, Status.AXIOM, Status.DERIVED,
                                                Status.AXIOM, Status.DERIVED]
    assert report.steps[-1].rule == "3"
    assert report.answer_correct and report.exact_match and report.recall == 1.0
    skipped = verify(problem, transcript.replace("So Kyla has 3 * 2 = 6 onions. ", ""))
    assert skipped.steps[-1].status is Status.DERIVED_MULTI
    assert [str(c) for c in skipped.steps[-1].missing] == ["cont({kyla}, 6, onions)"]


SENTENCES = [line for line in LLAMA.splitlines()
             if any(c.isalpha() for c in line) and not line.startswith("Therefore")]


@given(st.lists(st.one_of(st.sampled_from(SENTENCES), st.text(max_size=40)), max_size=8))
def test_any_text_gives_a_report(pieces: list[str]) -> None:
    transcript = "\n".join(piece.replace("\x00", "") for piece in pieces)
    report = verify(DATA / "d3.txt", transcript, mode="claims")
    assert len(report.steps) >= sum(1 for p in pieces if p in SENTENCES)
    for value in (report.efficiency, report.efficiency_non_axioms, report.recall):
        assert value is None or 0.0 <= value <= 1.0
    json.dumps(report.to_json())


def test_many_transcripts_of_one_problem_and_a_plugged_tokenizer() -> None:
    from vlp.api import verify_many

    problem = DATA / "d3.txt"
    outcomes = verify_many([(problem, LLAMA), (problem, "Pieter has 20 parrots.")],
                           tokenizer=lambda text: text.split("."))
    reports = [outcome.report for outcome in outcomes]
    assert [r.efficiency for r in reports] == [10 / 18, 1.0]
    assert reports[1].metrics.transcript_tokens == 2  # "Pieter has 20 parrots" and ""
    assert reports[0].metrics.reference_tokens == 11  # ten sentences, one split each
