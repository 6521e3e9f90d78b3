"""The input layer (issue 15 §1, §4): every command reads bytes, JSON, records and flags
through one layer, and bad input is one line on stderr naming FILE[:LINE[:FIELD]] (or the
flag), exit code 2, no traceback, and nothing written. ``certify`` and ``evaluate`` check
what a record claims. Each reproducer of issue 15 in this area is a test here."""

from __future__ import annotations

import json
import subprocess
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

import vlp
from vlp import flags
from vlp.cli import main
from vlp.records import MAX_JSON_DEPTH
from vlp.validate import PROBLEM_FIELDS, SETTINGS

DEEP = "[" * 200_000 + "]" * 200_000


@pytest.fixture(scope="module")
def dataset(tmp_path_factory: pytest.TempPathFactory) -> list[dict[str, Any]]:
    """Three base problems and three `axiom` problems with their controls' kin."""
    folder = tmp_path_factory.mktemp("data")
    rows = []
    for name, extra in (("base", []), ("axiom", ["--setting", "axiom", "--overlap", "agent"])):
        out = folder / f"{name}.jsonl"
        assert main(["generate", "-n", "3", "--seed", "3", "--depth", "2:2", "--quiet",
                     "-o", str(out), *extra]) == 0
        rows += [json.loads(line) for line in out.read_text().splitlines()]
    return rows


def _write(path: Path, rows: list[Any]) -> Path:
    path.write_text("".join(json.dumps(r) + "\n" for r in rows), encoding="utf-8")
    return path


def _edited(dataset: list[dict[str, Any]], index: int,
            edit: Callable[[dict[str, Any]], None]) -> list[dict[str, Any]]:
    rows = json.loads(json.dumps(dataset))
    edit(rows[index])
    return rows


def _files(folder: Path) -> dict[str, bytes]:
    return {str(p.relative_to(folder)): p.read_bytes() for p in sorted(folder.rglob("*"))
            if p.is_file()}


def _refused(capsys: pytest.CaptureFixture[str], folder: Path, argv: list[str],
             located: str, code: int = 2) -> str:
    """Run ``vlp ARGV``: exit ``code``, one line on stderr containing ``located``, and no
    file under ``folder`` written or changed. Returns that line."""
    before = _files(folder)
    capsys.readouterr()
    assert main(argv) == code
    captured = capsys.readouterr()
    lines = captured.err.splitlines()
    assert len(lines) == 1, captured.err
    assert located in lines[0], lines[0]
    assert "Traceback" not in captured.err + captured.out
    assert _files(folder) == before, "a refused command wrote something"
    return lines[0]


def _parse_refused(capsys: pytest.CaptureFixture[str], folder: Path, argv: list[str],
                   flag: str) -> str:
    """A flag refused while the command line is parsed (argparse exits with 2)."""
    before = _files(folder)
    capsys.readouterr()
    with pytest.raises(SystemExit) as exited:
        main(argv)
    assert exited.value.code == 2
    err = capsys.readouterr().err
    assert len(err.splitlines()) == 1, err
    assert f"argument {flag}" in err and "Traceback" not in err
    assert _files(folder) == before
    return err


# --- bytes and JSON -------------------------------------------------------------------------

@pytest.mark.parametrize("command", ["prove", "verify", "batch", "certify", "stats",
                                     "evaluate", "export", "report"])
def test_deeply_nested_json_is_one_line_in_every_command(
        tmp_path: Path, capsys: pytest.CaptureFixture[str], command: str) -> None:
    jsonl, single = tmp_path / "deep.jsonl", tmp_path / "deep.json"
    jsonl.write_text(DEEP + "\n")
    single.write_text(DEEP)
    transcript = tmp_path / "proof.txt"
    transcript.write_text("1. So Ann has 3 apples.\n")
    run = tmp_path / "run"
    run.mkdir()
    (run / "run.json").write_text('{"model": "m"}')
    (run / "results.jsonl").write_text(DEEP + "\n")
    argv, located = {
        "prove": (["prove", str(single)], f"{single}:1"),
        "verify": (["verify", str(single), str(transcript)], f"{single}:1"),
        "batch": (["verify", "--batch", str(jsonl), str(jsonl), "-o",
                   str(tmp_path / "out" / "r.jsonl")], f"{jsonl}:1"),
        "certify": (["certify", str(jsonl)], f"{jsonl}:1"),
        "stats": (["stats", str(jsonl)], f"{jsonl}:1"),
        "evaluate": (["evaluate", "--model", "baseline:bfs", "--data", str(jsonl), "-o",
                      str(tmp_path / "out")], f"{jsonl}:1"),
        "export": (["export", str(jsonl), "-o", str(tmp_path / "out.jsonl")], f"{jsonl}:1"),
        "report": (["report", str(run), "-o", str(tmp_path / "out")],
                   f"{run / 'results.jsonl'}:1"),
    }[command]
    line = _refused(capsys, tmp_path, argv, located)
    assert f"nested deeper than {MAX_JSON_DEPTH} levels" in line


def test_nesting_just_past_the_limit_is_refused_and_at_it_accepted(tmp_path: Path) -> None:
    from vlp.records import parse_json

    at = '{"a":' * (MAX_JSON_DEPTH - 1) + "[1]" + "}" * (MAX_JSON_DEPTH - 1)
    assert parse_json(at)[1] == ""
    past = "[" + at + "]"
    assert "nested deeper" in parse_json(past)[1]
    # brackets inside strings are not nesting
    assert parse_json(json.dumps({"text": "[" * 1000}))[1] == ""


@pytest.mark.parametrize("command", ["certify", "stats", "evaluate", "report", "verify"])
def test_bytes_that_are_not_utf8_name_the_line_and_byte_offset(
        tmp_path: Path, capsys: pytest.CaptureFixture[str], dataset: list[dict[str, Any]],
        command: str) -> None:
    good = json.dumps(dataset[0]).encode()
    data = tmp_path / "problems.jsonl"
    data.write_bytes(good + b"\n" + b'{"id": "caf\xe9"}\n')
    offset = len(good) + 1 + len(b'{"id": "caf')
    run = tmp_path / "run"
    run.mkdir()
    (run / "run.json").write_text('{"model": "m"}')
    (run / "results.jsonl").write_bytes(b'{"problem_id": "a"}\n\xff\n')
    record = tmp_path / "p.json"
    record.write_text(json.dumps(dataset[0]))
    transcript = tmp_path / "t.txt"
    transcript.write_bytes(b"1. Ann has 3 apples.\n2. \xc3\x28\n")
    argv, located = {
        "certify": (["certify", str(data)], f"{data}:2: not UTF-8 text: byte 0xe9 at byte "
                                            f"offset {offset}"),
        "stats": (["stats", str(data)], f"{data}:2: not UTF-8"),
        "evaluate": (["evaluate", "--model", "baseline:bfs", "--data", str(data), "-o",
                      str(tmp_path / "out")], f"{data}:2: not UTF-8"),
        "report": (["report", str(run), "-o", str(tmp_path / "out")],
                   f"{run / 'results.jsonl'}:2: not UTF-8 text: byte 0xff at byte offset 20"),
        "verify": (["verify", str(record), str(transcript)],
                   f"{transcript}:2: not UTF-8 text: byte 0xc3 at byte offset 24"),
    }[command]
    _refused(capsys, tmp_path, argv, located)


# --- record fields ---------------------------------------------------------------------------

def test_the_field_table_is_the_record_format(dataset: list[dict[str, Any]]) -> None:
    # one table: every field a generated record carries is specified, and nothing more
    assert set(dataset[0]) == set(PROBLEM_FIELDS)
    assert list(dataset[0]) == list(PROBLEM_FIELDS)  # in the documented order


BAD_FIELDS: dict[str, tuple[int, Callable[[dict[str, Any]], None], str]] = {
    "control as a string": (3, lambda r: r.update(control="false"), "control"),
    "overlap as a list": (3, lambda r: r.update(overlap=["x"]), "overlap"),
    "overlap on a base record": (0, lambda r: r.update(overlap="entity"), "overlap"),
    "setting as a number": (0, lambda r: r.update(setting=5), "setting"),
    "unknown setting": (0, lambda r: r.update(setting="forest"), "setting"),
    "id as a list": (0, lambda r: r.update(id=[1]), "id"),
    "schema 99": (1, lambda r: r.update(schema=99), "schema"),
    "answer 10**30": (0, lambda r: r.update(answer=10**30), "answer"),
    "answer true": (0, lambda r: r.update(answer=True), "answer"),
    "answer negative": (0, lambda r: r.update(answer=-5), "answer"),
    "seed negative": (0, lambda r: r.update(seed=-1), "seed"),
    "axiom relevant as a string": (0, lambda r: r["axioms"][1].update(relevant="yes"),
                                   "axioms[1].relevant"),
    "hyperedge rule missing": (0, lambda r: r["proof"]["hyperedges"][0].pop("rule"),
                               "proof.hyperedges[0].rule"),
    "no text": (0, lambda r: r.pop("text"), "text"),
    "certificate unique as a number": (0, lambda r: r["certificate"].update(unique=1),
                                       "certificate.unique"),
}


@pytest.mark.parametrize("case", BAD_FIELDS)
@pytest.mark.parametrize("command", ["certify", "stats", "evaluate", "batch", "export",
                                     "verify"])
def test_a_bad_field_is_an_error_at_file_line_field(
        tmp_path: Path, capsys: pytest.CaptureFixture[str], dataset: list[dict[str, Any]],
        case: str, command: str) -> None:
    index, edit, field = BAD_FIELDS[case]
    path = _write(tmp_path / "problems.jsonl", _edited(dataset, index, edit))
    transcripts = _write(tmp_path / "transcripts.jsonl",
                         [{"id": r["id"], "transcript": r["proof_text"]} for r in dataset])
    proof = tmp_path / "proof.txt"
    proof.write_text(dataset[index]["proof_text"])
    argv = {"certify": ["certify", str(path)], "stats": ["stats", str(path)],
            "evaluate": ["evaluate", "--model", "baseline:bfs", "--data", str(path), "-o",
                         str(tmp_path / "run")],
            "batch": ["verify", "--batch", str(path), str(transcripts), "-o",
                      str(tmp_path / "report.jsonl")],
            "export": ["export", str(path), "-o", str(tmp_path / "train.jsonl")],
            # FILE.jsonl:N names line N of a file whose ids do not match N
            "verify": ["verify", f"{path}:{index + 1}", str(proof)]}[command]
    _refused(capsys, tmp_path, argv, f"{path}:{index + 1}:{field}: ")


def test_a_bad_field_of_a_json_problem_file_is_named(
        tmp_path: Path, capsys: pytest.CaptureFixture[str],
        dataset: list[dict[str, Any]]) -> None:
    record = tmp_path / "problem.json"
    record.write_text(json.dumps({**dataset[3], "control": "false"}, indent=2))
    proof = tmp_path / "proof.txt"
    proof.write_text(dataset[3]["proof_text"])
    _refused(capsys, tmp_path, ["verify", str(record), str(proof)],
             f"{record}:control: must be true or false, not a string")


def test_evaluate_names_the_line_of_a_bad_record_under_limit(
        tmp_path: Path, capsys: pytest.CaptureFixture[str],
        dataset: list[dict[str, Any]]) -> None:
    rows = _edited(dataset, 4, lambda r: r.update(answer=r["answer"] + 1))
    path = tmp_path / "problems.jsonl"
    path.write_text("\n\n" + "".join(json.dumps(r) + "\n" for r in rows))  # blank lines first
    _refused(capsys, tmp_path, ["evaluate", "--model", "baseline:bfs", "--data", str(path),
                                "--limit", "1", "-o", str(tmp_path / "run")],
             f"{path}:7:answer: the answer")


def test_a_reward_for_a_bad_record_scores_the_floor_and_says_why(
        dataset: list[dict[str, Any]]) -> None:
    from vlp.rewards import score_batch

    [scored] = score_batch([{**dataset[0], "setting": 5}], [dataset[0]["proof_text"]])
    assert scored.reward == 0.0 and "setting: must be a string" in str(scored.reason)


def test_duplicate_ids_are_refused(tmp_path: Path, capsys: pytest.CaptureFixture[str],
                                   dataset: list[dict[str, Any]]) -> None:
    rows = _edited(dataset, 2, lambda r: r.update(id=dataset[0]["id"]))
    path = _write(tmp_path / "problems.jsonl", rows)
    line = _refused(capsys, tmp_path, ["certify", str(path)], f"{path}:3:id: duplicate id")
    assert "first on line 1" in line


@pytest.mark.parametrize("command", ["certify", "stats", "evaluate"])
def test_an_empty_file_is_an_error(tmp_path: Path, capsys: pytest.CaptureFixture[str],
                                   command: str) -> None:
    path = tmp_path / "empty.jsonl"
    path.write_text("\n")
    argv = {"certify": ["certify", str(path)], "stats": ["stats", str(path)],
            "evaluate": ["evaluate", "--model", "baseline:bfs", "--data", str(path), "-o",
                         str(tmp_path / "run")]}[command]
    _refused(capsys, tmp_path, argv, f"{path}: no problem records")


def test_a_directory_given_as_data_is_named(tmp_path: Path,
                                            capsys: pytest.CaptureFixture[str]) -> None:
    folder = tmp_path / "data"
    folder.mkdir()
    _refused(capsys, tmp_path, ["evaluate", "--model", "baseline:bfs", "--data", str(folder),
                                "-o", str(tmp_path / "run")],
             f"{folder}: is a directory, not a problems file")


# --- what a record claims -------------------------------------------------------------------

CLAIMS: dict[str, tuple[int, Callable[[dict[str, Any]], None], str]] = {
    "answer = goal + 1": (0, lambda r: r.update(answer=r["answer"] + 1), "answer"),
    "a proof premise no axiom states": (
        0, lambda r: r["proof"]["hyperedges"][0]["premises"].__setitem__(
            0, "cont({zed}, 3, apples, 0)"), "proof"),
    "an irrelevant axiom in a base problem": (
        0, lambda r: r["axioms"][0].update(relevant=False), "axioms"),
    "a ground query with an unknown": (
        0, lambda r: r.update(query_kind="ground", query=r["query"]), "query"),
}


@pytest.mark.parametrize("case", CLAIMS)
def test_certify_checks_what_a_record_claims(
        tmp_path: Path, capsys: pytest.CaptureFixture[str], dataset: list[dict[str, Any]],
        case: str) -> None:
    index, edit, field = CLAIMS[case]
    path = _write(tmp_path / "problems.jsonl", _edited(dataset, index, edit))
    if case == "a ground query with an unknown":  # a type-level contradiction: exit 2
        _refused(capsys, tmp_path, ["certify", str(path)], f"{path}:1:query: ")
        return
    capsys.readouterr()
    assert main(["certify", str(path)]) == 1
    captured = capsys.readouterr()
    failures = [line for line in captured.out.splitlines() if line.startswith(f"{path}:")]
    assert failures and all(line.startswith(f"{path}:{index + 1}: ") for line in failures)
    assert f": {field}: " in failures[0]
    assert "1 FAILED" in captured.err and "Traceback" not in captured.err


@pytest.mark.parametrize("case", [c for c in CLAIMS if c != "a ground query with an unknown"])
def test_evaluate_refuses_what_certify_rejects_before_any_work(
        tmp_path: Path, capsys: pytest.CaptureFixture[str], dataset: list[dict[str, Any]],
        case: str) -> None:
    index, edit, field = CLAIMS[case]
    path = _write(tmp_path / "problems.jsonl", _edited(dataset, index, edit))
    _refused(capsys, tmp_path, ["evaluate", "--model", "baseline:bfs", "--data", str(path),
                                "-o", str(tmp_path / "run")], f"{path}:{index + 1}:{field}: ")


def test_certify_and_evaluate_accept_the_unedited_records(
        tmp_path: Path, capsys: pytest.CaptureFixture[str],
        dataset: list[dict[str, Any]]) -> None:
    path = _write(tmp_path / "problems.jsonl", dataset)
    assert main(["certify", str(path)]) == 0
    assert main(["evaluate", "--model", "baseline:shortest", "--data", str(path), "-o",
                 str(tmp_path / "run"), "--quiet"]) == 0


# --- report -----------------------------------------------------------------------------------

@pytest.mark.parametrize("line, located", [
    ("[1, 2]", ":2: each line must be a JSON object"),
    ('{"problem_id": "a", "score": "abc"}', ":2:score: must be an object, not a string"),
    ('{"problem_id": "a", "score": {"answer_correct": "yes"}}', ":2:score.answer_correct: "),
    ('{"problem_id": "a", "score": {"efficiency": NaN}}', ":2:score.efficiency: "),
    ('{"problem_id": "a", "score": {"steps": ["x"]}}', ":2:score.steps[0]: "),
    ('{"problem_id": 7}', ":2:problem_id: "),
])
def test_report_refuses_a_malformed_results_line(
        tmp_path: Path, capsys: pytest.CaptureFixture[str], line: str, located: str) -> None:
    run = tmp_path / "run"
    run.mkdir()
    (run / "run.json").write_text('{"model": "m"}')
    results = run / "results.jsonl"
    results.write_text('{"problem_id": "a", "score": {"answer_correct": true}}\n' + line + "\n")
    for target in (["-o", str(tmp_path / "out")], ["--html", str(tmp_path / "v.html")]):
        _refused(capsys, tmp_path, ["report", str(run), *target], f"{results}{located}")


def test_report_refuses_a_run_json_that_is_not_an_object(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    run = tmp_path / "run"
    run.mkdir()
    (run / "run.json").write_text("[1, 2]")
    (run / "results.jsonl").write_text("")
    _refused(capsys, tmp_path, ["report", str(run), "-o", str(tmp_path / "out")],
             f"{run / 'run.json'}:1: run.json must hold one JSON object")


# --- flags ------------------------------------------------------------------------------------

HUGE = str(10**30)

FLAGS: dict[str, tuple[list[str], str]] = {
    "generate -n 10**30": (["generate", "-n", HUGE, "-o", "{tmp}/p.jsonl"], "-n"),
    "generate -n -1": (["generate", "-n", "-1", "-o", "{tmp}/p.jsonl"], "-n"),
    "generate --bases 10**30": (["generate", "--paper", "--bases", HUGE, "-o", "{tmp}/p.jsonl"],
                                "--bases"),
    "generate --seed -1": (["generate", "--seed", "-1", "-o", "{tmp}/p.jsonl"], "--seed"),
    "generate --trees 0": (["generate", "--trees", "0", "-o", "{tmp}/p.jsonl"], "--trees"),
    "generate --workers 0": (["generate", "--workers", "0", "-o", "{tmp}/p.jsonl"],
                             "--workers"),
    "report --seed -1": (["report", "{tmp}", "-o", "{tmp}/out", "--seed", "-1"], "--seed"),
    "demo --seed -1": (["demo", "--seed", "-1", "-o", "{tmp}/demo"], "--seed"),
    "evaluate --temperature nan": (["--temperature", "nan"], "--temperature"),
    "evaluate --temperature -1": (["--temperature", "-1"], "--temperature"),
    "evaluate --timeout 0": (["--timeout", "0"], "--timeout"),
    "evaluate --price -1 -1": (["--price", "-1", "-1"], "--price"),
    "evaluate --concurrency 10**9": (["--concurrency", str(10**9)], "--concurrency"),
    "evaluate --samples 10**30": (["--samples", HUGE], "--samples"),
    "evaluate --max-tokens 0": (["--max-tokens", "0"], "--max-tokens"),
    "evaluate --retry-delay inf": (["--retry-delay", "inf"], "--retry-delay"),
    "evaluate --limit -1": (["--limit", "-1"], "--limit"),
    "verify --batch --timeout 0": (["verify", "--batch", "{tmp}/p.jsonl", "{tmp}/t.jsonl",
                                    "-o", "{tmp}/r.jsonl", "--timeout", "0"], "--timeout"),
    "verify --batch --workers -2": (["verify", "--batch", "{tmp}/p.jsonl", "{tmp}/t.jsonl",
                                     "-o", "{tmp}/r.jsonl", "--workers", "-2"], "--workers"),
    "certify --workers 0": (["certify", "{tmp}/p.jsonl", "--workers", "0"], "--workers"),
    "evaluate --data ''": (["--data", ""], "--data"),
}


@pytest.mark.parametrize("case", FLAGS)
def test_every_numeric_flag_is_range_checked_before_work(
        tmp_path: Path, capsys: pytest.CaptureFixture[str], case: str) -> None:
    argv, flag = FLAGS[case]
    if case.startswith("evaluate"):
        (tmp_path / "p.jsonl").write_text('{"id": "a", "text": "Ann has 3 apples."}\n')
        argv = ["evaluate", "--model", "baseline:bfs", "--data", "{tmp}/p.jsonl", "-o",
                "{tmp}/run", *argv]
    argv = [a.replace("{tmp}", str(tmp_path)) for a in argv]
    err = _parse_refused(capsys, tmp_path, argv, flag)
    if HUGE in argv:
        assert "must be between" in err  # the bound is named


def test_generate_refuses_a_depth_the_sampler_cannot_reach(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    out = tmp_path / "p.jsonl"
    line = _refused(capsys, tmp_path, ["generate", "--depth", "40:40", "-o", str(out)],
                    "--depth: ")
    assert f"MAX <= {flags.MAX_DEPTH}" in line
    assert not out.exists()


def test_generate_refuses_an_empty_output_path(
        tmp_path: Path, capsys: pytest.CaptureFixture[str],
        monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)
    _refused(capsys, tmp_path, ["generate", "-n", "1", "-o", ""], "-o: the output path is empty")
    assert not (tmp_path / "problems.jsonl").exists()


def test_workers_are_capped_at_the_cpus_and_the_jobs(
        capsys: pytest.CaptureFixture[str]) -> None:
    cpus = flags.available_cpus()
    assert flags.cap_workers(1, 5, "vlp x") == 1
    assert capsys.readouterr().err == ""
    assert flags.cap_workers(100_000, None, "vlp x") == cpus
    assert f"vlp x: note: --workers 100000 capped at {cpus} (the CPU count)" in \
        capsys.readouterr().err
    if cpus > 1:
        assert flags.cap_workers(100_000, 1, "vlp x") == 1
        assert "(the number of jobs)" in capsys.readouterr().err


def test_flag_errors_are_one_line_in_a_real_process(tmp_path: Path) -> None:
    done = subprocess.run([sys.executable, "-m", "vlp.cli", "generate", "-n", HUGE, "-o",
                           str(tmp_path / "p.jsonl")], capture_output=True, text=True,
                          timeout=60)
    assert done.returncode == 2 and done.stdout == ""
    assert done.stderr.count("\n") == 1 and "argument -n: must be between 0 and" in \
        done.stderr
    assert not list(tmp_path.iterdir())


# --- vlp.verify paths -------------------------------------------------------------------------

def test_vlp_verify_reads_a_str_or_path_naming_a_file(
        tmp_path: Path, dataset: list[dict[str, Any]]) -> None:
    record = dataset[0]
    transcript = record["proof_text"]
    as_json = tmp_path / "problem.json"
    as_json.write_text(json.dumps(record))
    as_text = tmp_path / "problem.txt"
    as_text.write_text(record["text"])
    expected = vlp.verify(record, transcript)
    assert expected.answer_correct and expected.efficiency == 1.0
    for problem in (str(as_json), as_json):
        report = vlp.verify(problem, transcript)
        assert report.to_json() == expected.to_json()
    for problem in (str(as_text), as_text, record["text"]):  # text: no record's gold
        assert vlp.verify(problem, transcript).answer_correct


def test_vlp_verify_names_a_bad_file(tmp_path: Path) -> None:
    from vlp.errors import InputError

    deep = tmp_path / "deep.json"
    deep.write_text(DEEP)
    with pytest.raises(InputError) as caught:
        vlp.verify(deep, "1. Ann has 3 apples.")
    assert str(caught.value).startswith(f"{deep}:1: JSON nested deeper")


def test_rewards_score_a_deep_problem_at_the_floor() -> None:
    from vlp.rewards import score_batch

    deep_record = '{"a": ' * 100_000 + "1" + "}" * 100_000
    [scored] = score_batch([deep_record], ["1. So Ann has 3 apples."])
    assert scored.reward == 0.0 and scored.report is None
    assert "nested deeper" in str(scored.reason)[:200]


def test_design_names_come_from_the_schema() -> None:
    from vlp.sampler.design import SETTINGS as DESIGN_SETTINGS

    assert DESIGN_SETTINGS is SETTINGS


@pytest.mark.parametrize("data, located", [
    (b'{"axioms": ["cont({ann}, 3, apples, 0)"],\n "query": "caf\xe9"}',
     ":2: not UTF-8 text: byte 0xe9 at byte offset 56"),
    (b"Ann has 3 apples.\x00", ":1: the program is a binary file"),
])
def test_prove_reads_a_program_through_the_input_layer(
        tmp_path: Path, capsys: pytest.CaptureFixture[str], data: bytes, located: str) -> None:
    path = tmp_path / ("p.json" if data.startswith(b"{") else "p.txt")
    path.write_bytes(data)
    _refused(capsys, tmp_path, ["prove", str(path)], f"{path}{located}")
    folder = tmp_path / "folder.json"
    folder.mkdir()
    _refused(capsys, tmp_path, ["prove", str(folder)], f"{folder}: is a directory")


def test_no_command_takes_an_unchecked_number() -> None:
    """Every flag of every command that takes a number goes through vlp.flags (so it has a
    range), and every option naming a file refuses an empty path."""
    import argparse

    from vlp.cli import build_parser

    parser = build_parser()
    commands = next(a for a in parser._actions if isinstance(a, argparse._SubParsersAction))
    unchecked = [f"{name} {'/'.join(action.option_strings) or action.dest}"
                 for name, sub in commands.choices.items() for action in sub._actions
                 if action.type in (int, float, Path)]
    assert unchecked == []


def _goal_and_answer_plus_one(record: dict[str, Any]) -> None:
    agents, rest = record["goal"].split("}, ", 1)
    quantity, tail = rest.split(", ", 1)
    record["goal"] = f"{agents}}}, {int(quantity) + 1}, {tail}"
    record["answer"] += 1


def test_evaluate_refuses_an_answer_that_is_not_the_programs(
        tmp_path: Path, capsys: pytest.CaptureFixture[str],
        dataset: list[dict[str, Any]]) -> None:
    # answer and goal edited together: the claims agree, but the program answers otherwise
    path = _write(tmp_path / "problems.jsonl", _edited(dataset, 1, _goal_and_answer_plus_one))
    line = _refused(capsys, tmp_path, ["evaluate", "--model", "baseline:bfs", "--data",
                                       str(path), "-o", str(tmp_path / "run")],
                    f"{path}:2:answer: ")
    assert f"is not its program's answer {dataset[1]['answer']}" in line
    assert main(["certify", str(path)]) == 1  # certify rejects it too
    # a hand-written record (no schema) is held to its program as well
    loose = _write(tmp_path / "loose.jsonl", [
        {"id": "a", "axioms": ["cont({ann}, 3, apples, 0)"], "query": "cont({ann}, ?, apples, 0)",
         "answer": 4}])
    _refused(capsys, tmp_path, ["evaluate", "--model", "baseline:bfs", "--data", str(loose),
                                "-o", str(tmp_path / "run")],
             f"{loose}:1:answer: the record's answer 4 is not its program's answer 3")


def test_an_error_naming_a_newline_stays_one_line(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    odd = tmp_path / "a\nb.json"
    _refused(capsys, tmp_path, ["prove", str(odd)], "a\\nb.json: no such program file")
    capsys.readouterr()
    with pytest.raises(SystemExit):
        main(["prove", "program.json", "junk\nword"])
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "junk\\nword" in err


def test_a_batch_transcript_with_a_bad_field_is_an_error_row(
        tmp_path: Path, dataset: list[dict[str, Any]]) -> None:
    problems = _write(tmp_path / "problems.jsonl", dataset[:2])
    transcripts = _write(tmp_path / "transcripts.jsonl", [
        {"id": dataset[0]["id"], "transcript": dataset[0]["proof_text"], "answer": [1]},
        {"id": dataset[1]["id"], "transcript": dataset[1]["proof_text"]}])
    report = tmp_path / "report.jsonl"
    main(["verify", "--batch", str(problems), str(transcripts), "-o", str(report)])
    rows = [json.loads(line) for line in report.read_text().splitlines()]
    assert rows[0]["error"] == (f"{transcripts}:1:answer: must be a whole number or a string, "
                                "not a list")
    assert rows[1]["answer_correct"] is True


def test_errors_quote_long_values_shortly_and_refuse_huge_numbers(
        tmp_path: Path, capsys: pytest.CaptureFixture[str],
        dataset: list[dict[str, Any]]) -> None:
    long = _write(tmp_path / "long.jsonl", _edited(dataset, 0, lambda r: r.update(
        setting="s" * 100_000)))
    line = _refused(capsys, tmp_path, ["stats", str(long)], f"{long}:1:setting: 'sss")
    assert len(line) < 300 and "(100,002 characters) is not one of base" in line
    huge = tmp_path / "huge.jsonl"
    huge.write_text('{"answer": ' + "1" * 5000 + "}\n")
    _refused(capsys, tmp_path, ["stats", str(huge)], f"{huge}:1: malformed JSON: exceeds the "
                                                     "limit (4300 digits)")
    with pytest.raises(SystemExit):
        main(["generate", "-n", "x" * 500, "-o", str(tmp_path / "p.jsonl")])
    assert len(capsys.readouterr().err) < 300
