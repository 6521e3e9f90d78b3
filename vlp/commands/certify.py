"""``vlp certify FILE.jsonl``: re-check every generated problem independently."""

from __future__ import annotations

import argparse
import sys
from pathlib import Path
from typing import TYPE_CHECKING, Any

from vlp import flags
from vlp.commands.problem_argument import add_problem_arguments
from vlp.errors import InputError

if TYPE_CHECKING:
    from vlp.sampler.encoded import EncodedProblem
    from vlp.sampler.problem import Problem


def register(subparsers: Any) -> None:
    parser = subparsers.add_parser(
        "certify", help="re-check generated and encoded problems (re-chain, re-solve, "
                               "re-verbalize or re-encode)",
        description="For every record: the kernel accepts each proof step; forward chaining "
                    "over all axioms is numerically consistent and answers the query with the "
                    "goal; Z3's shortest proof is exactly the stored one and unique; the text "
                    "reads back to the same program and query; the proof text re-verbalizes "
                    "identically; the overlap type holds. A record `vlp encode` wrote is "
                    "re-chained and re-solved the same way and its text must encode again to "
                    "the same axioms and query. Exit 1 if any record fails.")
    add_problem_arguments(parser, dest="file", metavar="FILE.jsonl",
                          help="generated problems: FILE.jsonl (every record), FILE.jsonl:ID "
                               "or --id ID (one), or a .json record", type=flags.path)
    parser.add_argument("--workers", type=flags.workers, default=1, metavar="W",
                        help="check in W processes (at most one per CPU; default 1)")
    parser.set_defaults(func=run)


def _check(item: tuple[int, Problem | EncodedProblem]) -> tuple[int, str, list[str]]:
    from vlp.sampler.certify import recheck
    from vlp.sampler.encoded import EncodedProblem, recheck_encoded

    number, problem = item
    if isinstance(problem, EncodedProblem):
        return number, str(problem.id), recheck_encoded(problem)
    return number, problem.id, recheck(problem)


def _load(record: dict[str, Any], location: str) -> Problem | EncodedProblem:
    """A generated record, or one ``vlp encode`` wrote (``"encoded": true``)."""
    from vlp.sampler.dataset import load_problem
    from vlp.sampler.encoded import EncodedProblem, is_encoded

    if is_encoded(record):
        return EncodedProblem.from_json(record, location)
    return load_problem(record, location)


def _records(argument: str, problem_id: str | None
             ) -> list[tuple[int, Problem | EncodedProblem]]:
    """The generated and encoded records a problem reference names: all of a ``.jsonl``
    file unless an id picks one. Program files and problem texts carry no proof to
    re-check."""
    from vlp.checker.references import JSONL_SUFFIX, resolve, split_record_reference
    from vlp.records import read_json_file
    from vlp.sampler.dataset import read_problems
    from vlp.sampler.encoded import is_encoded

    whole_file = (problem_id is None and split_record_reference(argument) is None
                  and Path(argument).suffix.lower() == JSONL_SUFFIX)
    if whole_file:
        records = list(read_problems(Path(argument), _load))
        if not records:
            raise InputError("no problem records", argument)
        return records
    reference = resolve(argument, problem_id=problem_id, source=argument)
    if reference.record is not None:
        line = int(reference.source.rpartition(":")[2])
        return [(line, _load(reference.record, reference.source))]
    if reference.path is not None and reference.path.suffix.lower() == ".json":
        record = read_json_file(reference.path, "problem")
        if isinstance(record, dict) and ("schema" in record or is_encoded(record)):
            return [(1, _load(record, str(reference.path)))]
    raise InputError("vlp certify re-checks generated problem records (they carry their "
                     "proof); for a program file or a word problem run `vlp prove`",
                     reference.source)


def run(args: argparse.Namespace) -> int:
    import multiprocessing

    records = _records(str(args.file), args.id)
    from vlp.checker.references import split_record_reference

    split = split_record_reference(str(args.file))
    path = split[0] if split else Path(args.file)
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
