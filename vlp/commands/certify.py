"""``vlp certify FILE.jsonl``: re-check every generated problem independently."""

from __future__ import annotations

import argparse
import sys
from pathlib import Path
from typing import TYPE_CHECKING, Any

from vlp import flags
from vlp.errors import InputError

if TYPE_CHECKING:
    from vlp.sampler.problem import Problem


def register(subparsers: Any) -> None:
    parser = subparsers.add_parser(
        "certify", help="re-check generated problems (re-chain, re-solve, re-verbalize)",
        description="For every record: the kernel accepts each proof step; forward chaining "
                    "over all axioms is numerically consistent and answers the query with the "
                    "goal; Z3's shortest proof is exactly the stored one and unique; the text "
                    "reads back to the same program and query; the proof text re-verbalizes "
                    "identically; the overlap type holds. Exit 1 if any record fails.")
    parser.add_argument("file", metavar="FILE.jsonl", type=flags.path)
    parser.add_argument("--workers", type=flags.workers, default=1, metavar="W",
                        help="check in W processes (at most one per CPU; default 1)")
    parser.set_defaults(func=run)


def _check(item: tuple[int, Problem]) -> tuple[int, str, list[str]]:
    from vlp.sampler.certify import recheck

    number, problem = item
    return number, problem.id, recheck(problem)


def run(args: argparse.Namespace) -> int:
    import multiprocessing

    from vlp.sampler.dataset import read_problems

    path = Path(args.file)
    records = list(read_problems(path))
    if not records:
        raise InputError("no problem records", str(path))
    workers = flags.cap_workers(args.workers, len(records), "vlp certify")
    if workers == 1:
        results = map(_check, records)
        pool = None
    else:
        pool = multiprocessing.get_context("spawn").Pool(workers)  # z3 is not fork-safe
        results = pool.imap(_check, records, chunksize=4)
    failed = 0
    try:
        for number, problem_id, failures in results:
            for failure in failures:
                print(f"{path}:{number}: {problem_id}: {failure}")
            failed += bool(failures)
    finally:
        if pool is not None:
            pool.close()
    print(f"{len(records) - failed}/{len(records)} problems certified"
          + (f"; {failed} FAILED" if failed else ""), file=sys.stderr if failed else sys.stdout)
    return 1 if failed else 0
