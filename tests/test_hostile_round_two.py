"""Issue 24's attacks, one regression test each (each failed on b2a215e): inputs that are
huge, endless or not regular files, surrogates and duplicate keys in JSON, outputs that are
symbolic links or foreign files, signals to a batch with workers, look-alike names."""

from __future__ import annotations

import contextlib
import json
import os
import resource
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest
from batch_inputs import batch, make_problems, make_transcripts

from vlp import records
from vlp.cli import main

DATA = Path(__file__).parent / "data"
D3_RECORDS = DATA / "recorded" / "problems" / "paper_d3.jsonl"


@pytest.fixture()
def problems(tmp_path: Path) -> Path:
    return make_problems(tmp_path)  # two problems


@pytest.fixture()
def transcripts(problems: Path) -> Path:
    return make_transcripts(problems)  # two baseline transcripts each


def run_cli(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


def one_line_error(code: int, err: str) -> str:
    lines = [line for line in err.splitlines() if line.strip()]
    assert code == 2 and len(lines) == 1 and "Traceback" not in err, (code, err)
    return lines[0]


# --- 6: an output without its record of inputs is never resumed ------------------------------

def test_a_report_without_its_inputs_record_is_refused_not_trusted(
        tmp_path: Path, problems: Path, transcripts: Path,
        capsys: pytest.CaptureFixture[str]) -> None:
    report = tmp_path / "report.jsonl"
    assert run_cli(capsys, *batch(problems, transcripts, report))[0] == 0
    rows = [json.loads(line) for line in report.read_text().splitlines()]
    # forged rows: every transcript "correct", and no record of the inputs beside them
    forged = "".join(json.dumps(row | {"answer_correct": True, "exact_match": True}) + "\n"
                     for row in rows)
    report.write_text(forged)
    report.with_name("report.jsonl.inputs.json").unlink()
    code, _out, err = run_cli(capsys, *batch(problems, transcripts, report))
    assert one_line_error(code, err) == (
        f"vlp: error: -o {report}: exists but has no record of its inputs "
        "(report.jsonl.inputs.json), so its rows cannot be resumed; --restart to overwrite "
        "it, or choose another -o")
    assert report.read_text() == forged
    assert not report.with_name("report.jsonl.inputs.json").exists()
    # an unrelated file gets no rows appended either
    notes = tmp_path / "notes.txt"
    notes.write_text("my notes\n")
    code, _out, err = run_cli(capsys, *batch(problems, transcripts, notes))
    assert code == 2 and "no record of its inputs" in err
    assert notes.read_text() == "my notes\n"
    # --restart overwrites, and an empty file is no report yet
    code, out, _err = run_cli(capsys, *batch(problems, transcripts, report, "--restart"))
    assert code == 0 and json.loads(out)["transcripts"] == len(rows)
    empty = tmp_path / "empty.jsonl"
    empty.write_text("")
    assert run_cli(capsys, *batch(problems, transcripts, empty))[0] == 0
    assert len(empty.read_text().splitlines()) == len(rows)


# --- 2 and 3: every input is a regular file of bounded size ----------------------------------

def _in_a_bounded_process(argv: list[str], cwd: Path) -> subprocess.CompletedProcess[str]:
    """``argv`` run as its own process, under 2 GiB of address space and a minute of wall
    clock: an unbounded read fails with a MemoryError instead of reaching the OOM killer, and
    a read that blocks forever fails the test by its timeout."""
    def limit() -> None:
        resource.setrlimit(resource.RLIMIT_AS, (2 << 30, 2 << 30))

    script = Path(sys.executable).with_name(argv[0])
    return subprocess.run([str(script), *argv[1:]], cwd=cwd, capture_output=True, text=True,
                          timeout=120, preexec_fn=limit, stdin=subprocess.DEVNULL, check=False)


@pytest.mark.parametrize("argv, what", [
    (["vlp", "prove", "/dev/zero"], "program"),
    (["vlp", "certify", "/dev/zero"], "problem"),  # certify names a problem reference
    (["verify-proof", "/dev/zero", "transcript.txt"], "problem"),
    (["verify-proof", "--batch", "/dev/zero", "transcript.txt", "-o", "r.jsonl"], "problems"),
])
def test_an_endless_device_is_refused_unread(tmp_path: Path, argv: list[str],
                                             what: str) -> None:
    (tmp_path / "transcript.txt").write_text("Al has 3 apples.\n")
    done = _in_a_bounded_process(argv, tmp_path)
    assert done.returncode == 2 and done.stderr.strip().endswith(
        f"error: /dev/zero: is a device, not a regular file (the {what} must be one)"), \
        done.stderr[-2000:]


def test_a_fifo_as_any_input_is_refused_without_blocking(
        tmp_path: Path, problems: Path, transcripts: Path) -> None:
    fifo = tmp_path / "fifo"
    os.mkfifo(fifo)
    record = f"{problems}:{json.loads(problems.read_text().splitlines()[0])['id']}"
    for argv, what in ((["verify-proof", record, str(fifo)],
                        "the transcript must be one; - reads standard input"),
                       (["vlp", "prove", str(fifo)], "the program must be one"),
                       (["verify-proof", "--batch", str(problems), str(fifo), "-o",
                         str(tmp_path / "r.jsonl")], "the transcripts must be one"),
                       (["vlp", "stats", str(fifo)], "the problems must be one")):
        done = _in_a_bounded_process(argv, tmp_path)
        assert done.returncode == 2, done.stderr[-2000:]
        assert done.stderr.strip().endswith(
            f"error: {fifo}: is a FIFO (a named pipe), not a regular file ({what})")


def test_files_past_the_size_limits_are_refused(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    program = tmp_path / "big.json"
    filler = "x" * records.MAX_FILE_BYTES
    program.write_text(json.dumps({"axioms": ["cont({al}, 3, apples, 0)"], "note": filler}))
    code, _out, err = run_cli(capsys, "prove", str(program))
    assert one_line_error(code, err) == (
        f"vlp: error: {program}: the program is {program.stat().st_size:,} bytes; at most "
        f"{records.MAX_FILE_BYTES:,} are read (README: Limits)")
    line = tmp_path / "line.jsonl"
    line.write_text('{"id": "' + filler + '"}\n')
    for command in ("certify", "stats"):
        code, _out, err = run_cli(capsys, command, str(line))
        assert one_line_error(code, err) == (
            f"vlp: error: {line}:1: a line longer than {records.MAX_LINE_BYTES:,} bytes, "
            "the most read (README: Limits)")


# --- 1: a number of thousands of digits in atom text ----------------------------------------

@pytest.mark.parametrize("template", ["cont({{alice}}, {n}, apples, 0)",
                                      "cont({{alice}}, 3, apples, {n})"])
def test_a_number_of_thousands_of_digits_in_atom_text_is_one_line(
        tmp_path: Path, capsys: pytest.CaptureFixture[str], template: str) -> None:
    program = tmp_path / "huge.json"
    atom = template.format(n="1" * 5000)
    program.write_text(json.dumps({"axioms": [atom], "query": "cont({alice}, ?, apples, ?)"}))
    code, _out, err = run_cli(capsys, "prove", str(program))
    line = one_line_error(code, err)
    assert line.startswith(f"vlp: error: {program}:1: bad atom 'cont({{alice}}, ")
    assert line.endswith("(5,028 characters): a number of 5,000 digits; at most 100 are read "
                         "(README: Limits)") and len(line) < 400
    code, _out, err = run_cli(capsys, "prove", str(DATA / "d3.json"), "--query",
                              "cont({eddie}, ?, parrots, " + "9" * 5000 + ")")
    assert one_line_error(code, err) == ("vlp: error: --query: bad query: a number of 5,000 "
                                         "digits; at most 100 are read (README: Limits)")
    # the longest number read is still read
    program.write_text(json.dumps({"axioms": [template.format(n="0" * 99 + "1")],
                                   "query": "cont({alice}, ?, apples, ?)"}))
    assert run_cli(capsys, "prove", str(program))[0] == 0


# --- 4: a lone surrogate escape in JSON ------------------------------------------------------

SURROGATE_ERROR = "a lone surrogate \\ud800 in a JSON string is no Unicode character"


def test_a_lone_surrogate_in_a_transcript_record_is_an_error_row(
        tmp_path: Path, problems: Path, capsys: pytest.CaptureFixture[str]) -> None:
    identifier = json.loads(problems.read_text().splitlines()[0])["id"]
    transcripts = tmp_path / "t.jsonl"
    line = json.dumps({"id": identifier, "transcript": "Al has SURROGATE apples."})
    transcripts.write_text(line.replace("SURROGATE", "\\ud800") + "\n")
    report = tmp_path / "r.jsonl"
    code, out, err = run_cli(capsys, *batch(problems, transcripts, report))
    assert code == 1 and "Traceback" not in err and json.loads(out)["errors"] == 1
    (row,) = [json.loads(line) for line in report.read_text().splitlines()]
    assert row["error"] == f"{transcripts}:1: {SURROGATE_ERROR}"


@pytest.mark.parametrize("field", ["id", "text"])
def test_a_lone_surrogate_in_a_problem_record_is_refused_by_every_command(
        tmp_path: Path, problems: Path, capsys: pytest.CaptureFixture[str],
        field: str) -> None:
    record = json.loads(problems.read_text().splitlines()[0])
    record[field] = "SURROGATE" + record[field]
    edited = tmp_path / "edited.jsonl"
    edited.write_text(json.dumps(record).replace("SURROGATE", "\\ud800") + "\n")
    for argv in (["export", str(edited), "-o", str(tmp_path / "train.jsonl")],
                 ["evaluate", "--model", "baseline:bfs", "--data", str(edited), "-o",
                  str(tmp_path / "run"), "--quiet"],
                 ["certify", str(edited)], ["stats", str(edited)]):
        code, _out, err = run_cli(capsys, *argv)
        assert one_line_error(code, err) == f"vlp: error: {edited}:1: {SURROGATE_ERROR}"
    assert not (tmp_path / "train.jsonl").exists() and not (tmp_path / "run").exists()


def test_a_surrogate_pair_is_one_character_and_read() -> None:
    assert records.parse_json('{"a": "\\ud83d\\ude00", "b": "\\\\ud800"}') == (
        {"a": "\U0001f600", "b": "\\ud800"}, "", 0)


# --- 7: an answer past 64 bits is an error row; an empty transcripts file is refused --------

def test_an_answer_past_64_bits_is_an_error_row_not_a_silent_null(
        tmp_path: Path, problems: Path, transcripts: Path,
        capsys: pytest.CaptureFixture[str]) -> None:
    first = json.loads(transcripts.read_text().splitlines()[0])
    edited = tmp_path / "answers.jsonl"
    edited.write_text(json.dumps(first | {"answer": 10**400}) + "\n"
                      + json.dumps(first | {"answer": -(2**63) - 1}) + "\n"
                      + json.dumps(first | {"answer": 2**63 - 1}) + "\n")
    report = tmp_path / "r.jsonl"
    code, out, _err = run_cli(capsys, *batch(problems, edited, report))
    rows = [json.loads(line) for line in report.read_text().splitlines()]
    assert code == 1 and json.loads(out)["errors"] == 2
    assert rows[0]["error"].startswith(f"{edited}:1:answer: 1000000000000000000000000")
    assert rows[0]["error"].endswith("(401 characters) is above 9223372036854775807")
    assert rows[1]["error"] == f"{edited}:2:answer: -9223372036854775809 is below " \
                               "-9223372036854775808"
    assert "error" not in rows[2] and rows[2]["answer_correct"] is False


def test_an_empty_transcripts_file_is_refused(
        tmp_path: Path, problems: Path, capsys: pytest.CaptureFixture[str]) -> None:
    for content in ("", "\n  \n"):
        empty = tmp_path / "empty.jsonl"
        empty.write_text(content)
        code, _out, err = run_cli(capsys, *batch(problems, empty, tmp_path / "r.jsonl"))
        assert one_line_error(code, err) == (
            f"vlp: error: {empty}: has no transcript records (one JSON object a line)")
        assert not (tmp_path / "r.jsonl").exists()
        assert not (tmp_path / "r.jsonl.inputs.json").exists()


# --- 8: duplicate keys in a JSON object ------------------------------------------------------

def test_a_duplicate_key_is_refused_by_every_reader(
        tmp_path: Path, problems: Path, transcripts: Path,
        capsys: pytest.CaptureFixture[str]) -> None:
    line = problems.read_text().splitlines()[0]
    answer = json.loads(line)["answer"]
    twice = tmp_path / "twice.jsonl"
    # the first value is the true answer, the second a wrong one that the last-wins reading
    # would have certified against
    twice.write_text(line.replace(f'"answer":{answer}',
                                  f'"answer":{answer},"answer":{answer + 1}') + "\n")
    assert twice.read_text().count('"answer"') == 2
    message = f"vlp: error: {twice}:1: the key 'answer' appears twice in one object"
    for argv in (["certify", str(twice)], ["stats", str(twice)],
                 ["export", str(twice), "-o", str(tmp_path / "train.jsonl")]):
        code, _out, err = run_cli(capsys, *argv)
        assert one_line_error(code, err) == message
    record = tmp_path / "problem.json"
    record.write_text('{"axioms": ["cont({al}, 3, x, 0)"],\n "query": "cont({al}, ?, x, ?)",'
                      '\n "query": "cont({bo}, ?, x, ?)"}')
    code, _out, err = run_cli(capsys, "prove", str(record))
    assert one_line_error(code, err) == (
        f"vlp: error: {record}:3: the key 'query' appears twice in one object")
    first = transcripts.read_text().splitlines()[0]
    doubled = tmp_path / "t.jsonl"
    doubled.write_text(first.replace('"transcript":', '"answer": 1, "answer": 2, "transcript":')
                       + "\n")
    code, _out, _err = run_cli(capsys, *batch(problems, doubled, tmp_path / "r.jsonl"))
    (row,) = [json.loads(text) for text in (tmp_path / "r.jsonl").read_text().splitlines()]
    assert code == 1 and row["error"] == f"{doubled}:1: the key 'answer' appears twice in " \
                                         "one object"


# --- 10: a batch with workers, killed or terminated ------------------------------------------

def _live_in_group(group: int) -> list[int]:
    """Processes of process group ``group`` that are still running (zombies waiting for
    init to reap them are dead)."""
    alive = []
    for entry in os.listdir("/proc"):
        if not entry.isdigit():
            continue
        try:
            if os.getpgid(int(entry)) == group and \
                    Path(f"/proc/{entry}/stat").read_text().split()[2] != "Z":
                alive.append(int(entry))
        except OSError:
            continue  # ended meanwhile
    return alive


@pytest.mark.skipif(not Path("/proc").is_dir(), reason="lists processes through /proc")
@pytest.mark.parametrize("signum", [signal.SIGKILL, signal.SIGTERM])
def test_workers_end_with_their_killed_parent_and_the_lock_is_taken_over(
        tmp_path: Path, problems: Path, transcripts: Path,
        capsys: pytest.CaptureFixture[str], signum: int) -> None:
    many = tmp_path / "many.jsonl"
    many.write_text(transcripts.read_text() * 75)  # 300 transcripts: seconds of work
    reference = tmp_path / "reference.jsonl"
    assert run_cli(capsys, *batch(problems, many, reference))[0] == 0
    report = tmp_path / "report.jsonl"
    command = [str(Path(sys.executable).with_name("verify-proof")), "--batch", str(problems),
               str(many), "-o", str(report), "--workers", "2"]
    process = subprocess.Popen(command, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE,
                               start_new_session=True)
    try:
        deadline = time.monotonic() + 120
        while process.poll() is None and time.monotonic() < deadline and not (
                report.exists() and report.read_bytes().count(b"\n") >= 10):
            time.sleep(0.01)
        assert process.poll() is None, "the kill should land mid-run"
        assert len(_live_in_group(process.pid)) >= 3  # the command, two workers (a tracker)
        process.send_signal(signum)
        # stderr ends once every process holding it has ended: the workers too
        _out, err = process.communicate(timeout=60)
        deadline = time.monotonic() + 30
        while _live_in_group(process.pid) and time.monotonic() < deadline:
            time.sleep(0.1)
        assert _live_in_group(process.pid) == []
    finally:
        with contextlib.suppress(ProcessLookupError):
            os.killpg(process.pid, signal.SIGKILL)
    text = err.decode()
    # nor multiprocessing's resource tracker warning of leaked semaphores (the inboxes were
    # multiprocessing queues: three named semaphores each, left when the parent was killed)
    assert "Traceback" not in text and "Error" not in text and "Warning" not in text, text
    lock = report.with_name(f".{report.name}.lock")
    if signum == signal.SIGTERM:  # ended as after Ctrl-C: lock released
        assert process.returncode == 143 and text.strip().endswith("verify-proof: terminated")
        assert not lock.exists()
    else:
        assert process.returncode == -signal.SIGKILL and lock.exists()
        code, _out, err = run_cli(capsys, *batch(problems, many, report))
        assert code == 0 and err.splitlines()[0] == (
            f"vlp: note: taking over {lock}, left by process {process.pid}, which ended "
            "without releasing it (killed?)")
        assert report.read_bytes() == reference.read_bytes()  # resumed byte for byte
    assert run_cli(capsys, *batch(problems, many, report))[0] == 0
    assert report.read_bytes() == reference.read_bytes()


# --- 5: symbolic links as outputs ------------------------------------------------------------

LINK_ERROR = ("is a symbolic link; vlp writes no output through a link (name the file or "
              "directory it points to, or remove the link)")


@pytest.fixture()
def victim(tmp_path: Path) -> Path:
    """An unrelated file a link points to: it must keep its bytes."""
    path = tmp_path / "victim.txt"
    path.write_text("keep me\n")
    return path


def test_every_command_refuses_an_output_that_is_a_symbolic_link(
        tmp_path: Path, problems: Path, transcripts: Path, victim: Path,
        capsys: pytest.CaptureFixture[str]) -> None:
    elsewhere = tmp_path / "elsewhere"
    elsewhere.mkdir()
    (tmp_path / "dangling").symlink_to(tmp_path / "nowhere" / "x")
    (tmp_path / "to-file").symlink_to(victim)
    (tmp_path / "to-dir").symlink_to(elsewhere)
    run = tmp_path / "run"
    assert run_cli(capsys, "evaluate", "--model", "baseline:bfs", "--data", str(problems),
                   "-o", str(run), "--quiet")[0] == 0
    for link in ("dangling", "to-file", "to-dir"):
        path = str(tmp_path / link)
        for option, argv in (
                ("-o", ["generate", "-n", "1", "--quiet", "-o", path]),
                ("-o", batch(problems, transcripts, path)),
                ("-o", ["export", str(problems), "-o", path]),
                ("-o", ["evaluate", "--model", "baseline:bfs", "--data", str(problems),
                        "-o", path, "--quiet"]),
                ("--plot", ["stats", str(problems), "--plot", path]),
                ("--html", ["report", str(run), "--html", path, "--no-figures"]),
                ("-o", ["report", str(run), "-o", path, "--no-figures"]),
                ("-o", ["demo", "-o", path])):
            code, _out, err = run_cli(capsys, *argv)
            assert one_line_error(code, err) == f"vlp: error: {option} {path}: {LINK_ERROR}"
    assert victim.read_text() == "keep me\n" and list(elsewhere.iterdir()) == []
    assert not (tmp_path / "nowhere").exists()


def test_a_link_planted_as_a_run_file_or_a_lock_file_is_not_written_through(
        tmp_path: Path, problems: Path, transcripts: Path, victim: Path,
        capsys: pytest.CaptureFixture[str]) -> None:
    run = tmp_path / "run"
    run.mkdir()
    (run / "results.jsonl").symlink_to(victim)
    code, _out, err = run_cli(capsys, "evaluate", "--model", "baseline:bfs", "--data",
                              str(problems), "-o", str(run), "--quiet")
    assert one_line_error(code, err) == (
        f"vlp: error: -o {run / 'results.jsonl'}: {LINK_ERROR}")
    report = tmp_path / "report.jsonl"
    report.with_name(".report.jsonl.lock").symlink_to(victim)
    code, _out, err = run_cli(capsys, *batch(problems, transcripts, report))
    assert code == 2 and "cannot create the lock file" in one_line_error(code, err)
    assert victim.read_text() == "keep me\n"


# --- 9: names that look alike ----------------------------------------------------------------

def test_a_name_that_mixes_scripts_is_refused_wherever_a_program_is_read(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    cyrillic_a = "\u0430"  # looks like Latin "a"
    program = tmp_path / "mixed.json"
    program.write_text(json.dumps({"axioms": ["cont({alice}, 3, apples, 0)",
                                              f"cont({{{cyrillic_a}lice}}, 4, apples, 0)"],
                                   "query": "cont({alice}, ?, apples, ?)"}))
    message = (f"the name '{cyrillic_a}lice' mixes the scripts Cyrl, Latn: it may look like "
               "another name and be another (README: Input checks)")
    code, _out, err = run_cli(capsys, "prove", str(program))
    assert one_line_error(code, err) == f"vlp: error: {program}:1: {message}"
    text = tmp_path / "mixed.txt"
    text.write_text(f"Alice has 3 apples.\n{cyrillic_a.upper()}lice has 4 apples.\n"
                    "How many apples does Alice have?\n")
    code, _out, err = run_cli(capsys, "prove", str(text))
    assert one_line_error(code, err) == f"vlp: error: {text}:3: {message}"
    entity = tmp_path / "entity.json"
    entity.write_text(json.dumps({"axioms": [f"cont({{alice}}, 3, {cyrillic_a}pples, 0)"]}))
    code, _out, err = run_cli(capsys, "prove", str(entity))
    assert "mixes the scripts Cyrl, Latn" in one_line_error(code, err)


def test_single_script_names_are_read_and_compared_in_nfc() -> None:
    from vlp.kernel import Agents
    from vlp.validate import mixed_scripts

    for name in ("zoë", "андрей", "日本のカタカナ", "한국漢字", "o'brien", "jean-luc"):
        assert mixed_scripts(name) == (), name
    assert mixed_scripts("\u03b1lpha") == ("Grek", "Latn")
    # an accent typed as its own character is the same name as the composed letter
    assert Agents.of("zoe\u0308") == Agents.of("zo\u00eb")


# --- 11: credentials in a URL -----------------------------------------------------------------

def test_a_password_in_the_base_url_is_never_printed_or_stored(
        tmp_path: Path, problems: Path, capsys: pytest.CaptureFixture[str]) -> None:
    from vlp.lm.stub_server import StubServer

    refused = tmp_path / "refused"
    code, _out, err = run_cli(capsys, "evaluate", "--model", "local:m", "--base-url",
                              "http://user:s3cret@127.0.0.1:9/v1", "--data", str(problems),
                              "-o", str(refused), "--max-attempts", "1", "--quiet")
    assert one_line_error(code, err) == (
        "vlp: error: --base-url: cannot reach http://***@127.0.0.1:9/v1/: Connection refused "
        "(is the server running, and the network up?)")
    assert not refused.exists()  # a refused run writes nothing
    run = tmp_path / "run"
    # the server hangs up on the first requests: their errors (errors.jsonl, the log) name
    # the URL they failed to reach
    with StubServer(faults=dict.fromkeys(range(1, 6), "disconnect")) as server:
        url = server.base_url.replace("http://", "http://user:s3cret@")
        code, _out, err = run_cli(capsys, "evaluate", "--model", "local:m", "--base-url", url,
                                  "--data", str(problems), "-o", str(run),
                                  "--max-attempts", "1", "--quiet", "--no-cache")
    assert code in (0, 1) and "s3cret" not in err
    stored = {path.name: path.read_text() for path in run.iterdir()}
    assert "127.0.0.1" in stored["errors.jsonl"]  # the URL, without its password
    assert "run.json" in stored and not [name for name, text in stored.items()
                                         if "s3cret" in text]
    record = json.loads(stored["run.json"])
    assert record["base_url"] == server.base_url.replace("http://", "http://***@")
    assert "http://***@127.0.0.1" in record["sessions"][0]["command"]


# --- 12: strings from a run in Markdown -------------------------------------------------------

def test_a_hostile_model_name_cannot_break_a_markdown_table_or_inject_html(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    hostile = "evil|model\n# Owned <img src=x onerror=alert(1)> ![x](http://x/y.png)"
    run = tmp_path / "run"
    run.mkdir()
    (run / "run.json").write_text(json.dumps({"model": hostile}))
    score = {"answer_correct": True, "efficiency": 1.0, "efficiency_non_axioms": 1.0,
             "recall": 1.0, "exact_match": True, "transcript_tokens": 5, "reference_tokens": 5,
             "search_order": {"distance_dfs": 0.0, "distance_bfs": 0.0,
                              "distance_shortest_proof": 0.0}}
    (run / "results.jsonl").write_text(json.dumps({
        "problem_id": "b1", "sample": 0, "model": hostile, "setting": "base",
        "control": False, "overlap": None, "query_kind": "nonground", "score": score}) + "\n")
    out = tmp_path / "report"
    assert run_cli(capsys, "report", str(run), "-o", str(out), "--no-figures")[0] == 0
    shown = ("evil\\|model # Owned &lt;img src=x onerror=alert(1)&gt; !\\[x\\]"
             "(http://x/y.png)")
    for path in out.glob("*.md"):
        text = path.read_text()
        assert "<img" not in text and "\n# Owned" not in text and "![x]" not in text, path
        separators = 0
        for line in text.splitlines():
            if line.startswith("|---"):
                separators = line.count("|")  # the columns of the table below
            elif line.startswith("|") and "evil" in line:  # the row keeps its cells
                assert line.count("|") - line.count("\\|") == separators, line
    assert f"- {shown}: 1 result" in (out / "report.md").read_text()


def test_a_usage_error_quotes_a_huge_argument_by_its_ends(
        capsys: pytest.CaptureFixture[str]) -> None:
    # found by the fuzzer's 5,000-digit numbers: argparse quoted every leftover argument
    with pytest.raises(SystemExit) as stop:
        main(["prove", "p.json", "--", "--x", "1" * 5000])
    line = one_line_error(stop.value.code, capsys.readouterr().err)
    assert len(line) < 300 and "(5,000 characters)" in line
