"""``vlp demo``: generate problems, run the baseline reasoners, verify and report (offline)."""

from __future__ import annotations

import argparse
import time
from pathlib import Path
from typing import Any

from vlp import flags
from vlp.output import OutputLock, output_dir


def register(subparsers: Any) -> None:
    parser = subparsers.add_parser(
        "demo", help="the whole pipeline offline: problems, baseline reasoners, tables, plots",
        description="Generate a small paper-design dataset, run the symbolic baseline "
        "reasoners (baseline:shortest, bfs, dfs, overlap) on it as models, verify every "
        "transcript and print the Table 2/3-style summaries. No network, no API key.")
    parser.add_argument("-o", "--output", type=flags.path, default=Path("vlp-demo"),
                        metavar="DIR",
                        help="where problems, runs and the report go (./vlp-demo)")
    parser.add_argument("--seed", type=flags.seed, default=0, help="dataset seed (0)")
    parser.set_defaults(func=run)


def run(args: argparse.Namespace) -> int:
    from vlp.lm.demo import demo

    output = output_dir(args.output)
    started = time.monotonic()
    with OutputLock(output):
        demo(output, seed=args.seed)
    print(f"done in {time.monotonic() - started:.0f} s")
    return 0
