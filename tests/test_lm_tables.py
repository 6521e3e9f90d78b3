"""Report tables rendered as Markdown, LaTeX (booktabs) and HTML."""

from __future__ import annotations

from vlp.lm.intervals import Estimate, wilson
from vlp.lm.tables import Cell, Column, Table

MISSING = Estimate(0, None, None, None)


def _table() -> Table:
    columns = (Column("Model"), Column("Base"), Column("Irrelevant", "w/ Axiom"),
               Column("Control", "w/ Axiom"))
    rows = (("gpt_4o & co", Cell(wilson(4, 4), True), Cell(wilson(1, 2), True),
             Cell(MISSING, True)),)
    return Table("table2_accuracy", "Table 2. Accuracy (%)", columns, rows, ": mean [CI]")


def test_markdown_writes_groups_before_their_first_column_and_n_a() -> None:
    text = _table().markdown()
    assert text.startswith("Table 2. Accuracy (%): mean [CI].\n\n")
    assert "| Model | Base | w/ Axiom: Irrelevant | Control |" in text
    assert "| gpt_4o & co | 100.0 [51.0, 100.0] (n=4) | 50.0 [9.5, 90.5] (n=2) | n/a |" in text
    assert "| 100.0 | 50.0 | n/a |" in _table().markdown(interval=False)


def test_latex_is_booktabs_with_spanning_groups_and_escapes() -> None:
    text = _table().latex()
    lines = text.splitlines()
    assert lines[0] == "\\begin{table}[t]" and lines[-1] == "\\end{table}"
    assert "\\caption{Accuracy (\\%): mean [CI].}" in text  # LaTeX numbers the table
    assert "\\begin{tabular}{lrrr}" in text
    for rule in ("\\toprule", "\\midrule", "\\bottomrule"):
        assert lines.count(rule) == 1
    assert " &  & \\multicolumn{2}{c}{w/ Axiom} \\\\" in text
    assert "\\cmidrule(lr){3-4}" in text
    stacked = ("\\begin{{tabular}}[t]{{@{{}}r@{{}}}}{}\\\\ "  # the interval under the mean
               "{{\\scriptsize[{}] $n{{=}}{}$}}\\end{{tabular}}")
    assert (f"gpt\\_4o \\& co & {stacked.format('100.0', '51.0, 100.0', 4)} & "
            f"{stacked.format('50.0', '9.5, 90.5', 2)} & n/a \\\\") in text


def test_html_marks_missing_cells_and_escapes() -> None:
    text = _table().html()
    assert '<td class="na">n/a</td>' in text
    assert "gpt_4o &amp; co" in text and '<th colspan="2">w/ Axiom</th>' in text


def test_wide_latex_tables_span_the_page_scaled_to_fit() -> None:
    columns = (Column("Model"), *(Column(f"c{i}") for i in range(7)))
    table = Table("wide", "Wide", columns, (("m", *(Cell(wilson(1, 2)),) * 7),))
    lines = table.latex().splitlines()
    assert lines[0] == "\\begin{table*}[t]" and lines[-1] == "\\end{table*}"
    assert "\\resizebox{\\linewidth}{!}{%" in lines
    assert lines[-2] == "\\end{tabular}}"
    assert "\\resizebox" not in _table().latex()  # four columns fit a column
