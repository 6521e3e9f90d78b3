"""Steps judged false on real transcripts no one has labelled: where a misread hides.

    python bench/real_audit.py                    # counts per model family
    python bench/real_audit.py --per-source 400 --show   # and every such step (dev split)

A transcript whose final answer is right rarely states a false claim, so a step the checker
judges false there is, more often than not, a true statement it misread: the worst error
it can make (Table 3 and the reward punish a correct step). This bench takes real model
outputs from ``../shared/reference/`` that no label covers, of problems that ``vlp
encode`` encodes, and counts the steps judged false, separately for transcripts with the
right and the wrong answer. ``--show`` lists them, for the development split only: the
held-back split's problems are never shown, so that its labelled part stays unseen.
Entries are drawn per source in a fixed shuffled order (``--seed``).
"""

from __future__ import annotations

import argparse
import random
import sys
from collections import Counter
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
import real_corpus  # noqa: E402
import real_sources  # noqa: E402


def _labelled() -> set[tuple[str, int]]:
    return {(label["source"], int(label["index"]))
            for _where, label in real_corpus.labels(real_corpus.label_files([]))}


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--per-source", type=int, default=150,
                        help="entries drawn from each source (150)")
    parser.add_argument("--split", choices=("dev", "heldout"), default="dev")
    parser.add_argument("--seed", type=int, default=7)
    parser.add_argument("--show", action="store_true",
                        help="list every step judged false (dev split only)")
    args = parser.parse_args(argv)
    if real_sources.reference_missing():
        return 2
    if args.show and args.split != "dev":
        print("--show lists the dev split only: the held-back split stays unseen",
              file=sys.stderr)
        return 2
    from vlp import verify
    from vlp.errors import InputError

    labelled, excluded = _labelled(), real_corpus._excluded_keys()
    counts: Counter[tuple[str, str]] = Counter()
    shown: list[str] = []
    for source in real_sources.sources():
        entries = [e for e in real_sources.entries(source)
                   if real_corpus.split_of(e.key) == args.split
                   and (source, e.index) not in labelled and e.key not in excluded]
        random.Random(args.seed).shuffle(entries)
        for entry in entries[:args.per_source]:
            family = entry.family
            counts[(family, "drawn")] += 1
            try:
                report = verify(entry.problem, entry.transcript)
            except InputError:
                continue  # not encoded: no program to judge against
            right = "right" if report.answer_correct else "wrong"
            counts[(family, "verified")] += 1
            counts[(family, f"transcripts, answer {right}")] += 1
            for step in report.steps:
                if step.status.value == "false":
                    counts[(family, f"false steps, answer {right}")] += 1
                    if args.show:
                        shown.append(f"{right} | {source}:{entry.index} | {step.text} | "
                                     f"{step.claim} | {step.reason}")
    columns = ("drawn", "verified", "transcripts, answer right", "false steps, answer right",
               "transcripts, answer wrong", "false steps, answer wrong")
    families = sorted({family for family, _ in counts})
    print(f"{'family':24}" + "".join(f"{c:>28}" for c in columns))
    for family in [*families, "all"]:
        row = [sum(counts[(f, c)] for f in families) if family == "all" else counts[(family, c)]
               for c in columns]
        print(f"{family:24}" + "".join(f"{v:>28}" for v in row))
    for line in sorted(shown, key=lambda s: not s.startswith("right")):
        print(line)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
