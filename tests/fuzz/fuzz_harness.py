"""Runs one command line in a resident worker process and judges what came back.

The worker is forked once (vlp already imported), so an input costs an in-process call, not
an interpreter start. It runs under an address-space limit and its own process group: an
input that hangs is killed with everything it started, one that eats memory gets a
MemoryError, and a fresh worker takes over. File descriptors 1 and 2 are redirected to files
for each run, so output from processes a command starts is captured too.

The judgement is the README's promise: exit code 0, 1 or 2; no traceback; a usage or input
error is one ``error:`` line and the last line; input files keep their bytes.
"""

from __future__ import annotations

import hashlib
import json
import multiprocessing
import os
import re
import resource
import shutil
import signal
import stat
import subprocess
import sys
import tempfile
import time
import traceback
from collections import Counter, defaultdict
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from hypothesis import settings

# Environment the worker drops: nothing it runs may reach a real provider.
API_KEYS = ("OPENAI_API_KEY", "ANTHROPIC_API_KEY", "OPENAI_BASE_URL", "ANTHROPIC_BASE_URL",
            "HF_TOKEN")
MEMORY_HEADROOM = int(os.environ.get("VLP_FUZZ_MEMORY_MB", "3072")) * 2**20
TIMEOUT = float(os.environ.get("VLP_FUZZ_TIMEOUT", "20"))
# VLP_FUZZ_TOLERANT=1: record every outcome and keep going (bench/fuzz.py counts this way)
TOLERANT = os.environ.get("VLP_FUZZ_TOLERANT") == "1"
THOROUGH_EXAMPLES = 10_000
ERROR_LINE = re.compile(r"^(vlp( [a-z-]+)?|verify-proof): (error: .+|interrupted|terminated)$")
TRACEBACK = "Traceback (most recent call last)"
LONGEST_ERROR = 2000  # characters: an error line quotes a piece of the input, not all of it


def examples(command: str, quick: int) -> int:
    """Inputs for ``command``: from VLP_FUZZ_EXAMPLES if set (``N``, or ``N,COMMAND=M,...``
    with a count per command, e.g. ``10000,generate=2000``), 10,000 in the thorough profile
    (whose max_examples is 1,000), else ``quick``."""
    setting = os.environ.get("VLP_FUZZ_EXAMPLES", "")
    counts: dict[str, int] = {}
    for item in filter(None, (part.strip() for part in setting.split(","))):
        name, _, value = item.rpartition("=")
        counts[name] = int(value)
    if command in counts:
        return counts[command]
    if "" in counts:
        return counts[""]
    return THOROUGH_EXAMPLES if settings.default.max_examples >= 1000 else quick


@dataclass(frozen=True)
class Case:
    """One command line. ``files`` and ``dirs`` are created (relative to a fresh scratch
    directory, the command's working directory) before it runs; ``inputs`` name the files
    whose bytes must not change. ``entry`` is ``vlp`` or ``verify-proof``."""

    argv: tuple[str, ...]
    files: tuple[tuple[str, bytes], ...] = ()
    dirs: tuple[str, ...] = ()
    inputs: tuple[str, ...] = ()
    entry: str = "vlp"
    devices: tuple[tuple[str, str], ...] = ()  # (name, "null", "full" or "zero"): copies
    stdout: str = "file"  # or "full" (a full disk) or "closed" (a reader that went away)
    links: tuple[tuple[str, str], ...] = ()  # (name, target): symbolic links made first
    fifos: tuple[str, ...] = ()  # named pipes nobody writes (an input that would block)
    refused: bool = False  # the command must refuse this input (exit code 2)

    def __repr__(self) -> str:  # what Hypothesis prints for a failing example
        shown = {name: (data if len(data) <= 300 else data[:300] + b"...")
                 for name, data in self.files}
        return (f"Case(entry={self.entry!r}, argv={list(self.argv)!r}, files={shown!r}, "
                f"dirs={list(self.dirs)!r}, inputs={list(self.inputs)!r}, "
                f"devices={list(self.devices)!r}, stdout={self.stdout!r}, "
                f"links={list(self.links)!r}, fifos={list(self.fifos)!r}, "
                f"refused={self.refused!r})")

    def _repr_pretty_(self, printer: Any, cycle: bool) -> None:  # Hypothesis's printer
        printer.text(repr(self))


@dataclass(frozen=True)
class Outcome:
    rc: int | None            # None: the command raised (see crash) or did not finish
    stdout: bytes
    stderr: bytes
    seconds: float
    crash: str | None = None  # the uncaught exception's traceback
    hang: bool = False        # killed after the time limit
    died: str | None = None   # the worker vanished (signal, os._exit)
    modified: tuple[str, ...] = ()
    stdout_closed: bool = False  # then 141 (128 + SIGPIPE, the README's code) is right too
    must_refuse: bool = False  # the input is one the command must refuse (exit code 2)

    def problems(self) -> list[str]:
        """What breaks the promise, one line each (empty: the command behaved)."""
        found: list[str] = []
        if self.hang:
            found.append(f"hang: no answer in {TIMEOUT:.0f} s")
        if self.died:
            found.append(f"died: {self.died}")
        if self.crash:
            found.append(f"traceback: {last_line(self.crash)} at {crash_site(self.crash)}")
        err = self.stderr.decode("utf-8", "replace")
        if TRACEBACK in err:
            found.append(f"traceback on stderr: {last_line(err[err.index(TRACEBACK):])}")
        if self.rc is not None and self.rc not in (0, 1, 2) and not (
                self.stdout_closed and self.rc == 141):
            found.append(f"exit code {self.rc}")
        if self.rc == 2 and TRACEBACK not in err:
            # split on newlines only: a junk argument may hold \x0b or \x1c, which
            # str.splitlines() would also break on
            lines = [line for line in err.split("\n") if line.strip()]
            errors = [line for line in lines if ": error: " in line]
            if not lines or not ERROR_LINE.match(lines[-1]) or len(errors) != 1:
                shown = lines[-1] if lines else "(nothing)"
                found.append(f"exit 2 without one final error line: {shown[:200]!r}")
        longest = max((len(line) for line in err.split("\n")), default=0)
        if longest > LONGEST_ERROR:
            found.append(f"stderr line of {longest} characters")
        for path in self.modified:
            found.append(f"input modified: {path}")
        if self.must_refuse and self.rc is not None and self.rc != 2:
            found.append(f"accepted an input it must refuse: exit code {self.rc}")
        return found


def last_line(text: str) -> str:
    lines = [line for line in text.strip().splitlines() if line.strip()]
    return lines[-1][:300] if lines else ""


def crash_site(text: str) -> str:
    """The innermost frame of a traceback inside vlp: ``module.py:function``."""
    sites = re.findall(r'File "([^"]+)", line \d+, in (\S+)', text)
    own = [(path, name) for path, name in sites if "/site-packages/" not in path
           and "/lib/python" not in path] or sites
    if not own:
        return "?"
    path, name = own[-1]
    parts = Path(path).parts
    return f"{'/'.join(parts[-2:])}:{name}"


def signature(command: str, problem: str) -> str:
    """What counts as one distinct finding: the command and the problem without numbers
    (paths and values vary between inputs)."""
    problem = re.sub(r"'[^']*'|\"[^\"]*\"", "'…'", problem)
    return f"{command}: {re.sub(r'[0-9]+', 'N', problem)}"


def _hash(path: Path) -> str | None:
    try:
        return hashlib.sha256(path.read_bytes()).hexdigest()
    except OSError:
        return None


def _serve(conn: Any, memory_limit: int, parent_end: Any) -> None:
    """The worker's loop: (entry, argv, cwd, out, err, stdout) in, (rc, crash, seconds) out.
    ``stdout`` is "file" (captured), "full" (``out`` is a /dev/full node) or "closed" (a
    pipe whose reader has gone)."""
    # the fork copied the runner's end of the pipe: closed, so that the runner's death (a
    # fuzz run stopped with SIGTERM) ends this loop with EOFError instead of leaving it
    parent_end.close()
    os.setpgrp()
    for key in API_KEYS:
        os.environ.pop(key, None)
    os.environ["NO_COLOR"] = "1"
    resource.setrlimit(resource.RLIMIT_AS, (memory_limit, memory_limit))
    sys.setrecursionlimit(1000)
    # the parent's sys.stdout may be pytest's capture object: write to the descriptors
    sys.stdout = sys.__stdout__ = open(1, "w", encoding="utf-8", closefd=False)  # noqa: SIM115
    sys.stderr = sys.__stderr__ = open(2, "w", encoding="utf-8", closefd=False)  # noqa: SIM115
    from vlp.cli import main, verify_proof_main

    entries = {"vlp": main, "verify-proof": verify_proof_main}
    null = os.open(os.devnull, os.O_RDONLY)
    os.dup2(null, 0)
    while True:
        try:
            entry, argv, cwd, out, err, mode = conn.recv()
        except EOFError:
            os._exit(0)
        saved = os.dup(1), os.dup(2)
        rc: int | None = None
        crash = None
        start = time.perf_counter()
        reader, writer = os.pipe()
        os.close(reader)  # "closed": every write to stdout meets EPIPE
        with open(out, "wb") as out_file, open(err, "wb") as err_file:
            sys.stdout.flush()
            sys.stderr.flush()
            os.dup2(writer if mode == "closed" else out_file.fileno(), 1)
            os.close(writer)
            os.dup2(err_file.fileno(), 2)
            try:
                os.chdir(cwd)
                rc = entries[entry](list(argv))
            except SystemExit as stop:
                if stop.code is None or isinstance(stop.code, int):
                    rc = stop.code or 0
                else:
                    print(stop.code, file=sys.stderr)
                    rc = 1
            except BaseException:  # noqa: BLE001 - what the fuzzer is looking for
                crash = traceback.format_exc()
            finally:
                try:
                    sys.stdout.flush()
                    sys.stderr.flush()
                except OSError:
                    pass
                os.dup2(saved[0], 1)
                os.dup2(saved[1], 2)
                os.close(saved[0])
                os.close(saved[1])
        conn.send((rc, crash, time.perf_counter() - start))


class Worker:
    """A resident process that runs command lines; replaced when one hangs or kills it."""

    def __init__(self, root: Path) -> None:
        self.root = root
        self.count = 0
        self._process: Any = None
        self._conn: Any = None

    def _start(self) -> None:
        context = multiprocessing.get_context("fork")
        parent, child = context.Pipe()
        with open("/proc/self/status") as status:
            size = next(int(line.split()[1]) * 1024 for line in status
                        if line.startswith("VmSize:"))
        # not a daemon: commands start processes of their own (the demo's pool)
        self._process = context.Process(target=_serve,
                                        args=(child, size + MEMORY_HEADROOM, parent))
        self._process.start()
        child.close()
        self._conn = parent

    def _kill(self) -> None:
        if self._process is not None:
            try:
                os.killpg(self._process.pid, signal.SIGKILL)
            except ProcessLookupError:
                pass
            self._process.join(5)
            self._conn.close()
        self._process = None

    def close(self) -> None:
        self._kill()

    def run(self, case: Case, timeout: float = TIMEOUT) -> Outcome:
        if self._process is None or not self._process.is_alive():
            self._start()
        self.count += 1
        scratch, before = _prepare(self.root / f"case{self.count}", case)
        capture = self.root / f"capture{self.count}"
        capture.mkdir()
        out, err = capture / "stdout", capture / "stderr"
        if case.stdout == "full":
            make_device(out, "full")
        start = time.perf_counter()
        self._conn.send((case.entry, case.argv, str(scratch), str(out), str(err),
                         case.stdout))
        rc: int | None = None
        crash = died = None
        hang = False
        seconds = timeout
        if self._conn.poll(timeout):
            try:
                rc, crash, seconds = self._conn.recv()
            except EOFError:
                self._process.join(5)
                died = f"exit status {self._process.exitcode}"
                self._kill()
        else:
            hang = True
            self._kill()
        seconds = min(seconds, time.perf_counter() - start)
        stdout = _read(out) if case.stdout == "file" else b""  # /dev/full reads forever
        outcome = Outcome(rc, stdout, _read(err), seconds, crash, hang, died,
                          _changed(scratch, case, before), case.stdout == "closed",
                          case.refused)
        shutil.rmtree(capture, ignore_errors=True)
        return outcome


def run_entry_point(root: Path, case: Case, timeout: float = TIMEOUT) -> Outcome:
    """``case`` through the installed console script, in a process of its own."""
    scratch, before = _prepare(root, case)
    script = Path(sys.executable).with_name(case.entry)
    env = {key: value for key, value in os.environ.items() if key not in API_KEYS}
    env["NO_COLOR"] = "1"
    sink: Any = subprocess.PIPE
    if case.stdout == "full":
        make_device(root.with_name(root.name + "-stdout"), "full")
        sink = os.open(root.with_name(root.name + "-stdout"), os.O_WRONLY)
    elif case.stdout == "closed":
        reader, sink = os.pipe()
        os.close(reader)
    start = time.perf_counter()
    try:
        done = subprocess.run([str(script), *case.argv], cwd=scratch, env=env,
                              stdin=subprocess.DEVNULL, stdout=sink, stderr=subprocess.PIPE,
                              timeout=timeout, check=False)
    except subprocess.TimeoutExpired as expired:
        return Outcome(None, b"", expired.stderr or b"", timeout, hang=True,
                       modified=_changed(scratch, case, before))
    finally:
        if sink != subprocess.PIPE:
            os.close(sink)
    return Outcome(done.returncode, done.stdout or b"", done.stderr,
                   time.perf_counter() - start, modified=_changed(scratch, case, before),
                   stdout_closed=case.stdout == "closed", must_refuse=case.refused)


def _prepare(scratch: Path, case: Case) -> tuple[Path, dict[str, str | None]]:
    scratch.mkdir()
    for name in case.dirs:
        (scratch / name).mkdir(parents=True, exist_ok=True)
    for name, kind in case.devices:
        (scratch / name).parent.mkdir(parents=True, exist_ok=True)  # a run file's directory
        make_device(scratch / name, kind)
    for name, data in case.files:
        (scratch / name).parent.mkdir(parents=True, exist_ok=True)
        (scratch / name).write_bytes(data)
    for name, target in case.links:
        (scratch / name).parent.mkdir(parents=True, exist_ok=True)
        (scratch / name).symlink_to(target)
    for name in case.fifos:
        (scratch / name).parent.mkdir(parents=True, exist_ok=True)
        os.mkfifo(scratch / name)
    return scratch, {name: _hash(scratch / name) for name in case.inputs}


def _changed(scratch: Path, case: Case, before: dict[str, str | None]) -> tuple[str, ...]:
    """Inputs whose bytes changed, and device nodes something replaced; then the scratch
    directory goes."""
    modified = tuple(name for name, digest in before.items()
                     if _hash(scratch / name) != digest)
    modified += tuple(f"{name} (a device, replaced)" for name, _kind in case.devices
                      if not _is_device(scratch / name))
    shutil.rmtree(scratch, ignore_errors=True)
    return modified


DEVICES = {"null": (1, 3), "full": (1, 7), "zero": (1, 5)}


def can_make_devices() -> bool:
    """Whether this process may make device nodes (root): else :func:`make_device` makes
    a regular file, which no command need refuse as an input."""
    return os.geteuid() == 0


def make_device(path: Path, kind: str) -> None:
    """A copy of /dev/null, /dev/full or /dev/zero in the scratch directory: a command that
    wrongly renames a file onto its output replaces this node, never the machine's own.
    Without the right to make device nodes (not root), a regular file stands in."""
    try:
        os.mknod(path, 0o666 | stat.S_IFCHR, os.makedev(*DEVICES[kind]))
    except OSError:
        path.write_bytes(b"")


def _is_device(path: Path) -> bool:
    try:
        mode = path.lstat().st_mode
    except OSError:
        return False
    return stat.S_ISCHR(mode) or (stat.S_ISREG(mode) and os.geteuid() != 0)


def _read(path: Path) -> bytes:
    try:
        return path.read_bytes()
    except OSError:
        return b""


@dataclass
class Tally:
    """Per command: inputs run, exit codes, and each distinct problem with one example."""

    inputs: Counter[str] = field(default_factory=Counter)
    exit_codes: dict[str, Counter[Any]] = field(default_factory=lambda: defaultdict(Counter))
    kinds: dict[str, Counter[str]] = field(default_factory=lambda: defaultdict(Counter))
    findings: dict[str, tuple[int, str]] = field(default_factory=dict)
    seconds: Counter[str] = field(default_factory=Counter)
    wall: Counter[str] = field(default_factory=Counter)  # drawing the input included
    last: float = field(default_factory=time.perf_counter)

    def add(self, command: str, case: Case, outcome: Outcome) -> list[str]:
        self.inputs[command] += 1
        self.seconds[command] += outcome.seconds
        now = time.perf_counter()
        if self.inputs[command] > 1:  # the first input of a test also pays its set-up
            self.wall[command] += now - self.last
        self.last = now
        self.exit_codes[command][outcome.rc if outcome.rc is not None else "none"] += 1
        problems = outcome.problems()
        for problem in problems:
            kind = re.sub(r"\d+", "N", problem.split(":", 1)[0])
            self.kinds[command][kind] += 1
            key = signature(command, problem)
            count, example = self.findings.get(key, (0, repr(case)))
            if not count and os.environ.get("VLP_FUZZ_CASES"):
                save_case(Path(os.environ["VLP_FUZZ_CASES"]) / f"{len(self.findings):03d}",
                          case, key, outcome)
            self.findings[key] = (count + 1, example)
        return problems

    def to_json(self) -> dict[str, Any]:
        return {
            "commands": {command: {"inputs": self.inputs[command],
                                   "seconds": round(self.seconds[command], 1),
                                   "wall_seconds": round(self.wall[command], 1),
                                   "exit_codes": {str(k): v for k, v in
                                                  sorted(self.exit_codes[command].items(),
                                                         key=str)},
                                   "problems": dict(self.kinds[command])}
                         for command in sorted(self.inputs)},
            "findings": {key: {"count": count, "example": example[:2000]}
                         for key, (count, example) in sorted(self.findings.items())},
        }

    def lines(self) -> Iterable[str]:
        yield (f"{'command':<16}{'inputs':>8}{'tracebacks':>12}{'hangs':>7}{'exit!=':>8}"
               f"{'bad error':>10}{'long line':>10}{'modified':>9}{'died':>6}{'accepted':>9}"
               f"{'s':>8}{'wall s':>8}")
        for command in sorted(self.inputs):
            kinds = self.kinds[command]
            yield (f"{command:<16}{self.inputs[command]:>8}"
                   f"{kinds['traceback'] + kinds['traceback on stderr']:>12}"
                   f"{kinds['hang']:>7}{kinds['exit code']:>8}"
                   f"{kinds['exit 2 without one final error line']:>10}"
                   f"{kinds['stderr line of N characters']:>10}"
                   f"{kinds['input modified']:>9}{kinds['died']:>6}"
                   f"{kinds['accepted an input it must refuse']:>9}"
                   f"{self.seconds[command]:>8.0f}{self.wall[command]:>8.0f}")
        for key, (count, _example) in sorted(self.findings.items()):
            yield f"  {count:>6}x {key}"


TALLY = Tally()


def save_case(directory: Path, case: Case, key: str, outcome: Outcome) -> None:
    """A finding's whole input, to reproduce by hand: its files, and ``case.json`` with the
    command line (run it in this directory) and what went wrong."""
    directory.mkdir(parents=True, exist_ok=True)
    for name, data in case.files:
        (directory / name).parent.mkdir(parents=True, exist_ok=True)
        (directory / name).write_bytes(data)
    summary = {"finding": key, "entry": case.entry, "argv": list(case.argv),
               "dirs": list(case.dirs), "devices": [list(item) for item in case.devices],
               "links": [list(item) for item in case.links], "fifos": list(case.fifos),
               "stdout": case.stdout,
               "rc": outcome.rc, "stderr": outcome.stderr.decode("utf-8", "replace")[-2000:],
               "crash": outcome.crash}
    (directory / "case.json").write_text(json.dumps(summary, indent=1) + "\n",
                                         encoding="utf-8")


def scratch_root() -> Path:
    return Path(tempfile.mkdtemp(prefix="vlp-fuzz-"))


def check(worker: Worker, command: str, case: Case, *, known: Sequence[str] = (),
          timeout: float = TIMEOUT) -> Outcome:
    """Run ``case`` and fail on any broken promise, except problems matching one of
    ``known`` (regular expressions over the problem line: findings already reported and
    reproduced by a strict xfail test of their own)."""
    outcome = worker.run(case, timeout)
    problems = TALLY.add(command, case, outcome)
    if os.environ.get("VLP_FUZZ_TALLY") and (problems or TALLY.inputs[command] % 100 == 0):
        dump_tally(os.environ["VLP_FUZZ_TALLY"])  # a long run shows its counts as it goes
    if TOLERANT:
        return outcome
    unknown = [problem for problem in problems
               if not any(re.search(pattern, problem) for pattern in known)]
    if unknown:
        detail = outcome.crash or outcome.stderr.decode("utf-8", "replace")[-3000:]
        raise AssertionError("; ".join(unknown) + "\n" + detail)
    return outcome


def dump_tally(path: str) -> None:
    Path(path).write_text(json.dumps(TALLY.to_json(), indent=1) + "\n", encoding="utf-8")
