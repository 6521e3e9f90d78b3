"""The functions of the lm-eval-harness task ``vlp_efficiency`` (``vlp_efficiency.yaml``).

lm-eval imports this file by its path (``!function task.NAME``). Each problem of the data
file is one document; the prompt is the paper's five-shot completion prompt (App. D.2), and
the model's completion -- its proof, then "Therefore, the answer (arabic numerals) is N." --
is verified by ``vlp.verify`` exactly as ``vlp evaluate`` verifies a proof and an answer step.
The metrics are those of ``vlp report``'s scores table: accuracy over all problems;
efficiency, non-axiom efficiency and recall (correct theorems) over the correctly answered
ones (the paper's Table 3), so a wrong answer's value is NaN and left out of the mean; false
steps, the mean number of claims per transcript that are not theorems.
"""

from __future__ import annotations

import json
import math
from collections.abc import Iterable
from pathlib import Path
from typing import Any

from vlp.errors import InputError
from vlp.lm.prompt import ANSWER_CUE, PromptBuilder, clean_proof, join_transcript
from vlp.lm.runner import problem_text, read_problem_lines
from vlp.lm.scoring import VerifyScorer

METRICS = ("accuracy", "efficiency", "efficiency_non_axioms", "recall", "false_steps")
AMONG_CORRECT = ("efficiency", "efficiency_non_axioms", "recall")
_BUILDER = PromptBuilder()


def load_dataset(data: str | None = None, **_: Any) -> dict[str, Any]:
    """The ``test`` split: one document per record of ``data`` (``--metadata '{"data":
    "FILE.jsonl"}'``), each record checked before any request is made."""
    import datasets

    if not data:
        raise InputError("the vlp_efficiency task needs its problem file: "
                         "--metadata '{\"data\": \"FILE.jsonl\"}'")
    path = Path(data)
    scorer = VerifyScorer()
    documents = []
    for number, record in read_problem_lines(path):
        scorer.check(record, f"{path}:{number}")
        documents.append({"id": str(record.get("id", number)), "text": problem_text(record),
                          "answer": str(record.get("answer", "")),
                          "record": json.dumps(record, ensure_ascii=False)})
    if not documents:
        raise InputError("no problem records", str(path))
    return {"test": datasets.Dataset.from_list(documents)}


def doc_to_text(doc: dict[str, Any]) -> str:
    return _BUILDER.completion_proof_prompt(doc["text"])


def split_completion(completion: str) -> tuple[str, str]:
    """(proof, answer) of a one-request completion: the proof ends where the model starts
    the answer sentence; the answer is what follows the cue (empty if it never wrote it)."""
    proof = clean_proof(completion)
    at = completion.lower().find(ANSWER_CUE.lower())
    answer = completion[at + len(ANSWER_CUE):].strip() if at >= 0 else ""
    return proof, answer.splitlines()[0].strip() if answer else ""


def scores(report: dict[str, Any]) -> dict[str, float]:
    """One transcript's metric values from its verification report (``Report.to_json()``)."""
    correct = bool(report.get("answer_correct"))
    values = {"accuracy": float(correct),
              "false_steps": float(report.get("false_claims") or 0)}
    for name in AMONG_CORRECT:
        value = report.get(name)
        values[name] = float(value) if correct and value is not None else math.nan
    return values


def process_results(doc: dict[str, Any], results: list[str]) -> dict[str, float]:
    proof, answer = split_completion(results[0] if results else "")
    try:
        report = VerifyScorer()(json.loads(doc["record"]), join_transcript(proof, answer),
                                answer)
    except InputError:  # a completion past vlp.limits: a wrong answer, not a failed run
        return {name: (0.0 if name == "accuracy" else math.nan) for name in METRICS}
    return scores(report)


def mean_of_scored(values: Iterable[float]) -> float:
    """The mean over the documents that have a value (NaN: a wrong answer's efficiency);
    NaN when none has."""
    kept = [v for v in values if not math.isnan(v)]
    return sum(kept) / len(kept) if kept else math.nan
