"""``vlp demo``: the whole pipeline on a small paper-design dataset, offline, in under a minute.

Generates problems with the sampler (base problems; one irrelevant axiom, one irrelevant
tree and several trees, each with the four kinds of overlap, their control twins, and
ground-query twins of the several-trees problems), runs the four baseline reasoners on
them as if they were models, verifies every transcript and writes the report.
"""

from __future__ import annotations

import asyncio
import json
import os
from collections.abc import Callable
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path
from typing import Any

import attrs

from vlp.lm.baselines import BaselineReasoner
from vlp.lm.models import ModelSpec
from vlp.lm.provenance import session_record
from vlp.lm.report import (
    OVERLAPS,
    efficiency_by_setting_markdown,
    load_runs,
    table2_markdown,
    table3_markdown,
)
from vlp.lm.report_files import ReportFiles, write_report
from vlp.lm.runner import Attempt, EvalConfig, result_record, store_for
from vlp.lm.scoring import VerifyScorer
from vlp.lm.store import ERRORS_FILE, RESULTS_FILE, RUN_FILE
from vlp.lm.viewer import write_viewer
from vlp.output import write_atomically
from vlp.sampler import CONNECTIONS, derive_seed, generate_problem


@attrs.frozen
class DemoDesign:
    """How many problems of each kind (defaults: 26 problems), a subset of the paper's
    design (``vlp.sampler.paper_jobs``) small enough to run in well under a minute."""

    base: int = 4
    per_overlap: int = 1  # for each irrelevant setting and overlap kind
    controls: int = 2  # control problems per irrelevant setting
    ground: bool = True  # ground-query twins of the several-trees problems

    def jobs(self, seed: int) -> list[tuple[str, int, dict[str, Any]]]:
        """(id, problem seed, ``generate_problem`` arguments); connections alternate, and a
        ground twin has its non-ground problem's seed (the same program, a ground query)."""
        jobs: list[tuple[str, int, dict[str, Any]]] = []

        def add(identifier: str, **fields: Any) -> int:
            problem_seed = derive_seed(seed, "demo", len(jobs))
            if fields.get("setting", "base") != "base":
                fields["connection"] = CONNECTIONS[len(jobs) % len(CONNECTIONS)]
            jobs.append((identifier, problem_seed, fields))
            return problem_seed

        for index in range(self.base):
            add(f"base-{index}")
        twins = []
        for setting in ("axiom", "tree", "trees"):
            for overlap in OVERLAPS:
                for index in range(self.per_overlap):
                    add(f"{setting}-{overlap}-{index}", setting=setting, overlap=overlap)
                    if setting == "trees" and self.ground:
                        twins.append(jobs[-1])
            for index in range(self.controls):
                add(f"{setting}-control-{index}", setting=setting,
                    overlap=OVERLAPS[index % len(OVERLAPS)], control=True)
        for identifier, problem_seed, fields in twins:
            jobs.append((f"{identifier}-ground", problem_seed, {**fields, "query_kind": "ground"}))
        return jobs


BASELINE_ORDER = ("shortest", "bfs", "dfs", "overlap")


def _generate(identifier: str, seed: int, fields: dict[str, Any]) -> dict[str, Any]:
    record = generate_problem(seed, **fields).to_json()
    record["id"] = identifier
    return record


def _solve(record: dict[str, Any]) -> dict[str, tuple[Attempt, dict[str, Any]]]:
    """Every baseline's attempt on one problem, verified (the problem is prepared once)."""
    scorer = VerifyScorer()
    solved = {}
    for name in BASELINE_ORDER:
        attempt = asyncio.run(BaselineReasoner(name).attempt(record, 0))
        solved[name] = (attempt, scorer(record, attempt.transcript, attempt.answer))
    return solved


def _generate_and_solve(item: tuple[str, int, dict[str, Any]]
                        ) -> tuple[dict[str, Any], dict[str, tuple[Attempt, dict[str, Any]]]]:
    record = _generate(*item)
    return record, _solve(record)


def generate_and_solve(design: DemoDesign, seed: int, out: Path, workers: int,
                       log: Callable[[str], None] = lambda message: None) -> list[Path]:
    """Generate the problems (``out/problems.jsonl``), run every baseline on them and write
    one run directory per baseline (``out/runs/baseline-NAME``).

    Generating, solving and verifying one problem is one task for a pool of processes, so
    the problem's chart and shortest proof are computed once for all four baselines.
    """
    items = design.jobs(seed)
    if workers > 1:
        with ProcessPoolExecutor(max_workers=workers) as pool:
            solved = list(pool.map(_generate_and_solve, items))
    else:
        solved = [_generate_and_solve(item) for item in items]
    data = out / "problems.jsonl"
    write_atomically(data, "".join(json.dumps(record, ensure_ascii=False) + "\n"
                                   for record, _ in solved))
    log(f"generated {len(solved)} problems: {data}")
    paths = []
    for name in BASELINE_ORDER:
        config = EvalConfig(model=ModelSpec.parse(f"baseline:{name}"))
        run_dir = out / "runs" / f"baseline-{name}"
        for stale in (RESULTS_FILE, RUN_FILE, ERRORS_FILE):  # an earlier demo's run
            (run_dir / stale).unlink(missing_ok=True)
        # the provenance vlp evaluate records: vlp version, git revision, start and end
        session = session_record({"seed": seed, "problems": len(solved)},
                                 ["demo", "--seed", str(seed)])
        store, _ = store_for(run_dir, config, data, session)
        for record, attempts in solved:
            attempt, score = attempts[name]
            store.append(result_record(record, 0, config.model.label, attempt, score))
        store.finish(results=len(solved))
        log(f"baseline:{name}: {len(solved)} transcripts verified")
        paths.append(run_dir)
    return paths


def demo(out: Path, *, seed: int = 0, design: DemoDesign | None = None,
         workers: int | None = None, log: Callable[[str], None] = print) -> ReportFiles:
    design = design or DemoDesign()
    workers = workers or min(4, os.cpu_count() or 1)
    runs = load_runs(generate_and_solve(design, seed, out, workers, log))
    files = write_report(runs, out / "report", seed=seed)
    viewer = out / "report" / "viewer.html"
    write_viewer(runs, viewer, seed=seed)
    log("")
    log(table2_markdown(runs, seed, interval=False))
    log(efficiency_by_setting_markdown(runs, seed, interval=False))
    log(table3_markdown(runs, seed, interval=False))
    log(f"report (with 95% intervals): {files.markdown}")
    for path in files.figures:
        if path.suffix == ".png":
            log(f"figure: {path} (and .pdf, .svg)")
    log(f"viewer (open in a browser): {viewer}")
    return files
