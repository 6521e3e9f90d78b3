"""`vlp generate`, `vlp certify`, `vlp stats` end to end (small sizes)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from vlp.cli import main


def _generate(tmp_path: Path, name: str, *extra: str) -> Path:
    out = tmp_path / name
    assert main(["generate", "-n", "3", "--seed", "5", "--depth", "2:2", "--quiet",
                 "-o", str(out), *extra]) == 0
    return out


def test_same_seed_same_bytes_with_one_or_two_workers(tmp_path: Path) -> None:
    args = ("--setting", "tree", "--overlap", "both", "--connection", "connected")
    one = _generate(tmp_path, "one.jsonl", *args)
    two = _generate(tmp_path, "two.jsonl", *args, "--workers", "2")
    assert one.read_bytes() == two.read_bytes()
    assert len(one.read_text().splitlines()) == 3


def test_shards_concatenate_to_the_whole_file(tmp_path: Path) -> None:
    whole = _generate(tmp_path, "whole.jsonl", "--setting", "axiom")
    parts = [_generate(tmp_path, f"part{i}.jsonl", "--setting", "axiom", "--shard", f"{i}/2")
             for i in range(2)]
    assert b"".join(p.read_bytes() for p in parts) == whole.read_bytes()


def test_certify_passes_then_fails_on_a_tampered_record(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    out = _generate(tmp_path, "p.jsonl", "--setting", "axiom", "--overlap", "agent",
                    "--query", "both")
    lines = out.read_text().splitlines()
    assert len(lines) == 6
    assert main(["certify", str(out)]) == 0
    record = json.loads(lines[0])
    record["answer"] += 1
    goal = record["goal"]
    agents, rest = goal.split("}, ", 1)
    quantity, tail = rest.split(", ", 1)
    record["goal"] = f"{agents}}}, {int(quantity) + 1}, {tail}"
    bad = tmp_path / "bad.jsonl"
    bad.write_text("\n".join([json.dumps(record), *lines[1:]]) + "\n")
    capsys.readouterr()
    assert main(["certify", str(bad)]) == 1
    assert f"{bad}:1:" in capsys.readouterr().out


def test_stats_prints_step_and_axiom_tables(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    out = _generate(tmp_path, "s.jsonl")
    capsys.readouterr()
    assert main(["stats", str(out)]) == 0
    printed = capsys.readouterr().out
    assert "derived steps" in printed and "axioms per problem" in printed
    assert "base" in printed


def test_bad_input_is_one_line_exit_2(tmp_path: Path,
                                      capsys: pytest.CaptureFixture[str]) -> None:
    junk = tmp_path / "junk.jsonl"
    junk.write_text("{\"id\": 1}\n")
    assert main(["certify", str(junk)]) == 2
    assert main(["generate", "-n", "1", "--depth", "3", "-o", str(tmp_path / "x.jsonl")]) == 2
    assert main(["generate", "-n", "1", "--control", "-o", str(tmp_path / "x.jsonl")]) == 2
    errors = capsys.readouterr().err.strip().splitlines()
    assert all("Traceback" not in line for line in errors)


def test_output_naming_a_directory_gets_a_file_inside_it(tmp_path: Path) -> None:
    """`-o data/` (even before data/ exists) writes data/problems.jsonl, not a file `data`."""
    target = tmp_path / "data"
    assert main(["generate", "-n", "1", "--seed", "5", "--depth", "2:2", "--quiet",
                 "-o", f"{target}/"]) == 0
    assert target.is_dir() and (target / "problems.jsonl").read_text().count("\n") == 1


def test_an_interrupted_run_resumes_to_the_same_bytes(tmp_path: Path) -> None:
    """Killed after two jobs (with half a job written), a rerun of the same command skips
    what is done and ends byte-identical to an uninterrupted run, with no checkpoint left."""
    from vlp.sampler.config import SamplerConfig
    from vlp.sampler.dataset import Spec, single_jobs, write_dataset

    config = SamplerConfig()
    jobs = single_jobs(7, 5, Spec("tree", "entity", "disconnected", False), ("nonground",))
    whole = tmp_path / "whole.jsonl"
    write_dataset(jobs, whole, config=config)

    class Killed(Exception):
        pass

    def die_after_two(done: int, total: int) -> None:
        if done == 2:
            with part.open("a", encoding="utf-8") as handle:
                handle.write('{"half": ')  # a job cut off mid-line
            raise Killed

    part = tmp_path / "part.jsonl"
    with pytest.raises(Killed):
        write_dataset(jobs, part, config=config, progress=die_after_two)
    assert (tmp_path / "part.jsonl.partial").exists()
    summary = write_dataset(jobs, part, config=config)
    assert summary.resumed_jobs == 2
    assert part.read_bytes() == whole.read_bytes()
    assert not (tmp_path / "part.jsonl.partial").exists()
