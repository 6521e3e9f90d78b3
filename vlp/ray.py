"""Ray, the engine RL stacks already run on (optional: ``pip install 'vlp[ray]'``).

- :func:`verify_dataset`: a Ray Data ``map_batches`` stage whose actors each hold a
  prepared-problem cache, adding ``report``, ``reward`` and ``reason`` columns;
- :func:`run_jobs`: ``vlp generate --ray`` makes contiguous shards of the jobs as Ray tasks
  and yields them in job order, so the file has the same bytes as one process.

Both join the cluster named by ``RAY_ADDRESS`` when set, else start a local Ray bound to
127.0.0.1 (no dashboard), unless Ray is already initialized (then it is left running).
A local Ray started by your own code stays on loopback only with
``RAY_ENABLE_WINDOWS_OR_OSX_CLUSTER=0`` set before ``import ray`` (importing ``vlp.ray``
first sets it).
"""

from __future__ import annotations

import json
import os
import sys
from collections.abc import Iterator, Mapping, Sequence
from pathlib import Path
from typing import Any

import attrs

if "RAY_ADDRESS" not in os.environ and "ray" not in sys.modules:
    # A local Ray takes this machine's private address for its node unless Ray believes it
    # runs on a laptop (no clusters): then every server binds to and dials 127.0.0.1.
    # ``_node_ip_address="127.0.0.1"`` alone is overridden (measured with ``ss -tnp``).
    os.environ.setdefault("RAY_ENABLE_WINDOWS_OR_OSX_CLUSTER", "0")
import ray  # noqa: E402

from vlp.batch import Entry, Row, RowTask, read_problems  # noqa: E402
from vlp.parallel import _Prepared, _run_one  # noqa: E402
from vlp.rewards import DEFAULT_WEIGHTS, RewardWeights, score  # noqa: E402

_WINDOW = 4096  # transcripts per dataset handed to Ray by the CLI: memory stays bounded
_SHARD_JOBS = 8  # generation jobs per Ray task (neighbours share a base problem)


def ensure_initialized(num_cpus: int | None = None) -> bool:
    """Connect to or start Ray; True when this call started it (the caller shuts it down)."""
    if ray.is_initialized():
        return False
    if os.environ.get("RAY_ADDRESS"):
        ray.init(address=os.environ["RAY_ADDRESS"], log_to_driver=False)
    else:
        ray.init(num_cpus=num_cpus, _node_ip_address="127.0.0.1", include_dashboard=False,
                 log_to_driver=False)
    return True


# --- verification -----------------------------------------------------------------------------

class ProblemVerifier:
    """The ``map_batches`` actor: problems by id, each prepared once per actor."""

    def __init__(self, problems: Mapping[str, Any], mode: str = "auto", strict: bool = False,
                 weights: RewardWeights = DEFAULT_WEIGHTS, problems_path: str = "problems"):
        self.problems = problems
        self.task = RowTask(mode, problems_path, strict)
        self.weights = weights
        self.prepared = _Prepared(self.task)

    def __call__(self, batch: dict[str, Any]) -> dict[str, Any]:
        size = len(batch["transcript"])
        column = batch.get("problem_id", batch.get("id"))
        reports, rewards, reasons = [], [], []
        for i in range(size):
            identifier = str(column[i])
            entry = Entry(_cell(batch, "key", i) or f"{identifier}#{i}", identifier,
                          _cell(batch, "transcript", i), _text(_cell(batch, "answer", i)),
                          _cell(batch, "error", i), _cell(batch, "location", i))
            row: Row = _run_one(self.task, self.prepared, identifier,
                                self.problems.get(identifier), entry)
            reports.append(row.line)
            rewards.append(score(row.report, self.weights) if row.report is not None
                           else self.weights.floor)
            reasons.append(row.reason)
        return {**batch, "report": reports, "reward": rewards, "reason": reasons}


def _cell(batch: dict[str, Any], name: str, index: int) -> Any:
    values = batch.get(name)
    if values is None:
        return None
    value = values[index]
    return None if value is None or value != value else value  # NaN: a missing cell


def _text(value: Any) -> str | None:
    return None if value is None else str(value)


def verify_dataset(dataset: Any, problems: Mapping[str, Any] | Path | str, *,
                   mode: str = "auto", strict: bool = False,
                   weights: RewardWeights = DEFAULT_WEIGHTS, batch_size: int = 64,
                   concurrency: int | None = None, problems_path: str | None = None) -> Any:
    """A ``map_batches`` stage verifying a Ray dataset of transcripts.

    Rows need ``problem_id`` (or ``id``) and ``transcript``; ``answer`` and ``key`` are
    optional. ``problems`` maps ids to problem records, or is a problems ``.jsonl`` file.
    Adds ``report`` (the JSON line ``verify-proof --batch`` writes), ``reward``
    (:func:`vlp.rewards.score`) and ``reason`` (why a row has no report). Set
    ``DataContext.get_current().execution_options.preserve_order`` to keep the row order.
    ``problems_path`` is the problems file that error rows name.

    ``concurrency``: verifier actors (one CPU each); by default one fewer than the
    cluster's CPUs, at least one, so that the stage's read tasks always find a CPU (an
    actor pool that takes every CPU starves its own input and never finishes).
    """
    source = problems_path or "problems"
    if isinstance(problems, (str, Path)):
        source = problems_path or str(problems)
        located = read_problems(Path(problems))
    else:
        located = {str(pid): value if isinstance(value, tuple) else (value, f"problem {pid}")
                   for pid, value in problems.items()}
    return dataset.map_batches(
        ProblemVerifier, batch_size=batch_size, batch_format="numpy",
        concurrency=concurrency or default_concurrency(),
        fn_constructor_kwargs={"problems": located, "mode": mode, "strict": strict,
                               "weights": weights, "problems_path": source})


def default_concurrency() -> int:
    """Verifier actors by default: the cluster's CPUs less one for reading, at least one."""
    ensure_initialized()
    return max(1, int(ray.cluster_resources().get("CPU", 1)) - 1)


def verify_entries(entries: Iterator[Entry], problems: Mapping[str, Any], task: RowTask, *,
                   timeout: float | None = None) -> Iterator[Row]:
    """``verify-proof --batch --ray``: the CLI's entries through :func:`verify_dataset`, in
    order, a window of transcripts at a time."""
    from vlp.errors import InputError

    if timeout is not None:
        raise InputError("--timeout is not supported with --ray (use --workers)", "--timeout")
    started = ensure_initialized()
    ray.data.DataContext.get_current().execution_options.preserve_order = True
    try:
        window: list[dict[str, Any]] = []
        for entry in entries:
            window.append(attrs.asdict(entry))
            if len(window) >= _WINDOW:
                yield from _verify_window(window, problems, task)
                window = []
        if window:
            yield from _verify_window(window, problems, task)
    finally:
        if started:
            ray.shutdown()


def _verify_window(window: list[dict[str, Any]], problems: Mapping[str, Any],
                   task: RowTask) -> Iterator[Row]:
    needed = {row["problem_id"] for row in window}
    verified = verify_dataset(ray.data.from_items(window),
                              {pid: problems[pid] for pid in needed if pid in problems},
                              mode=task.mode, strict=task.strict,
                              problems_path=task.problems_path)
    for row in verified.iter_rows():
        line = row["report"]
        yield Row(line, json.loads(line), None, row["reason"])


# --- generation -------------------------------------------------------------------------------

@ray.remote
def _make_shard(config: Any, jobs: Sequence[Any]) -> list[Any]:
    from vlp.sampler.dataset import make_jobs

    return make_jobs(config, jobs)


def run_jobs(jobs: Sequence[Any], config: Any, workers: int) -> Iterator[Any]:
    """``vlp generate --ray``: ``(lines, counters)`` per job, in job order."""
    started = ensure_initialized(workers if workers > 1 else None)
    try:
        shards = [jobs[i:i + _SHARD_JOBS] for i in range(0, len(jobs), _SHARD_JOBS)]
        in_flight = max(2, 2 * int(ray.available_resources().get("CPU", 1)))
        pending = [_make_shard.remote(config, shard) for shard in shards[:in_flight]]
        following = in_flight
        while pending:
            results = ray.get(pending.pop(0))
            if following < len(shards):
                pending.append(_make_shard.remote(config, shards[following]))
                following += 1
            yield from results
    finally:
        if started:
            ray.shutdown()
