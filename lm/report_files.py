"""``vlp report``'s files: every table as Markdown, LaTeX and CSV, every figure as PNG, PDF
and SVG, and ``report.md`` linking them."""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path

import attrs

from vlp.lm.figures import COLUMN_SUFFIX, write_figures
from vlp.lm.report import Run, report_tables, summary_lines, write_csv
from vlp.output import write_atomically


@attrs.frozen
class ReportFiles:
    markdown: Path
    tables: tuple[Path, ...]
    figures: tuple[Path, ...]
    text: str  # the Markdown report (tables, figure links)


def write_report(runs: Sequence[Run], out: Path, *, seed: int = 0, figures: bool = True,
                 setting: str = "trees") -> ReportFiles:
    """All tables (Markdown, LaTeX, CSV) and figures (PNG, PDF, SVG; page-wide, and a
    column wide as ``STEM-column``); ``setting`` is the one
    Table 3 and Figs. 3 and 8 analyse (the paper's: several irrelevant trees). Each file is
    replaced atomically: a failure leaves every file whole, old or new."""
    out.mkdir(parents=True, exist_ok=True)
    written_tables: list[Path] = []
    texts = []
    for table, (header, rows) in report_tables(runs, seed, setting):
        write_csv(out / f"{table.name}.csv", header, rows)
        write_atomically(out / f"{table.name}.md", table.markdown())
        write_atomically(out / f"{table.name}.tex", table.latex())
        written_tables += [out / f"{table.name}.{ext}" for ext in ("csv", "md", "tex")]
        texts.append(table.markdown())
    written = write_figures(runs, out, seed=seed, setting=setting) if figures else []
    text = "\n".join([
        "# vlp evaluation report", "", *summary_lines(runs), "", *texts,
        *(f"![{path.stem}]({path.name})" for path in written
          if path.suffix == ".png" and not path.stem.endswith(COLUMN_SUFFIX)), ""])
    markdown = out / "report.md"
    write_atomically(markdown, text)
    return ReportFiles(markdown, tuple(written_tables), tuple(written), text)
