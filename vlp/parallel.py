"""Verify many transcripts in parallel, in input order, with a per-transcript timeout.

    >>> for outcome in vlp.verify_many(items, workers=4, timeout=10):   # doctest: +SKIP
    ...     outcome.report or outcome.reason

``items`` are ``(problem, transcript)`` or ``(problem, transcript, answer)`` tuples, or
mappings with ``problem``, ``transcript`` and ``answer``. Results stream out in input order
(memory stays flat in the number of items).

How: consecutive items of one problem travel as one chunk, and a problem's chunks go to the
worker that prepared it last (so its prepared-problem cache stays warm). A worker whose
current transcript runs past ``timeout`` seconds is killed: that transcript's outcome is
``reason="timeout"``, the rest of its work goes to a fresh worker. The result of a
transcript does not depend on which worker verified it, so the output is the same for any
number of workers. ``workers=1`` without a timeout verifies in this process.

No library does all of kill-on-timeout, problem affinity and ordered streaming, so the pool
is built here from ``multiprocessing`` primitives (spawned processes: z3 is not fork-safe).
"""

from __future__ import annotations

import json
import logging
import multiprocessing
import os
import signal
import threading
import time
from collections import OrderedDict, deque
from collections.abc import Hashable, Iterable, Iterator, Mapping, Sequence
from multiprocessing.connection import wait
from typing import Any, Protocol

import attrs

from vlp.errors import InputError

logger = logging.getLogger("vlp.parallel")

TIMEOUT_REASON = "timeout"
CHUNK_SIZE = 16  # items per message: amortizes the pipe without starving other workers
_QUEUED_CHUNKS = 2  # chunks a worker holds: one running, one waiting (no idle gap)
_PREPARED_PER_WORKER = 256  # problems each worker keeps prepared (like checker.prepare)


class Task(Protocol):
    """What a worker does: prepare a problem once, then run each of its items."""

    def prepare(self, payload: Any) -> Any: ...

    def run(self, prepared: Any, entry: Any) -> Any:
        """``prepared`` is what ``prepare`` returned, or the ``InputError`` it raised."""

    def failure(self, entry: Any, reason: str) -> Any: ...


# --- the public API ---------------------------------------------------------------------------

@attrs.frozen
class Verified:
    """One item's outcome: its report, or why there is none (``"timeout"``, an error)."""

    report: Any = None
    reason: str | None = None


@attrs.frozen
class VerifyTask:
    """``vlp.verify`` on each item; options are ``verify``'s keyword arguments."""

    options: tuple[tuple[str, Any], ...] = ()

    def prepare(self, payload: Any) -> Any:
        from vlp.checker.verify import problem_spec

        return problem_spec(payload)

    def run(self, prepared: Any, entry: Any) -> Verified:
        from vlp.checker.verify import verify

        if isinstance(prepared, Exception):
            raise prepared
        transcript, answer = entry
        return Verified(verify(prepared, transcript, answer=answer, **dict(self.options)))

    def failure(self, entry: Any, reason: str) -> Verified:
        return Verified(None, reason)


def verify_many(items: Iterable[Any], *, workers: int = 1, timeout: float | None = None,
                pool: WorkerPool | None = None, **options: Any) -> Iterator[Verified]:
    """Verify ``(problem, transcript[, answer])`` items; yields a :class:`Verified` per item,
    in input order. ``options`` are passed to ``vlp.verify`` (``mode``, ``tokenizer``, ...;
    with worker processes they must be picklable). ``pool``: a :class:`WorkerPool` of a
    :class:`VerifyTask` to reuse (``workers``, ``timeout`` and ``options`` are then its)."""
    if pool is not None:
        return pool.map(_keyed(items))
    if workers < 1:
        raise InputError("needs at least one worker", "workers")
    if timeout is not None and timeout <= 0:
        raise InputError("the timeout must be positive", "timeout")
    task = VerifyTask(tuple(sorted(options.items())))
    return run_grouped(task, _keyed(items), workers=workers, timeout=timeout)


def _keyed(items: Iterable[Any]) -> Iterator[tuple[Hashable, Any, Any]]:
    keys: dict[int, tuple[Any, Hashable]] = {}  # id(problem) -> (problem, key): dicts repeat
    for item in items:
        if isinstance(item, Mapping):
            problem, transcript, answer = item.get("problem"), item.get("transcript"), \
                item.get("answer")
        else:
            problem, transcript, *rest = item
            answer = rest[0] if rest else None
        known = keys.get(id(problem))
        if known is None or known[0] is not problem:
            if len(keys) > 4096:
                keys.clear()
            known = (problem, problem_key(problem))
            keys[id(problem)] = known
        yield known[1], problem, (transcript, answer)


def problem_key(problem: Any) -> Hashable:
    """A hashable key for a problem in any form (a record dict by its canonical JSON)."""
    if isinstance(problem, Mapping):
        return json.dumps(problem, sort_keys=True, ensure_ascii=False, default=str)
    try:
        hash(problem)
    except TypeError:
        return ("object", id(problem))
    return problem


# --- the engine -------------------------------------------------------------------------------

def run_grouped(task: Task, stream: Iterable[tuple[Hashable, Any, Any]], *, workers: int = 1,
                timeout: float | None = None, chunk_size: int = CHUNK_SIZE) -> Iterator[Any]:
    """``task`` over ``(problem key, problem payload, entry)`` triples; yields one result per
    entry, in order. In this process when ``workers == 1`` and there is no timeout."""
    if workers <= 1 and timeout is None:
        return _in_process(task, stream)
    return _pooled(task, stream, max(1, workers), timeout, chunk_size)


class _Prepared:
    """A worker's prepared problems by key (least recently used dropped)."""

    def __init__(self, task: Task):
        self.task = task
        self.items: OrderedDict[Hashable, Any] = OrderedDict()

    def get(self, key: Hashable, payload: Any) -> Any:
        try:
            self.items.move_to_end(key)
            return self.items[key]
        except KeyError:
            pass
        try:
            prepared = self.task.prepare(payload)
        except InputError as error:
            prepared = error
        except Exception as error:  # noqa: BLE001 - reported per item, never raised
            logger.exception("vlp: preparing a problem failed")
            prepared = InputError(f"verifier error: {type(error).__name__}: {error}")
        self.items[key] = prepared
        if len(self.items) > _PREPARED_PER_WORKER:
            self.items.popitem(last=False)
        return prepared


def _run_one(task: Task, prepared: _Prepared, key: Hashable, payload: Any, entry: Any) -> Any:
    try:
        return task.run(prepared.get(key, payload), entry)
    except InputError as error:
        return task.failure(entry, str(error))
    except Exception as error:  # noqa: BLE001 - a verifier bug scores one item, not the run
        logger.exception("vlp: verifying an item failed")
        return task.failure(entry, f"verifier error: {type(error).__name__}: {error}")


def _in_process(task: Task, stream: Iterable[tuple[Hashable, Any, Any]]) -> Iterator[Any]:
    prepared = _Prepared(task)
    for key, payload, entry in stream:
        yield _run_one(task, prepared, key, payload, entry)


def _worker_main(task: Task, inbox: Any, outbox: Any) -> None:
    signal.signal(signal.SIGINT, signal.SIG_IGN)  # Ctrl-C is the parent's to handle
    _die_with_parent()
    prepared = _Prepared(task)
    try:
        outbox.send(None)  # ready: start-up time does not count against the first timeout
        while (message := inbox.get()) is not None:
            first, key, payload, entries = message
            for offset, entry in enumerate(entries):
                outbox.send((first + offset, _run_one(task, prepared, key, payload, entry)))
    except (EOFError, OSError):  # the parent is gone (killed): nobody wants the results
        os._exit(0)


def _die_with_parent() -> None:
    """End this worker as soon as its parent dies, even mid-transcript: a parent killed
    with SIGKILL runs no clean-up, and an orphaned worker (and the resource tracker that
    waits for it) would hold the command's stderr open for as long as it runs. The spawn
    start method hands each child a sentinel that is readable once the parent is gone."""
    parent = multiprocessing.parent_process()
    if parent is None:
        return

    def watch() -> None:
        wait([parent.sentinel])
        os._exit(0)

    threading.Thread(target=watch, name="vlp-parent-watch", daemon=True).start()


@attrs.define
class _Chunk:
    first: int  # index of its first entry in the whole stream
    key: Hashable
    payload: Any
    entries: list[Any]
    done: int = 0  # entries finished


class _Worker:
    def __init__(self, context: Any, task: Task):
        self.inbox = context.Queue()
        self.results, sender = context.Pipe(duplex=False)
        self.process = context.Process(target=_worker_main, args=(task, self.inbox, sender),
                                       daemon=True)
        self.process.start()
        sender.close()
        self.ready = False
        self.chunks: deque[_Chunk] = deque()
        self.since = 0.0  # when the current entry started
        self.keys: OrderedDict[Hashable, None] = OrderedDict()

    @property
    def queued(self) -> int:
        return sum(len(c.entries) - c.done for c in self.chunks)

    def send(self, chunk: _Chunk) -> None:
        if not self.chunks:
            self.since = time.monotonic()
        self.chunks.append(chunk)
        self.inbox.put((chunk.first + chunk.done, chunk.key, chunk.payload,
                        chunk.entries[chunk.done:]))
        self.keys[chunk.key] = None
        self.keys.move_to_end(chunk.key)
        if len(self.keys) > _PREPARED_PER_WORKER:
            self.keys.popitem(last=False)

    def stop(self, *, kill: bool) -> None:
        if not kill:
            try:
                self.inbox.put(None)
                self.process.join(timeout=5)
            except (OSError, ValueError):
                pass
        if self.process.is_alive():
            self.process.kill()
            self.process.join()
        self.inbox.cancel_join_thread()
        self.inbox.close()
        self.results.close()


def _chunks(stream: Iterable[tuple[Hashable, Any, Any]], size: int) -> Iterator[_Chunk]:
    current: _Chunk | None = None
    index = 0
    for key, payload, entry in stream:
        if current is not None and (current.key != key or len(current.entries) >= size):
            yield current
            current = None
        if current is None:
            current = _Chunk(index, key, payload, [])
        current.entries.append(entry)
        index += 1
    if current is not None:
        yield current


def _pick(workers: Sequence[_Worker], key: Hashable) -> _Worker | None:
    free = [w for w in workers if len(w.chunks) < _QUEUED_CHUNKS]
    if not free:
        return None
    warm = [w for w in free if key in w.keys]
    return min(warm or free, key=lambda w: w.queued)


class WorkerPool:
    """Worker processes for one task, kept between calls of :meth:`map` (a training loop
    scores every step's batch without paying process start-up again)."""

    def __init__(self, task: Task, workers: int, timeout: float | None = None,
                 chunk_size: int = CHUNK_SIZE):
        self.task = task
        self.timeout = timeout
        self.chunk_size = chunk_size
        self.context = multiprocessing.get_context("spawn")
        self.workers = [_Worker(self.context, task) for _ in range(max(1, workers))]

    def __enter__(self) -> WorkerPool:
        return self

    def __exit__(self, *_exc: object) -> None:
        self.close()

    def wait_ready(self) -> None:
        """Block until every worker has started (imports done)."""
        for worker in self.workers:
            while not worker.ready:
                _take(worker, worker.results.recv(), {}, time.monotonic())

    def close(self) -> None:
        for worker in self.workers:
            worker.stop(kill=True)
        self.workers = []

    def map(self, stream: Iterable[tuple[Hashable, Any, Any]]) -> Iterator[Any]:
        """One result per ``(key, payload, entry)``, in order."""
        pool, task = self.workers, self.task
        pending = _chunks(stream, self.chunk_size)
        retry: deque[_Chunk] = deque()  # work taken back from a killed worker, in order
        finished: dict[int, Any] = {}
        emitted = 0
        sent = 0  # entries handed out from ``pending``
        window = len(pool) * _QUEUED_CHUNKS * self.chunk_size * 2  # bounds ``finished``
        exhausted = False
        try:
            while True:
                while True:  # hand out work
                    if retry:
                        chunk = retry[0]
                    elif not exhausted and sent - emitted < window:
                        following = next(pending, None)
                        if following is None:
                            exhausted = True
                            break
                        retry.append(following)
                        sent += len(following.entries)
                        chunk = following
                    else:
                        break
                    worker = _pick(pool, chunk.key)
                    if worker is None:
                        break
                    worker.send(retry.popleft())
                while emitted in finished:
                    yield finished.pop(emitted)
                    emitted += 1
                busy = [w for w in pool if w.chunks]
                if not busy:
                    if exhausted and not retry:
                        return
                    continue
                _collect(task, pool, busy, self.timeout, finished, retry, self.context)
        finally:
            for index, worker in enumerate(pool):  # abandoned midway: drop unfinished work
                if worker.chunks:
                    worker.stop(kill=True)
                    pool[index] = _Worker(self.context, task)


def _pooled(task: Task, stream: Iterable[tuple[Hashable, Any, Any]], workers: int,
            timeout: float | None, chunk_size: int) -> Iterator[Any]:
    with WorkerPool(task, workers, timeout, chunk_size) as pool:
        yield from pool.map(stream)


def _collect(task: Task, pool: list[_Worker], busy: list[_Worker], timeout: float | None,
             finished: dict[int, Any], retry: deque[_Chunk], context: Any) -> None:
    """Wait for results (or a deadline), take them in, replace dead or late workers."""
    now = time.monotonic()
    deadlines = [w.since + timeout for w in busy if w.ready] if timeout is not None else []
    wait_for = max(0.0, min(deadlines) - now) if deadlines else None
    ready = set(wait([w.results for w in busy] + [w.process.sentinel for w in busy],
                     timeout=wait_for))
    now = time.monotonic()
    for worker in busy:
        reason = None
        if worker.results in ready or worker.process.sentinel in ready:
            try:
                while worker.results.poll():
                    _take(worker, worker.results.recv(), finished, now)
            except (EOFError, OSError):
                pass
            if not worker.process.is_alive() and worker.chunks:
                reason = f"the verifier process died (exit code {worker.process.exitcode})"
        if reason is None and timeout is not None and worker.ready and worker.chunks and \
                now - worker.since >= timeout:
            reason = TIMEOUT_REASON
        if reason is not None:
            _replace(task, pool, worker, reason, finished, retry, context)


def _take(worker: _Worker, message: Any, finished: dict[int, Any], now: float) -> None:
    worker.since = now
    if message is None:
        worker.ready = True
        return
    index, result = message
    finished[index] = result
    head = worker.chunks[0]
    head.done += 1
    if head.done == len(head.entries):
        worker.chunks.popleft()


def _replace(task: Task, pool: list[_Worker], worker: _Worker, reason: str,
             finished: dict[int, Any], retry: deque[_Chunk], context: Any) -> None:
    head = worker.chunks[0]
    finished[head.first + head.done] = task.failure(head.entries[head.done], reason)
    if reason != TIMEOUT_REASON:
        logger.warning("vlp: %s; its item scores the floor", reason)
    head.done += 1
    leftovers = [c for c in worker.chunks if c.done < len(c.entries)]
    retry.extendleft(reversed(leftovers))
    worker.chunks.clear()
    worker.stop(kill=True)
    pool[pool.index(worker)] = _Worker(context, task)


__all__ = ["TIMEOUT_REASON", "Task", "Verified", "VerifyTask", "WorkerPool", "problem_key",
           "run_grouped", "verify_many"]
