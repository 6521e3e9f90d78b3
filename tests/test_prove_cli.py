"""``vlp prove``: text and JSON output, and one-line errors for bad input (exit 2)."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from vlp.cli import main

DATA = Path(__file__).parent / "data"


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


def test_d3_json(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "prove", str(DATA / "d3.json"), "--json")
    assert code == 0
    result = json.loads(out)
    assert result["answer"] == 26
    assert result["proof_size"] == 10
    assert result["axioms_in_proof"] == 6
    assert result["unique"] is True
    assert result["runner_up_size"] is None or result["runner_up_size"] > 10
    assert [step["rule"] for step in result["proof"]] == ["2b", "1c", "5a", "1b"]
    assert result["proof"][0] == {
        "rule": "2b",
        "premises": ["cont({pieter}, 20, parrots, 0)",
                     "transfer({pieter}, {yorgos}, 6, parrots, 0)"],
        "conclusion": "cont({pieter}, 14, parrots, 1)",
    }
    assert isinstance(result["popped"], int) and result["popped"] > 0


def test_d2_json_with_each_strategy(capsys: pytest.CaptureFixture[str]) -> None:
    popped = {}
    for strategy in ("dfs", "bfs", "overlap"):
        code, out, _ = run(capsys, "prove", str(DATA / "d2.json"), "--strategy", strategy,
                           "--json")
        assert code == 0
        result = json.loads(out)
        assert (result["answer"], result["proof_size"], result["unique"]) == (2, 9, True)
        popped[strategy] = result["popped"]
        assert popped[strategy] > 0
    for strategy in ("dfs", "overlap"):
        code, out, _ = run(capsys, "prove", str(DATA / "d3.json"), "--strategy", strategy,
                           "--json")
        popped[f"d3 {strategy}"] = json.loads(out)["popped"]
    # the strategies differ in effort, not in the proof
    assert popped["d3 dfs"] != popped["d3 overlap"]


def test_text_output_is_an_indented_tree(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "prove", str(DATA / "d3.json"), "--strategy", "overlap")
    assert code == 0
    lines = out.splitlines()
    assert lines[0].startswith("answer: 26")
    assert "10 claims (6 axioms, 4 derived)" in lines[1]
    assert lines[2] == "  cont({eddie}, 26, parrots, 1)  [rule 1b]"
    assert "    cont({edgar}, 29, parrots, 1)  [rule 5a]" in lines
    assert "        cont({pieter}, 20, parrots, 0)  [axiom]" in lines
    assert any(line.startswith("certificate: unique") for line in lines)
    assert lines[-1].startswith("popped: 10 theorems (overlap)")


def test_query_override(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "prove", str(DATA / "d3.json"), "--query",
                       "cont({edgar}, ?, parrots, ?)", "--json")
    assert code == 0
    result = json.loads(out)
    assert result["answer"] == 29 and result["proof_size"] == 8


@pytest.mark.parametrize("query", ["cont({eddie}, ?, parrots", "cont({nobody}, ?, parrots, ?)"])
def test_bad_or_unanswerable_query(capsys: pytest.CaptureFixture[str], query: str) -> None:
    code, out, err = run(capsys, "prove", str(DATA / "d3.json"), "--query", query)
    assert code == 2 and out == ""
    assert len(err.strip().splitlines()) == 1 and "Traceback" not in err


def test_malformed_json_names_file_and_line(capsys: pytest.CaptureFixture[str]) -> None:
    code, _, err = run(capsys, "prove", str(DATA / "bad_json.json"))
    assert code == 2
    assert f"{DATA / 'bad_json.json'}:6:" in err and "malformed JSON" in err
    assert len(err.strip().splitlines()) == 1


def test_bad_atom_names_file_and_line(capsys: pytest.CaptureFixture[str]) -> None:
    code, _, err = run(capsys, "prove", str(DATA / "bad_atom.json"))
    assert code == 2
    assert f"{DATA / 'bad_atom.json'}:4:" in err and "cont({b}, two, x, 0)" in err
    assert len(err.strip().splitlines()) == 1


def test_missing_file_and_missing_query(capsys: pytest.CaptureFixture[str], tmp_path: Path
                                        ) -> None:
    code, _, err = run(capsys, "prove", str(tmp_path / "absent.json"))
    assert code == 2 and "absent.json: no such program file" in err
    no_query = tmp_path / "no_query.json"
    no_query.write_text('{"axioms": ["cont({a}, 1, x, 0)"]}', encoding="utf-8")
    code, _, err = run(capsys, "prove", str(no_query))
    assert code == 2 and "--query" in err
    code, out, _ = run(capsys, "prove", str(no_query), "--query", "cont({a}, ?, x, ?)", "--json")
    assert code == 0 and json.loads(out)["answer"] == 1


@pytest.mark.parametrize("content, line", [
    ('[1, 2]', 1),
    ('{\n  "axioms": []\n}', 2),
    ('{\n  "axioms": [\n    17\n  ]\n}', 2),
    ('{\n  "axioms": ["cont({a}, 1, x, 0)",\n    "cont({a}, 1, x, 0)"]\n}', 3),
    ('{\n  "axioms": ["cont({a}, 1, x, 0)"],\n  "query": "cont({a}, ?, x"\n}', 3),
    ('{\n  "axioms": ["cont({a}, 1, x, 0)"],\n  "query": 3\n}', 3),
    ('{\n  "axioms": ["cont({a}, ?, x, 0)"]\n}', 2),
])
def test_structural_errors_are_located(capsys: pytest.CaptureFixture[str], tmp_path: Path,
                                       content: str, line: int) -> None:
    path = tmp_path / "program.json"
    path.write_text(content, encoding="utf-8")
    code, _, err = run(capsys, "prove", str(path))
    assert code == 2
    assert f"{path}:{line}:" in err, err
    assert len(err.strip().splitlines()) == 1


def test_numerical_inconsistency_exits_2_naming_both_atoms(
    capsys: pytest.CaptureFixture[str],
) -> None:
    code, out, err = run(capsys, "prove", str(DATA / "inconsistent.json"))
    assert code == 2 and out == ""
    assert "cont({bea}, 7, pens, 0)" in err and "cont({bea}, 9, pens, 0)" in err
    assert len(err.strip().splitlines()) == 1


def test_console_script_never_prints_a_traceback() -> None:
    for name in ("bad_json.json", "inconsistent.json"):
        completed = subprocess.run(
            [sys.executable, "-m", "vlp.cli", "prove", str(DATA / name)],
            capture_output=True, text=True, timeout=120, check=False,
        )
        assert completed.returncode == 2, completed.stderr
        assert "Traceback" not in completed.stderr
        assert completed.stderr.count("\n") == 1


def test_word_problem_text_file(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    # the same problem as d3.json, as the paper prints it: read by vlp.grammar.parse_problem
    program = json.loads((DATA / "d3.json").read_text(encoding="utf-8"))
    text = " ".join(a["sentence"] for a in program["axioms"]) + " " + program["question"]
    path = tmp_path / "d3.txt"
    path.write_text(text, encoding="utf-8")
    code, out, _ = run(capsys, "prove", str(path), "--json")
    assert code == 0
    result = json.loads(out)
    assert (result["answer"], result["proof_size"], result["unique"]) == (26, 10, True)


def test_unreadable_word_problem_names_the_line(capsys: pytest.CaptureFixture[str],
                                                tmp_path: Path) -> None:
    path = tmp_path / "bad.txt"
    path.write_text("Anatola has 67 keys.\nBlah blah frobnicate.\nHow many keys does Anatola "
                    "have?\n", encoding="utf-8")
    code, _, err = run(capsys, "prove", str(path))
    assert code == 2
    assert f"{path}:2" in err and "Traceback" not in err
    assert len(err.strip().splitlines()) == 1
