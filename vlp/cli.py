"""Command-line entry points: ``vlp <command>`` and ``verify-proof``.

Each subcommand lives in ``vlp/commands/<name>.py`` and exposes
``register(subparsers) -> None``, which adds its parser and sets ``func`` (a callable
taking the parsed ``argparse.Namespace`` and returning an exit code).
"""

from __future__ import annotations

import argparse
import importlib
import os
import re
import signal
import sys
import threading
from collections.abc import Sequence
from typing import Any

from vlp.errors import InputError, redact_credentials
from vlp.output import WRITE_ERRNOS

COMMANDS: tuple[str, ...] = (
    "prove", "generate", "certify", "stats", "verify", "evaluate", "report", "demo", "export",
    "encode",
)


class _Parser(argparse.ArgumentParser):
    """Errors in one line (the README's promise), pointing at --help for the usage."""

    def error(self, message: str) -> None:  # type: ignore[override]
        print(one_line(f"{self.prog}: error: {_long_words_cut(message)} (see {self.prog} "
                       "--help)"), file=sys.stderr)
        raise SystemExit(2)


def _long_words_cut(text: str) -> str:
    """Arguments argparse quotes (``unrecognized arguments: ...``) cut to their ends when
    long (a 5,000-digit number), so the error stays a readable line."""
    return re.sub(r"\S{200,}", lambda m: f"{m.group()[:60]}...{m.group()[-12:]} "
                  f"({len(m.group()):,} characters)", text)


def one_line(text: str) -> str:
    """``text`` on one line: a newline or carriage return from the input (a file name, an
    argument) is shown escaped, so an error is always one line."""
    return text.replace("\r", "\\r").replace("\n", "\\n")


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
    # the process's own command line (the console scripts, ``python -m vlp.cli``) ends
    # with the command; a caller passing ``argv`` goes on after it
    args.process_ends = argv is None
    if not getattr(args, "func", None):
        parser.print_help(sys.stderr)
        return 2
    previous = _terminate_as_interrupt()
    try:
        code = int(args.func(args) or 0)
        sys.stdout.flush()  # a full device shows here, not in an ignored error at exit
        return code
    except InputError as error:
        print(one_line(redact_credentials(f"{parser.prog}: error: {error}")), file=sys.stderr)
        return error.exit_code
    except Terminated:
        print(f"{parser.prog}: terminated", file=sys.stderr)
        return 143  # 128 + SIGTERM
    except KeyboardInterrupt:
        print(f"{parser.prog}: interrupted", file=sys.stderr)
        return 130
    except BrokenPipeError:
        # the reader went away (`| head -1`): stop quietly, as Unix tools do
        _discard_stdout()
        return 141  # 128 + SIGPIPE, what the shell reports for them
    except OSError as error:
        if error.errno not in WRITE_ERRNOS or error.filename is not None:
            raise
        # every file write goes through vlp.output, which names its file: this is stdout
        _discard_stdout()
        print(f"{parser.prog}: error: cannot write to standard output: {error.strerror}",
              file=sys.stderr)
        return 1
    finally:
        if previous is not None:
            signal.signal(signal.SIGTERM, previous)


class Terminated(KeyboardInterrupt):
    """SIGTERM, raised where the command is, so that it ends as after Ctrl-C: worker
    processes stopped, output locks released, every whole line kept."""


def _raise_terminated(_signum: int, _frame: object) -> None:
    raise Terminated


def _terminate_as_interrupt() -> Any:
    """Handle SIGTERM for the command's duration (the main thread only can); the handler
    it replaces, to restore, or None."""
    if threading.current_thread() is not threading.main_thread():
        return None
    return signal.signal(signal.SIGTERM, _raise_terminated)


def _discard_stdout() -> None:
    """Point stdout at /dev/null, so what is still buffered cannot fail again at exit."""
    try:
        descriptor = sys.stdout.fileno()
    except (AttributeError, ValueError, OSError):
        return  # not a real file (captured by a test)
    null = os.open(os.devnull, os.O_WRONLY)
    os.dup2(null, descriptor)
    os.close(null)


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
