"""The PROBLEM argument and ``--id`` flag every command that reads one problem takes, with
one wording (the references themselves: :mod:`vlp.checker.references`). Imports nothing
from the checker, so ``--help`` stays fast."""

from __future__ import annotations

from typing import Any

PROBLEM_HELP = ("the problem: FILE.jsonl:ID, a .jsonl file of one record (or --id), a .json "
                "record or program file, a .txt word problem, or the problem's text")
ID_HELP = "the id of the record to take from a .jsonl PROBLEM file (else its line number)"


def add_problem_arguments(parser: Any, *, dest: str = "problem", metavar: str = "PROBLEM",
                          nargs: str | None = None, help: str = PROBLEM_HELP,
                          type: Any = None) -> None:
    parser.add_argument(dest, metavar=metavar, nargs=nargs, help=help, type=type)
    parser.add_argument("--id", metavar="ID", help=ID_HELP)
