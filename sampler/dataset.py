"""Datasets: which problems to make (jobs), making them in parallel, writing JSON Lines.

Every job carries its own seed, derived from the dataset seed and the job's position, so
a problem does not depend on the worker that made it; the pool returns results in job
order, so the same seed gives the same bytes with any number of workers and shards.
"""

from __future__ import annotations

import hashlib
import json
import multiprocessing
import os
import time
from collections.abc import Callable, Iterable, Iterator, Sequence
from pathlib import Path
from typing import Any, TextIO

import attrs

from vlp.errors import InputError, shown
from vlp.limits import check_program
from vlp.records import JsonlWriter, read_jsonl, record_id
from vlp.validate import check_problem_record

from .config import CONNECTIONS, OVERLAPS, SamplerConfig, derive_seed
from .generate import Counters, ProblemBuilder, Spec
from .problem import Problem

PAPER_SETTINGS: tuple[str, ...] = ("axiom", "tree", "trees")


@attrs.frozen
class Job:
    """One problem to make: its id, seed and spec (and which query kinds to emit)."""

    id: str
    seed: int
    spec: Spec
    base_id: str | None
    query_kinds: tuple[str, ...] = ("nonground",)

    def record_ids(self) -> list[tuple[str, str, str | None]]:
        """(query kind, record id, base id) of each record the job makes."""
        if len(self.query_kinds) == 1:
            return [(self.query_kinds[0], self.id, self.base_id)]
        return [(kind, f"{self.id}-{kind}",
                 None if self.base_id is None else f"{self.base_id}-{kind}")
                for kind in self.query_kinds]


def single_jobs(seed: int, count: int, spec: Spec, query_kinds: Sequence[str]) -> list[Job]:
    """``count`` problems of one spec, each from its own derived seed."""
    return [Job(f"{spec.label()}-{i:06d}", derive_seed(seed, "problem", i), spec, None,
                tuple(query_kinds)) for i in range(count)]


def paper_jobs(seed: int, bases: int, query_kinds: Sequence[str]) -> list[Job]:
    """The paper's design (§5, App. D.1): per base problem, one irrelevant axiom, one tree
    and several trees, under every overlap type and connection, each with its control."""
    jobs = []
    for b in range(bases):
        problem_seed = derive_seed(seed, "paper", b)
        base_id = f"b{b:05d}-base"
        jobs.append(Job(base_id, problem_seed, Spec(), None, tuple(query_kinds)))
        for setting in PAPER_SETTINGS:
            for overlap in OVERLAPS:
                for connection in CONNECTIONS:
                    for control in (False, True):
                        spec = Spec(setting, overlap, connection, control)
                        jobs.append(Job(f"b{b:05d}-{spec.label()}", problem_seed, spec,
                                        base_id, tuple(query_kinds)))
    return jobs


def shard(jobs: Sequence[Job], index: int, count: int) -> list[Job]:
    """The ``index``-th of ``count`` contiguous parts (their concatenation is ``jobs``)."""
    start = len(jobs) * index // count
    stop = len(jobs) * (index + 1) // count
    return list(jobs[start:stop])


_builder: ProblemBuilder | None = None


def _init_worker(config: SamplerConfig) -> None:
    global _builder
    _builder = ProblemBuilder(config)


def make(job: Job) -> tuple[list[str], Counters]:
    """The JSON lines of one job (one per query kind) and its counters."""
    assert _builder is not None, "worker not initialised"
    problem, counters = _builder.generate(job.seed, job.spec)
    lines = []
    for kind, identifier, base_id in job.record_ids():
        variant = _builder.with_query_kind(problem, kind)
        lines.append(attrs.evolve(variant, id=identifier, base_id=base_id).to_line())
    return lines, counters


@attrs.frozen
class Summary:
    problems: int
    seconds: float
    counters: Counters
    resumed_jobs: int = 0  # jobs already in the file from an interrupted run

    @property
    def rate(self) -> float:
        return self.problems / self.seconds if self.seconds > 0 else float("inf")


def run_jobs(jobs: Sequence[Job], config: SamplerConfig, workers: int) -> Iterator[
        tuple[list[str], Counters]]:
    if workers <= 1:
        _init_worker(config)
        for job in jobs:
            yield make(job)
        return
    # z3 is not fork-safe once a context exists (workers hang): always spawn
    context = multiprocessing.get_context("spawn")
    with context.Pool(workers, initializer=_init_worker, initargs=(config,)) as pool:
        # a control goes to the worker that makes its twin (it reuses the twin's trees);
        # about 8 neighbouring jobs per task, which share a base
        for results in pool.imap(_make_unit, _twin_units(jobs), chunksize=4):
            yield from results


def _twin_units(jobs: Sequence[Job]) -> list[list[Job]]:
    """``jobs`` in order, a control kept with the job of its twin just before it."""
    units: list[list[Job]] = []
    for job in jobs:
        previous = units[-1][-1] if units else None
        if (previous is not None and job.spec.control and not previous.spec.control
                and previous.seed == job.seed
                and attrs.evolve(job.spec, control=False) == previous.spec):
            units[-1].append(job)
        else:
            units.append([job])
    return units


def _make_unit(unit: list[Job]) -> list[tuple[list[str], Counters]]:
    return [make(job) for job in unit]


Runner = Callable[[Sequence[Job], SamplerConfig, int], Iterable[tuple[list[str], Counters]]]


def make_jobs(config: SamplerConfig, jobs: Sequence[Job]) -> list[tuple[list[str], Counters]]:
    """``make`` for a contiguous run of jobs in this process (one task of a cluster)."""
    _init_worker(config)
    return [make(job) for job in jobs]


def write_dataset(jobs: Sequence[Job], out: Path | TextIO, *, config: SamplerConfig,
                  workers: int = 1,
                  progress: Callable[[int, int], None] | None = None,
                  runner: Runner = run_jobs) -> Summary:
    """Make every job and write its lines as soon as they arrive (in job order).

    Writing to a path goes through the resumable :class:`vlp.records.JsonlWriter`, with a
    checkpoint beside the file (``FILE.partial``, naming the configuration and jobs) while
    it is incomplete: a rerun of the same jobs keeps the records already written, skips
    the jobs they complete and, since every job has its own seed, ends with the same bytes
    as an uninterrupted run. The checkpoint is removed when the file is complete; without
    it (another dataset, or a finished one) the file is written afresh.
    """
    if not isinstance(out, Path):
        def write(line: str, record_id: str) -> None:
            out.write(line + "\n")
            out.flush()

        return _write_jobs(jobs, write, config, workers, progress, skip=0, runner=runner)
    checkpoint = out.with_name(out.name + ".partial")
    digest = hashlib.sha256(repr((config, list(jobs))).encode()).hexdigest()
    resuming = out.exists() and _same_run(checkpoint, digest)
    if not resuming:
        temporary = checkpoint.with_name(checkpoint.name + ".tmp")
        temporary.write_text(json.dumps({"digest": digest}), encoding="utf-8")
        os.replace(temporary, checkpoint)
    writer = JsonlWriter(out, key=record_id, what="problems")
    for _ in writer.resume(restart=not resuming):
        pass
    skip = 0
    while skip < len(jobs) and all(i in writer.done for _, i, _ in jobs[skip].record_ids()):
        skip += 1
    with writer:
        summary = _write_jobs(jobs, lambda line, key: writer.append(line, key), config,
                              workers, progress, skip=skip, runner=runner)
    checkpoint.unlink(missing_ok=True)
    return summary


def _same_run(checkpoint: Path, digest: str) -> bool:
    """Does ``checkpoint`` belong to an interrupted run of the same jobs?"""
    try:
        return json.loads(checkpoint.read_text(encoding="utf-8"))["digest"] == digest
    except (ValueError, KeyError, TypeError, OSError):
        return False


def _write_jobs(jobs: Sequence[Job], write: Callable[[str, str], object],
                config: SamplerConfig, workers: int,
                progress: Callable[[int, int], None] | None, *, skip: int,
                runner: Runner = run_jobs) -> Summary:
    started = time.perf_counter()
    total = Counters()
    written = 0
    todo = jobs[skip:]
    for done, (job, (lines, counters)) in enumerate(
            zip(todo, runner(todo, config, workers), strict=True), skip + 1):
        for line, (_, key, _) in zip(lines, job.record_ids(), strict=True):
            write(line, key)
        written += len(lines)
        total = total + counters
        if progress is not None:
            progress(done, len(jobs))
    return Summary(written, time.perf_counter() - started, total, resumed_jobs=skip)


def read_problems(path: Path, load: Callable[[dict[str, Any], str], Any] | None = None
                  ) -> Iterable[tuple[int, Problem]]:
    """(line number, problem) for each record of a JSON Lines file. Every record is checked
    against the schema (``vlp.validate``) and ids are unique: a bad record is an error at
    ``FILE:LINE:FIELD``. ``load`` reads a record instead of :func:`load_problem`."""
    first_line: dict[str, int] = {}
    for number, record in read_jsonl(path, "problems"):
        location = f"{path}:{number}"
        problem = (load or load_problem)(record, location)
        if problem.id in first_line:
            raise InputError(f"duplicate id {shown(problem.id)} (first on line "
                             f"{first_line[problem.id]})", f"{location}:id")
        first_line[problem.id] = number
        yield number, problem


def load_problem(record: dict[str, Any], location: str) -> Problem:
    """A generated record as a :class:`Problem`, checked against the schema first."""
    check_problem_record(record, location)
    try:
        problem = Problem.from_json(record)
    except (ValueError, KeyError, TypeError) as error:
        raise InputError(f"not a problem record: {error}", location=location) from None
    check_program([a.atom for a in problem.axioms], location)
    return problem


def check_claims(record: dict[str, Any], location: str) -> None:
    """A generated record (it has ``schema``) must hold what it claims: the checks of
    ``vlp certify`` that need no chaining (:func:`vlp.sampler.certify.claim_failures`); the
    first that fails is an error at ``location:FIELD``. Other records are not claims."""
    if "schema" not in record:
        return
    from .certify import claim_failures

    failures = claim_failures(load_problem(record, location))
    if failures:
        field, message = failures[0]
        raise InputError(message, f"{location}:{field}")
