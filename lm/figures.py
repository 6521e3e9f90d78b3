"""The report's figures (paper Figs. 3, 7, 8) and bar histograms of discrete counts.

Every figure is built as a matplotlib ``Figure`` and then saved as PNG, PDF and SVG (the
same drawing; PDF and SVG carry no creation date, so the same runs give the same bytes),
or embedded in the HTML viewer. A cell with no problem in it is drawn as absent with
"n/a" (never a zero-height bar), and the number of problems is written under every bar.
"""

from __future__ import annotations

import io
from collections import Counter
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import numpy as np

from vlp.lm.intervals import Estimate
from vlp.lm.report import (
    ORDERS,
    OVERLAPS,
    SETTING_TITLES,
    SETTINGS,
    Run,
    accuracy,
    search_distance,
    select,
)
from vlp.output import atomic_file

# Okabe–Ito: distinguishable with the common colour-vision deficiencies and in greyscale
PALETTE = ("#0072B2", "#E69F00", "#009E73", "#D55E00", "#CC79A7", "#56B4E9", "#F0E442")
FORMATS = ("png", "pdf", "svg")
PNG_DPI = 200
STYLE = {"font.size": 8.5, "axes.titlesize": 9, "axes.labelsize": 8.5, "legend.fontsize": 7.5,
         "xtick.labelsize": 8, "ytick.labelsize": 8, "axes.spines.top": False,
         "axes.spines.right": False, "savefig.bbox": "tight", "savefig.pad_inches": 0.04,
         "svg.hashsalt": "vlp", "pdf.fonttype": 42}


@contextmanager
def _style() -> Iterator[Any]:
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    with plt.rc_context(STYLE):
        yield plt


PANELS_PER_LINE = 4
N_LABEL_SIZE = 7.5  # the n under each bar: readable at a column's width, as the tick labels
# Sizes: "page" (one panel column per run, up to four a line: a page-wide figure) and
# "column" (two panels a line, 3.3 inches wide in all: one column of a two-column paper)
LAYOUTS = {"page": (PANELS_PER_LINE, None), "column": (2, 3.3)}
COLUMN_SUFFIX = "-column"


def _panels(plt: Any, count: int, *, width: float = 3.0, height: float = 2.5,
            sharex: bool = True, sharey: bool = True, layout: str = "page",
            column_per_line: int | None = None) -> tuple[Any, list[Any]]:
    """One panel per run, at most ``PANELS_PER_LINE`` a line (two in the "column"
    layout, which fits the figure to a column's width), shared axes; panels past the last
    run are hidden."""
    per_line, total_width = LAYOUTS[layout]
    if layout == "column" and column_per_line is not None:  # a panel of many bars
        per_line = column_per_line
    columns = min(count, per_line)
    lines = -(-count // columns)
    if total_width is not None:  # the whole figure a column wide, panels a little taller
        width, height = (total_width - 0.4) / columns, max(height * 0.9, 2.1)
    figure, grid = plt.subplots(lines, columns, figsize=(width * columns + 0.6, height * lines),
                                squeeze=False, sharex=sharex, sharey=sharey,
                                layout="constrained")
    axes = [axis for line in grid for axis in line]
    for axis in axes[count:]:
        axis.set_visible(False)
    return figure, axes[:count]


def _fit(layout: str, text: str) -> tuple[str]:
    """An axis label as the layout has room for it: wrapped to a column's width."""
    if layout != "column":
        return (text,)
    import textwrap

    return ("\n".join(textwrap.fill(line, 50) for line in text.split("\n")),)


def _legend_place(layout: str, entries: int) -> dict[str, Any]:
    """Beside the panels on a page; above them in a column, which has no width to spare."""
    if layout == "column":
        return {"loc": "outside upper center", "ncols": min(entries, 3)}
    return {"loc": "outside right upper"}


def _bars(axis: Any, positions: Sequence[float], estimates: Sequence[Estimate], width: float,
          color: str | Sequence[str], scale: float = 1.0, top: float = 1.0) -> None:
    """Bars with their intervals; a missing estimate gets "n/a" instead of a bar, and every
    position gets its n just under the axis."""
    colors = [color] * len(estimates) if isinstance(color, str) else list(color)
    present = [(x, e, c) for x, e, c in zip(positions, estimates, colors, strict=True)
               if not e.missing]
    if present:
        xs = [x for x, _, _ in present]
        means = [e.mean * scale for _, e, _ in present]  # type: ignore[operator]
        # a mean of too few values has no interval: no error bar, "CI n/a" above it
        errors = [[(e.mean - e.low) * scale if e.has_interval else 0.0  # type: ignore[operator]
                   for _, e, _ in present],
                  [(e.high - e.mean) * scale if e.has_interval else 0.0  # type: ignore[operator]
                   for _, e, _ in present]]
        axis.bar(xs, means, width, color=[c for _, _, c in present], edgecolor="white",
                 linewidth=0.5)
        bounded = [i for i, (_, e, _) in enumerate(present) if e.has_interval]
        if bounded:
            axis.errorbar([xs[i] for i in bounded], [means[i] for i in bounded],
                          yerr=[[errors[0][i] for i in bounded], [errors[1][i] for i in bounded]],
                          fmt="none", capsize=2, elinewidth=0.8, ecolor="#333333")
        # a bar of height 0 is invisible: mark it, so that 0 reads as 0 and not as n/a
        for x, estimate, c in present:
            if not estimate.has_interval:
                axis.annotate("CI n/a", (x, estimate.mean * scale),  # type: ignore[operator]
                              xytext=(0, 2), textcoords="offset points", ha="center",
                              va="bottom", rotation=90, fontsize=N_LABEL_SIZE - 1,
                              color="#555555")
            if estimate.mean == 0:
                axis.plot([x - width / 2, x + width / 2], [0, 0], color=c, linewidth=3,
                          solid_capstyle="butt", clip_on=False)
    for x, estimate in zip(positions, estimates, strict=True):
        if estimate.missing:
            axis.text(x, 0.02 * top * scale, "n/a", ha="center", va="bottom", rotation=90,
                      fontsize=N_LABEL_SIZE, color="#777777")
        axis.annotate(f"{estimate.n}", (x, 0), xycoords=("data", "axes fraction"),
                      xytext=(0, -2), textcoords="offset points", ha="center", va="top",
                      fontsize=N_LABEL_SIZE, color="#444444", annotation_clip=False)


def fig7_accuracy_by_overlap(runs: Sequence[Run], seed: int = 0, layout: str = "page") -> Any:
    """Accuracy (Wilson intervals) by overlap with the goal, one bar per setting."""
    with _style() as plt:
        figure, axes = _panels(plt, len(runs), layout=layout, column_per_line=1)
        width = 0.8 / len(SETTINGS)
        groups = np.arange(len(OVERLAPS))
        for axis, run in zip(axes, runs, strict=True):
            records = select(run.records, control=False, query_kind="nonground")
            for i, setting in enumerate(SETTINGS):
                estimates = [accuracy(select(records, setting=setting, overlap=o), seed)
                             for o in OVERLAPS]
                _bars(axis, list(groups + (i - 1) * width), estimates, width * 0.95,
                      PALETTE[i], scale=100.0)
            axis.set_xticks(groups, [o.capitalize() for o in OVERLAPS])
            axis.tick_params(axis="x", length=0, pad=11)
            axis.set_ylim(0, 105)
            axis.set_title(run.label)
        figure.supxlabel(*_fit(layout, "overlap of the irrelevant axioms with the goal "
                         "(under each bar: n problems)"), fontsize=8.5)
        figure.supylabel(*_fit(layout, "accuracy (%), 95% Wilson interval"), fontsize=8.5)
        # built here, not from the bars: a series with no bar in the first panel has none
        from matplotlib.patches import Patch

        figure.legend(handles=[Patch(color=PALETTE[i], label=SETTING_TITLES[s])
                               for i, s in enumerate(SETTINGS)], frameon=False,
                      **_legend_place(layout, len(SETTINGS)))
    return figure


def fig8_search_order(runs: Sequence[Run], seed: int = 0, setting: str = "trees",
                      layout: str = "page") -> Any:
    """Normalized edit distance of the transcript's theorem order to DFS, BFS and the
    shortest proof (correct answers), bootstrap intervals."""
    with _style() as plt:
        figure, axes = _panels(plt, len(runs), width=2.6, layout=layout)
        positions = list(range(len(ORDERS)))
        for axis, run in zip(axes, runs, strict=True):
            chosen = select(run.records, setting=setting, control=False, correct_only=True)
            estimates = [search_distance(chosen, name, seed) for name, _ in ORDERS]
            _bars(axis, positions, estimates, 0.6, list(PALETTE[3:3 + len(ORDERS)]))
            axis.set_xticks(positions, [title.replace(" ", "\n") if layout == "column"
                                        else title for _, title in ORDERS])
            axis.tick_params(axis="x", length=0, pad=11)
            axis.set_ylim(0, 1.05)
            axis.set_title(run.label)
        figure.supxlabel(*_fit(layout, f"reference order ({SETTING_TITLES[setting]} problems "
                               "answered correctly; under each bar: n problems)"), fontsize=8.5)
        figure.supylabel(*_fit(layout, "edit distance of theorem order\n"
                               "(normalized; 95% bootstrap)"), fontsize=8.5)
    return figure


def _provider_tokens(record: dict[str, Any]) -> int | None:
    tokens = (record.get("usage") or {}).get("proof_output_tokens")
    return int(tokens) if tokens else None


def token_counts(records: Sequence[dict[str, Any]]) -> tuple[list[float], list[float], str]:
    """(model, reference, unit) for Fig. 3. With the provider's token counts in every record,
    the model's proofs are counted in the provider's tokens and the reference proofs (which
    no model wrote) in whitespace words times the model's own tokens-per-word ratio over
    these transcripts; otherwise both in whitespace words."""
    score = [(r, r.get("score") or {}) for r in records]
    words = [(r, s) for r, s in score if s.get("transcript_tokens") is not None]
    if words and all(_provider_tokens(r) for r, _ in words):
        ratio = (sum(_provider_tokens(r) or 0 for r, _ in words)
                 / max(1, sum(s["transcript_tokens"] for _, s in words)))
        model = [float(_provider_tokens(r) or 0) for r, _ in words]
        reference = [s["reference_tokens"] * ratio for _, s in words
                     if s.get("reference_tokens") is not None]
        return (model, reference,
                f"tokens (provider count; reference: words × {ratio:.2f} tokens/word)")
    model = [float(s["transcript_tokens"]) for _, s in words]
    reference = [float(s["reference_tokens"]) for _, s in score
                 if s.get("reference_tokens") is not None]
    return model, reference, "tokens (whitespace words)"


REFERENCE_COLOR = "#999999"


def fig3_tokens(runs: Sequence[Run], setting: str = "trees", layout: str = "page") -> Any:
    """Histograms over log-spaced bins (the same bins in every panel) of the tokens of
    correct transcripts and of the reference proofs of the same problems: in each bin the
    reference's bar stands left, the model's right, so neither hides the other."""
    data = [token_counts(select(run.records, setting=setting, control=False,
                                query_kind="nonground", correct_only=True)) for run in runs]
    values = [v for model, reference, _ in data for v in (*model, *reference)]
    with _style() as plt:
        figure, axes = _panels(plt, len(runs), layout=layout)
        low, high = (max(1.0, min(values)), max(values)) if values else (1.0, 10.0)
        edges = np.geomspace(low / 1.15, high * 1.15, 19)
        middles = np.sqrt(edges[:-1] * edges[1:])
        for axis, run, (model, reference, unit) in zip(axes, runs, data, strict=True):
            axis.set_xscale("log")
            if model or reference:
                for series, left, right, color, name in (
                        (reference, edges[:-1], middles, REFERENCE_COLOR, "reference proof"),
                        (model, middles, edges[1:], PALETTE[0], "model output")):
                    counts, _ = np.histogram(series, bins=edges)
                    axis.bar(left, counts, right - left, align="edge", color=color,
                             edgecolor="white", linewidth=0.4, label=name)
                    if series:
                        axis.axvline(float(np.median(series)), color=color, linestyle="--",
                                     linewidth=0.9, label=f"median ({name})")
                axis.set_title(f"{run.label} (n={len(model)})")
            else:
                axis.text(0.5, 0.5, "n/a: no correct answers", ha="center", va="center",
                          transform=axis.transAxes, color="#777777")
                axis.set_title(run.label)
            axis.yaxis.get_major_locator().set_params(integer=True)
            if len({unit for _, _, unit in data}) > 1:  # say under each panel what it counts
                axis.set_xlabel(unit.replace(" (", ", log scale\n("), fontsize=7.5)
        if len({unit for _, _, unit in data}) == 1:
            figure.supxlabel(*_fit(layout, f"{data[0][2]}, log scale"), fontsize=8.5)
        figure.supylabel(*_fit(layout, f"problems ({SETTING_TITLES[setting]}, correct)"),
                         fontsize=8.5)
        handles = next((a.get_legend_handles_labels() for a in axes
                        if a.get_legend_handles_labels()[0]), None)
        if handles:  # the bars first, then the median lines
            pairs = sorted(zip(*handles, strict=True), key=lambda p: p[1].startswith("median"))
            figure.legend(*zip(*pairs, strict=True), frameon=False,
                          **_legend_place(layout, 2))
    return figure


def count_histograms(rows: dict[str, Counter[int]], order: Sequence[str], label: str) -> Any:
    """Bar histograms of a discrete count, one panel per group (shared axes, so groups
    compare at a glance and identical groups cannot hide each other)."""
    groups = [g for g in order if g in rows] + sorted(set(rows) - set(order))
    keys = sorted({k for counts in rows.values() for k in counts})
    columns = min(4, max(1, len(groups)))
    lines = -(-len(groups) // columns)
    with _style() as plt:
        figure, grid = plt.subplots(lines, columns, figsize=(2.3 * columns + 0.4, 1.9 * lines),
                                    squeeze=False, sharex=True, sharey=True,
                                    layout="constrained")
        axes = [axis for line in grid for axis in line]
        for axis, group in zip(axes, groups, strict=False):
            counts = rows[group]
            total = sum(counts.values())
            mean = sum(k * v for k, v in counts.items()) / total
            axis.bar(keys, [counts.get(k, 0) for k in keys], 0.8,
                     color=PALETTE[5] if group.endswith("control") else PALETTE[0])
            axis.set_title(f"{group} (n={total}, mean {mean:.2f})")
            axis.xaxis.get_major_locator().set_params(integer=True)
            axis.yaxis.get_major_locator().set_params(integer=True)
        for axis in axes[len(groups):]:
            axis.set_visible(False)
        for index, axis in enumerate(axes[:len(groups)]):
            if index + columns >= len(groups):  # nothing drawn below: label the x-axis here
                axis.xaxis.set_tick_params(labelbottom=True)
                axis.set_xlabel(label)
        for line in grid:
            line[0].set_ylabel("problems")
    return figure


def save(figure: Any, stem: Path) -> list[Path]:
    """``stem.png``, ``stem.pdf`` and ``stem.svg``; closes the figure."""
    import matplotlib.pyplot as plt

    paths = []
    with plt.rc_context(STYLE):
        for extension in FORMATS:
            path = stem.with_suffix(f".{extension}")
            metadata = {"CreationDate": None} if extension == "pdf" else \
                {"Date": None} if extension == "svg" else {}
            with atomic_file(path, "wb") as file:
                figure.savefig(file, format=extension, dpi=PNG_DPI, metadata=metadata)
            paths.append(path)
    plt.close(figure)
    return paths


def svg(figure: Any) -> str:
    """The figure as SVG text (for embedding); closes the figure."""
    import matplotlib.pyplot as plt

    buffer = io.StringIO()
    with plt.rc_context(STYLE):
        figure.savefig(buffer, format="svg", metadata={"Date": None})
    plt.close(figure)
    return buffer.getvalue()


FIGURES = ("fig3_tokens", "fig7_accuracy_by_overlap", "fig8_search_order")


def report_figures(runs: Sequence[Run], seed: int = 0, setting: str = "trees",
                   layout: str = "page") -> list[tuple[str, str, Any]]:
    """(file stem, caption, figure) of every report figure, in ``layout``'s size."""
    title = SETTING_TITLES[setting]
    return [
        ("fig3_tokens", f"Fig. 3. Tokens of correct transcripts vs the reference proofs "
                        f"({title}, non-ground).", fig3_tokens(runs, setting, layout)),
        ("fig7_accuracy_by_overlap", "Fig. 7. Accuracy by overlap of the irrelevant axioms "
                                     "with the goal (non-ground).",
         fig7_accuracy_by_overlap(runs, seed, layout)),
        ("fig8_search_order", f"Fig. 8. Search order: distance of the transcript's theorem "
                              f"order to DFS, BFS and the shortest proof ({title}).",
         fig8_search_order(runs, seed, setting, layout)),
    ]


def write_figures(runs: Sequence[Run], out: Path, *, seed: int = 0,
                  setting: str = "trees") -> list[Path]:
    """Every figure page-wide (``STEM.png``, ...) and a column wide (``STEM-column.png``)."""
    written = []
    for layout, suffix in (("page", ""), ("column", COLUMN_SUFFIX)):
        for stem, _, figure in report_figures(runs, seed, setting, layout):
            written += save(figure, out / f"{stem}{suffix}")
    return written
