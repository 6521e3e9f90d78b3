"""``verify-proof --batch``: drives :mod:`vlp.batch` over a transcripts file, in worker
processes or on Ray, resuming an existing report. Above both :mod:`vlp.batch` and
:mod:`vlp.ray` (which builds on the batch types), so neither imports the other back."""

from __future__ import annotations

import json
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

from vlp.batch import (
    Row,
    RowTask,
    batch_inputs,
    count_lines,
    entries,
    read_problems,
    resume,
)
from vlp.errors import InputError
from vlp.output import OutputLock, output_file
from vlp.parallel import rarer_collections, run_grouped


def run_batch(problems_path: Path, transcripts_path: Path, output: Path, *, mode: str = "auto",
              restart: bool = False, as_json: bool = False, strict: bool = False, workers: int = 1,
              timeout: float | None = None, use_ray: bool = False,
              process_ends: bool = False) -> int:
    """Verify every transcript not yet in the report; exit code 0 when every row of the
    report was verified, 1 when some could not be (error rows: no such problem, no
    transcript, a malformed line, a timeout). ``process_ends``: the caller's process ends
    after the batch (the command line): see :func:`vlp.parallel.rarer_collections`."""
    from vlp.checker.report import render_summary

    output = output_file(output, inputs=(problems_path, transcripts_path))
    problems = read_problems(problems_path)
    inputs = batch_inputs(problems_path, transcripts_path, mode=mode, strict=strict)
    total = count_lines(transcripts_path)
    if total == 0:  # else a summary of nothing, and exit code 0
        raise InputError("has no transcript records (one JSON object a line)",
                         str(transcripts_path))
    with OutputLock(output), rarer_collections(process_ends=process_ends):
        result = _verify_into(output, problems, problems_path, transcripts_path, inputs, total,
                              mode=mode, restart=restart, strict=strict, workers=workers,
                              timeout=timeout, use_ray=use_ray)
    if as_json:
        print(json.dumps(result, indent=2))
    else:
        render_summary(result)
    if result["errors"]:
        print(f"verify-proof: {result['errors']} of {result['transcripts']} transcripts were "
              f"not verified (their rows in {output} say why)", file=sys.stderr)
        return 1
    return 0


def _verify_into(output: Path, problems: dict[str, Any], problems_path: Path,
                 transcripts_path: Path, inputs: dict[str, Any], total: int, *, mode: str,
                 restart: bool, strict: bool, workers: int,
                 timeout: float | None, use_ray: bool) -> dict[str, Any]:
    from rich.progress import BarColumn, MofNCompleteColumn, Progress, TimeRemainingColumn

    report, summary = resume(output, restart, inputs)
    pending = entries(transcripts_path, report.done)
    task = RowTask(mode, str(problems_path), strict)
    if use_ray:
        try:
            from vlp.ray import verify_entries
        except ModuleNotFoundError as error:
            if error.name != "ray":
                raise
            raise InputError("--ray needs Ray: pip install 'vlp[ray]'", "--ray") from None

        rows: Iterator[Row] = verify_entries(pending, problems, task, timeout=timeout)
    else:
        rows = run_grouped(task, ((e.problem_id, problems.get(e.problem_id), e)
                                  for e in pending), workers=workers, timeout=timeout)
    from rich.console import Console

    with report, Progress(
        "[progress.description]{task.description}", BarColumn(), MofNCompleteColumn(),
        TimeRemainingColumn(), transient=True, console=Console(file=sys.stderr),
    ) as progress:
        bar = progress.add_task("verifying", total=max(0, total - len(report.done)))
        for row in rows:
            report.append(row.line)
            summary.add(row.summary)
            progress.advance(bar)
    return summary.result()
