"""`verify-proof` / `vlp verify` on the command line: reports, JSON, batch, bad input."""

from __future__ import annotations

import json
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
    # a file of one record names it; a file of several needs FILE.jsonl:ID or --id
    records.write_text(records.read_text() + records.read_text().replace('"a"', '"b"'))
    code, _out, err = run_cli(capsys, str(records), str(transcript))
    assert "FILE.jsonl:ID" in one_line_error(code, err)


def test_batch_needs_an_output(tmp_path: Path, capsys) -> None:
    code = main(["verify", "--batch", "a.jsonl", "b.jsonl"])
    err = capsys.readouterr().err
    assert "needs -o" in one_line_error(code, err)


def test_readable_report_on_d3(capsys) -> None:
    code, out, _err = run_cli(capsys, str(DATA / "d3.txt"), str(DATA / "d3_llama.txt"))
    assert code == 0
    assert "derived-multi" in out and "efficiency: 0.556 (10/18)" in out
    assert "efficiency (non-axioms): 0.500 (4/8)" in out and "\x1b[" not in out


def test_json_report_from_stdin(capsys, monkeypatch) -> None:
    import io
    import sys

    data = (DATA / "d3_llama.txt").read_bytes()
    monkeypatch.setattr(sys, "stdin", io.TextIOWrapper(io.BytesIO(data)))
    code, out, _err = run_cli(capsys, str(DATA / "d3.json"), "-", "--json")
    assert code == 0
    row = json.loads(out)
    assert row["answer_correct"] is True and row["predicted_answer"] == 26
    assert row["gold_answer"] == 26 and row["efficiency"] == 10 / 18
    assert row["efficiency_non_axioms"] == 0.5 and row["recall"] == 1.0
    assert row["exact_match"] is False
    edgar = next(s for s in row["steps"] if s["text"].startswith("So Edgar has 15 more"))
    assert edgar["status"] == "derived-multi" and edgar["relevant"] is False
    assert set(edgar) >= {"text", "status", "claim", "relevant", "duplicate", "rule"}


def test_jsonl_record_by_id(tmp_path: Path, capsys) -> None:
    program = json.loads((DATA / "d3.json").read_text(encoding="utf-8"))
    records = tmp_path / "problems.jsonl"
    records.write_text(json.dumps({"id": "other", "problem": "Al has 3 apples. How many "
                                   "apples does Al have?"}) + "\n"
                       + json.dumps({"id": "d3", "answer": 26, **program}) + "\n")
    code, out, _err = run_cli(capsys, f"{records}:d3", str(DATA / "d3_llama.txt"), "--json")
    assert code == 0 and json.loads(out)["problem_id"] == "d3"


def batch_files(tmp_path: Path) -> tuple[Path, Path]:
    program = json.loads((DATA / "d3.json").read_text(encoding="utf-8"))
    llama = (DATA / "d3_llama.txt").read_text(encoding="utf-8")
    problems = tmp_path / "problems.jsonl"
    problems.write_text(json.dumps({"id": "d3", "answer": 26, **program}) + "\n"
                        + json.dumps({"id": "tiny", "problem": "Al has 3 apples. Al then gives "
                                      "Bo 1 apple. How many apples does Al have?"}) + "\n")
    transcripts = tmp_path / "transcripts.jsonl"
    rows = [{"id": "d3", "transcript": llama},
            {"id": "tiny", "transcript": "Al has 3 apples. Al then gives Bo 1 apple. "
                                         "So Al has 3 - 1 = 2 apples."},
            {"id": "d3", "transcript": llama.replace("is 26.", "is 25.")},
            {"id": "ghost", "transcript": "Al has 3 apples."}]
    transcripts.write_text("".join(json.dumps(r) + "\n" for r in rows) + "{not json\n")
    return problems, transcripts


def test_batch_reports_every_transcript_and_summarizes(tmp_path: Path, capsys) -> None:
    problems, transcripts = batch_files(tmp_path)
    output = tmp_path / "out" / "report.jsonl"
    code = main(["verify", "--batch", str(problems), str(transcripts), "-o", str(output)])
    out, err = capsys.readouterr()
    # two rows could not be verified (no problem 'ghost', a malformed line): exit code 1
    assert code == 1 and "accuracy" in out
    assert f"2 of 5 transcripts were not verified (their rows in {output} say why)" in err
    rows = [json.loads(line) for line in output.read_text().splitlines()]
    assert [r["key"] for r in rows] == ["d3#0", "tiny#0", "d3#1", "ghost#0", "line 5#0"]
    assert rows[0]["efficiency"] == 10 / 18 and rows[1]["exact_match"] is True
    assert rows[2]["answer_correct"] is False
    assert "no problem with id 'ghost'" in rows[3]["error"]
    assert "malformed JSON" in rows[4]["error"]


def test_batch_resumes_an_interrupted_run(tmp_path: Path, capsys) -> None:
    problems, transcripts = batch_files(tmp_path)
    output = tmp_path / "report.jsonl"
    main(["verify", "--batch", str(problems), str(transcripts), "-o", str(output)])
    capsys.readouterr()
    complete = output.read_text().splitlines()
    # an interrupted run: two reports written, the third cut off mid-line
    marker = json.loads(complete[0]) | {"marker": "kept"}
    output.write_text(json.dumps(marker) + "\n" + complete[1] + "\n" + complete[2][:40])
    code = main(["verify", "--batch", str(problems), str(transcripts), "-o", str(output),
                 "--json"])
    summary = json.loads(capsys.readouterr().out)
    assert code == 1 and summary["transcripts"] == 5 and summary["errors"] == 2
    rows = [json.loads(line) for line in output.read_text().splitlines()]
    assert [r["key"] for r in rows] == ["d3#0", "tiny#0", "d3#1", "ghost#0", "line 5#0"]
    assert rows[0].get("marker") == "kept"  # not re-verified
    code = main(["verify", "--batch", str(problems), str(transcripts), "-o", str(output),
                 "--restart"])
    rows = [json.loads(line) for line in output.read_text().splitlines()]
    assert code == 1 and "marker" not in rows[0] and len(rows) == 5
