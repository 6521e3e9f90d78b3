"""Reasoning-model mode (``--mode arithmetic``) on the reference generator's own traces.

Each record of ``../shared/reference/refgen/problems.jsonl`` (beside the checkout; read for
measuring only) is verified with its problem text and its own reasoning trace (the trace's
steps joined), in arithmetic mode. Prints the records scored, the right answers among them,
the mean efficiency, and the records the program layer rejects (numerically inconsistent
problems). ``--limit N`` takes the first N records; ``--reports FILE`` writes one line per
record (index, answer right, efficiency, the sha256 of the full report's JSON) so two runs'
reports can be compared record by record.

    python bench/refgen_arithmetic.py
"""

from __future__ import annotations

import argparse
import hashlib
import json
import sys
import time
from pathlib import Path

from vlp.checker.verify import verify
from vlp.errors import InputError

REFGEN = Path(__file__).resolve().parents[2] / "shared/reference/refgen/problems.jsonl"


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--limit", type=int, default=None)
    parser.add_argument("--reports", type=Path, default=None,
                        help="write index, answer right, efficiency and report hash per record")
    args = parser.parse_args(argv)
    if not REFGEN.exists():
        print(f"{REFGEN}: not found (the reference data sits beside the checkout)")
        return 2
    lines = REFGEN.read_text(encoding="utf-8").splitlines()[:args.limit]
    scored = right = rejected = 0
    efficiency_sum = 0.0
    rows = []
    started = time.perf_counter()
    for index, line in enumerate(lines):
        record = json.loads(line)
        transcript = " ".join(step["text"] for step in record["trace"])
        problem = {"id": str(index), "problem": record["problem"], "answer": record["answer"]}
        try:
            report = verify(problem, transcript, mode="arithmetic", search_order=False)
        except InputError:
            rejected += 1
            continue
        scored += 1
        right += bool(report.answer_correct)
        efficiency = report.efficiency if report.efficiency is not None else 0.0
        efficiency_sum += efficiency
        digest = hashlib.sha256(report.to_json_line().encode()).hexdigest()
        rows.append(f"{index}\t{int(bool(report.answer_correct))}\t{efficiency:.6f}\t{digest}")
    elapsed = time.perf_counter() - started
    print(f"refgen traces, --mode arithmetic: {scored} scored, {rejected} rejected by the "
          f"program layer ({elapsed:.0f} s)")
    print(f"right answers: {right} of {scored}")
    print(f"mean efficiency: {efficiency_sum / max(scored, 1):.3f} (a report with no claim "
          "scores 0)")
    if args.reports is not None:
        args.reports.write_text("\n".join(rows) + "\n", encoding="utf-8")
    return 0


if __name__ == "__main__":
    sys.exit(main())
