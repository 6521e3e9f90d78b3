"""Report values and their JSON / readable renderings."""

from __future__ import annotations

import io
import json

from vlp.checker.metrics import compute_metrics
from vlp.checker.report import CLAIMS_MODE, Report, render_report, render_summary, summarize
from vlp.checker.verdicts import Arithmetic, Status, StepVerdict
from vlp.kernel import cont, transfer

PIETER_20 = cont("pieter", 20, "parrots", 0)
GIVES = transfer("pieter", "yorgos", 6, "parrots", 0)
PIETER_14 = cont("pieter", 14, "parrots", 1)


def small_report(answer: int | None = 14) -> Report:
    steps = (
        StepVerdict(1, "Pieter has 20 parrots.", Status.AXIOM, claim=PIETER_20.claim(),
                    atom=PIETER_20, relevant=True, rule="axiom"),
        StepVerdict(2, "Pieter then gives Yorgos 6 parrots.", Status.AXIOM, claim=GIVES.claim(),
                    atom=GIVES, relevant=True, rule="axiom"),
        StepVerdict(3, "So Pieter has 20 - 6 = 14 parrots.", Status.DERIVED,
                    claim=PIETER_14.claim(), atom=PIETER_14, relevant=True, rule="2b",
                    premises=(PIETER_20, GIVES), arithmetic=Arithmetic.single("-", (20, 6), 14)),
        StepVerdict(4, "Bananas are yellow.", Status.UNPARSED, reason="no claim found"),
    )
    claims = [s.claim for s in steps if s.claim is not None]
    metrics = compute_metrics(true_claims=claims, false_claims=0, axioms=claims[:2],
                              proof=claims, steps=4, unparsed_steps=1, duplicate_steps=0,
                              transcript_tokens=20, reference_tokens=18)
    return Report(problem_id="p1", mode=CLAIMS_MODE, goal=str(PIETER_14), steps=steps,
                  metrics=metrics, predicted_answer=answer, gold_answer=14,
                  answer_source="closing sentence")


def test_json_has_the_promised_fields() -> None:
    row = json.loads(small_report().to_json_line())
    for field in ("answer_correct", "predicted_answer", "gold_answer", "efficiency",
                  "efficiency_non_axioms", "recall", "exact_match", "steps"):
        assert field in row
    assert row["answer_correct"] is True and row["efficiency"] == 1.0 and row["exact_match"]
    step = row["steps"][2]
    assert {k: step[k] for k in ("text", "status", "claim", "relevant", "duplicate", "rule")} == {
        "text": "So Pieter has 20 - 6 = 14 parrots.", "status": "derived",
        "claim": "cont({pieter}, 14, parrots)", "relevant": True, "duplicate": False, "rule": "2b"}
    assert step["arithmetic"] == "20 - 6 = 14"
    assert row["steps"][3]["status"] == "unparsed" and row["steps"][3]["claim"] is None


def test_readable_report_is_plain_off_a_terminal_and_coloured_on_request() -> None:
    plain = io.StringIO()
    render_report(small_report(), plain)
    text = plain.getvalue()
    assert "\x1b[" not in text
    assert "derived" in text and "unparsed" in text and "efficiency: 1.000 (3/3)" in text
    coloured = io.StringIO()
    render_report(small_report(), coloured, color=True)
    assert "\x1b[" in coloured.getvalue()


def test_summary_averages_efficiency_over_correct_answers() -> None:
    rows = [small_report().to_json(), small_report(answer=13).to_json(),
            {"key": "x#0", "problem_id": "x", "error": "no problem with id 'x'"}]
    rows[1]["efficiency"] = 0.25
    summary = summarize(rows)
    assert summary["transcripts"] == 3 and summary["errors"] == 1
    assert summary["accuracy"] == 0.5
    assert summary["efficiency"] == 1.0 and summary["efficiency_all"] == (1.0 + 0.25) / 2
    out = io.StringIO()
    render_summary(summary, out)
    assert "accuracy" in out.getvalue()


def test_filler_states_no_claim_and_a_misread_sentence_keeps_its_reason() -> None:
    import vlp
    from vlp.checker.report import STATES_NO_CLAIM, problem_names, states_no_claim

    names = problem_names(["cont({eddie}, 26, parrots, 1)", "comp({edgar}, {eddie}, 3, parrots)"])
    assert {"eddie", "edgar", "parrots"} <= names and "cont" not in names
    assert states_no_claim("Let me think about this carefully.", names)
    assert not states_no_claim("Hmm, Edgar's parrot is lovely.", names)  # possessive, singular
    transcript = ("Let me think about this carefully.\nPieter has 20 parrots.\n"
                  "Hmm, the parrots of Pieter are lovely to behold indeed.\n")
    from pathlib import Path

    report = vlp.verify(Path(__file__).parent / "data" / "d3.json", transcript)
    out = io.StringIO()
    render_report(report, out, color=False)
    rows = [line for line in out.getvalue().splitlines() if "unparsed" in line]
    assert STATES_NO_CLAIM in rows[0] and "no template matches" not in rows[0]
    assert STATES_NO_CLAIM not in rows[1] and "no template matches" in out.getvalue()


def test_the_batch_summary_says_what_each_measure_is() -> None:
    out = io.StringIO()
    render_summary(summarize([small_report().to_json()]), out)
    text = out.getvalue()
    assert "meaning" in text and "wrong answers included" in text
    assert "correct answers only" in text
