"""``vlp report``: the paper's Tables 2 and 3 and Figs. 3, 7 and 8 from evaluation runs, and
the HTML run viewer."""

from __future__ import annotations

import argparse
from pathlib import Path
from typing import Any

from vlp.errors import InputError


def register(subparsers: Any) -> None:
    parser = subparsers.add_parser(
        "report", help="tables and plots (paper Tables 2-3, Figs. 3, 7, 8) and an HTML viewer",
        description="Aggregate run directories of vlp evaluate into tables (Markdown, LaTeX, "
        "CSV) and figures (PNG, PDF, SVG) with 95% intervals (Wilson for proportions, "
        "bootstrap for means). Directories of the same model and generation settings are merged.")
    parser.add_argument("runs", nargs="+", type=Path, metavar="RUN_DIR")
    parser.add_argument("-o", "--output", type=Path, metavar="OUT",
                        help="directory for the tables, figures and report.md")
    parser.add_argument("--seed", type=int, default=0, help="bootstrap seed (0)")
    parser.add_argument("--no-figures", action="store_true", help="tables only")
    parser.add_argument("--no-merge", action="store_true",
                        help="one column per directory, even for the same model")
    parser.add_argument("--setting", choices=("axiom", "tree", "trees"), default="trees",
                        help="the setting Table 3 and Figs. 3 and 8 analyse (trees, as the "
                        "paper)")
    parser.set_defaults(func=run)


def run(args: argparse.Namespace) -> int:
    from vlp.lm.report import load_runs, summary_lines

    if args.output is None:
        raise InputError("say where to write: -o OUT (tables and figures)")
    runs = load_runs(args.runs, merge=not args.no_merge)
    if args.output is not None:
        from vlp.lm.report_files import write_report

        files = write_report(runs, args.output, seed=args.seed, figures=not args.no_figures,
                             setting=args.setting)
        print(files.text.split("![", 1)[0].rstrip())
        print(f"\nreport: {files.markdown}")
        for path in files.figures:
            if path.suffix == ".png":
                print(f"figure: {path} (and .pdf, .svg)")
    else:
        print("\n".join(summary_lines(runs)))
    return 0
