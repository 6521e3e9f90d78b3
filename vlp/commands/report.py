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
        "bootstrap for means), and/or one self-contained HTML page to browse every "
        "transcript. Directories of the same model and generation settings are merged.")
    parser.add_argument("runs", nargs="+", type=Path, metavar="RUN_DIR")
    parser.add_argument("-o", "--output", type=Path, metavar="OUT",
                        help="directory for the tables, figures and report.md")
    parser.add_argument("--html", type=Path, metavar="OUT.html",
                        help="write the run viewer: one HTML file, no server, no network")
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

    if args.output is None and args.html is None:
        raise InputError("say where to write: -o OUT (tables and figures), --html OUT.html "
                         "(the viewer), or both")
    if args.html is not None and args.html.is_dir():
        raise InputError("is a directory; --html names the file to write",
                         location=str(args.html))
    if args.output is not None and args.output.exists() and not args.output.is_dir():
        raise InputError("is a file; -o names the directory to write into",
                         location=str(args.output))
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
    if args.html is not None:
        from vlp.lm.viewer import write_viewer

        size = write_viewer(runs, args.html, seed=args.seed, setting=args.setting,
                            figures=not args.no_figures)
        print(f"viewer: {args.html} ({size / 1e6:.1f} MB)")
    return 0
