"""``vlp report``: the paper's Tables 2 and 3 and Figs. 3, 7 and 8 from evaluation runs."""

from __future__ import annotations

import argparse
from pathlib import Path
from typing import Any


def register(subparsers: Any) -> None:
    parser = subparsers.add_parser(
        "report", help="tables and plots (paper Tables 2-3, Figs. 3, 7, 8) from runs",
        description="Aggregate one or more run directories of vlp evaluate (one model each) "
        "into Markdown and CSV tables and PNG plots with 95%% bootstrap intervals.")
    parser.add_argument("runs", nargs="+", type=Path, metavar="RUN_DIR")
    parser.add_argument("-o", "--output", type=Path, required=True, metavar="OUT")
    parser.add_argument("--seed", type=int, default=0, help="bootstrap seed (0)")
    parser.add_argument("--no-figures", action="store_true", help="tables only")
    parser.add_argument("--setting", choices=("axiom", "tree", "trees"), default="trees",
                        help="the setting Table 3 and Figs. 3 and 8 analyse (trees, as the "
                        "paper)")
    parser.set_defaults(func=run)


def run(args: argparse.Namespace) -> int:
    from vlp.lm.report import load_runs, write_report

    files = write_report(load_runs(args.runs), args.output, seed=args.seed,
                         figures=not args.no_figures, setting=args.setting)
    print(files.text.split("![", 1)[0].rstrip())
    print(f"\nreport: {files.markdown}")
    for path in files.figures:
        print(f"figure: {path}")
    return 0
