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

Every number carries a 95% interval over problems: Wilson for proportions (accuracy, exact
matches), a percentile bootstrap (fixed seed) for means. Several runs of one model (same
generation settings) are merged into one; different models are shown side by side: one row
block per model in the tables, one panel column in the plots. A cell with no problem in it
is "n/a", never 0.
"""

from __future__ import annotations

import csv
from collections.abc import Callable, Iterable, Sequence
from pathlib import Path
from typing import Any

import attrs

from vlp.errors import InputError
from vlp.lm.intervals import BOOTSTRAP, WILSON, Estimate, bootstrap, proportion
from vlp.lm.store import read_results, read_run_config
from vlp.lm.tables import Cell, Column, Table, markdown_text
from vlp.output import atomic_file

__all__ = ["Estimate", "bootstrap", "load_runs", "table2", "table3"]

SETTINGS = ("axiom", "tree", "trees")
SETTING_TITLES = {"base": "Base", "axiom": "w/ Axiom", "tree": "w/ Tree",
                  "trees": "w/ Multiple Trees"}
OVERLAPS = ("none", "entity", "agent", "both")
QUERY_KINDS = ("nonground", "ground")
QUERY_TITLES = {"nonground": "Non-ground", "ground": "Ground"}
TABLE3_METRICS = (("efficiency", "Efficiency"), ("exact_match", "Exact matches"),
                  ("efficiency_non_axioms", "Efficiency (non-axioms)"),
                  ("recall", "Correct theorems"))
BINARY_METRICS = frozenset({"exact_match"})
ORDERS = (("distance_dfs", "DFS"), ("distance_bfs", "BFS"),
          ("distance_shortest_proof", "shortest proof"))
# run.json settings that change what a model is asked; runs agreeing on all of them (and
# the model) are one experiment and merge. The seed is left out: runs with different seeds
# are more samples of the same experiment.
GENERATION_SETTINGS = ("model", "base_url", "engine_args", "style", "temperature", "max_tokens",
                       "answer_max_tokens", "thinking_budget", "verify_mode", "reasoning")


@attrs.frozen
class Run:
    """The records of one model's run directories (several merge) under a display label."""

    label: str
    paths: tuple[Path, ...]
    records: tuple[dict[str, Any], ...]
    duplicates: int = 0  # records found in more than one directory, counted once
    configs: tuple[dict[str, Any], ...] = ()  # each directory's run.json, as ``paths``


def _problem_identity(record: dict[str, Any]) -> tuple[Any, Any]:
    score = record.get("score") or {}
    return score.get("goal"), score.get("gold_answer")


def _merge(paths: Sequence[Path], loaded: dict[Path, tuple[dict[str, Any], list[dict]]]
           ) -> tuple[list[dict[str, Any]], int]:
    """The records of several directories of one experiment. The same (problem, sample)
    under the same seed is the same measurement and counts once; under another seed it is
    one more sample. The same problem id naming two different problems is an error."""
    merged: list[dict[str, Any]] = []
    seen: dict[tuple[str, int, Any], Path] = {}
    identity: dict[str, tuple[tuple[Any, Any], Path]] = {}
    duplicates = 0
    for path in paths:
        config, records = loaded[path]
        for record in records:
            problem = str(record.get("problem_id"))
            if problem in identity and identity[problem][0] != _problem_identity(record):
                raise InputError(
                    f"problem {problem!r} is a different problem in {identity[problem][1]}; "
                    "runs on different datasets with clashing ids cannot be merged",
                    location=str(path))
            identity.setdefault(problem, (_problem_identity(record), path))
            key = (problem, int(record.get("sample", 0)), config.get("seed"))
            if key in seen:
                duplicates += 1
                continue
            seen[key] = path
            merged.append(record)
    return merged, duplicates


def load_runs(paths: Sequence[Path], merge: bool = True) -> list[Run]:
    """One ``Run`` per experiment (model and generation settings), in the order of first
    appearance; ``merge=False`` keeps every directory apart."""
    if not paths:
        raise InputError("give at least one run directory")
    loaded = {}
    for path in map(Path, paths):
        loaded[path] = (read_run_config(path), list(read_results(path)))
    groups: dict[Any, list[Path]] = {}
    for path, (config, _) in loaded.items():
        key = tuple(repr(config.get(k)) for k in GENERATION_SETTINGS) if merge else path
        groups.setdefault(key, []).append(path)
    models = [str(loaded[group[0]][0].get("model", group[0].name)) for group in groups.values()]
    runs = []
    for model, group in zip(models, groups.values(), strict=True):
        records, duplicates = _merge(group, loaded)
        label = model if models.count(model) == 1 else \
            f"{model} ({'+'.join(p.name for p in group)})"
        runs.append(Run(label, tuple(group), tuple(records), duplicates,
                        tuple(loaded[path][0] for path in group)))
    return runs


def _score(record: dict[str, Any], name: str) -> Any:
    return (record.get("score") or {}).get(name)


def _correct(record: dict[str, Any]) -> bool:
    return bool(_score(record, "answer_correct"))


def _query_kind(record: dict[str, Any]) -> str:
    return str(record.get("query_kind") or "nonground")


def select(records: Iterable[dict[str, Any]], *, setting: str | None = None,
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


def per_problem(records: Sequence[dict[str, Any]],
                value: Callable[[dict[str, Any]], float | None]) -> list[float]:
    """One value per problem: the mean over its samples. Samples of one problem are not
    independent, so intervals count problems (n is the number of problems)."""
    by_problem: dict[str, list[float]] = {}
    for record in records:
        number = value(record)
        if number is not None:
            by_problem.setdefault(str(record.get("problem_id")), []).append(number)
    return [sum(values) / len(values) for values in by_problem.values()]


def accuracy(records: Sequence[dict[str, Any]], seed: int) -> Estimate:
    return proportion(per_problem(records, lambda r: 1.0 if _correct(r) else 0.0), seed=seed)


def metric(records: Sequence[dict[str, Any]], name: str, seed: int) -> Estimate:
    def value(record: dict[str, Any]) -> float | None:
        number = _score(record, name)
        return None if number is None else float(number)

    values = per_problem(records, value)
    if name in BINARY_METRICS:
        return proportion(values, seed=seed)
    return bootstrap(values, seed=seed)


def search_distance(records: Sequence[dict[str, Any]], name: str, seed: int) -> Estimate:
    return bootstrap(per_problem(records, lambda r: (_score(r, "search_order") or {}).get(name)),
                     seed=seed)


def _interval_note(estimates: Iterable[Estimate]) -> str:
    methods = {e.method for e in estimates if not e.missing}
    names = {WILSON: "Wilson", BOOTSTRAP: "bootstrap"}
    if not methods:
        return ""
    described = " or ".join(names[m] for m in sorted(methods, key=[WILSON, BOOTSTRAP].index))
    return f": mean [95% {described} interval] (n problems); n/a: no problem"


# -- tables --------------------------------------------------------------------------------


def table2(runs: Sequence[Run], seed: int = 0) -> tuple[list[str], list[list[Any]]]:
    """Rows (model, column, Estimate) of Table 2, non-ground queries."""
    columns = [("base", None)] + [(s, c) for s in SETTINGS for c in (False, True)]
    rows = []
    for run in runs:
        records = select(run.records, query_kind="nonground")
        for setting, control in columns:
            chosen = select(records, setting=setting,
                            control=None if setting == "base" else control)
            rows.append([run.label, setting, "" if control is None else
                         ("control" if control else "irrelevant"), accuracy(chosen, seed)])
    return ["model", "setting", "variant", "accuracy"], rows


def table2_table(runs: Sequence[Run], seed: int = 0) -> Table:
    _, rows = table2(runs, seed)
    by_key = {(r[0], r[1], r[2]): r[3] for r in rows}
    columns = [Column("Model"), Column("Base")] + [
        Column(variant.capitalize(), SETTING_TITLES[s])
        for s in SETTINGS for variant in ("irrelevant", "control")]
    body = []
    for run in runs:
        cells: list[Any] = [run.label, Cell(by_key[(run.label, "base", "")], True)]
        cells += [Cell(by_key[(run.label, s, v)], True)
                  for s in SETTINGS for v in ("irrelevant", "control")]
        body.append(tuple(cells))
    return Table("table2_accuracy", "Table 2. Accuracy (%) on non-ground queries",
                 tuple(columns), tuple(body), _interval_note(r[3] for r in rows))


def table2_markdown(runs: Sequence[Run], seed: int = 0, interval: bool = True) -> str:
    return table2_table(runs, seed).markdown(interval)


def table3(runs: Sequence[Run], seed: int = 0, setting: str = "trees"
           ) -> tuple[list[str], list[list[Any]]]:
    """Rows (model, metric, query kind, overlap, Estimate) of Table 3."""
    rows = []
    for run in runs:
        for kind in QUERY_KINDS:
            for overlap in OVERLAPS:
                chosen = select(run.records, setting=setting, control=False, overlap=overlap,
                                query_kind=kind, correct_only=True)
                for name, _ in TABLE3_METRICS:
                    rows.append([run.label, name, kind, overlap, metric(chosen, name, seed)])
    return ["model", "metric", "query_kind", "overlap", "value"], rows


def table3_table(runs: Sequence[Run], seed: int = 0, setting: str = "trees") -> Table:
    _, rows = table3(runs, seed, setting)
    by_key = {(r[0], r[1], r[2], r[3]): r[4] for r in rows}
    columns = [Column("Model"), Column("Metric")] + [
        Column(o.capitalize(), QUERY_TITLES[k]) for k in QUERY_KINDS for o in OVERLAPS]
    body = []
    for run in runs:
        for name, title in TABLE3_METRICS:
            body.append((run.label, title, *(Cell(by_key[(run.label, name, k, o)],
                                                  name == "exact_match")
                                             for k in QUERY_KINDS for o in OVERLAPS)))
    caption = (f"Table 3. Proofs of correctly answered {SETTING_TITLES[setting].lower()} "
               "problems, by overlap of the irrelevant axioms with the goal; exact matches "
               "in %")
    return Table("table3_efficiency", caption, tuple(columns), tuple(body),
                 _interval_note(r[4] for r in rows))


def table3_markdown(runs: Sequence[Run], seed: int = 0, setting: str = "trees",
                    interval: bool = True) -> str:
    return table3_table(runs, seed, setting).markdown(interval)


def efficiency_by_setting(runs: Sequence[Run], seed: int = 0
                          ) -> tuple[list[str], list[list[Any]]]:
    """Rows (model, setting, metric, Estimate): proofs of correctly answered non-ground
    problems with irrelevant axioms (and base problems), per setting: how the cost of
    irrelevant axioms grows with their number."""
    rows = []
    for run in runs:
        for setting in ("base", *SETTINGS):
            chosen = select(run.records, setting=setting, control=False,
                            query_kind="nonground", correct_only=True)
            for name in ("efficiency", "efficiency_non_axioms"):
                rows.append([run.label, setting, name, metric(chosen, name, seed)])
    return ["model", "setting", "metric", "value"], rows


def efficiency_by_setting_table(runs: Sequence[Run], seed: int = 0) -> Table:
    _, rows = efficiency_by_setting(runs, seed)
    by_key = {(r[0], r[1], r[2]): r[3] for r in rows}
    settings = ("base", *SETTINGS)
    columns = [Column("Model"), Column("Metric")] + [Column(SETTING_TITLES[s]) for s in settings]
    body = [(run.label, title, *(Cell(by_key[(run.label, s, name)]) for s in settings))
            for run in runs for name, title in (("efficiency", "Efficiency"),
                                                ("efficiency_non_axioms",
                                                 "Efficiency (non-axioms)"))]
    caption = ("Efficiency of correct proofs by setting (non-ground queries, irrelevant "
               "axioms; all claims / non-axiom claims)")
    return Table("efficiency_by_setting", caption, tuple(columns), tuple(body),
                 _interval_note(r[3] for r in rows))


def efficiency_by_setting_markdown(runs: Sequence[Run], seed: int = 0,
                                   interval: bool = True) -> str:
    return efficiency_by_setting_table(runs, seed).markdown(interval)


# The scores a finished run prints (vlp evaluate, vlp report RUN_DIR): the figures of the
# lm-eval-harness task vlp_efficiency and the inspect task, with intervals. Efficiency,
# non-axiom efficiency and recall are over correctly answered problems (Table 3); false
# steps (claims that are not theorems) per transcript, over all.
SCORE_METRICS = (("accuracy", "Accuracy", True), ("efficiency", "Efficiency", False),
                 ("efficiency_non_axioms", "Efficiency (non-axioms)", False),
                 ("recall", "Correct theorems", False), ("false_claims", "False steps", False))


def scores(runs: Sequence[Run], seed: int = 0) -> tuple[list[str], list[list[Any]]]:
    """Rows (model, setting, metric, Estimate): every problem of a run ("all"), then each
    setting when the run has several."""
    rows = []
    for run in runs:
        settings = sorted({str(r.get("setting")) for r in run.records if r.get("setting")},
                          key=lambda s: ("base", *SETTINGS).index(s)
                          if s in ("base", *SETTINGS) else len(SETTINGS) + 1)
        groups = [("all", list(run.records))]
        if len(settings) > 1:
            groups += [(s, select(run.records, setting=s)) for s in settings]
        for setting, records in groups:
            correct = select(records, correct_only=True)
            for name, _, _ in SCORE_METRICS:
                estimate = (accuracy(records, seed) if name == "accuracy"
                            else metric(records, name, seed) if name == "false_claims"
                            else metric(correct, name, seed))
                rows.append([run.label, setting, name, estimate])
    return ["model", "setting", "metric", "value"], rows


def scores_table(runs: Sequence[Run], seed: int = 0) -> Table:
    _, rows = scores(runs, seed)
    by_key = {(r[0], r[1], r[2]): r[3] for r in rows}
    groups = list(dict.fromkeys((r[0], r[1]) for r in rows))
    columns = [Column("Model"), Column("Problems")] + [Column(t) for _, t, _ in SCORE_METRICS]
    body = [(label, "all" if setting == "all" else SETTING_TITLES.get(setting, setting),
             *(Cell(by_key[(label, setting, name)], percent)
               for name, _, percent in SCORE_METRICS)) for label, setting in groups]
    caption = ("Scores: accuracy (%) over all problems; efficiency, non-axiom efficiency and "
               "correct theorems over the correctly answered ones; false steps per transcript")
    return Table("scores", caption, tuple(columns), tuple(body),
                 _interval_note(r[3] for r in rows))


def write_csv(path: Path, header: list[str], rows: list[list[Any]]) -> None:
    """The long form: one line per estimate, with n, the interval and how it was computed."""
    with atomic_file(path) as file:
        writer = csv.writer(file)
        writer.writerow([*header[:-1], "n", "mean", "ci_low", "ci_high", "interval"])
        for row in rows:
            estimate: Estimate = row[-1]
            writer.writerow([*row[:-1], estimate.n, _num(estimate.mean), _num(estimate.low),
                             _num(estimate.high), "" if estimate.missing else estimate.method])


def _num(value: float | None) -> str:
    return "" if value is None else f"{value:.6g}"


def report_tables(runs: Sequence[Run], seed: int = 0, setting: str = "trees"
                  ) -> list[tuple[Table, tuple[list[str], list[list[Any]]]]]:
    """Every table of the report with its long form (the CSV)."""
    return [(table2_table(runs, seed), table2(runs, seed)),
            (table3_table(runs, seed, setting), table3(runs, seed, setting)),
            (efficiency_by_setting_table(runs, seed), efficiency_by_setting(runs, seed))]


def summary_lines(runs: Sequence[Run]) -> list[str]:
    lines = []
    for run in runs:
        merged = (f" from {len(run.paths)} directories"
                  + (f" ({run.duplicates} duplicates counted once)" if run.duplicates else "")
                  if len(run.paths) > 1 else "")
        arithmetic = sum(_score(r, "mode") == "arithmetic" for r in run.records)
        count = len(run.records)
        lines.append(f"- {markdown_text(run.label)}: {count} result{'' if count == 1 else 's'}"
                     f"{merged}, {arithmetic} scored in reasoning-model mode (arithmetic only, "
                     "paper App. D.4)")
    return lines
