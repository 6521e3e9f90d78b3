"""``vlp verify`` / ``verify-proof``: check a model's proof step by step and score it.

    verify-proof PROBLEM TRANSCRIPT [--json]
    verify-proof --batch PROBLEMS.jsonl TRANSCRIPTS.jsonl -o REPORT.jsonl

PROBLEM is a problem reference (``vlp.checker.references``: ``FILE.jsonl:ID``, a ``.jsonl``
file of one record or ``--id ID``, a ``.json`` record or program file, a ``.txt`` word
problem, or the problem's text); TRANSCRIPT a text file or ``-``.
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path
from typing import Any

from vlp import flags
from vlp.commands.problem_argument import add_problem_arguments
from vlp.errors import InputError
from vlp.limits import MAX_TRANSCRIPT_BYTES
from vlp.records import (
    decode_text,
    iter_jsonl,  # noqa: F401 - re-exported: tests/gold_sets.py, bench/corpus.py import it here
    read_text_file,
    too_long,
)


def register(subparsers: Any) -> None:
    parser = subparsers.add_parser(
        "verify", help="check a model's proof of a problem step by step and score its efficiency",
        description="Align every sentence of a model's proof with the problem's logic program, "
                    "check each step with the kernel, extract the answer and report efficiency "
                    "(paper §3.2, §5.2). Also installed as `verify-proof`.")
    add_problem_arguments(parser, nargs="?")
    parser.add_argument("transcript", metavar="TRANSCRIPT", nargs="?",
                        help="the model's proof: a text file, or - for standard input")
    parser.add_argument("--json", action="store_true", help="print one JSON object")
    parser.add_argument("--answer", metavar="A",
                        help="the model's answer when it was asked for separately (second step)")
    parser.add_argument("--mode", choices=("auto", "claims", "arithmetic"), default="auto",
                        help="claims: read every sentence; arithmetic: reasoning-model mode, "
                             "score the arithmetic expressions only (paper App. D.4); auto "
                             "(default): claims, and a sentence with no claim is read from its "
                             "arithmetic alone")
    parser.add_argument("--strict", action="store_true",
                        help="read the template language only (no loose reading, and auto "
                             "switches the whole transcript to arithmetic when most sentences "
                             "are unreadable): shows what the loose reader added")
    parser.add_argument("--color", choices=("auto", "always", "never"), default="auto",
                        help="colour the readable report (default: only on a terminal)")
    parser.add_argument("--batch", nargs=2, metavar=("PROBLEMS.jsonl", "TRANSCRIPTS.jsonl"),
                        help="verify many transcripts, keyed by problem id; needs -o")
    parser.add_argument("-o", "--output", metavar="REPORT.jsonl",
                        help="batch: write one JSON report per line (an existing file is "
                             "resumed: transcripts already reported are skipped)")
    parser.add_argument("--restart", action="store_true",
                        help="batch: overwrite REPORT.jsonl instead of resuming it")
    parser.add_argument("--workers", type=flags.workers, default=1, metavar="N",
                        help="batch: verify in N worker processes (same output for any N)")
    parser.add_argument("--timeout", type=flags.seconds, default=None, metavar="SECONDS",
                        help="batch: a transcript verified for longer gets an error row "
                             "with \"error\": \"timeout\"")
    parser.add_argument("--ray", action="store_true",
                        help="batch: verify as a Ray Data stage (pip install 'vlp[ray]'; "
                             "joins the cluster at RAY_ADDRESS, else starts a local Ray)")
    parser.set_defaults(func=run)


def run(args: argparse.Namespace) -> int:
    if args.batch:
        if args.problem or args.transcript:
            raise InputError("--batch takes PROBLEMS.jsonl TRANSCRIPTS.jsonl; drop the other "
                             "arguments")
        if not args.output:
            raise InputError("--batch needs -o REPORT.jsonl")
        if not all(a.strip() for a in (*args.batch, args.output)):
            raise InputError("an empty path names no file", "--batch" if not all(
                a.strip() for a in args.batch) else "-o")
        from vlp.batch_run import run_batch

        workers = args.workers if args.ray else flags.cap_workers(args.workers, None,
                                                                 "verify-proof")
        return run_batch(Path(args.batch[0]), Path(args.batch[1]), Path(args.output),
                         mode=args.mode, restart=args.restart, as_json=args.json,
                         strict=args.strict, workers=workers, timeout=args.timeout,
                         use_ray=args.ray,
                         process_ends=getattr(args, "process_ends", False))
    if not args.problem or not args.transcript:
        raise InputError("usage: verify-proof PROBLEM TRANSCRIPT (or --batch PROBLEMS.jsonl "
                         "TRANSCRIPTS.jsonl -o REPORT.jsonl)")
    from vlp.checker.references import resolve
    from vlp.checker.report import render_report

    problem = resolve(args.problem, problem_id=args.id, source=args.problem)
    transcript = read_transcript_argument(args.transcript)
    report = _verify_or_input_error(problem, transcript, problem.source, answer=args.answer,
                                    mode=args.mode, strict=args.strict)
    if args.json:
        print(json.dumps(report.to_json(), ensure_ascii=False, indent=2))
    else:
        color = {"auto": None, "always": True, "never": False}[args.color]
        render_report(report, sys.stdout, color=color)
    return 0


def _verify_or_input_error(problem: Any, transcript: str, source: str, **options: Any) -> Any:
    from vlp.checker.verify import problem_spec, verify

    spec = problem_spec(problem, source=source)
    return verify(spec, transcript, **options)


# --- reading arguments ----------------------------------------------------------------------

def read_transcript_argument(argument: str) -> str:
    if argument == "-":
        data = sys.stdin.buffer.read(MAX_TRANSCRIPT_BYTES + 1)
        if len(data) > MAX_TRANSCRIPT_BYTES:
            raise InputError(too_long("transcript", MAX_TRANSCRIPT_BYTES), "<stdin>")
        return decode_text(data, "<stdin>", "transcript")
    return read_text_file(Path(argument), "transcript", limit=MAX_TRANSCRIPT_BYTES)


# --- batch -----------------------------------------------------------------------------------

