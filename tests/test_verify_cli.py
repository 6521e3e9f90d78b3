"""`verify-proof` / `vlp verify` on the command line: reports, JSON, batch, bad input."""

from __future__ import annotations

from pathlib import Path

import pytest

from vlp.cli import main, verify_proof_main

DATA = Path(__file__).parent / "data"


def run_cli(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    code = verify_proof_main(list(argv))
    captured = capsys.readouterr()
    return code, captured.out, captured.err


def one_line_error(code: int, err: str) -> str:
    assert code == 2
    assert "Traceback" not in err
    lines = [line for line in err.splitlines() if line.strip()]
    assert len(lines) == 1, err
    return lines[0]


def test_binary_transcript_is_a_one_line_error(tmp_path: Path, capsys) -> None:
    binary = tmp_path / "t.bin"
    binary.write_bytes(b"\x89PNG\r\n\x1a\n\x00\x00\x00")
    code, _out, err = run_cli(capsys, str(DATA / "d3.json"), str(binary))
    assert "binary file" in one_line_error(code, err)


def test_missing_files_are_one_line_errors(tmp_path: Path, capsys) -> None:
    transcript = tmp_path / "t.txt"
    transcript.write_text("Pieter has 20 parrots.\n")
    code, _out, err = run_cli(capsys, str(tmp_path / "nope.json"), str(transcript))
    assert "no such problem file" in one_line_error(code, err)
    code, _out, err = run_cli(capsys, str(DATA / "d3.json"), str(tmp_path / "nope.txt"))
    assert "no such transcript file" in one_line_error(code, err)


def test_malformed_records_are_one_line_errors(tmp_path: Path, capsys) -> None:
    transcript = tmp_path / "t.txt"
    transcript.write_text("Pieter has 20 parrots.\n")
    broken = tmp_path / "broken.json"
    broken.write_text('{"axioms": ["cont({a}, 1, x, 0)"],\n "query": ')
    code, _out, err = run_cli(capsys, str(broken), str(transcript))
    assert f"{broken}:2" in one_line_error(code, err)
    odd = tmp_path / "odd.json"
    odd.write_text('{"id": "p1", "answer": 3}')
    code, _out, err = run_cli(capsys, str(odd), str(transcript))
    assert "malformed problem record" in one_line_error(code, err)
    bad_atom = tmp_path / "bad_atom.json"
    bad_atom.write_text('{"axioms": ["cont({a}, -1, x, 0)"], "query": "cont({a}, ?, x, ?)"}')
    code, _out, err = run_cli(capsys, str(bad_atom), str(transcript))
    assert "bad atom" in one_line_error(code, err)
    records = tmp_path / "problems.jsonl"
    records.write_text('{"id": "a", "axioms": ["cont({a}, 1, x, 0)"], '
                       '"query": "cont({a}, ?, x, ?)"}\n')
    code, _out, err = run_cli(capsys, f"{records}:zzz", str(transcript))
    assert "no record with id 'zzz'" in one_line_error(code, err)
    code, _out, err = run_cli(capsys, str(records), str(transcript))
    assert "FILE.jsonl:ID" in one_line_error(code, err)


def test_batch_needs_an_output(tmp_path: Path, capsys) -> None:
    code = main(["verify", "--batch", "a.jsonl", "b.jsonl"])
    err = capsys.readouterr().err
    assert "needs -o" in one_line_error(code, err)
