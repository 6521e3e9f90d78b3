"""How well `vlp.verify` reads real model transcripts, against hand gold labels.

    python bench/real_transcripts.py [DIR] [--strict] [--show]

DIR (default ``../shared/reference/real_transcripts`` next to the repository) holds
``real_transcripts.jsonl`` (one transcript per line with its ``gold`` labels and its
``program`` path) and the program files it names. The set is read at run time and never
copied into the project. Prints gold claims read, false claims accepted, true claims
rejected, efficiency equal to gold and answer correctness equal to gold (the acceptance
figures of the reader), and with ``--show`` every transcript that misses one of them.
``--strict`` measures the template language alone, for comparison.
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path
from typing import Any

DEFAULT = Path(__file__).resolve().parents[1].parent / "shared" / "reference" / "real_transcripts"


def _problem(directory: Path, record: dict[str, Any]) -> Any:
    from vlp.checker import load_program

    path = directory / record["program"]
    return load_program(path) if path.suffix == ".json" else path.read_text(encoding="utf-8")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("directory", nargs="?", type=Path, default=DEFAULT)
    parser.add_argument("--strict", action="store_true", help="template language only")
    parser.add_argument("--show", action="store_true", help="print every imperfect transcript")
    parser.add_argument("--seconds", type=float, default=0.0,
                        help="also time warm verification for at least this many CPU seconds")
    args = parser.parse_args(argv)
    from vlp.checker.goldscore import format_table, score_problem, totals
    from vlp.checker.verify import verify

    records_path = args.directory / "real_transcripts.jsonl"
    if not records_path.is_file():
        print(f"{records_path}: no such file (the reference set is not on this machine)",
              file=sys.stderr)
        return 2
    scores = []
    for line in records_path.read_text(encoding="utf-8").splitlines():
        if not line.strip():
            continue
        record = json.loads(line)
        problem = _problem(args.directory, record)
        report = verify(problem, record["transcript"], strict=args.strict)
        result = score_problem(problem, report, record["gold"])
        scores.append(result)
        perfect = not (result.missed or result.false_accepted or result.true_rejected) and \
            result.efficiency_equal and result.answer_equal
        if args.show and not perfect:
            print(f"{record['id']}: missed {list(result.missed)}, false accepted "
                  f"{list(result.false_accepted)}, true rejected {list(result.true_rejected)}, "
                  f"efficiency {result.efficiency} (gold {result.gold_efficiency}), answer "
                  f"correct {result.answer_correct} (gold {result.gold_answer_correct})")
    label = "strict (template only)" if args.strict else "real transcripts"
    print(format_table({label: totals(scores)}))
    if args.seconds > 0:
        print(f"warm: {_warm_rate(args.directory, records_path, args.strict, args.seconds):,.0f}"
              " transcripts per CPU second (the problems prepared once, every transcript "
              "read and judged again)")
    return 0


def _warm_rate(directory: Path, records_path: Path, strict: bool, seconds: float) -> float:
    """Transcripts verified per CPU second of this process, each problem prepared before."""
    import time

    from vlp.checker.verify import verify

    pairs = []
    for line in records_path.read_text(encoding="utf-8").splitlines():
        if line.strip():
            record = json.loads(line)
            pairs.append((_problem(directory, record), record["transcript"]))
    done, start = 0, time.process_time()
    while time.process_time() - start < seconds:
        for problem, transcript in pairs:
            verify(problem, transcript, strict=strict)
        done += len(pairs)
    return done / (time.process_time() - start)


if __name__ == "__main__":
    raise SystemExit(main())
