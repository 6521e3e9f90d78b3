"""Small valid inputs of ``verify-proof --batch``, generated (the fastest way to have valid
records): shared by the output layer's tests and issue 24's attack tests."""

from __future__ import annotations

import json
from pathlib import Path

from vlp.cli import main


def make_problems(directory: Path) -> Path:
    """Two small problems in ``directory/inputs/problems.jsonl``."""
    path = directory / "inputs" / "problems.jsonl"
    path.parent.mkdir()
    assert main(["generate", "-n", "2", "--seed", "5", "--depth", "2:2", "--quiet",
                 "-o", str(path)]) == 0
    return path


def make_transcripts(problems: Path) -> Path:
    """The shortest and the BFS baseline's transcript of each problem, beside it."""
    from vlp.lm.baselines import baseline_transcript

    lines = []
    for line in problems.read_text().splitlines():
        record = json.loads(line)
        for strategy in ("shortest", "bfs"):
            text, _ = baseline_transcript(strategy, record)
            lines.append(json.dumps({"id": record["id"], "transcript": text}))
    path = problems.with_name("transcripts.jsonl")
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    return path


def batch(problems: Path, transcripts: Path, out: Path | str, *extra: str) -> list[str]:
    """The command line of a batch into ``out``, printing its summary as JSON."""
    return ["verify", "--batch", str(problems), str(transcripts), "-o", str(out), "--json",
            *extra]
