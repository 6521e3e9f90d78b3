"""``verify-proof --batch`` on many problems with a few transcripts each (what RL and
evaluation produce), on one core, and its peak memory against the number of problems.

    python bench/batch_many.py [--problems 200] [--per-problem 10] [--seed 1]
                               [--memory 50 100 200] [--workers 2]

Generates ``--problems`` ``trees`` problems (``vlp generate``) and ``--per-problem``
transcripts of each (the four baseline reasoners' proofs and 20-sentence transcripts built
like ``bench/verify.py``'s: the shortest proof padded with restated facts and irrelevant
derivations), rows interleaved problem by problem. Prints

- rows per CPU second of ``verify-proof --batch`` (reading the files, verifying, writing
  every report line), each run a fresh process whose start-up (the same command on a
  one-row file naming no problem) is subtracted: every problem is new to it, so each
  problem's first set-up (chaining, the shortest proof, the index) is included, as in a
  real batch; target 500;
- the same with ``--workers N``: wall clock and CPU per row (the workers' included),
  paired with one process in this run (before and after), the load average and the
  machine's capacity for N processes meanwhile (``bench/capacity.py``);
- with ``--where N``: where the time goes over the first N problems, in this process
  (``RowTask.prepare`` and ``RowTask.run``, as ``verify-proof --batch`` calls them): each
  problem's set-up, and the CPU milliseconds of a problem's 1st, 2nd, ... transcript (the
  first ones derive the comparisons they state on demand; the later ones mostly hit what
  those left in the index);
- peak resident memory (``ru_maxrss``) of a fresh ``verify-proof --batch`` process over the
  first 50, 100, 200 problems' rows (``--memory``): it grows with the problems kept
  prepared (at most 256), not with the rows.
"""

from __future__ import annotations

import argparse
import json
import os
import random
import subprocess
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from capacity import Capacity  # noqa: E402
from verify import _transcript  # noqa: E402  (bench/verify.py's 20-sentence transcripts)

TARGET_ROWS_PER_SECOND = 500


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--problems", type=int, default=200)
    parser.add_argument("--per-problem", type=int, default=10)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--memory", type=int, nargs="*", default=[50, 100, 200])
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--where", type=int, default=0, metavar="N",
                        help="also print set-up and per-transcript CPU ms over the first N "
                        "problems, in this process")
    parser.add_argument("--keep", help="write the files here (and reuse them) instead of a "
                        "temporary folder")
    args = parser.parse_args(argv)
    sys.stdout.reconfigure(line_buffering=True)  # each figure as it is measured
    _adopt_orphans()

    from vlp.lm.baselines import baseline_transcript
    from vlp.lm.models import BASELINES

    work = Path(args.keep) if args.keep else Path(tempfile.mkdtemp(prefix="vlp-batch-many-"))
    work.mkdir(parents=True, exist_ok=True)
    problems = work / f"problems-{args.problems}-{args.seed}.jsonl"
    if not problems.exists():
        started = time.perf_counter()
        subprocess.run([sys.executable, "-m", "vlp.cli", "generate", "--setting", "trees",
                        "--overlap", "both", "-n", str(args.problems), "--seed",
                        str(args.seed), "-o", str(problems), "--quiet"], check=True,
                       stdout=subprocess.DEVNULL)
        print(f"generated {args.problems} problems in {time.perf_counter() - started:.0f} s",
              file=sys.stderr)
    transcripts = work / f"transcripts-{args.problems}-{args.per_problem}-{args.seed}.jsonl"
    if transcripts.exists():  # --keep: the same rows again (they take minutes to build)
        rows = transcripts.read_text(encoding="utf-8").splitlines()
    else:
        records = [json.loads(line)
                   for line in problems.read_text(encoding="utf-8").splitlines()]
        rng = random.Random(args.seed)
        rows = []
        for record in records:
            texts = [baseline_transcript(strategy, record)[0] for strategy in BASELINES]
            while len(texts) < args.per_problem:
                texts.append(_transcript(record, rng))
            rows.extend(json.dumps({"id": record["id"], "transcript": text})
                        for text in texts[:args.per_problem])
        transcripts.write_text("\n".join(rows) + "\n", encoding="utf-8")
    # start-up: one row naming no problem (an error row, exit code 1; an empty transcripts
    # file is refused before anything is read)
    empty = work / "transcripts-start-up.jsonl"
    empty.write_text(json.dumps({"id": "no such problem", "transcript": ""}) + "\n",
                     encoding="utf-8")

    def batch(path: Path, *options: str) -> tuple[float, float, float]:
        """(CPU seconds, wall seconds, peak MiB) of ``verify-proof --batch`` in a fresh
        process (its workers' CPU included: ``wait4`` counts the children it reaped)."""
        known = _children()  # the capacity loop's processes
        started = time.perf_counter()
        process = subprocess.Popen([sys.executable, "-m", "vlp.cli", "verify", "--batch",
                                    str(problems), str(path), "-o", str(work / "report.jsonl"),
                                    "--restart", *options], stdout=subprocess.DEVNULL)
        _, status, usage = os.wait4(process.pid, 0)
        wall = time.perf_counter() - started
        if os.waitstatus_to_exitcode(status) != (1 if path == empty else 0):
            raise SystemExit(f"verify-proof --batch {' '.join(options)} failed ({status})")
        cpu = usage.ru_utime + usage.ru_stime
        # the workers' fork server (and any worker it left), orphaned to this subreaper
        while orphans := _children() - known:
            for orphan in orphans:
                _, _, used = os.wait4(orphan, 0)
                cpu += used.ru_utime + used.ru_stime
        return cpu, wall, usage.ru_maxrss / 1024

    count = len(rows)
    print(f"{args.problems} problems x {args.per_problem} transcripts = {count} rows, every "
          f"problem new to the batch; each run a fresh process, its start-up (a batch of "
          f"one row naming no problem) subtracted")
    base_cpu, base_wall, _ = batch(empty)
    single_cpu, single_wall, _ = batch(transcripts)
    rate = count / (single_cpu - base_cpu)
    print(f"one core: {rate:7.0f} rows per CPU second ({1000 / rate:.2f} ms a row); target "
          f"{TARGET_ROWS_PER_SECOND}: {rate / TARGET_ROWS_PER_SECOND:.2f}x")
    if args.workers > 1:
        workers = ("--workers", str(args.workers))
        with Capacity(args.workers) as capacity:  # the machine's, around the paired runs
            capacity.measure()
            pool_base_cpu, pool_base_wall, _ = batch(empty, *workers)
            pooled_cpu, pooled_wall, _ = batch(transcripts, *workers)
            capacity.measure()
            again_cpu, again_wall, _ = batch(transcripts)  # paired: one process again
            capacity.measure()
        single = (single_wall + again_wall) / 2 - base_wall
        single_work = (single_cpu + again_cpu) / 2 - base_cpu
        pooled = pooled_wall - pool_base_wall
        print(f"--workers {args.workers}: {count / pooled:7.0f} rows/s wall against "
              f"{count / single:.0f} rows/s in one process: {single / pooled:.2f}x; CPU per "
              f"row {(pooled_cpu - pool_base_cpu) / single_work:.2f}x (load average "
              f"{os.getloadavg()[0]:.1f} on {os.cpu_count()} cores; the machine's capacity "
              f"for {args.workers} processes meanwhile {capacity.ratio:.2f}x, "
              f"bench/capacity.py)")
    if args.where:
        _where(problems, rows[:args.where * args.per_problem], args.per_problem)
    for size in args.memory:
        if size > args.problems:
            continue
        subset = work / f"transcripts-first-{size}.jsonl"
        subset.write_text("\n".join(rows[:size * args.per_problem]) + "\n", encoding="utf-8")
        _, _, peak = batch(subset)
        print(f"peak memory over {size:4d} problems ({size * args.per_problem:5d} rows): "
              f"{peak:6.0f} MiB")
    return 0


def _adopt_orphans() -> None:
    """Make this process the reaper of its descendants (Linux ``PR_SET_CHILD_SUBREAPER``):
    ``verify-proof --batch --workers`` forks its workers from a fork server that outlives
    the command by a moment, and the CPU of the server and its workers reaches ``wait4``
    only when this process reaps it."""
    import ctypes

    libc = ctypes.CDLL(None, use_errno=True)
    if libc.prctl(36, 1, 0, 0, 0) != 0:  # PR_SET_CHILD_SUBREAPER
        raise SystemExit("bench/batch_many.py: cannot become a subreaper (Linux only): "
                         "the workers' CPU would not be counted")


def _children() -> set[int]:
    """This process's children (Linux ``/proc``)."""
    return {int(pid) for path in Path("/proc/self/task").glob("*/children")
            for pid in path.read_text().split()}


def _where(problems: Path, rows: list[str], per_problem: int) -> None:
    """CPU ms of each problem's set-up and of its transcripts by position, in this process."""
    from vlp.batch import RowTask, entries, read_problems

    path = problems.with_name("transcripts-where.jsonl")
    path.write_text("\n".join(rows) + "\n", encoding="utf-8")
    records = read_problems(problems)
    task = RowTask("auto", str(problems), False)
    prepared: dict[str, object] = {}
    set_up, by_position, seen = 0.0, [0.0] * per_problem, {}
    for entry in entries(path, set()):
        position = seen[entry.problem_id] = seen.get(entry.problem_id, -1) + 1
        started = time.process_time()
        if entry.problem_id not in prepared:
            prepared[entry.problem_id] = task.prepare(records[entry.problem_id])
            set_up += time.process_time() - started
            started = time.process_time()
        task.run(prepared[entry.problem_id], entry)
        by_position[min(position, per_problem - 1)] += time.process_time() - started
    count = len(seen)
    total = set_up + sum(by_position)
    print(f"where the time goes over {count} problems ({len(rows)} rows, in this process: "
          f"{len(rows) / total:.0f} rows per CPU second): set-up {1000 * set_up / count:.1f} "
          f"ms a problem; transcripts by position, ms: " + ", ".join(
              f"{1000 * each / count:.1f}" for each in by_position))


if __name__ == "__main__":
    sys.exit(main())
