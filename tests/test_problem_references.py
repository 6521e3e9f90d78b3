"""Problem references: one problem named the same way by `vlp prove`, `vlp certify`,
`verify-proof` and `vlp.verify` (``FILE.jsonl:ID``, a ``.jsonl`` file of one record or
``--id``, a program file, a record, the problem's text); bad references are one line."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

import vlp
from vlp.cli import main, verify_proof_main
from vlp.errors import InputError
from vlp.lm.baselines import baseline_transcript

DATA = Path(__file__).parent / "data"


@pytest.fixture(scope="module")
def generated(tmp_path_factory) -> tuple[Path, Path, list[dict]]:
    """A generated file of two problems and one of its first problem alone."""
    folder = tmp_path_factory.mktemp("references")
    both = folder / "P.jsonl"
    assert main(["generate", "--setting", "trees", "-n", "2", "--seed", "5", "-o", str(both),
                 "--quiet"]) == 0
    records = [json.loads(line) for line in both.read_text().splitlines()]
    one = folder / "one.jsonl"
    one.write_text(json.dumps(records[0]) + "\n")
    return both, one, records


def _error(capsys, code: int) -> str:
    err = capsys.readouterr().err
    assert code == 2 and "Traceback" not in err
    lines = [line for line in err.splitlines() if line.strip()]
    assert len(lines) == 1, err
    return lines[0]


def test_prove_accepts_every_reference(generated, capsys) -> None:
    both, one, records = generated
    first = records[0]
    answers = []
    for argv in ([f"{both}:{first['id']}"], [str(one)], [str(both), "--id", first["id"]],
                 [f"{both}:1"], [first["problem"]] if "problem" in first else [str(one)]):
        assert main(["prove", *argv, "--json"]) == 0, argv
        answers.append(json.loads(capsys.readouterr().out)["answer"])
    assert answers == [first["answer"]] * len(answers)


def test_certify_accepts_one_record_or_the_file(generated, capsys) -> None:
    both, one, records = generated
    assert main(["certify", f"{both}:{records[1]['id']}"]) == 0
    assert "1/1 problems certified" in capsys.readouterr().out
    assert main(["certify", str(both), "--id", records[0]["id"]]) == 0
    assert "1/1 problems certified" in capsys.readouterr().out
    assert main(["certify", str(both)]) == 0
    assert "2/2 problems certified" in capsys.readouterr().out
    message = _error(capsys, main(["certify", str(DATA / "d3.json")]))
    assert "vlp prove" in message


def test_verify_proof_and_the_api_agree(generated, capsys) -> None:
    both, one, records = generated
    first = records[0]
    text, _ = baseline_transcript("shortest", first)
    transcript = both.with_name("t.txt")
    transcript.write_text(text)
    rows = []
    for argv in ([f"{both}:{first['id']}"], [str(one)], [str(both)]):
        extra = ["--id", first["id"]] if argv == [str(both)] else []
        assert verify_proof_main([*argv, str(transcript), "--json", *extra]) == 0
        rows.append(json.loads(capsys.readouterr().out))
    assert {row["problem_id"] for row in rows} == {first["id"]}
    assert {row["efficiency"] for row in rows} == {1.0}
    for reference in (f"{both}:{first['id']}", str(one), one, first):
        report = vlp.verify(reference, text)
        assert report.problem_id == first["id"] and report.efficiency == 1.0
    if "problem" in first:
        assert vlp.verify(first["problem"], text).answer_correct


def test_bad_references_are_one_line(generated, capsys, tmp_path) -> None:
    both, one, records = generated
    transcript = tmp_path / "t.txt"
    transcript.write_text("Nobody has 3 apples.\n")
    message = _error(capsys, main(["prove", str(both)]))
    assert "several records" in message and "FILE.jsonl:ID" in message
    message = _error(capsys, main(["prove", f"{both}:nope"]))
    assert "no record with id 'nope'" in message
    message = _error(capsys, main(["prove", str(tmp_path / "absent.jsonl:a")]))
    assert "absent.jsonl" in message
    message = _error(capsys, main(["prove", f"{both}:{records[0]['id']}", "--id", "other"]))
    assert "give one" in message
    message = _error(capsys, verify_proof_main([str(DATA / "d3.json"), str(transcript),
                                                "--id", "x"]))
    assert "--id" in message
    with pytest.raises(InputError, match="several records"):
        vlp.verify(str(both), "x")
    with pytest.raises(InputError, match="no such problem file"):
        vlp.verify("missing.jsonl:abc", "x")
