"""What the input layer costs per record, next to what reading the record costs anyway.

    python bench/input_layer.py [--bases N] [--rounds R]

On a fresh ``--paper`` dataset of N base problems (generated here, seed 0), per record:
``json.loads`` of its line, the schema check (``vlp.validate.check_problem_record``), the
claim check (``vlp.sampler.dataset.check_claims``: the record read as a Problem and its
claims compared) and evaluate's up-front answer check (``VerifyScorer.check``: the problem
chained and solved once, cold). Prints microseconds per record (the minimum over R rounds)
and the schema check as a multiple of ``json.loads``.
"""

from __future__ import annotations

import argparse
import json
import tempfile
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any


def _per_record(work: Callable[[Any], object], items: list[Any], rounds: int) -> float:
    best = float("inf")
    for _ in range(rounds):
        start = time.perf_counter()
        for item in items:
            work(item)
        best = min(best, (time.perf_counter() - start) / len(items))
    return best * 1e6


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--bases", type=int, default=2)
    parser.add_argument("--rounds", type=int, default=5)
    args = parser.parse_args()

    from vlp.checker.verify import prepare
    from vlp.cli import main as vlp
    from vlp.lm.scoring import VerifyScorer
    from vlp.sampler.dataset import check_claims
    from vlp.validate import check_problem_record

    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "paper.jsonl"
        vlp(["generate", "--paper", "--bases", str(args.bases), "--quiet", "-o", str(path)])
        lines = path.read_text(encoding="utf-8").splitlines()
    records = [json.loads(line) for line in lines]
    loads = _per_record(json.loads, lines, args.rounds)
    schema = _per_record(lambda r: check_problem_record(r, "x"), records, args.rounds)
    claims = _per_record(lambda r: check_claims(r, "x"), records, args.rounds)
    scorer = VerifyScorer()

    def cold(record: dict[str, Any]) -> None:
        prepare.cache_clear()
        scorer.check(record, "x")

    answer = _per_record(cold, records, 1)
    print(f"{len(records)} records (--paper --bases {args.bases}), per record:")
    print(f"  json.loads of the line              {loads:9.1f} us")
    print(f"  schema check (vlp.validate)         {schema:9.1f} us  "
          f"({schema / loads:.1f}x json.loads)")
    print(f"  claim check (certify's cheap part)  {claims:9.1f} us")
    print(f"  evaluate's answer check (cold)      {answer:9.1f} us")


if __name__ == "__main__":
    main()
