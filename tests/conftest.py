"""Fixtures shared by the batch-verification tests (workers, Ray)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from vlp.cli import main
from vlp.lm.baselines import baseline_transcript


@pytest.fixture(scope="session")
def batch_problems(tmp_path_factory) -> Path:
    path = tmp_path_factory.mktemp("batch") / "problems.jsonl"
    assert main(["generate", "--setting", "trees", "--overlap", "both", "-n", "4",
                 "--seed", "3", "-o", str(path), "--quiet"]) == 0
    return path


@pytest.fixture(scope="session")
def batch_transcripts(batch_problems: Path) -> Path:
    """Baseline transcripts interleaving the problems, with bad lines among them."""
    records = [json.loads(line) for line in batch_problems.read_text().splitlines()]
    lines = []
    for strategy in ("shortest", "bfs", "dfs", "overlap"):
        for record in records:
            text, _ = baseline_transcript(strategy, record)
            lines.append(json.dumps({"id": record["id"], "transcript": text}))
    lines[3:3] = ["{malformed", json.dumps({"id": "no-such-problem", "transcript": "x"}),
                  json.dumps({"id": records[0]["id"], "answer": 3}),
                  json.dumps({"id": records[1]["id"], "transcript": "9 + 9 = 19.",
                              "answer": "19"})]
    path = batch_problems.with_name("transcripts.jsonl")
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    return path


def _run_batch(problems: Path, transcripts: Path, out: Path, *options: str) -> bytes:
    # the transcripts hold bad lines, which cannot be verified: exit code 1
    assert main(["verify", "--batch", str(problems), str(transcripts), "-o", str(out),
                 "--json", *options]) == 1
    return out.read_bytes()


@pytest.fixture(scope="session")
def verify_batch():
    """``verify_batch(problems, transcripts, out, *options)``: the report file's bytes."""
    return _run_batch
