"""Run directories for the viewer's tests: every verdict, every filter value, hostile text."""

from __future__ import annotations

import json
from pathlib import Path

PROBLEM = "Ann has 3 apples. Ann gets 6 apples. How many apples does Ann have?"
HOSTILE = "</script><img src=x onerror=\"document.title='pwned'\"> & <b>bold</b>"


def _step(sentence: int, status: str, relevant: bool, text: str, **extra: object) -> dict:
    return {"sentence": sentence, "text": text, "status": status, "relevant": relevant,
            "claim": f"cont({{a}}, {sentence}, apples)", "rule": "axiom", "duplicate": False,
            "missing": [], "arithmetic": None, "reason": None, **extra}


def record(problem: str, setting: str, overlap: str | None, correct: bool, *,
           control: bool = False, kind: str = "nonground", false_step: bool = False) -> dict:
    steps = [
        _step(1, "axiom", True, "Ann has 3 apples.",
              reading={"method": "template", "cues": [], "resolved": {}}),
        _step(2, "derived", False, "Bob has 5 pears.",
              reading={"method": "loose", "cues": ["more"], "resolved": {"he": "bob"}}),
        _step(3, "derived-multi", True, "So Ann has 9 apples.", missing=["cont({a}, 6, apples)"]),
        _step(4, "unparsed", False, HOSTILE, reason="no claim could be read"),
    ]
    if false_step:
        steps.append(_step(5, "false", False, "So Ann has 10 apples.",
                           reason="not a theorem: Ann has 9 apples", read_by="arithmetic"))
    # what the model wrote: numbered, one step in markdown the reader took off
    transcript = "\n".join(
        [f"{s['sentence']}. {s['text']}" for s in steps[:2]]
        + ["3. **So** Ann has 9 apples.", f"4. {HOSTILE}"]
        + ([f"{s['sentence']}. {s['text']}" for s in steps[4:]])
        + ["Therefore, the answer (arabic numerals) is 9."])
    return {"problem_id": problem, "sample": 0, "setting": setting, "overlap": overlap,
            "control": control, "query_kind": kind, "answer_text": "9",
            "transcript": transcript,
            "prompt": {"problem_text": f"{PROBLEM} ({problem})"},
            "score": {"answer_correct": correct, "predicted_answer": 9 if correct else 10,
                      "gold_answer": 9, "goal": "cont({a}, 9, apples)", "mode": "claims",
                      "efficiency": 0.5, "efficiency_non_axioms": 0.25, "recall": 1.0,
                      "exact_match": False, "transcript_tokens": 20, "reference_tokens": 12,
                      "reference_proof": ["Ann has 3 apples.", "So Ann has 9 apples."],
                      "notes": [], "steps": steps,
                      "search_order": {"distance_dfs": 0.5, "distance_bfs": 0.25,
                                       "distance_shortest_proof": 0.0}}}


RECORDS = {
    "openai:gpt-4o-mini": [
        record("base-0", "base", None, True),
        record("axiom-none", "axiom", "none", True),
        record("axiom-control", "axiom", "none", True, control=True),
        record("trees-agent", "trees", "agent", False, false_step=True),
        record("trees-both", "trees", "both", True),
        record("trees-both-ground", "trees", "both", True, kind="ground", false_step=True),
    ],
    "baseline:bfs": [
        record("base-0", "base", None, True),
        record("trees-agent", "trees", "agent", True),
    ],
}


def write_runs(root: Path) -> list[Path]:
    paths = []
    for model, records in RECORDS.items():
        path = root / model.replace(":", "-")
        path.mkdir(parents=True)
        config = {"model": model, "vlp_version": "0.1.0", "seed": 0}
        (path / "run.json").write_text(json.dumps(config), encoding="utf-8")
        (path / "results.jsonl").write_text("".join(json.dumps(r) + "\n" for r in records),
                                            encoding="utf-8")
        paths.append(path)
    return paths
