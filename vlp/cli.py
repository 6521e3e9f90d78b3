"""Command-line entry points: ``vlp <command>`` and ``verify-proof``.

Each subcommand lives in ``vlp/commands/<name>.py`` and exposes
``register(subparsers) -> None``, which adds its parser and sets ``func`` (a callable
taking the parsed ``argparse.Namespace`` and returning an exit code).
"""

from __future__ import annotations

import argparse
import importlib
import sys
from collections.abc import Sequence

from vlp.errors import InputError

COMMANDS: tuple[str, ...] = (
    "prove", "generate", "certify", "stats", "verify", "evaluate", "report", "demo", "export",
)


class _Parser(argparse.ArgumentParser):
    def error(self, message: str) -> None:  # type: ignore[override]
        self.print_usage(sys.stderr)
        print(f"{self.prog}: error: {message}", file=sys.stderr)
        raise SystemExit(2)


def build_parser() -> argparse.ArgumentParser:
    parser = _Parser(prog="vlp", description="Verbalized logic programs: measure how "
                     "efficiently language models reason.")
    subparsers = parser.add_subparsers(dest="command", metavar="COMMAND", parser_class=_Parser)
    for name in COMMANDS:
        try:
            module = importlib.import_module(f"vlp.commands.{name}")
        except ModuleNotFoundError as error:
            if error.name == f"vlp.commands.{name}":
                continue  # command not built yet
            raise
        module.register(subparsers)
    return parser


def run(parser: argparse.ArgumentParser, argv: Sequence[str] | None) -> int:
    args = parser.parse_args(argv)
    args.argv = list(sys.argv[1:] if argv is None else argv)  # for run records
    if not getattr(args, "func", None):
        parser.print_help(sys.stderr)
        return 2
    try:
        return int(args.func(args) or 0)
    except InputError as error:
        print(f"{parser.prog}: error: {error}", file=sys.stderr)
        return error.exit_code
    except KeyboardInterrupt:
        print(f"{parser.prog}: interrupted", file=sys.stderr)
        return 130
    except BrokenPipeError:
        return 0


def main(argv: Sequence[str] | None = None) -> int:
    return run(build_parser(), argv)


def verify_proof_main(argv: Sequence[str] | None = None) -> int:
    """``verify-proof PROBLEM TRANSCRIPT`` is ``vlp verify PROBLEM TRANSCRIPT``."""
    parser = build_parser()
    subparsers = next(a for a in parser._actions if isinstance(a, argparse._SubParsersAction))
    subparsers.choices["verify"].prog = parser.prog = "verify-proof"
    argv = list(sys.argv[1:] if argv is None else argv)
    return run(parser, ["verify", *argv])


if __name__ == "__main__":
    sys.exit(main())
