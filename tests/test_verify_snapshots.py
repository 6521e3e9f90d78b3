"""Snapshots of today's verdicts on the template corpus: what must not change by accident.

Every transcript of ``tests/data/transcripts/`` (and the App. D.3 one) is verified against
the problem ``tests/data/snapshots/cases.json`` names, and its steps (sentence, text, claim,
verdict, relevant, duplicate), answer and metrics are compared with the snapshot under
``tests/data/snapshots/`` taken on main before the problem-aware reader (issue 10) landed.
Speed work must keep these outputs identical.

Strict mode: once ``vlp.verify`` has a ``strict`` parameter (read the template language
only), the snapshots are compared under ``strict=True``, because that is the mode promised
to reproduce today's verdicts; until then the default mode is what today's verdicts are.

After a deliberate change of verdicts, regenerate with
``VLP_UPDATE_SNAPSHOTS=1 python -m pytest tests/test_verify_snapshots.py`` and review the
diff.
"""

from __future__ import annotations

import inspect
import json
import os
from pathlib import Path
from typing import Any

import attrs
import pytest

from vlp.api import verify

DATA = Path(__file__).parent / "data"
SNAPSHOTS = DATA / "snapshots"
CASES = json.loads((SNAPSHOTS / "cases.json").read_text(encoding="utf-8"))
STRICT = "strict" in inspect.signature(verify).parameters


def transcript_text(path: Path) -> str:
    """A corpus file's transcript (the parsing expectations after it are not part of it)."""
    return path.read_text(encoding="utf-8").partition("=== expected\n")[0]


def problem(name: str) -> Any:
    value = CASES["problems"][name]
    return DATA / value[1:] if value.startswith("@") else value


def observed(transcript: str, problem_name: str) -> dict[str, Any]:
    options = {"strict": True} if STRICT else {}
    report = verify(problem(problem_name), transcript, **options)
    return {
        "problem": problem_name,
        "mode": report.mode,
        "predicted_answer": report.predicted_answer,
        "answer_correct": report.answer_correct,
        "steps": [{"sentence": s.sentence, "text": s.text,
                   "claim": None if s.claim is None else str(s.claim),
                   "verdict": s.status.value, "relevant": s.relevant,
                   "duplicate": s.duplicate} for s in report.steps],
        "metrics": attrs.asdict(report.metrics),
    }


def snapshot_path(transcript: str) -> Path:
    return SNAPSHOTS / (Path(transcript).stem + ".json")


def test_every_template_transcript_has_a_case() -> None:
    corpus = {f"transcripts/{p.name}" for p in (DATA / "transcripts").glob("*.txt")}
    assert corpus <= set(CASES["transcripts"])
    assert set(CASES["transcripts"].values()) <= set(CASES["problems"])


@pytest.mark.parametrize("transcript", sorted(CASES["transcripts"]), ids=lambda t: Path(t).stem)
def test_verdicts_match_the_snapshot(transcript: str) -> None:
    result = observed(transcript_text(DATA / transcript), CASES["transcripts"][transcript])
    path = snapshot_path(transcript)
    if os.environ.get("VLP_UPDATE_SNAPSHOTS") == "1":
        path.write_text(json.dumps(result, indent=1, ensure_ascii=False) + "\n",
                        encoding="utf-8")
    expected = json.loads(path.read_text(encoding="utf-8"))
    assert result["steps"] == expected["steps"]
    assert result == expected
