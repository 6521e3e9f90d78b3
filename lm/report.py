"""The paper's tables and figures from evaluation runs (``vlp report``).

- Table 2: answer accuracy on non-ground queries; base problems, and per setting
  (one irrelevant axiom, one irrelevant tree, several trees) irrelevant vs control.
- Table 3: on the several-trees problems answered correctly: efficiency, exact matches,
  non-axiom efficiency and correct theorems (recall of the shortest proof), by overlap of
  the irrelevant axioms with the goal, for non-ground and ground queries.
- Fig. 3: tokens of correct transcripts vs the reference (shortest) proof's.
- Fig. 7: accuracy by overlap, per setting.
- Fig. 8: search-order distances (normalized edit distance of the transcript's order of
  non-axiom theorems to the DFS, BFS and shortest-proof orders).

Every number carries a 95% percentile-bootstrap interval (fixed seed). Several runs are
shown side by side: one row block per model in the tables, one panel column in the plots.
"""

from __future__ import annotations

import csv
import math
from collections.abc import Callable, Iterable, Sequence
from pathlib import Path
from typing import Any

import attrs
import numpy as np

from vlp.errors import InputError
from vlp.lm.store import read_results, read_run_config

SETTINGS = ("axiom", "tree", "trees")
SETTING_TITLES = {"base": "Base", "axiom": "w/ Axiom", "tree": "w/ Tree",
                  "trees": "w/ Multiple Trees"}
OVERLAPS = ("none", "entity", "agent", "both")
QUERY_KINDS = ("nonground", "ground")
QUERY_TITLES = {"nonground": "Non-ground", "ground": "Ground"}
TABLE3_METRICS = (("efficiency", "Efficiency"), ("exact_match", "Exact matches"),
                  ("efficiency_non_axioms", "Efficiency (non-axioms)"),
                  ("recall", "Correct theorems"))
ORDERS = (("distance_dfs", "DFS"), ("distance_bfs", "BFS"),
          ("distance_shortest_proof", "shortest proof"))
BOOTSTRAP_RESAMPLES = 2000


@attrs.frozen
class Estimate:
    """A mean with its bootstrap confidence interval over ``n`` values."""

    n: int
    mean: float | None
    low: float | None
    high: float | None

    def cell(self, percent: bool = False, interval: bool = True) -> str:
        if self.mean is None:
            return "–"
        scale, digits = (100.0, 1) if percent else (1.0, 2)
        if not interval:
            return f"{self.mean * scale:.{digits}f}"
        low = self.low if self.low is not None else self.mean
        high = self.high if self.high is not None else self.mean
        return (f"{self.mean * scale:.{digits}f} [{low * scale:.{digits}f}, "
                f"{high * scale:.{digits}f}] (n={self.n})")


def bootstrap(values: Sequence[float], *, seed: int = 0, level: float = 0.95,
              resamples: int = BOOTSTRAP_RESAMPLES) -> Estimate:
    """Mean and percentile-bootstrap interval; one value gives a zero-width interval."""
    data = np.asarray([v for v in values if v is not None and not math.isnan(v)], dtype=float)
    if data.size == 0:
        return Estimate(0, None, None, None)
    rng = np.random.default_rng(seed)
    means = data[rng.integers(0, data.size, size=(resamples, data.size))].mean(axis=1)
    tail = (1 - level) / 2 * 100
    low, high = np.percentile(means, [tail, 100 - tail])
    return Estimate(int(data.size), float(data.mean()), float(low), float(high))


@attrs.frozen
class Run:
    """The records of one run directory under a display label (one per model)."""

    label: str
    path: Path
    records: tuple[dict[str, Any], ...]


def load_runs(paths: Sequence[Path]) -> list[Run]:
    loaded: list[tuple[Path, str, list[dict[str, Any]]]] = []
    for path in paths:
        config = read_run_config(path)
        records = list(read_results(path))
        loaded.append((Path(path), str(config.get("model", Path(path).name)), records))
    if not loaded:
        raise InputError("give at least one run directory")
    models = [model for _, model, _ in loaded]
    runs = []
    for path, model, records in loaded:
        label = model if models.count(model) == 1 else f"{model} ({path.name})"
        runs.append(Run(label, path, tuple(records)))
    return runs


def _score(record: dict[str, Any], name: str) -> Any:
    return (record.get("score") or {}).get(name)


def _correct(record: dict[str, Any]) -> bool:
    return bool(_score(record, "answer_correct"))


def _query_kind(record: dict[str, Any]) -> str:
    return str(record.get("query_kind") or "nonground")


def _select(records: Iterable[dict[str, Any]], *, setting: str | None = None,
            control: bool | None = None, overlap: str | None = None,
            query_kind: str | None = None, correct_only: bool = False) -> list[dict[str, Any]]:
    chosen = []
    for record in records:
        if setting is not None and record.get("setting") != setting:
            continue
        if control is not None and bool(record.get("control")) != control:
            continue
        if overlap is not None and record.get("overlap") != overlap:
            continue
        if query_kind is not None and _query_kind(record) != query_kind:
            continue
        if correct_only and not _correct(record):
            continue
        chosen.append(record)
    return chosen


def _per_problem(records: Sequence[dict[str, Any]],
                 value: Callable[[dict[str, Any]], float | None]) -> list[float]:
    """One value per problem: the mean over its samples. Samples of one problem are not
    independent, so the bootstrap resamples problems (n counts problems)."""
    by_problem: dict[str, list[float]] = {}
    for record in records:
        number = value(record)
        if number is not None:
            by_problem.setdefault(str(record.get("problem_id")), []).append(number)
    return [sum(values) / len(values) for values in by_problem.values()]


def _accuracy(records: Sequence[dict[str, Any]], seed: int) -> Estimate:
    return bootstrap(_per_problem(records, lambda r: 1.0 if _correct(r) else 0.0), seed=seed)


def _metric(records: Sequence[dict[str, Any]], name: str, seed: int) -> Estimate:
    def value(record: dict[str, Any]) -> float | None:
        number = _score(record, name)
        return None if number is None else float(number)

    return bootstrap(_per_problem(records, value), seed=seed)


# -- tables --------------------------------------------------------------------------------


def table2(runs: Sequence[Run], seed: int = 0) -> tuple[list[str], list[list[Any]]]:
    """Rows (model, column, Estimate) of Table 2, non-ground queries."""
    columns = [("base", None)] + [(s, c) for s in SETTINGS for c in (False, True)]
    rows = []
    for run in runs:
        records = _select(run.records, query_kind="nonground")
        for setting, control in columns:
            chosen = _select(records, setting=setting,
                             control=None if setting == "base" else control)
            rows.append([run.label, setting, "" if control is None else
                         ("control" if control else "irrelevant"), _accuracy(chosen, seed)])
    return ["model", "setting", "variant", "accuracy"], rows


def table2_markdown(runs: Sequence[Run], seed: int = 0, interval: bool = True) -> str:
    _, rows = table2(runs, seed)
    by_key = {(r[0], r[1], r[2]): r[3] for r in rows}
    head = ("| Model | Base | " + " | ".join(f"{SETTING_TITLES[s]}: Irrelevant | Control"
                                             for s in SETTINGS) + " |")
    note = ", mean [95% bootstrap CI] (n)" if interval else ""
    lines = [f"Table 2. Accuracy (%) on non-ground queries{note}.", "",
             head, "|" + "---|" * 8]
    for run in runs:
        cells = [by_key[(run.label, "base", "")].cell(True, interval)]
        for setting in SETTINGS:
            for variant in ("irrelevant", "control"):
                cells.append(by_key[(run.label, setting, variant)].cell(True, interval))
        lines.append(f"| {run.label} | " + " | ".join(cells) + " |")
    return "\n".join(lines) + "\n"


def table3(runs: Sequence[Run], seed: int = 0, setting: str = "trees"
           ) -> tuple[list[str], list[list[Any]]]:
    """Rows (model, metric, query kind, overlap, Estimate) of Table 3."""
    rows = []
    for run in runs:
        for kind in QUERY_KINDS:
            for overlap in OVERLAPS:
                chosen = _select(run.records, setting=setting, control=False, overlap=overlap,
                                 query_kind=kind, correct_only=True)
                for metric, _ in TABLE3_METRICS:
                    rows.append([run.label, metric, kind, overlap,
                                 _metric(chosen, metric, seed)])
    return ["model", "metric", "query_kind", "overlap", "value"], rows


def table3_markdown(runs: Sequence[Run], seed: int = 0, setting: str = "trees",
                    interval: bool = True) -> str:
    _, rows = table3(runs, seed, setting)
    by_key = {(r[0], r[1], r[2], r[3]): r[4] for r in rows}
    head = ("| Model | Metric | " + " | ".join(
        f"{QUERY_TITLES[k]}: {o.capitalize()}" if o == "none" else o.capitalize()
        for k in QUERY_KINDS for o in OVERLAPS) + " |")
    note = ": mean [95% CI] (n)" if interval else ""
    lines = [f"Table 3. Proofs of correctly answered {SETTING_TITLES[setting].lower()} "
             f"problems, by overlap of the irrelevant axioms with the goal{note}; "
             "exact matches in %.", "", head, "|" + "---|" * 10]
    for run in runs:
        for metric, title in TABLE3_METRICS:
            cells = [by_key[(run.label, metric, k, o)].cell(metric == "exact_match", interval)
                     for k in QUERY_KINDS for o in OVERLAPS]
            lines.append(f"| {run.label} | {title} | " + " | ".join(cells) + " |")
    return "\n".join(lines) + "\n"


def efficiency_by_setting(runs: Sequence[Run], seed: int = 0
                          ) -> tuple[list[str], list[list[Any]]]:
    """Rows (model, setting, metric, Estimate): proofs of correctly answered non-ground
    problems with irrelevant axioms (and base problems), per setting: how the cost of
    irrelevant axioms grows with their number."""
    rows = []
    for run in runs:
        for setting in ("base", *SETTINGS):
            chosen = _select(run.records, setting=setting, control=False,
                             query_kind="nonground", correct_only=True)
            for metric in ("efficiency", "efficiency_non_axioms"):
                rows.append([run.label, setting, metric, _metric(chosen, metric, seed)])
    return ["model", "setting", "metric", "value"], rows


def efficiency_by_setting_markdown(runs: Sequence[Run], seed: int = 0,
                                   interval: bool = True) -> str:
    _, rows = efficiency_by_setting(runs, seed)
    by_key = {(r[0], r[1], r[2]): r[3] for r in rows}
    settings = ("base", *SETTINGS)
    lines = ["Efficiency of correct proofs by setting (non-ground queries, irrelevant "
             "axioms; all claims / non-axiom claims).", "",
             "| Model | Metric | " + " | ".join(SETTING_TITLES[s] for s in settings) + " |",
             "|" + "---|" * (2 + len(settings))]
    for run in runs:
        for metric, title in (("efficiency", "Efficiency"),
                              ("efficiency_non_axioms", "Efficiency (non-axioms)")):
            cells = [by_key[(run.label, s, metric)].cell(interval=interval) for s in settings]
            lines.append(f"| {run.label} | {title} | " + " | ".join(cells) + " |")
    return "\n".join(lines) + "\n"


def write_csv(path: Path, header: list[str], rows: list[list[Any]]) -> None:
    with open(path, "w", newline="", encoding="utf-8") as file:
        writer = csv.writer(file)
        writer.writerow([*header[:-1], "n", "mean", "ci_low", "ci_high"])
        for row in rows:
            estimate: Estimate = row[-1]
            writer.writerow([*row[:-1], estimate.n, _num(estimate.mean), _num(estimate.low),
                             _num(estimate.high)])


def _num(value: float | None) -> str:
    return "" if value is None else f"{value:.6g}"


# -- figures ---------------------------------------------------------------------------------


def _figure(columns: int, height: float = 3.6) -> tuple[Any, list[Any]]:
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    figure, axes = plt.subplots(1, columns, figsize=(4.2 * columns + 0.6, height),
                                squeeze=False, sharey=True)
    return figure, list(axes[0])


def _save(figure: Any, path: Path) -> None:
    import matplotlib.pyplot as plt

    figure.tight_layout()
    figure.savefig(path, dpi=130)
    plt.close(figure)


def _error_bars(estimates: Sequence[Estimate], scale: float = 1.0) -> tuple[list, list]:
    means = [(e.mean or 0.0) * scale for e in estimates]
    errors = [[((e.mean - e.low) * scale) if e.mean is not None and e.low is not None else 0
               for e in estimates],
              [((e.high - e.mean) * scale) if e.mean is not None and e.high is not None else 0
               for e in estimates]]
    return means, errors


def fig3_tokens(runs: Sequence[Run], path: Path, setting: str = "trees") -> None:
    """Histogram of transcript tokens (correct answers) vs the reference proofs' tokens."""
    figure, axes = _figure(len(runs))
    for axis, run in zip(axes, runs, strict=True):
        chosen = _select(run.records, setting=setting, control=False, query_kind="nonground",
                         correct_only=True)
        model = [_score(r, "transcript_tokens") for r in chosen]
        reference = [_score(r, "reference_tokens") for r in chosen]
        model = [v for v in model if v is not None]
        reference = [v for v in reference if v is not None]
        if model or reference:
            top = max(model + reference)
            bins = np.linspace(0, top + 1, 25)
            axis.hist(reference, bins=bins, alpha=0.6, label="reference proof",
                      color="tab:gray")
            axis.hist(model, bins=bins, alpha=0.6, label="model output", color="tab:blue")
            axis.legend(fontsize=8)
            axis.yaxis.get_major_locator().set_params(integer=True)
        else:
            axis.text(0.5, 0.5, "no correct answers", ha="center", transform=axis.transAxes)
        axis.set_title(run.label, fontsize=10)
        axis.set_xlabel("tokens (whitespace words)")
    axes[0].set_ylabel(f"problems ({SETTING_TITLES[setting]}, correct)")
    _save(figure, path)


def fig7_accuracy_by_overlap(runs: Sequence[Run], path: Path, seed: int = 0) -> None:
    figure, axes = _figure(len(runs))
    width = 0.8 / len(SETTINGS)
    positions = np.arange(len(OVERLAPS))
    for axis, run in zip(axes, runs, strict=True):
        records = _select(run.records, control=False, query_kind="nonground")
        for i, setting in enumerate(SETTINGS):
            estimates = [_accuracy(_select(records, setting=setting, overlap=o), seed)
                         for o in OVERLAPS]
            means, errors = _error_bars(estimates, 100.0)
            axis.bar(positions + (i - 1) * width, means, width, yerr=errors, capsize=2,
                     label=SETTING_TITLES[setting])
        axis.set_xticks(positions, [o.capitalize() for o in OVERLAPS])
        axis.set_ylim(0, 105)
        axis.set_title(run.label, fontsize=10)
        axis.set_xlabel("overlap with the goal")
    axes[0].set_ylabel("accuracy (%)")
    axes[-1].legend(fontsize=8, loc="upper left", bbox_to_anchor=(1.01, 1.0))
    _save(figure, path)


def fig8_search_order(runs: Sequence[Run], path: Path, seed: int = 0,
                      setting: str = "trees") -> None:
    figure, axes = _figure(len(runs))
    positions = np.arange(len(ORDERS))
    colors = ["tab:orange", "tab:green", "tab:gray"]
    for axis, run in zip(axes, runs, strict=True):
        chosen = _select(run.records, setting=setting, control=False, correct_only=True)
        estimates = [bootstrap(_per_problem(chosen, lambda r, name=name: (
            (_score(r, "search_order") or {}).get(name))), seed=seed) for name, _ in ORDERS]
        means, errors = _error_bars(estimates)
        axis.bar(positions, means, 0.6, yerr=errors, capsize=3, color=colors)
        axis.set_xticks(positions, [title for _, title in ORDERS])
        axis.set_ylim(0, 1.05)
        axis.set_title(f"{run.label} (n={estimates[0].n})", fontsize=10)
    axes[0].set_ylabel("normalized edit distance of theorem order")
    _save(figure, path)


FIGURES = ("fig3_tokens.png", "fig7_accuracy_by_overlap.png", "fig8_search_order.png")


@attrs.frozen
class ReportFiles:
    markdown: Path
    tables: tuple[Path, ...]
    figures: tuple[Path, ...]
    text: str  # the Markdown report (tables, figure links)


def write_report(runs: Sequence[Run], out: Path, *, seed: int = 0, figures: bool = True,
                 setting: str = "trees") -> ReportFiles:
    """All tables and figures; ``setting`` is the one Table 3 and Figs. 3 and 8 analyse
    (the paper's: several irrelevant trees)."""
    out.mkdir(parents=True, exist_ok=True)
    table2_text = table2_markdown(runs, seed)
    table3_text = table3_markdown(runs, seed, setting)
    settings_text = efficiency_by_setting_markdown(runs, seed)
    tables = []
    for name, (header, rows) in (("table2_accuracy", table2(runs, seed)),
                                 ("table3_efficiency", table3(runs, seed, setting)),
                                 ("efficiency_by_setting", efficiency_by_setting(runs, seed))):
        write_csv(out / f"{name}.csv", header, rows)
        tables.append(out / f"{name}.csv")
    (out / "table2_accuracy.md").write_text(table2_text, encoding="utf-8")
    (out / "table3_efficiency.md").write_text(table3_text, encoding="utf-8")
    (out / "efficiency_by_setting.md").write_text(settings_text, encoding="utf-8")
    tables += [out / "table2_accuracy.md", out / "table3_efficiency.md",
               out / "efficiency_by_setting.md"]
    written = []
    if figures:
        fig3_tokens(runs, out / "fig3_tokens.png", setting)
        fig7_accuracy_by_overlap(runs, out / "fig7_accuracy_by_overlap.png", seed)
        fig8_search_order(runs, out / "fig8_search_order.png", seed, setting)
        written += [out / name for name in FIGURES]
    counts = "\n".join(f"- {run.label}: {len(run.records)} results, "
                       f"{sum(_score(r, 'mode') == 'arithmetic' for r in run.records)} scored "
                       "in reasoning-model mode (arithmetic only, paper App. D.4)"
                       for run in runs)
    text = "\n".join([
        "# vlp evaluation report", "", counts, "", table2_text, table3_text, settings_text,
        *(f"![{path.stem}]({path.name})" for path in written), ""])
    markdown = out / "report.md"
    markdown.write_text(text, encoding="utf-8")
    return ReportFiles(markdown, tuple(tables), tuple(written), text)
