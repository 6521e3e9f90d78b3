"""``vlp report``: the paper's Tables 2 and 3 and Figs. 3, 7 and 8 from evaluation runs, and
the HTML run viewer."""

from __future__ import annotations

import argparse
import os
from typing import Any

from vlp import flags
from vlp.errors import InputError
from vlp.output import locked, output_dir, output_file


def register(subparsers: Any) -> None:
    parser = subparsers.add_parser(
        "report", help="tables and plots (paper Tables 2-3, Figs. 3, 7, 8) and an HTML viewer",
        description="Aggregate run directories of vlp evaluate into tables (Markdown, LaTeX, "
        "CSV) and figures (PNG, PDF, SVG) with 95% intervals (Wilson for proportions, "
        "bootstrap for means), and/or one self-contained HTML page to browse every "
        "transcript. Directories of the same model and generation settings are merged. "
        "Without -o or --html it prints the scores table and writes nothing.")
    parser.add_argument("runs", nargs="+", type=flags.path, metavar="RUN_DIR")
    parser.add_argument("-o", "--output", type=flags.path, metavar="OUT",
                        help="directory for the tables, figures and report.md")
    parser.add_argument("--html", type=flags.path, metavar="OUT.html",
                        help="write the run viewer: one HTML file, no server, no network")
    parser.add_argument("--seed", type=flags.seed, default=0, help="bootstrap seed (0)")
    parser.add_argument("--no-figures", action="store_true", help="tables only")
    parser.add_argument("--no-merge", action="store_true",
                        help="one column per directory, even for the same model")
    parser.add_argument("--setting", choices=("axiom", "tree", "trees"), default="trees",
                        help="the setting Table 3 and Figs. 3 and 8 analyse (trees, as the "
                        "paper)")
    parser.set_defaults(func=run)


def run(args: argparse.Namespace) -> int:
    from vlp.lm.report import load_runs
    from vlp.lm.store import RESULTS_FILE, RUN_FILE

    if args.output is None and args.html is None:  # print the scores, write nothing
        from vlp.commands.evaluate import print_scores

        print_scores(args.runs)
        return 0
    inputs = [run / name for run in args.runs for name in (RESULTS_FILE, RUN_FILE)]
    if args.html is not None:
        output_file(args.html, option="--html", inputs=inputs)
    if args.output is not None:
        output_dir(args.output, inputs=inputs)
        if args.html is not None and os.path.abspath(args.html) == os.path.abspath(args.output):
            raise InputError("-o (a directory) and --html (a file) name the same path",
                             f"--html {args.html}")
    runs = load_runs(args.runs, merge=not args.no_merge)
    outputs = [(path, option) for path, option in ((args.output, "-o"), (args.html, "--html"))
               if path is not None]
    with locked(outputs):
        _write(args, runs)
    return 0


def _write(args: argparse.Namespace, runs: Any) -> None:
    from vlp.lm.report import summary_lines

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
    if args.html is not None:
        from vlp.lm.viewer import write_viewer

        size = write_viewer(runs, args.html, seed=args.seed, setting=args.setting,
                            figures=not args.no_figures)
        shown = f"{size / 1e6:.1f} MB" if size >= 100_000 else f"{size / 1e3:.0f} KB"
        print(f"viewer: {args.html} ({shown})")
