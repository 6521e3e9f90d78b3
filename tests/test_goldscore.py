"""Scoring verify reports against hand gold labels (checker/goldscore.py)."""

from __future__ import annotations

from pathlib import Path

import pytest

from vlp.api import verify
from vlp.checker.goldscore import (
    Gold,
    GoldTotals,
    format_table,
    parse_claim,
    score,
    score_problem,
    theorem_test,
    totals,
)
from vlp.errors import InputError

DATA = Path(__file__).parent / "data"
D3 = DATA / "d3.txt"
LLAMA = (DATA / "d3_llama.txt").read_text(encoding="utf-8")


def claim(text: str, relevant: bool, false: bool = False) -> dict:
    return {"claim": text, "relevant": relevant, "false": false}


# every claim of the App. D.3 Llama transcript, read by hand (10 of 18 relevant)
LLAMA_GOLD = {
    "answer_correct": True,
    "efficiency": 10 / 18,
    "claims": [
        claim("cont({anatola}, 67, keys)", False),
        claim("comp({rahel}, {anatola}, 55, keys)", False),
        claim("cont({rahel}, 122, keys)", False),
        claim("comp({winnah}, {ichabod}, 30, packets)", False),
        claim("cont({winnah}, 53, packets)", False),
        claim("comp({imogene}, {clayborne}, 96, crayons)", False),
        claim("cont({imogene}, 151, crayons)", False),
        claim("cont({pieter}, 20, parrots)", True),
        claim("transfer({pieter}, {yorgos}, 6, parrots)", True),
        claim("cont({pieter}, 14, parrots)", True),
        claim("compeq({edgar}, {pieter}, {dennie}, {dianna}, parrots)", True),
        claim("cont({dennie}, 19, parrots)", True),
        claim("cont({dianna}, 4, parrots)", True),
        claim("comp({dennie}, {dianna}, 15, parrots)", True),
        claim("comp({edgar}, {pieter}, 15, parrots)", False),
        claim("cont({edgar}, 29, parrots)", True),
        claim("comp({edgar}, {eddie}, 3, parrots)", True),
        claim("cont({eddie}, 26, parrots)", True),
    ],
}


def test_the_d3_transcript_reads_every_gold_claim() -> None:
    result = score_problem(D3, verify(D3, LLAMA), LLAMA_GOLD)
    assert result.gold_claims == 18 and len(result.read) == 18 and not result.missed
    assert not result.unlabelled and not result.false_accepted and not result.true_rejected
    assert result.efficiency_equal and result.answer_equal


def test_a_report_as_json_scores_like_the_report() -> None:
    report = verify(D3, LLAMA)
    assert score(report.to_json(), LLAMA_GOLD) == score(report, LLAMA_GOLD)


def test_an_unread_sentence_is_a_missed_gold_claim_and_moves_efficiency() -> None:
    transcript = "Pieter has 20 parrots. Pieter's parrots: twenty, minus six, leaves fourteen."
    gold = {"answer_correct": False, "efficiency": 1.0, "claims": [
        claim("cont({pieter}, 20, parrots)", True),
        claim("cont({pieter}, 14, parrots)", True),
    ]}
    result = score_problem(D3, verify(D3, transcript), gold)
    assert result.read == ("cont({pieter}, 20, parrots)",)
    assert result.missed == ("cont({pieter}, 14, parrots)",)
    assert result.efficiency_equal  # 1/1 == 2/2: equal, though a claim was lost
    assert result.answer_equal


def test_a_claim_the_gold_does_not_list_is_reported_as_unlabelled() -> None:
    transcript = "Pieter has 20 parrots. Dennie has 19 parrots."
    gold = {"answer_correct": False, "efficiency": 1.0,
            "claims": [claim("cont({pieter}, 20, parrots)", True)]}
    result = score(verify(D3, transcript), gold)
    assert result.unlabelled == ("cont({dennie}, 19, parrots)",)
    # both efficiencies are 1.0: over-reading shows only here, which the acceptance bar
    # does not name (a precision check for whoever reads the table)
    assert result.efficiency_equal


def _json_report(*steps: tuple[str, str | None], efficiency: float | None = 1.0,
                 answer_correct: bool = True) -> dict:
    return {"efficiency": efficiency, "answer_correct": answer_correct,
            "steps": [{"status": status, "claim": text} for status, text in steps]}


def test_a_gold_false_claim_judged_true_is_accepted_false() -> None:
    gold = {"answer_correct": True, "efficiency": 0.5, "claims": [
        claim("cont({pieter}, 20, parrots)", True),
        claim("cont({pieter}, 15, parrots)", False, false=True),
    ]}
    report = _json_report(("axiom", "cont({pieter}, 20, parrots)"),
                          ("derived", "cont({pieter}, 15, parrots)"), efficiency=1.0)
    result = score(report, gold)
    assert result.false_accepted == ("cont({pieter}, 15, parrots)",)
    assert not result.efficiency_equal and not result.true_rejected


def test_an_unlabelled_non_theorem_judged_true_is_accepted_false_given_the_problem() -> None:
    gold = {"answer_correct": True, "efficiency": 1.0,
            "claims": [claim("cont({pieter}, 20, parrots)", True)]}
    report = _json_report(("axiom", "cont({pieter}, 20, parrots)"),
                          ("derived-multi", "cont({yorgos}, 99, parrots)"))
    assert score(report, gold).false_accepted == ()
    flagged = score(report, gold, is_theorem=theorem_test(D3))
    assert flagged.false_accepted == ("cont({yorgos}, 99, parrots)",)


def test_a_gold_true_claim_judged_false_is_rejected_true() -> None:
    gold = {"answer_correct": True, "efficiency": 1.0,
            "claims": [claim("cont({pieter}, 14, parrots)", True)]}
    report = _json_report(("false", "cont({pieter}, 14, parrots)"), ("unparsed", None),
                          efficiency=0.0)
    result = score(report, gold)
    assert result.true_rejected == ("cont({pieter}, 14, parrots)",)
    assert result.read == ("cont({pieter}, 14, parrots)",)  # read, but judged wrongly


def test_an_unparsed_step_reads_nothing() -> None:
    gold = {"answer_correct": False, "efficiency": 1.0,
            "claims": [claim("cont({pieter}, 14, parrots)", True)]}
    report = _json_report(("unparsed", "cont({pieter}, 14, parrots)"), efficiency=None,
                          answer_correct=False)
    result = score(report, gold)
    assert result.missed == ("cont({pieter}, 14, parrots)",)
    assert not result.efficiency_equal and result.answer_equal


def test_wrong_answer_correctness_is_counted() -> None:
    gold = dict(LLAMA_GOLD, answer_correct=False)
    assert not score(verify(D3, LLAMA), gold).answer_equal


@pytest.mark.parametrize("text", [
    "cont({sandy}, 6, carrots)", "cont({sam, sandy}, 9, yellow marbles)",
    "comp({a}, {b}, 3, apples)", "transfer({a}, {b}, 3, apples)",
    "rate({a}, 4, glue sticks, backpacks)", "compeq({a}, {b}, {c}, {d}, apples)",
])
def test_claims_round_trip(text: str) -> None:
    assert str(parse_claim(text)) == text


def test_agent_sets_and_case_are_normalized() -> None:
    assert parse_claim("cont({Sandy, Sam}, 9, Carrots)") == parse_claim(
        "cont({sam, sandy}, 9, carrots)")


@pytest.mark.parametrize(("gold", "message"), [
    ({"claims": []}, "answer_correct"),
    ({"answer_correct": True}, "claims"),
    ({"answer_correct": True, "claims": [{"claim": "cont({a}, 1, x)"}]}, "relevant"),
    ({"answer_correct": True, "claims": [claim("cont({a}, 1)", True)]}, "bad gold claim"),
    ({"answer_correct": True, "claims": [claim("cont({a}, 1, x)", True, false=True)]},
     "both relevant and false"),
    ({"answer_correct": True, "claims": [claim("cont({a}, 1, x)", True),
                                         claim("cont({A}, 1, x)", False)]}, "twice"),
    ({"answer_correct": True, "efficiency": 0.5, "claims": [claim("cont({a}, 1, x)", True)]},
     "disagrees"),
])
def test_bad_gold_is_an_input_error_naming_the_source(gold: dict, message: str) -> None:
    with pytest.raises(InputError, match=message) as error:
        Gold.from_json(gold, "corpus.jsonl:7")
    assert str(error.value).startswith("corpus.jsonl:7")


def test_gold_without_efficiency_takes_it_from_the_claims() -> None:
    gold = Gold.from_json({"answer_correct": True, "claims": [
        claim("cont({a}, 1, x)", True), claim("cont({b}, 1, x)", False)]})
    assert gold.efficiency == 0.5
    assert Gold.from_json({"answer_correct": False, "claims": []}).efficiency is None


def test_totals_and_the_acceptance_bar() -> None:
    good = score(verify(D3, LLAMA), LLAMA_GOLD)
    bad = score(_json_report(("derived", "cont({pieter}, 15, parrots)")),
                {"answer_correct": False, "efficiency": 0.0,
                 "claims": [claim("cont({pieter}, 15, parrots)", False, false=True)]})
    assert totals([good]).meets()
    both = totals([good, bad])
    assert both == GoldTotals(2, 19, 19, 1, 0, 1, 1, 0)
    assert both.read_rate == 1.0 and both.efficiency_rate == 0.5 and not both.meets()
    table = format_table({"template": totals([good]), "wrong": totals([bad])})
    lines = table.splitlines()
    assert lines[0].split()[0] == "group" and lines[-1].split()[:2] == ["all", "2"]
    assert "19/19 (100%)" in lines[-1]
