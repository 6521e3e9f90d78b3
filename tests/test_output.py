"""The output layer (vlp/output.py) under attack: output paths refused before any work,
concurrent writers refused, a full disk and a closed pipe as one line, inputs never
modified, a resumed batch never truncating what it wrote, a rerun with other inputs
refused. Everything here runs as root too (as CI does): a parent that is a file and
``/dev/full`` refuse writes whatever the permissions, and the full disk is simulated."""

from __future__ import annotations

import contextlib
import errno
import hashlib
import io
import json
import os
import signal
import stat
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import pytest
from batch_inputs import batch, make_problems, make_transcripts

from vlp import output as output_layer
from vlp import records
from vlp.cli import main
from vlp.output import OutputError, OutputLock, atomic_file, write_atomically
from vlp.records import JsonlWriter

ROOT = Path(__file__).resolve().parent.parent
DATA = Path(__file__).parent / "data"
D3 = DATA / "recorded" / "problems" / "paper_d3.jsonl"
DEV_FULL = Path("/dev/full")


def digest(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


def run_cli(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


def one_line_error(err: str) -> str:
    lines = [line for line in err.splitlines() if line.strip()]
    assert len(lines) == 1 and "Traceback" not in err, err
    return lines[0]


@pytest.fixture()
def problems(tmp_path: Path) -> Path:
    return make_problems(tmp_path)


@pytest.fixture()
def transcripts(problems: Path) -> Path:
    return make_transcripts(problems)


# --- output paths refused before any work ----------------------------------------------------

def commands_writing_to(target: str, problems: Path, transcripts: Path,
                        run_dir: Path) -> dict[str, list[str]]:
    return {
        "generate": ["generate", "-n", "1", "--quiet", "-o", target],
        "stats --plot": ["stats", str(problems), "--plot", target],
        "verify --batch": batch(problems, transcripts, target),
        "evaluate": ["evaluate", "--model", "baseline:bfs", "--data", str(problems), "-o",
                     target, "--quiet", "--no-cache"],
        "report -o": ["report", str(run_dir), "-o", target, "--no-figures"],
        "report --html": ["report", str(run_dir), "--html", target, "--no-figures"],
        "demo": ["demo", "-o", target],
        "export": ["export", str(problems), "-o", target],
    }


@pytest.fixture()
def run_dir(tmp_path: Path, problems: Path) -> Path:
    run = tmp_path / "run"
    with contextlib.redirect_stdout(io.StringIO()):
        assert main(["evaluate", "--model", "baseline:bfs", "--data", str(problems), "-o",
                     str(run), "--quiet", "--no-cache"]) == 0
    return run


def test_a_parent_that_is_a_file_is_refused_by_every_command(
        tmp_path: Path, problems: Path, transcripts: Path, run_dir: Path,
        capsys: pytest.CaptureFixture[str]) -> None:
    a_file = tmp_path / "a-file"
    a_file.write_text("not a directory\n")
    target = str(a_file / "out")
    before = {path: digest(path) for path in (problems, transcripts, a_file)}
    for name, argv in commands_writing_to(target, problems, transcripts, run_dir).items():
        code, _out, err = run_cli(capsys, *argv)
        line = one_line_error(err)
        assert code == 2, (name, err)
        assert f"{a_file} is not a directory" in line, (name, line)
    assert {path: digest(path) for path in before} == before
    assert sorted(p.name for p in tmp_path.iterdir()) == ["a-file", "inputs", "run"]


def test_a_directory_where_a_file_is_wanted_and_the_reverse(
        tmp_path: Path, problems: Path, transcripts: Path, run_dir: Path,
        capsys: pytest.CaptureFixture[str]) -> None:
    directory = tmp_path / "a-directory"
    directory.mkdir()
    a_file = tmp_path / "a-file"
    a_file.write_text("x\n")
    for name, argv in commands_writing_to(str(directory), problems, transcripts,
                                          run_dir).items():
        if name in ("verify --batch", "report --html", "export"):
            code, _out, err = run_cli(capsys, *argv)
            line = one_line_error(err)
            assert code == 2 and "is a directory; name a regular file to write" in line, name
    for name, argv in commands_writing_to(str(a_file), problems, transcripts, run_dir).items():
        if name in ("stats --plot", "evaluate", "report -o", "demo"):
            code, _out, err = run_cli(capsys, *argv)
            line = one_line_error(err)
            assert code == 2 and "is a file; name a directory to write into" in line, name
    assert list(directory.iterdir()) == [] and a_file.read_text() == "x\n"


def special_files(directory: Path) -> list[Path]:
    """A FIFO (anyone may make one) and, as root, a character device like /dev/full, made
    here: the real /dev/full and /dev/null are never handed to a command as an output, as
    a broken check would rename a file onto them."""
    fifo = directory / "fifo"
    os.mkfifo(fifo)
    made = [fifo]
    if os.geteuid() == 0:
        device = directory / "full"
        os.mknod(device, 0o666 | stat.S_IFCHR, os.makedev(1, 7))
        made.append(device)
    return made


def test_a_device_or_fifo_is_never_an_output(
        tmp_path: Path, problems: Path, transcripts: Path, run_dir: Path,
        capsys: pytest.CaptureFixture[str]) -> None:
    started = time.monotonic()
    for special in special_files(tmp_path):
        for name, argv in commands_writing_to(str(special), problems, transcripts,
                                              run_dir).items():
            code, _out, err = run_cli(capsys, *argv)
            line = one_line_error(err)
            assert code == 2 and "device or other special file" in line, (name, line)
        assert not stat.S_ISREG(special.lstat().st_mode)
        with pytest.raises(OutputError, match="device or other special file"):
            write_atomically(special, "x")  # refused even past the up-front checks
        assert not stat.S_ISREG(special.lstat().st_mode)
    assert time.monotonic() - started < 60  # never read as an earlier report


def test_a_name_too_long_is_refused(tmp_path: Path, capsys: pytest.CaptureFixture[str]
                                    ) -> None:
    code, _out, err = run_cli(capsys, "generate", "-n", "1", "-o", str(tmp_path / ("n" * 300)))
    assert code == 2 and "longer than 255 bytes" in one_line_error(err)
    deep = str(tmp_path / ("d/" * 3000)) + "out.jsonl"  # past PATH_MAX: quoted by its ends
    code, _out, err = run_cli(capsys, "generate", "-n", "1", "-o", deep)
    line = one_line_error(err)
    assert code == 2 and len(line) < 600 and "characters)..." in line


def test_an_empty_output_path_is_refused(capsys: pytest.CaptureFixture[str]) -> None:
    code, _out, err = run_cli(capsys, "generate", "-n", "1", "-o", "")
    assert code == 2 and one_line_error(err) == "vlp: error: -o: the output path is empty"


NOBODY = 65534  # the unprivileged user a root test run drops to


def run_cli_unprivileged(argv: list[str]) -> tuple[int, str]:
    """``main(argv)`` in a forked child that first drops root to an unprivileged user (root
    ignores directory permissions): its exit code and standard error."""
    reader, writer = os.pipe()
    pid = os.fork()
    if pid == 0:  # the child: never returns into pytest
        status = 1
        try:
            os.close(reader)
            os.setgroups([])
            os.setgid(NOBODY)
            os.setuid(NOBODY)
            err = io.StringIO()
            with contextlib.redirect_stderr(err), contextlib.redirect_stdout(io.StringIO()):
                code = main(argv)
            os.write(writer, f"{code}\n{err.getvalue()}".encode())
            status = 0
        finally:
            os._exit(status)
    os.close(writer)
    with os.fdopen(reader, "rb") as pipe:
        answer = pipe.read().decode()
    _pid, status = os.waitpid(pid, 0)
    assert status == 0 and answer, "the unprivileged child failed"
    code_text, _newline, err = answer.partition("\n")
    return int(code_text), err


def test_a_read_only_directory_is_refused(tmp_path: Path, problems: Path,
                                          capsys: pytest.CaptureFixture[str]) -> None:
    """As root (as in CI) the command runs as an unprivileged user, over directories that
    user can enter; as anyone else it runs here."""
    locked_dir = tmp_path / "read-only"
    locked_dir.mkdir()
    argv = ["export", str(problems), "-o", str(locked_dir / "x.parquet")]
    code, _out, err = run_cli(capsys, *argv)  # writable: it works (and imports what it needs)
    assert code == 0, err
    (locked_dir / "x.parquet").unlink()
    locked_dir.chmod(0o555)
    try:
        if os.geteuid() != 0:
            code, _out, err = run_cli(capsys, *argv)
        else:
            temp = Path(tempfile.gettempdir()).resolve()
            for parent in (problems, *problems.parents):  # pytest's base is private to root
                if parent.resolve().is_relative_to(temp) and parent.resolve() != temp:
                    parent.chmod(stat.S_IMODE(parent.stat().st_mode) | 0o055)
            code, err = run_cli_unprivileged(argv)
        assert code == 2 and "permission denied" in one_line_error(err)
        assert list(locked_dir.iterdir()) == []
    finally:
        locked_dir.chmod(0o755)


@pytest.mark.parametrize("which", ["problems", "transcripts"])
def test_a_batch_never_overwrites_its_input(which: str, problems: Path, transcripts: Path,
                                            capsys: pytest.CaptureFixture[str]) -> None:
    target = problems if which == "problems" else transcripts
    before = digest(problems), digest(transcripts)
    # also through another spelling of the same file
    spelled = target.parent / ".." / target.parent.name / target.name
    for out in (target, spelled):
        code, _out, err = run_cli(capsys, *batch(problems, transcripts, out))
        line = one_line_error(err)
        assert code == 2 and "is an input of this command" in line
    assert (digest(problems), digest(transcripts)) == before


def test_inputs_are_never_modified_by_a_run(tmp_path: Path, problems: Path, transcripts: Path,
                                            capsys: pytest.CaptureFixture[str]) -> None:
    before = digest(problems), digest(transcripts)
    assert run_cli(capsys, *batch(problems, transcripts, tmp_path / "r.jsonl"))[0] == 0
    assert run_cli(capsys, "export", str(problems), "-o", str(tmp_path / "t.jsonl"))[0] == 0
    assert (digest(problems), digest(transcripts)) == before


# --- concurrent writers ----------------------------------------------------------------------

def test_a_second_writer_of_the_same_output_is_refused(
        tmp_path: Path, problems: Path, transcripts: Path,
        capsys: pytest.CaptureFixture[str]) -> None:
    report = tmp_path / "report.jsonl"
    run = tmp_path / "run"
    generated = tmp_path / "problems.jsonl"
    cases = {
        report: batch(problems, transcripts, report),
        run: ["evaluate", "--model", "baseline:bfs", "--data", str(problems), "-o", str(run),
              "--quiet", "--no-cache"],
        generated: ["generate", "-n", "1", "--quiet", "-o", str(generated)],
    }
    for output, argv in cases.items():
        with OutputLock(output):
            code, _out, err = run_cli(capsys, *argv)
        assert code == 2, err
        assert (f"another vlp process (pid {os.getpid()}) is writing this output"
                in one_line_error(err))
        assert not output.exists()  # refused before writing anything
        assert run_cli(capsys, *argv)[0] == 0  # released: the next run goes ahead
        assert not output.with_name(f".{output.name}.lock").exists()


def test_two_generate_processes_on_one_path(tmp_path: Path) -> None:
    out = tmp_path / "problems.jsonl"
    command = [sys.executable, "-m", "vlp.cli", "generate", "-n", "400", "--seed", "7",
               "--quiet", "-o", str(out)]
    first = subprocess.Popen(command, cwd=ROOT, stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    try:
        deadline = time.monotonic() + 60
        while not out.exists() and time.monotonic() < deadline:
            time.sleep(0.02)
        second = subprocess.run([*command[:-4], "8", *command[-3:]], cwd=ROOT,
                                capture_output=True, text=True, timeout=120)
        assert first.poll() is None, "the first run should still be writing"
        assert second.returncode == 2
        assert f"another vlp process (pid {first.pid}) is writing" in one_line_error(
            second.stderr)
    finally:
        first.kill()
        first.communicate()


# --- a full disk, a closed pipe --------------------------------------------------------------

def fail_writes_to(path: Path, after: int, monkeypatch: pytest.MonkeyPatch) -> None:
    """``os.write`` in vlp.records raises ENOSPC once ``after`` lines reached ``path``."""
    real_write = os.write
    count = {"lines": 0}

    def write(fd: int, data: bytes) -> int:
        if path.exists() and os.path.samestat(os.fstat(fd), path.stat()):
            if count["lines"] >= after:
                real_write(fd, bytes(data)[: len(data) // 2])  # the disk fills mid-line
                raise OSError(errno.ENOSPC, "No space left on device")
            count["lines"] += 1
        return real_write(fd, data)

    monkeypatch.setattr(records.os, "write", write)


def test_a_full_disk_mid_batch_keeps_every_whole_row_and_resumes(
        tmp_path: Path, problems: Path, transcripts: Path,
        capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch) -> None:
    reference = tmp_path / "reference.jsonl"
    assert run_cli(capsys, *batch(problems, transcripts, reference))[0] == 0
    report = tmp_path / "report.jsonl"
    with monkeypatch.context() as patch:
        fail_writes_to(report, 2, patch)
        code, _out, err = run_cli(capsys, *batch(problems, transcripts, report))
    assert code == 1
    assert one_line_error(err) == (
        f"vlp: error: {report}: cannot write: No space left on device; the 2 whole lines "
        "before it are kept; rerun the same command to resume")
    kept = report.read_bytes()
    assert kept.endswith(b"\n") and reference.read_bytes().startswith(kept)
    assert kept.count(b"\n") == 2
    assert run_cli(capsys, *batch(problems, transcripts, report))[0] == 0
    assert report.read_bytes() == reference.read_bytes()


def test_a_full_disk_during_an_atomic_write_leaves_the_old_file(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    path = tmp_path / "table.md"
    path.write_text("old\n")

    def no_space(fd: int) -> None:
        raise OSError(errno.ENOSPC, "No space left on device")

    monkeypatch.setattr(output_layer.os, "fsync", no_space)
    with pytest.raises(OutputError) as caught:
        write_atomically(path, "new\n")
    assert caught.value.exit_code == 1
    assert str(caught.value) == (f"{path}: cannot write: No space left on device; nothing was "
                                 "written there (an earlier file of that name is unchanged)")
    assert path.read_text() == "old\n" and sorted(tmp_path.iterdir()) == [path]
    with pytest.raises(ValueError), atomic_file(path) as file:
        file.write("half")
        raise ValueError("a failure in the middle")
    assert path.read_text() == "old\n" and sorted(tmp_path.iterdir()) == [path]


def test_a_full_disk_under_report_is_one_line(
        tmp_path: Path, run_dir: Path, capsys: pytest.CaptureFixture[str],
        monkeypatch: pytest.MonkeyPatch) -> None:
    def no_space(fd: int) -> None:
        raise OSError(errno.ENOSPC, "No space left on device")

    monkeypatch.setattr(output_layer.os, "fsync", no_space)
    code, _out, err = run_cli(capsys, "report", str(run_dir), "-o", str(tmp_path / "rep"),
                              "--no-figures")
    assert code == 1 and "cannot write: No space left on device" in one_line_error(err)


@pytest.mark.skipif(not DEV_FULL.exists(), reason="no /dev/full on this system")
def test_standard_output_to_a_full_device(tmp_path: Path) -> None:
    with DEV_FULL.open("w") as full:
        done = subprocess.run([sys.executable, "-m", "vlp.cli", "prove",
                               str(DATA / "d3.json")], cwd=ROOT, stdout=full,
                              stderr=subprocess.PIPE, text=True, timeout=120)
    assert done.returncode == 1
    assert one_line_error(done.stderr) == ("vlp: error: cannot write to standard output: "
                                           "No space left on device")


def test_a_closed_pipe_ends_quietly(tmp_path: Path) -> None:
    reader, writer = os.pipe()
    os.close(reader)  # like `| head -1` that has already gone
    try:
        done = subprocess.run([sys.executable, "-m", "vlp.cli", "prove",
                               str(DATA / "d3.json")], cwd=ROOT, stdout=writer,
                              stderr=subprocess.PIPE, text=True, timeout=120)
    finally:
        os.close(writer)
    assert done.returncode == 141 and done.stderr == ""


# --- resuming never truncates; other inputs are refused ---------------------------------------

def test_a_rerun_with_other_transcripts_is_refused(
        tmp_path: Path, problems: Path, transcripts: Path,
        capsys: pytest.CaptureFixture[str]) -> None:
    report = tmp_path / "report.jsonl"
    assert run_cli(capsys, *batch(problems, transcripts, report))[0] == 0
    kept = report.read_bytes()
    other = transcripts.with_name("other.jsonl")
    other.write_text(transcripts.read_text().replace('"transcript": "', '"transcript": "So '))
    code, _out, err = run_cli(capsys, *batch(problems, other, report))
    assert code == 2
    assert one_line_error(err) == (
        f"vlp: error: -o {report}: reports other inputs or settings (transcripts_sha256 "
        "changed); rerun with the same ones, --restart to start over, or choose another -o")
    assert report.read_bytes() == kept
    code, _out, err = run_cli(capsys, *batch(problems, transcripts, report, "--mode", "claims"))
    assert code == 2 and "(mode changed)" in err
    assert run_cli(capsys, *batch(problems, other, report, "--restart"))[0] == 0
    assert report.read_bytes() != kept
    recorded = json.loads(report.with_name("report.jsonl.inputs.json").read_text())
    assert recorded["transcripts_sha256"] == digest(other)


def test_a_batch_where_no_row_verified_exits_1(tmp_path: Path, problems: Path,
                                                capsys: pytest.CaptureFixture[str]) -> None:
    transcripts = tmp_path / "ghosts.jsonl"
    transcripts.write_text(json.dumps({"id": "ghost", "transcript": "x"}) + "\n{bad\n")
    code, out, err = run_cli(capsys, *batch(problems, transcripts, tmp_path / "r.jsonl"))
    assert code == 1 and json.loads(out)["errors"] == 2
    assert "2 of 2 transcripts were not verified" in err


def test_the_writer_never_rewrites_what_it_resumes(tmp_path: Path) -> None:
    path = tmp_path / "rows.jsonl"
    writer = JsonlWriter(path, lambda row: row.get("id"))
    list(writer.resume(lenient=True))
    with writer:
        for index in range(3):
            writer.append({"id": str(index)})
    with path.open("ab") as file:
        file.write(b'{"id": "3", "tr')  # a kill in the middle of a write
    inode, whole = path.stat().st_ino, path.read_bytes().rsplit(b"\n", 1)[0] + b"\n"
    resumed = JsonlWriter(path, lambda row: row.get("id"))
    assert [row["id"] for row in resumed.resume(lenient=True)] == ["0", "1", "2"]
    assert path.stat().st_ino == inode and path.read_bytes() == whole  # only the tail cut


def test_a_batch_killed_while_running_and_while_resuming_loses_nothing(
        tmp_path: Path, problems: Path, transcripts: Path,
        capsys: pytest.CaptureFixture[str]) -> None:
    many = tmp_path / "many.jsonl"
    many.write_text(transcripts.read_text() * 60)  # 240 transcripts: a few seconds' work
    reference = tmp_path / "reference.jsonl"
    assert run_cli(capsys, *batch(problems, many, reference))[0] == 0
    expected = reference.read_bytes()
    report = tmp_path / "report.jsonl"
    command = [sys.executable, "-m", "vlp.cli", *batch(problems, many, report)]
    lock = report.with_name(f".{report.name}.lock")  # holds its owner's pid

    def run_until(lines: int | None) -> int:
        process = subprocess.Popen(command, cwd=ROOT, stdout=subprocess.DEVNULL,
                                   stderr=subprocess.DEVNULL)
        deadline = time.monotonic() + 120
        while process.poll() is None and time.monotonic() < deadline:
            if lines is None:  # as soon as it has taken the lock: resuming
                with contextlib.suppress(OSError):
                    if lock.read_text().strip() == str(process.pid):
                        break
            elif report.exists() and report.read_bytes().count(b"\n") >= lines:
                break
            time.sleep(0.005)
        process.send_signal(signal.SIGKILL)
        process.communicate()
        return process.returncode

    assert run_until(40) == -signal.SIGKILL, "the kill should land mid-run"
    first = report.read_bytes()
    assert 40 <= first.count(b"\n") < 240
    assert run_until(None) == -signal.SIGKILL  # killed once it holds the lock: resuming
    assert lock.exists()  # left by the kill; the next run takes it
    second = report.read_bytes()
    assert second.count(b"\n") >= first.count(b"\n")
    whole = second[: second.rfind(b"\n") + 1]
    assert expected.startswith(whole) and whole.startswith(first[: first.rfind(b"\n") + 1])
    assert run_cli(capsys, *batch(problems, many, report))[0] == 0
    assert report.read_bytes() == expected


# --- evaluate ---------------------------------------------------------------------------------

def evaluate_argv(data: Path, run: Path, *extra: str) -> list[str]:
    return ["evaluate", "--model", "baseline:bfs", "--data", str(data), "-o", str(run),
            "--quiet", *extra]


def test_evaluate_refuses_an_unwritable_cache_before_any_work(
        tmp_path: Path, problems: Path, capsys: pytest.CaptureFixture[str]) -> None:
    a_file = tmp_path / "a-file"
    a_file.write_text("x\n")
    run = tmp_path / "run"
    code, _out, err = run_cli(capsys, *evaluate_argv(problems, run, "--cache-dir",
                                                     str(a_file / "cache")))
    assert code == 2 and f"--cache-dir {a_file / 'cache'}: {a_file} is not a directory" in (
        one_line_error(err))
    assert not run.exists()


def test_evaluate_refuses_other_data_unless_restarted_and_never_appends_to_its_input(
        tmp_path: Path, problems: Path, capsys: pytest.CaptureFixture[str]) -> None:
    run = tmp_path / "run"
    assert run_cli(capsys, *evaluate_argv(problems, run, "--no-cache"))[0] == 0
    results = (run / "results.jsonl").read_bytes()
    fewer = tmp_path / "fewer.jsonl"
    fewer.write_text(problems.read_text().splitlines()[0] + "\n")
    code, _out, err = run_cli(capsys, *evaluate_argv(fewer, run, "--no-cache"))
    assert code == 2 and "holds a run with different settings (data, data_sha256)" in (
        one_line_error(err))
    assert (run / "results.jsonl").read_bytes() == results
    assert run_cli(capsys, *evaluate_argv(fewer, run, "--no-cache", "--restart"))[0] == 0
    assert (run / "results.jsonl").read_text().count("\n") == 1
    code, _out, err = run_cli(capsys, *evaluate_argv(run / "results.jsonl", run, "--no-cache"))
    assert code == 2 and "is an input of this command" in one_line_error(err)


def test_a_full_disk_under_generate_and_stats_plot_is_one_line(
        tmp_path: Path, problems: Path, capsys: pytest.CaptureFixture[str],
        monkeypatch: pytest.MonkeyPatch) -> None:
    from vlp.sampler import dataset

    def no_space(*args: object, **kwargs: object) -> None:
        raise OSError(errno.ENOSPC, "No space left on device")

    with monkeypatch.context() as patch:
        patch.setattr(dataset, "write_dataset", no_space)
        out = tmp_path / "p.jsonl"
        code, _out, err = run_cli(capsys, "generate", "-n", "1", "--quiet", "-o", str(out))
    assert code == 1 and one_line_error(err) == (
        f"vlp: error: {out}: cannot write: No space left on device; the problems before it "
        "are kept with their checkpoint; rerun the same command to resume")
    assert not out.with_name(".p.jsonl.lock").exists()
    monkeypatch.setattr(output_layer.os, "fsync", no_space)
    code, _out, err = run_cli(capsys, "stats", str(problems), "--plot", str(tmp_path / "figs"))
    assert code == 1 and "cannot write: No space left on device" in one_line_error(err)
    assert [p.name for p in (tmp_path / "figs").iterdir()] == []  # no half-written figure


def test_an_output_named_dot_is_locked_beside_the_directory(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    (tmp_path / "here").mkdir()
    monkeypatch.chdir(tmp_path / "here")
    with OutputLock("."):
        assert (tmp_path / ".here.lock").exists()
        with pytest.raises(OutputError, match="another vlp process"):
            OutputLock(tmp_path / "here").acquire()
    assert not (tmp_path / ".here.lock").exists()


def test_report_locks_both_outputs_and_refuses_one_path_for_both(
        tmp_path: Path, run_dir: Path, capsys: pytest.CaptureFixture[str]) -> None:
    tables, viewer = tmp_path / "tables", tmp_path / "viewer.html"
    argv = ["report", str(run_dir), "-o", str(tables), "--html", str(viewer), "--no-figures"]
    with OutputLock(viewer, option="--html"):
        code, _out, err = run_cli(capsys, *argv)
    assert code == 2 and f"--html {viewer}: another vlp process" in one_line_error(err)
    assert not tables.with_name(".tables.lock").exists()  # the lock taken first is released
    code, _out, err = run_cli(capsys, "report", str(run_dir), "-o", str(tables), "--html",
                              str(tables), "--no-figures")
    assert code == 2 and "-o (a directory) and --html (a file) name the same path" in (
        one_line_error(err))
    assert run_cli(capsys, *argv)[0] == 0 and viewer.is_file() and (tables / "report.md").is_file()
