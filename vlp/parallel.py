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
is built here from ``multiprocessing`` primitives. Workers are forked from a fork server
that has imported the verifier (:data:`_PRELOAD`): not from the parent (z3 is not
fork-safe once used, and the parent may have used it), not spawned (each spawned worker
imported the verifier again, about a second of CPU, and paid its first-use imports on its
first transcript).
"""

from __future__ import annotations

import contextlib
import gc
import json
import logging
import math
import multiprocessing
import os
import queue
import signal
import threading
import time
from collections import OrderedDict, deque
from collections.abc import Container, Hashable, Iterable, Iterator, Mapping, Sequence
from multiprocessing.connection import wait
from multiprocessing.reduction import ForkingPickler
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


# A full collection of the cyclic garbage collector rescans every object alive, and a batch
# keeps up to 256 problems' charts and indexes alive: millions of objects, almost none in a
# cycle (a transcript's objects die by reference counting). At Python's default thresholds
# (a young collection every 700 allocations, a full one considered every 70,000) the
# collector took a sixth of a batch of 200 problems. Here a young collection comes every
# 10,000 and a full one is considered every 10 million: full ones still reclaim the cycles
# of problems dropped from the caches.
_YOUNG_COLLECTION_EVERY = 10_000
_FULL_COLLECTION_EVERY = 100


@contextlib.contextmanager
def rarer_collections(*, process_ends: bool = False) -> Iterator[None]:
    """Run the body with garbage collections more rarely (the thresholds restored after).

    ``process_ends``: the process ends after the body (a worker, ``verify-proof --batch``).
    Its objects are then frozen (``gc.freeze``): otherwise the full collection that the
    restored thresholds start at once and the interpreter's shutdown both rescan every
    problem's chart for garbage nobody waits for (a fifth of the CPU of a 1,000-row batch
    of 100 problems). Not for a process that goes on: frozen cycles are never freed."""
    young, middle, full = gc.get_threshold()
    gc.set_threshold(max(young, _YOUNG_COLLECTION_EVERY), middle,
                     max(full, _FULL_COLLECTION_EVERY))
    try:
        yield
    finally:
        if process_ends:
            gc.freeze()
        gc.set_threshold(young, middle, full)


def _shipped(task: Task) -> Any:
    """What a worker sends of a result: ``task.shipped(result)`` where the task leaves out
    what the parent does not use (pickling a whole report costs as much as a tenth of
    verifying it), else the result itself."""
    return getattr(task, "shipped", None) or (lambda result: result)


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


# A worker's results travel in batches (one message per chunk, or sooner when a batch is
# this old): one message per result woke the parent for every transcript, and on 2 cores the
# parent's wake-ups took the CPU the workers needed. What the worker is running is in shared
# memory instead (``_Worker.progress``): the parent times the right transcript out, and blames
# the right one when a worker dies, without a message per transcript.
_BATCH_SECONDS = 0.05
_IDLE = math.inf  # progress[1] between transcripts (none is running)


def _worker_main(task: Task, inbox: Any, outbox: Any, progress: Any) -> None:
    signal.signal(signal.SIGINT, signal.SIG_IGN)  # Ctrl-C is the parent's to handle
    _die_with_parent()
    prepared = _Prepared(task)
    # a worker holds its prepared problems all its life, and ends after its last chunk
    with rarer_collections(process_ends=True):
        try:
            shipped = _shipped(task)
            outbox.send(None)  # ready: start-up time does not count against the first timeout
            while (message := inbox.recv()) is not None:
                # a message is a list of (stream indices, key, payload, entries) groups: one
                # chunk of a stream, or a worker's whole share of a batch (map_batch)
                batch: list[tuple[int, Any]] = []
                sent = time.monotonic()
                for indices, key, payload, entries in message:
                    for index, entry in zip(indices, entries, strict=True):
                        progress[1] = _IDLE  # the index and its start change together
                        progress[0] = index
                        progress[1] = time.monotonic()
                        batch.append((index, shipped(_run_one(task, prepared, key, payload,
                                                              entry))))
                        progress[1] = _IDLE
                        if time.monotonic() - sent >= _BATCH_SECONDS:
                            outbox.send(batch)
                            batch, sent = [], time.monotonic()
                if batch:
                    outbox.send(batch)
        except (EOFError, OSError):  # the parent is gone (killed): nobody wants the results
            os._exit(0)


def _die_with_parent() -> None:
    """End this worker as soon as its parent dies, even mid-transcript: a parent killed
    with SIGKILL runs no clean-up, and an orphaned worker (and the resource tracker that
    waits for it) would hold the command's stderr open for as long as it runs. The spawn and
    forkserver start methods hand each child a sentinel that is readable once the parent is gone."""
    parent = multiprocessing.parent_process()
    if parent is None:
        return

    def watch() -> None:
        wait([parent.sentinel])
        os._exit(0)

    threading.Thread(target=watch, name="vlp-parent-watch", daemon=True).start()


class _Inbox:
    """A worker's inbox: a one-way pipe that a thread of the parent feeds, so that handing
    out work never blocks the parent (a chunk can outgrow the pipe's buffer while the
    worker is busy). Not a ``multiprocessing.Queue``: with spawned processes its three
    semaphores are named and registered with the resource tracker, and when the parent
    was killed with SIGKILL the tracker printed "There appear to be 6 leaked semaphore
    objects" on the command's stderr. One writer and one reader need no lock."""

    _CLOSE = object()

    def __init__(self, context: Any):
        self.reader, self._writer = context.Pipe(duplex=False)
        self._pending: queue.SimpleQueue[Any] = queue.SimpleQueue()
        threading.Thread(target=self._feed, name="vlp-inbox", daemon=True).start()

    def _feed(self) -> None:
        try:
            while (message := self._pending.get()) is not self._CLOSE:
                self._writer.send_bytes(message)
        except OSError:  # the worker is gone (killed, or replaced): its work is retried
            pass
        finally:
            self._writer.close()  # here, never from another thread while a send runs

    def put(self, message: Any) -> None:
        # pickled here, not in the feeder: what cannot be pickled raises in the caller
        self._pending.put(ForkingPickler.dumps(message))

    def close(self) -> None:
        """Stop feeding once what was put is sent (or the worker is gone)."""
        self._pending.put(self._CLOSE)


@attrs.define
class _Chunk:
    """Entries of one problem, each with its index in the whole stream (ascending)."""

    key: Hashable
    payload: Any
    entries: list[Any]
    indices: list[int]
    done: int = 0  # entries finished

    def message(self) -> tuple[list[int], Hashable, Any, list[Any]]:
        """What a worker is sent of it: the entries not finished yet."""
        return self.indices[self.done:], self.key, self.payload, self.entries[self.done:]


class _Worker:
    def __init__(self, context: Any, task: Task):
        self.inbox = _Inbox(context)
        self.results, sender = context.Pipe(duplex=False)
        # (index of the transcript running, when it started or _IDLE): written by the worker
        self.progress = context.RawArray("d", [-1.0, _IDLE])
        self.process = context.Process(target=_worker_main,
                                       args=(task, self.inbox.reader, sender, self.progress),
                                       daemon=True)
        self.process.start()
        sender.close()
        self.inbox.reader.close()  # the worker's end: its death then fails the feeder's send
        self.ready = False
        self.chunks: deque[_Chunk] = deque()
        self.keys: OrderedDict[Hashable, None] = OrderedDict()

    @property
    def queued(self) -> int:
        return sum(len(c.entries) - c.done for c in self.chunks)

    def running(self) -> tuple[int, float] | None:
        """The stream index of the transcript this worker runs and when it started, if one
        runs."""
        started = self.progress[1]
        return None if started == _IDLE else (int(self.progress[0]), started)

    def send(self, *chunks: _Chunk) -> None:
        """Queue ``chunks`` on this worker, all in one message."""
        self.chunks.extend(chunks)
        self.inbox.put([chunk.message() for chunk in chunks])
        for chunk in chunks:
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
            current = _Chunk(key, payload, [], [])
        current.entries.append(entry)
        current.indices.append(index)
        index += 1
    if current is not None:
        yield current


def _pick(workers: Sequence[_Worker], key: Hashable) -> _Worker | None:
    """The free worker that prepared ``key`` (the least queued of them), else, while such a
    worker is busy, an idle one only (it would otherwise wait), else the free worker with
    the least work queued. A problem is prepared once per worker and kept; preparing it
    costs about as much as verifying ten of its transcripts, so a batch of the same
    problems that went to whichever worker had less queued prepared some of them in both,
    a tenth more CPU per reward on 2 workers (bench/reward.py). Preferring the prepared one
    whatever its queue split a batch of 8 equal chunks 5 to 3: here the idle one takes
    the next chunk."""
    free = [w for w in workers if len(w.chunks) < _QUEUED_CHUNKS]
    if not free:
        return None
    holders = [w for w in free if key in w.keys]
    if holders:
        return min(holders, key=lambda w: w.queued)
    if any(key in w.keys for w in workers):  # its worker is busy: only an idle one takes it
        idle = [w for w in free if not w.chunks]
        return idle[0] if idle else None
    return min(free, key=lambda w: w.queued)


_PREPARE_COST = 10  # preparing a problem, in transcripts verified (see _pick)


def _plan(items: Sequence[tuple[Hashable, Any, Any]], held: Sequence[Container[Hashable]],
          prepare_cost: int = _PREPARE_COST) -> list[list[_Chunk]]:
    """Each worker's share of a batch, as chunks of one problem each; ``held[w]``: the
    problems worker ``w`` has prepared. A share's cost is its entries plus
    ``prepare_cost`` for each problem its worker has not prepared. The problems go, the
    largest first, to the worker whose share then costs least (the one that prepared
    it among equals); then, while the costliest share can be made cheaper by moving part
    of its largest problem to the cheapest share (which pays that problem's preparation
    unless it has it), that part moves. A batch of one problem is thus split in two, a
    batch of many problems is dealt out whole problems to their workers."""
    groups: dict[Hashable, _Chunk] = {}
    for index, (key, payload, entry) in enumerate(items):
        group = groups.get(key)
        if group is None:
            group = groups[key] = _Chunk(key, payload, [], [])
        group.entries.append(entry)
        group.indices.append(index)
    count = len(held)
    loads = [0] * count
    parts: list[dict[Hashable, int]] = [{} for _ in range(count)]  # worker: key -> entries

    def cost(worker: int, key: Hashable) -> int:
        return 0 if key in parts[worker] or key in held[worker] else prepare_cost

    for group in sorted(groups.values(), key=lambda g: -len(g.entries)):
        size = len(group.entries)
        chosen = min(range(count), key=lambda w: (loads[w] + size + cost(w, group.key),
                                                  cost(w, group.key), w))
        loads[chosen] += size + cost(chosen, group.key)
        parts[chosen][group.key] = size
    for _ in range(len(groups) + count):
        high = max(range(count), key=loads.__getitem__)
        low = min(range(count), key=loads.__getitem__)
        key = max(parts[high], key=parts[high].__getitem__, default=None)
        if key is None:
            break
        move = min(parts[high][key] - 1, (loads[high] - loads[low] - cost(low, key)) // 2)
        if move < 1:
            break
        loads[high] -= move
        loads[low] += move + cost(low, key)
        parts[high][key] -= move
        parts[low][key] = parts[low].get(key, 0) + move
    shares: list[list[_Chunk]] = [[] for _ in range(count)]
    for key, group in groups.items():  # each share in the batch's order of problems
        start = 0
        for worker in range(count):
            size = parts[worker].get(key, 0)
            if size:
                shares[worker].append(_Chunk(key, group.payload,
                                             group.entries[start:start + size],
                                             group.indices[start:start + size]))
                start += size
    return shares


# What the fork server imports once for every worker it forks: the verifier and the modules
# it imports on first use (the reader, the transcript grammar). A module missing here is
# only imported by each worker itself. Importing z3 starts nothing, so forking after it is
# safe; using it is what is not.
_PRELOAD = ("vlp.checker.verify", "vlp.reading.reader", "vlp.grammar.transcript",
            "vlp.grammar.loose", "vlp.checker.programfile", "vlp.checker.references",
            "vlp.batch", "vlp.rewards")


def _context() -> Any:
    """Where workers come from: the fork server (with :data:`_PRELOAD`), where the platform
    has one, else spawned processes."""
    if "forkserver" not in multiprocessing.get_all_start_methods():
        return multiprocessing.get_context("spawn")
    context = multiprocessing.get_context("forkserver")
    context.set_forkserver_preload(list(_PRELOAD))
    return context


class WorkerPool:
    """Worker processes for one task, kept between calls of :meth:`map` (a training loop
    scores every step's batch without paying process start-up again)."""

    def __init__(self, task: Task, workers: int, timeout: float | None = None,
                 chunk_size: int = CHUNK_SIZE):
        self.task = task
        self.timeout = timeout
        self.chunk_size = chunk_size
        self.context = _context()
        self.workers = [_Worker(self.context, task) for _ in range(max(1, workers))]

    def __enter__(self) -> WorkerPool:
        return self

    def __exit__(self, *_exc: object) -> None:
        self.close()

    def wait_ready(self) -> None:
        """Block until every worker has started (imports done)."""
        for worker in self.workers:
            while not worker.ready:
                _take(worker, worker.results.recv(), {})

    def close(self) -> None:
        for worker in self.workers:
            worker.stop(kill=True)
        self.workers = []

    def map(self, stream: Iterable[tuple[Hashable, Any, Any]]) -> Iterator[Any]:
        """One result per ``(key, payload, entry)``, in order, streamed: the stream is read
        a window ahead and handed out a chunk at a time (:func:`_pick`)."""
        return self._run(_chunks(stream, self.chunk_size))

    def map_batch(self, items: Sequence[tuple[Hashable, Any, Any]]) -> list[Any]:
        """One result per ``(key, payload, entry)``, in order, for a batch known whole (a
        training step's samples). Each worker is sent its whole share in one message
        (:func:`_plan`: a problem stays with the worker that prepared it, the shares are
        balanced) and sends its results back as it goes: the parent only waits, and no
        worker waits on it between its first item and its last. A worker killed (a
        timeout) or dead hands what it had left to the others, as in :meth:`map`."""
        for worker, share in zip(self.workers, _plan(items, [w.keys for w in self.workers]),
                                 strict=True):
            if share:
                worker.send(*share)
        results = list(self._run(iter(())))
        if len(results) != len(items):  # the workers were abandoned midway (interrupted)
            raise RuntimeError("the worker pool stopped before the batch was scored")
        return results

    def _run(self, pending: Iterator[_Chunk]) -> Iterator[Any]:
        """Results in stream order, of the chunks already sent and then of ``pending``."""
        pool, task = self.workers, self.task
        retry: deque[_Chunk] = deque()  # work taken back from a killed worker, in order
        finished: dict[int, Any] = {}
        emitted = 0
        sent = sum(w.queued for w in pool)  # entries handed out
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
    deadlines = []
    if timeout is not None:
        running = [worker.running() for worker in busy if worker.ready]
        deadlines = [item[1] + timeout for item in running if item is not None]
    # a transcript may start while the parent waits: look again at least this often
    wait_for = None if timeout is None else min(
        [max(0.0, d - now) for d in deadlines] + [min(timeout, 1.0)])
    ready = set(wait([w.results for w in busy] + [w.process.sentinel for w in busy],
                     timeout=wait_for))
    now = time.monotonic()
    for worker in busy:
        reason = None
        if worker.results in ready or worker.process.sentinel in ready:
            try:
                while worker.results.poll():
                    _take(worker, worker.results.recv(), finished)
            except (EOFError, OSError):
                pass
            if not worker.process.is_alive() and worker.chunks:
                reason = f"the verifier process died (exit code {worker.process.exitcode})"
        if reason is None and timeout is not None and worker.ready and worker.chunks:
            item = worker.running()
            if item is not None and now - item[1] >= timeout:
                reason = TIMEOUT_REASON
        if reason is not None:
            _replace(task, pool, worker, reason, finished, retry, context)


def _take(worker: _Worker, message: Any, finished: dict[int, Any]) -> None:
    if message is None:
        worker.ready = True
        return
    for index, result in message:
        finished[index] = result
        head = worker.chunks[0]
        head.done += 1
        if head.done == len(head.entries):
            worker.chunks.popleft()


def _replace(task: Task, pool: list[_Worker], worker: _Worker, reason: str,
             finished: dict[int, Any], retry: deque[_Chunk], context: Any) -> None:
    """The transcript the worker was running scores ``reason``; everything else it held
    (results it had not sent yet included: they are verified again) goes to a fresh one."""
    item = worker.running()
    indices = [index for chunk in worker.chunks for index in chunk.indices[chunk.done:]]
    # the running transcript, else (it died between transcripts) the first not finished
    blamed = item[0] if item is not None and item[0] in indices else indices[0]
    leftovers: list[_Chunk] = []
    for chunk in worker.chunks:
        rest = list(zip(chunk.indices[chunk.done:], chunk.entries[chunk.done:], strict=True))
        pieces = [rest]
        for position, (index, entry) in enumerate(rest):
            if index == blamed:
                finished[blamed] = task.failure(entry, reason)
                pieces = [rest[:position], rest[position + 1:]]
        leftovers.extend(_Chunk(chunk.key, chunk.payload, [entry for _, entry in piece],
                                [index for index, _ in piece]) for piece in pieces if piece)
    if reason != TIMEOUT_REASON:
        logger.warning("vlp: %s; its item scores the floor", reason)
    retry.extendleft(reversed(leftovers))
    worker.chunks.clear()
    worker.stop(kill=True)
    pool[pool.index(worker)] = _Worker(context, task)


__all__ = ["TIMEOUT_REASON", "Task", "Verified", "VerifyTask", "WorkerPool", "problem_key",
           "run_grouped", "verify_many"]
