"""Peak memory of ``verify-proof --batch`` at 1k and 100k transcripts (it should be flat).

    python bench/batch_memory.py [--sizes 1000 100000] [--workers 1]

Writes a transcripts file of each size (short transcripts cycling over a few generated
problems: memory, not verification, is measured), runs ``verify-proof --batch`` on it in a
fresh process and prints that process's peak resident memory (``ru_maxrss`` of that
process; with ``--workers`` the parent's, each worker holding one problem cache), the
report file's size and the ratio of the peaks.
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
import tempfile
import time
from pathlib import Path


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--sizes", type=int, nargs="+", default=[1000, 100_000])
    parser.add_argument("--workers", type=int, default=1)
    parser.add_argument("--problems", type=int, default=20)
    args = parser.parse_args(argv)

    work = Path(tempfile.mkdtemp(prefix="vlp-batch-memory-"))
    problems = work / "problems.jsonl"
    subprocess.run([sys.executable, "-m", "vlp.cli", "generate", "-n", str(args.problems),
                    "--seed", "1", "-o", str(problems), "--quiet"], check=True,
                   stdout=subprocess.DEVNULL)
    records = [json.loads(line) for line in problems.read_text().splitlines()]
    peaks = []
    for size in args.sizes:
        transcripts = work / f"transcripts-{size}.jsonl"
        with transcripts.open("w", encoding="utf-8") as sink:
            for index in range(size):
                record = records[index % len(records)]
                facts = " ".join(axiom["sentence"] for axiom in record["axioms"][:2])
                text = f"{facts}\nTherefore, the answer (arabic numerals) is {index % 50}."
                sink.write(json.dumps({"id": record["id"], "transcript": text}) + "\n")
        report = work / f"report-{size}.jsonl"
        started = time.perf_counter()
        process = subprocess.Popen([sys.executable, "-m", "vlp.cli", "verify", "--batch",
                                    str(problems), str(transcripts), "-o", str(report),
                                    "--restart", "--json", "--workers", str(args.workers)],
                                   stdout=subprocess.DEVNULL)
        _, status, usage = os.wait4(process.pid, 0)  # this child's own peak (KiB)
        process.returncode = os.waitstatus_to_exitcode(status)
        if process.returncode != 0:
            raise SystemExit(f"verify-proof --batch failed with exit code {process.returncode}")
        seconds = time.perf_counter() - started
        peak = usage.ru_maxrss
        peaks.append(peak)
        lines = sum(1 for _ in report.open(encoding="utf-8"))
        print(f"{size:>7} transcripts: peak RSS {peak / 1024:6.1f} MiB, report "
              f"{report.stat().st_size / 2**20:7.1f} MiB ({lines} lines), {seconds:.0f} s")
    if len(peaks) > 1:
        print(f"peak memory ratio {args.sizes[-1]} / {args.sizes[0]} transcripts: "
              f"{peaks[-1] / peaks[0]:.2f}x for {args.sizes[-1] / args.sizes[0]:.0f}x the "
              f"transcripts")
    return 0


if __name__ == "__main__":
    sys.exit(main())
