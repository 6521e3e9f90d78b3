"""Numeric and path flags, range-checked while the command line is parsed, before any work:
one argparse type per kind of value, used by every command, so a bad value is one line and
exit code 2 (``vlp generate: error: argument -n: ...``) and never a late failure.

The bounds are documented in README.md ("Limits"); each one is far above real use and low
enough that the work it asks for fits in memory and time.
"""

from __future__ import annotations

import argparse
import math
import os
import sys
from collections.abc import Callable
from pathlib import Path

from vlp.errors import shown

SEED_LIMIT = 2**63  # seeds are 0 <= SEED < 2**63 (a signed 64-bit integer)
MAX_WORKERS = 1_000_000  # then capped at the CPU count and the job count (cap_workers)
MAX_PROBLEMS = 1_000_000  # generate -n: the job list alone is ~0.3 KB and ~60 us a problem
MAX_PAPER_BASES = 20_000  # generate --bases: 49 jobs a base
MAX_DEPTH = 12  # generate --depth: trees grow exponentially (depth 12: ~4 s a problem)
MAX_TREES = 512  # generate --trees: what bench/scale.py generates; its problem is within vlp.limits
MAX_CONCURRENCY = 4096  # evaluate --concurrency (requests in flight, or the batch size)
MAX_SAMPLES = 10_000  # evaluate --samples
MAX_TOKENS = 10_000_000
MAX_ATTEMPTS = 100
MAX_SECONDS = 7 * 24 * 3600.0  # timeouts and delays: a week
MAX_TEMPERATURE = 10.0
MAX_PRICE = 1e6  # USD per million tokens


def bounded_int(low: int, high: int) -> Callable[[str], int]:
    """An argparse type: a whole number with ``low <= N <= high``."""

    def parse(text: str) -> int:
        try:
            value = int(text.strip().replace("_", ""), 10)
        except ValueError:
            raise argparse.ArgumentTypeError(
                f"expected a whole number, got {shown(text)}") from None
        if not low <= value <= high:
            raise argparse.ArgumentTypeError(f"must be between {low:,} and {high:,}, got "
                                             f"{shown(value)}")
        return value

    parse.__name__ = "whole number"  # argparse names the type in its messages
    return parse


def bounded_float(low: float, high: float, *, above: bool = False) -> Callable[[str], float]:
    """An argparse type: a finite number with ``low <= X <= high`` (``low < X`` if
    ``above``); ``nan`` and ``inf`` are refused."""

    def parse(text: str) -> float:
        try:
            value = float(text)
        except ValueError:
            raise argparse.ArgumentTypeError(f"expected a number, got {shown(text)}") from None
        if not math.isfinite(value):
            raise argparse.ArgumentTypeError(f"must be a finite number, got {shown(text)}")
        if value < low or (above and value == low) or value > high:
            bound = f"above {low:g}" if above else f"at least {low:g}"
            raise argparse.ArgumentTypeError(f"must be {bound} and at most {high:g}, got "
                                             f"{shown(value)}")
        return value

    parse.__name__ = "number"
    return parse


seed = bounded_int(0, SEED_LIMIT - 1)
workers = bounded_int(1, MAX_WORKERS)
seconds = bounded_float(0.0, MAX_SECONDS, above=True)  # a timeout: 0 would never finish
delay = bounded_float(0.0, MAX_SECONDS)
price = bounded_float(0.0, MAX_PRICE)
count = bounded_int(0, 2**62)  # a --limit: anything a file could hold


def path(text: str) -> Path:
    """An argparse type: a path, which an empty string is not (``-o ''`` would mean the
    current directory)."""
    if not text.strip():
        raise argparse.ArgumentTypeError("an empty path names no file")
    if "\x00" in text:
        raise argparse.ArgumentTypeError("a path cannot contain a NUL character")
    return Path(text)


def available_cpus() -> int:
    try:
        return len(os.sched_getaffinity(0))
    except (AttributeError, OSError):  # not on Linux
        return os.cpu_count() or 1


def cap_workers(requested: int, jobs: int | None, command: str) -> int:
    """``requested`` worker processes, at most one per CPU and per job; a cap is noted on
    stderr (the output does not depend on the number of workers)."""
    cpus = available_cpus()
    limit = min(cpus, jobs) if jobs is not None else cpus
    limit = max(1, limit)
    if requested <= limit:
        return requested
    reason = "the CPU count" if limit == cpus else "the number of jobs"
    print(f"{command}: note: --workers {requested} capped at {limit} ({reason})",
          file=sys.stderr)
    return limit
