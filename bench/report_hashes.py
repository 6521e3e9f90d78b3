"""Hashes of full reports over the sets every change to judging is checked on.

Five sets: bench/verify.py's 80 transcripts (8 generated problems x 10), the template
snapshots (tests/data/snapshots/cases.json), the corpus and held-out sets (tests/data/corpus,
tests/data/heldout), and, where ../shared/reference sits beside the checkout, its 22 real
transcripts (with their hand program files) and the 620 refgen traces. Each transcript is
verified in four modes (auto, claims, arithmetic, strict) and the report's JSON line hashed.

    python bench/report_hashes.py -o before.tsv        # on the old code
    python bench/report_hashes.py --compare before.tsv # on the new: changed reports per set

``--quick`` keeps every 10th item of each set. Prints the reports per set; with ``--compare``
the changed ones per set and mode, the answers right before and after, and the keys changed.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import random
import sys
from collections import Counter
from collections.abc import Iterator
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
DATA = ROOT / "tests" / "data"
REFERENCE = ROOT.parent / "shared" / "reference"
MODES = ("auto", "claims", "arithmetic", "strict")


def _bench_verify() -> Iterator[tuple[str, Any, str]]:
    sys.path.insert(0, str(ROOT / "bench"))
    import verify as bench  # bench/verify.py

    rng = random.Random(0)
    for number, problem in enumerate(bench._problems(8, 0)):
        for copy in range(10):
            yield f"{number}.{copy}", problem, bench._transcript(problem, rng)


def _snapshots() -> Iterator[tuple[str, Any, str]]:
    cases = json.loads((DATA / "snapshots" / "cases.json").read_text(encoding="utf-8"))
    for transcript, name in sorted(cases["transcripts"].items()):
        value = cases["problems"][name]
        problem = DATA / value[1:] if value.startswith("@") else value
        text = (DATA / transcript).read_text(encoding="utf-8").partition("=== expected\n")[0]
        yield transcript, problem, text


def _gold_set(folder: Path) -> Iterator[tuple[str, Any, str]]:
    def rows(name: str) -> list[dict[str, Any]]:
        return [json.loads(line) for line in (folder / name).read_text(
            encoding="utf-8").splitlines() if line.strip()]

    problems = {record["id"]: record for record in rows("problems.jsonl")}
    for row in rows("transcripts.jsonl"):
        yield row["id"], problems[row["problem"]], row["transcript"]


def _real_transcripts() -> Iterator[tuple[str, Any, str]]:
    from vlp.checker import load_program

    folder = REFERENCE / "real_transcripts"
    for line in (folder / "real_transcripts.jsonl").read_text(encoding="utf-8").splitlines():
        if line.strip():
            record = json.loads(line)
            path = folder / record["program"]
            problem = load_program(path) if path.suffix == ".json" else \
                path.read_text(encoding="utf-8")
            yield record["id"], problem, record["transcript"]


def _refgen() -> Iterator[tuple[str, Any, str]]:
    lines = (REFERENCE / "refgen" / "problems.jsonl").read_text(encoding="utf-8").splitlines()
    for index, line in enumerate(lines):
        record = json.loads(line)
        yield str(index), {"id": str(index), "problem": record["problem"],
                           "answer": record["answer"]}, \
            " ".join(step["text"] for step in record["trace"])


SETS = {
    "bench-verify": _bench_verify,
    "snapshots": _snapshots,
    "corpus": lambda: _gold_set(DATA / "corpus"),
    "heldout": lambda: _gold_set(DATA / "heldout"),
    "real-transcripts": _real_transcripts,
    "refgen": _refgen,
}


def _rows(quick: bool) -> Iterator[tuple[str, str, str, str, int]]:
    from vlp.checker.verify import verify
    from vlp.errors import InputError

    for name, items in SETS.items():
        if name in ("real-transcripts", "refgen") and not REFERENCE.is_dir():
            print(f"{name}: skipped ({REFERENCE} not found)", file=sys.stderr)
            continue
        for position, (key, problem, transcript) in enumerate(items()):
            if quick and position % 10:
                continue
            for mode in MODES:
                options = {"strict": True} if mode == "strict" else {"mode": mode}
                try:
                    report = verify(problem, transcript, **options)
                except InputError as error:
                    yield name, key, mode, "rejected:" + str(error), -1
                    continue
                digest = hashlib.sha256(report.to_json_line().encode()).hexdigest()
                yield name, key, mode, digest, int(bool(report.answer_correct))


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("-o", "--output", type=Path, help="write set, key, mode, hash, right")
    parser.add_argument("--compare", type=Path, help="a file -o wrote on other code")
    parser.add_argument("--quick", action="store_true", help="every 10th item of each set")
    args = parser.parse_args(argv)
    rows = list(_rows(args.quick))
    if args.output is not None:
        args.output.write_text("".join("\t".join(map(str, row)) + "\n" for row in rows),
                               encoding="utf-8")
    reports = Counter(row[0] for row in rows)
    for name, count in reports.items():
        print(f"{name}: {count} reports ({count // len(MODES)} transcripts x {len(MODES)} modes)")
    if args.compare is None:
        return 0
    before = {tuple(line.split("\t")[:3]): line.rstrip("\n").split("\t")[3:]
              for line in args.compare.read_text(encoding="utf-8").splitlines()}
    changed: Counter[tuple[str, str]] = Counter()
    right: Counter[tuple[str, str, str]] = Counter()
    for name, key, mode, digest, correct in rows:
        old = before.get((name, key, mode))
        if old is None or old[0] != digest:
            changed[name, mode] += 1
            print(f"  changed: {name} {key} {mode} (answer right {old[1] if old else '?'} "
                  f"-> {correct})")
        right[name, mode, "after"] += correct == 1
        right[name, mode, "before"] += old is not None and old[1] == "1"
    print(f"{sum(changed.values())} of {len(rows)} reports changed")
    for name in reports:
        for mode in MODES:
            print(f"{name} {mode}: {changed[name, mode]} changed; answers right "
                  f"{right[name, mode, 'before']} -> {right[name, mode, 'after']} of "
                  f"{reports[name] // len(MODES)}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
