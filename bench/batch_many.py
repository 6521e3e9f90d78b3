"""``verify-proof --batch`` on many problems with a few transcripts each (what RL and
evaluation produce), on one core, and its peak memory against the number of problems.

    python bench/batch_many.py [--problems 200] [--per-problem 10] [--seed 1]
                               [--memory 50 100 200] [--workers 2]

Generates ``--problems`` ``trees`` problems (``vlp generate``) and ``--per-problem``
transcripts of each (the four baseline reasoners' proofs and 20-sentence transcripts built
like ``bench/verify.py``'s: the shortest proof padded with restated facts and irrelevant
derivations), rows interleaved problem by problem. Prints

- rows per CPU second of ``verify-proof --batch`` run in this process (reading the files,
  verifying, writing every report line): every problem is new to it, so each problem's
  first set-up (chaining, the shortest proof, the index) is included, as in a real batch;
  target 500 rows/s;
- the same with ``--workers N`` (wall clock, paired with one process in this run: the
  ratio, and the load average);
- peak resident memory (``ru_maxrss``) of a fresh ``verify-proof --batch`` process over the
  first 50, 100, 200 problems' rows (``--memory``): it grows with the problems kept
  prepared (at most 256), not with the rows.
"""

from __future__ import annotations

import argparse
import contextlib
import io
import json
import os
import random
import resource
import subprocess
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from verify import _transcript  # noqa: E402  (bench/verify.py's 20-sentence transcripts)

TARGET_ROWS_PER_SECOND = 500


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--problems", type=int, default=200)
    parser.add_argument("--per-problem", type=int, default=10)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--memory", type=int, nargs="*", default=[50, 100, 200])
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--keep", help="write the files here (and reuse them) instead of a "
                        "temporary folder")
    args = parser.parse_args(argv)

    from vlp.cli import verify_proof_main
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
    records = [json.loads(line) for line in problems.read_text(encoding="utf-8").splitlines()]
    rng = random.Random(args.seed)
    rows: list[str] = []
    for record in records:
        texts = [baseline_transcript(strategy, record)[0] for strategy in BASELINES]
        while len(texts) < args.per_problem:
            texts.append(_transcript(record, rng))
        rows.extend(json.dumps({"id": record["id"], "transcript": text})
                    for text in texts[:args.per_problem])
    transcripts = work / f"transcripts-{args.problems}-{args.per_problem}-{args.seed}.jsonl"
    transcripts.write_text("\n".join(rows) + "\n", encoding="utf-8")
    report = work / "report.jsonl"

    def batch(*options: str) -> tuple[float, float]:
        """(CPU seconds of this process and its finished children, wall seconds) of one
        batch run."""
        report.unlink(missing_ok=True)
        cpu, wall = time.process_time() + _children_cpu(), time.perf_counter()
        with contextlib.redirect_stdout(io.StringIO()):  # the summary
            code = verify_proof_main(["--batch", str(problems), str(transcripts), "-o",
                                      str(report), *options])
        if code != 0:
            raise SystemExit(f"verify-proof --batch exited {code}")
        return time.process_time() + _children_cpu() - cpu, time.perf_counter() - wall

    single_cpu, single_wall = batch()
    count = len(rows)
    print(f"{args.problems} problems x {args.per_problem} transcripts = {count} rows, every "
          f"problem new to the batch")
    rate = count / single_cpu
    print(f"one core: {rate:7.0f} rows per CPU second ({1000 / rate:.2f} ms a row); target "
          f"{TARGET_ROWS_PER_SECOND}: {rate / TARGET_ROWS_PER_SECOND:.2f}x")
    if args.workers > 1:
        pooled_cpu, pooled_wall = batch("--workers", str(args.workers))
        again_cpu, again = batch()  # paired: one process again, after the pool
        single = (single_wall + again) / 2
        single_cpu = (single_cpu + again_cpu) / 2
        print(f"--workers {args.workers}: {count / pooled_wall:7.0f} rows/s wall against "
              f"{count / single:.0f} rows/s in one process: {single / pooled_wall:.2f}x; CPU "
              f"per row {pooled_cpu / single_cpu:.2f}x (workers' start-up included; load "
              f"average {os.getloadavg()[0]:.1f} on {os.cpu_count()} cores)")
    for size in args.memory:
        if size > args.problems:
            continue
        subset = work / f"transcripts-first-{size}.jsonl"
        subset.write_text("\n".join(rows[:size * args.per_problem]) + "\n", encoding="utf-8")
        process = subprocess.Popen([sys.executable, "-m", "vlp.cli", "verify", "--batch",
                                    str(problems), str(subset), "-o",
                                    str(work / f"report-first-{size}.jsonl"), "--restart"],
                                   stdout=subprocess.DEVNULL)
        _, status, usage = os.wait4(process.pid, 0)
        if status != 0:
            raise SystemExit(f"verify-proof --batch on {size} problems failed ({status})")
        print(f"peak memory over {size:4d} problems ({size * args.per_problem:5d} rows): "
              f"{usage.ru_maxrss / 1024:6.0f} MiB")
    return 0


def _children_cpu() -> float:
    usage = resource.getrusage(resource.RUSAGE_CHILDREN)
    return usage.ru_utime + usage.ru_stime


if __name__ == "__main__":
    sys.exit(main())
