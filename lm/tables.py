"""Report tables as values, rendered to Markdown, LaTeX (booktabs) and HTML.

A column may belong to a group ("w/ Axiom": "Irrelevant", "Control"): Markdown, which has
one header row, writes the group before the first column of each group ("w/ Axiom:
Irrelevant | Control"); LaTeX and HTML draw a second header row spanning the group.
"""

from __future__ import annotations

import html
import re

import attrs

from vlp.lm.intervals import Estimate


@attrs.frozen
class Column:
    title: str
    group: str | None = None


@attrs.frozen
class Cell:
    """An estimate as a table shows it (percent: scaled to %)."""

    estimate: Estimate
    percent: bool = False


CellValue = str | Cell
WIDE_COLUMNS = 6  # every report table: too wide for a column of a two-column paper


@attrs.frozen
class Table:
    name: str  # file stem: NAME.md, NAME.tex, NAME.csv
    caption: str
    columns: tuple[Column, ...]
    rows: tuple[tuple[CellValue, ...], ...]
    note: str = ""  # how the intervals were computed; follows the caption

    def __attrs_post_init__(self) -> None:
        for row in self.rows:
            if len(row) != len(self.columns):
                raise ValueError(f"{self.name}: a row of {len(row)} cells for "
                                 f"{len(self.columns)} columns")

    def _groups(self) -> list[tuple[str | None, int]]:
        spans: list[tuple[str | None, int]] = []
        for column in self.columns:
            if spans and column.group is not None and spans[-1][0] == column.group:
                spans[-1] = (column.group, spans[-1][1] + 1)
            else:
                spans.append((column.group, 1))
        return spans

    def markdown(self, interval: bool = True) -> str:
        titles, previous = [], None
        for column in self.columns:
            first = column.group is not None and column.group != previous
            titles.append(f"{column.group}: {column.title}" if first else column.title)
            previous = column.group
        caption = f"{self.caption}{self.note if interval else ''}."  # the report's own words
        lines = [caption, "", "| " + " | ".join(map(markdown_text, titles)) + " |",
                 "|" + "---|" * len(self.columns)]
        for row in self.rows:
            lines.append("| " + " | ".join(markdown_text(c) if isinstance(c, str)
                                           else _text(c, interval) for c in row) + " |")
        return "\n".join(lines) + "\n"

    def latex(self) -> str:
        """A booktabs ``table`` environment (needs ``\\usepackage{booktabs}``). A table of
        ``WIDE_COLUMNS`` or more columns spans the page (``table*``) and is scaled to the
        line width (``\\resizebox``, needs ``\\usepackage{graphicx}``)."""
        spec = "".join("l" if all(isinstance(r[i], str) for r in self.rows) else "r"
                       for i in range(len(self.columns)))
        wide = len(self.columns) >= WIDE_COLUMNS
        environment = "table*" if wide else "table"
        lines = [f"\\begin{{{environment}}}[t]", "\\centering", "\\small",
                 "\\setlength{\\tabcolsep}{4pt}",
                 f"\\caption{{{_tex(_CAPTION_NUMBER.sub('', self.caption) + self.note)}.}}",
                 f"\\label{{tab:{self.name.replace('_', '-')}}}",
                 *(["\\resizebox{\\linewidth}{!}{%"] if wide else []),
                 f"\\begin{{tabular}}{{{spec}}}", "\\toprule"]
        groups = self._groups()
        if any(group is not None for group, _ in groups):
            cells, rules, start = [], [], 1
            for group, span in groups:
                cells.append("" if group is None else
                             f"\\multicolumn{{{span}}}{{c}}{{{_tex(group)}}}")
                if group is not None:
                    rules.append(f"\\cmidrule(lr){{{start}-{start + span - 1}}}")
                start += span
            lines.append(" & ".join(cells) + " \\\\")
            lines.append(" ".join(rules))
        lines.append(" & ".join(_tex(c.title) for c in self.columns) + " \\\\")
        lines.append("\\midrule")
        for row in self.rows:
            lines.append(" & ".join(_latex_cell(c) for c in row) + " \\\\")
        lines += ["\\bottomrule", "\\end{tabular}" + ("}" if wide else ""),
                  f"\\end{{{environment}}}"]
        return "\n".join(lines) + "\n"

    def html(self) -> str:
        """A ``<table>`` (missing cells get class ``na``), caption included."""
        parts = [f'<table class="report" id="table-{html.escape(self.name)}">',
                 f"<caption>{html.escape(self.caption + self.note)}.</caption>", "<thead>"]
        groups = self._groups()
        if any(group is not None for group, _ in groups):
            parts.append("<tr>" + "".join(
                f'<th colspan="{span}">{html.escape(group or "")}</th>'
                for group, span in groups) + "</tr>")
        parts.append("<tr>" + "".join(f"<th>{html.escape(c.title)}</th>"
                                      for c in self.columns) + "</tr></thead><tbody>")
        for row in self.rows:
            cells = []
            for cell in row:
                if isinstance(cell, str):
                    cells.append(f'<th scope="row">{html.escape(cell)}</th>')
                elif cell.estimate.missing:
                    cells.append('<td class="na">n/a</td>')
                else:
                    mean = cell.estimate.parts(cell.percent)[0]
                    cells.append(f"<td>{mean} <small>"
                                 f"{cell.estimate.interval_text(cell.percent)} "
                                 f"n={cell.estimate.n}</small></td>")
            parts.append("<tr>" + "".join(cells) + "</tr>")
        parts.append("</tbody></table>")
        return "\n".join(parts)


_MARKDOWN_SPECIAL = re.compile(r"[\\|\[\]]")
_MARKDOWN_ENTITIES = {"<": "&lt;", ">": "&gt;"}


def markdown_text(text: str) -> str:
    """``text`` (a model name, any string from a run) as literal Markdown inside a line or
    a table cell, as :func:`_tex` and ``html.escape`` do for the other formats: a ``|``
    cannot end a cell, a newline cannot start a heading, HTML is shown, not run, and
    ``[...](...)`` is no link or image."""
    text = " ".join(text.splitlines()) if "\n" in text or "\r" in text else text
    text = re.sub(r"[<>]", lambda m: _MARKDOWN_ENTITIES[m.group()], text)
    return _MARKDOWN_SPECIAL.sub(lambda m: "\\" + m.group(), text)


def _text(cell: CellValue, interval: bool) -> str:
    return cell if isinstance(cell, str) else cell.estimate.cell(cell.percent, interval)


# LaTeX numbers its tables itself: "Table 2. Accuracy" is captioned "Accuracy"
_CAPTION_NUMBER = re.compile(r"^Table \d+\.\s*")
_TEX_SPECIAL = re.compile(r"[\\&%$#_{}~^]")
_TEX_REPLACEMENT = {"\\": r"\textbackslash{}", "~": r"\textasciitilde{}",
                    "^": r"\textasciicircum{}"}


def _tex(text: str) -> str:
    return _TEX_SPECIAL.sub(lambda m: _TEX_REPLACEMENT.get(m.group(), "\\" + m.group()), text)


def _latex_cell(cell: CellValue) -> str:
    if isinstance(cell, str):
        return _tex(cell)
    if cell.estimate.missing:
        return "n/a"
    mean = cell.estimate.parts(cell.percent)[0]
    interval = _tex(cell.estimate.interval_text(cell.percent))
    # the interval under the mean, smaller: a row of ten intervals still fits a page
    return (f"\\begin{{tabular}}[t]{{@{{}}r@{{}}}}{mean}\\\\ {{\\scriptsize{interval} "
            f"$n{{=}}{cell.estimate.n}$}}\\end{{tabular}}")
