"""Nothing a completion writes escapes judgement: every sentence is judged or listed as
unread, wherever it stands (after ``Q:``, on or after the answer line, in brackets, code
blocks, tables, quotes, comments, ``<think>``), and a false claim anywhere costs the same."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from vlp.api import verify
from vlp.grammar.transcript import answer_remainders, split_transcript, stated_answers
from vlp.rewards import score_sample

DATA = Path(__file__).parent / "data"
RECORD = json.loads((DATA / "d3.json").read_text(encoding="utf-8"))
LLAMA = (DATA / "d3_llama.txt").read_text(encoding="utf-8")
BODY = LLAMA.split("Therefore")[0].rstrip()
CLOSING = "Therefore, the answer (arabic numerals) is 26."
FALSE = "Pieter has 21 parrots."  # Pieter has 20


@pytest.mark.parametrize("sentence, rest", [
    ("Therefore, the answer (arabic numerals) is 26.", []),
    ("So the answer is $\\boxed{26}$.", []),
    ("The final answer is **26** parrots in all.", []),
    ("Pieter has 21 parrots, so the answer is 26.", ["Pieter has 21 parrots."]),
    ("Pieter has 21 parrots and the answer (arabic numerals) is 26.", ["Pieter has 21 parrots."]),
    ("The answer is 26 (Pieter has 21 parrots).", ["Pieter has 21 parrots."]),
    ("Answer: 26, since Pieter has 21 parrots.", ["Pieter has 21 parrots."]),
    ("The answer is 26 because 29 - 3 = 26.", ["29 - 3 = 26."]),
])
def test_an_answer_sentence_says_what_else_it_says(sentence, rest) -> None:
    assert answer_remainders(sentence) == rest


def test_a_closing_bracket_ends_its_sentence() -> None:
    steps = split_transcript(f"Pieter has 20 parrots. ({FALSE}) {CLOSING}")
    assert len(steps) == 2 and steps[0].text == "Pieter has 20 parrots."
    assert steps[1].text.startswith(f"({FALSE})")  # its own step, not the answer's


def test_every_answer_phrase_is_found() -> None:
    text = "The answer is 24.\n**Therefore, the answer (arabic numerals) is 26.** \\boxed{7}"
    assert stated_answers(text) == (24, 26, 7)
    assert stated_answers(CLOSING) == (26,)


PLACES = {
    "after Q:": f"{BODY}\n{CLOSING}\nQ: {FALSE}",
    "after Question:": f"{BODY}\n{CLOSING}\nQuestion: {FALSE}",
    "on the answer line, in brackets": f"{BODY}\n({FALSE}) {CLOSING}",
    "in the answer sentence": f"{BODY}\n{FALSE[:-1]}, so the answer is 26.",
    "after the answer": f"{BODY}\n{CLOSING} {FALSE}",
    "in a code block": f"{BODY}\n```\n{FALSE}\n```\n{CLOSING}",
    "in a quote": f"{BODY}\n> {FALSE}\n{CLOSING}",
    "in a table": f"{BODY}\n| note |\n|---|\n| {FALSE} |\n{CLOSING}",
    "in a comment": f"{BODY}\n<!-- {FALSE} -->\n{CLOSING}",
    "in <think>": f"<think>{FALSE}</think>\n{BODY}\n{CLOSING}",
}


@pytest.mark.parametrize("place", sorted(PLACES))
def test_a_false_claim_costs_the_same_wherever_it_is(place) -> None:
    plain = score_sample(RECORD, f"{BODY}\n{FALSE}\n{CLOSING}")
    hidden = score_sample(RECORD, PLACES[place])
    assert plain.report.metrics.false_claims == hidden.report.metrics.false_claims == 1
    assert any(s.status.value == "false" and "21" in s.text for s in hidden.report.steps)
    honest = score_sample(RECORD, f"{BODY}\n{CLOSING}").reward
    assert hidden.reward < honest


def test_a_hedged_answer_is_noted_and_the_last_one_read() -> None:
    report = verify(RECORD, f"{BODY}\nTherefore, the answer (arabic numerals) is 25.\n{CLOSING}")
    assert report.predicted_answer == 26 and report.other_answers == (25,)
    assert any("also states the answer 25" in note for note in report.notes)
    assert report.to_json()["other_answers"] == [25]
    assert verify(RECORD, LLAMA).other_answers == ()
    # an answer given separately is the answer: the transcript's phrases are not compared
    assert verify(RECORD, f"{BODY}\nThe answer is 25.", answer=26).other_answers == ()
