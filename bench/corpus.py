"""How well the transcript reader reads the hand-written corpus, per style.

    python bench/corpus.py [--set corpus|heldout] [--strict] [--style STYLE ...] [--details]

Verifies every transcript of ``tests/data/corpus/transcripts.jsonl`` against its problem in
``tests/data/corpus/problems.jsonl`` and compares each report with the transcript's hand
gold labels (``vlp.checker.goldscore``): gold claims read, false claims accepted, true claims
rejected, transcripts whose efficiency and answer correctness equal gold, and claims read
that no gold lists. ``--strict`` reads the template language only (when ``vlp.verify`` has
that option); ``--set heldout`` scores the held-out set (``tests/data/heldout/``,
labelled blind) instead; ``--details`` lists every missed, over-read or misjudged claim.
"""

from __future__ import annotations

import argparse
import inspect
import sys
from pathlib import Path

DATA = Path(__file__).resolve().parents[1] / "tests" / "data"


def main(argv: list[str] | None = None) -> int:
    from vlp.api import verify
    from vlp.checker.goldscore import format_table, score_rows, totals
    from vlp.records import iter_jsonl

    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--set", choices=("corpus", "heldout"), default="corpus",
                        help="which labelled set (default: the corpus)")
    parser.add_argument("--strict", action="store_true", help="template language only")
    parser.add_argument("--style", action="append", help="only these styles")
    parser.add_argument("--details", action="store_true", help="list every scoring miss")
    args = parser.parse_args(argv)
    options = {}
    if args.strict:
        if "strict" not in inspect.signature(verify).parameters:
            print("this vlp.verify has no strict mode", file=sys.stderr)
            return 2
        options["strict"] = True
    corpus = DATA / args.set
    problems = {r["id"]: r for _, r, _ in iter_jsonl(corpus / "problems.jsonl", "problems")
                if r is not None}
    rows = [r for _, r, _ in iter_jsonl(corpus / "transcripts.jsonl", "transcripts")
            if r is not None and (not args.style or r["style"] in args.style)]
    groups = score_rows(problems, rows, **options)
    print(format_table({style: totals(scores) for style, scores in groups.items()}))
    if args.details:
        ids = iter(r["id"] for r in rows)
        for scores in groups.values():
            for score in scores:
                name = next(ids)
                problems_found = {
                    "missed": score.missed, "unlabelled": score.unlabelled,
                    "false accepted": score.false_accepted,
                    "true rejected": score.true_rejected,
                }
                notes = [f"{k}: {'; '.join(v)}" for k, v in problems_found.items() if v]
                if not score.efficiency_equal:
                    notes.append(f"efficiency {score.efficiency} (gold {score.gold_efficiency})")
                if not score.answer_equal:
                    notes.append(f"answer correct {score.answer_correct} "
                                 f"(gold {score.gold_answer_correct})")
                if notes:
                    print(f"{name}: " + " | ".join(notes))
    return 0


if __name__ == "__main__":
    sys.exit(main())
