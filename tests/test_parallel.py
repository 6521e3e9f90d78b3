"""Parallel verification: same results for any number of workers, in order, with a
per-transcript timeout that kills only the late transcript's worker."""

from __future__ import annotations

import gc
import json
import os
import time
from pathlib import Path
from typing import Any

import attrs

from vlp.lm.baselines import baseline_transcript
from vlp.parallel import (
    TIMEOUT_REASON,
    Verified,
    rarer_collections,
    run_grouped,
    verify_many,
)

DATA = Path(__file__).parent / "data"
LLAMA = (DATA / "d3_llama.txt").read_text(encoding="utf-8")


def test_batch_output_is_the_same_for_any_workers(batch_problems, batch_transcripts,
                                                  verify_batch, tmp_path, capsys) -> None:
    problems, transcripts, _batch = batch_problems, batch_transcripts, verify_batch
    one = _batch(problems, transcripts, tmp_path / "one.jsonl")
    two = _batch(problems, transcripts, tmp_path / "two.jsonl", "--workers", "2")
    timed = _batch(problems, transcripts, tmp_path / "timed.jsonl", "--timeout", "120")
    assert one == two == timed
    rows = [json.loads(line) for line in one.decode().splitlines()]
    assert len(rows) == 20 and sum("error" in row for row in rows) == 3
    summaries = capsys.readouterr().out.split("}\n")
    assert len(set(summaries[:3])) == 1  # the same summary each time


def test_an_interrupted_batch_resumes_to_the_same_bytes(batch_problems, batch_transcripts,
                                                        verify_batch, tmp_path, capsys) -> None:
    problems, transcripts, _batch = batch_problems, batch_transcripts, verify_batch
    whole = _batch(problems, transcripts, tmp_path / "whole.jsonl")
    cut = tmp_path / "cut.jsonl"
    cut.write_bytes(whole[: len(whole) // 2])  # ends inside a line
    # with the record of its inputs, as an interrupted run leaves it (without it, refused)
    cut.with_name("cut.jsonl.inputs.json").write_bytes(
        (tmp_path / "whole.jsonl.inputs.json").read_bytes())
    assert _batch(problems, transcripts, cut, "--workers", "2") == whole
    summaries = capsys.readouterr().out.split("}\n")
    assert summaries[0] == summaries[1]


def test_verify_many_streams_in_order_for_any_workers(batch_problems) -> None:
    records = [json.loads(line) for line in batch_problems.read_text().splitlines()]
    items: list[Any] = []
    for record in records * 2:
        items.append((record, baseline_transcript("bfs", record)[0]))
        items.append({"problem": record, "transcript": "So Eddie has 3 keys.", "answer": 3})
    items.append((DATA / "d3.txt", LLAMA))
    items.append(("no question here", "x"))
    here = list(verify_many(items))
    there = list(verify_many(items, workers=2, timeout=120))
    assert [o.report.to_json() if o.report else o.reason for o in here] == \
        [o.report.to_json() if o.report else o.reason for o in there]
    assert here[-2].report.efficiency == 10 / 18
    assert here[-1].report is None and here[-1].reason


@attrs.frozen
class _Sleepy:
    """A task that hangs on ``"hang"`` and dies on ``"crash"``."""

    def prepare(self, payload: Any) -> Any:
        return payload

    def run(self, prepared: Any, entry: Any) -> Any:
        if entry == "hang":
            time.sleep(600)
        if entry == "crash":
            os._exit(3)
        return Verified(f"{prepared}:{entry}")

    def failure(self, entry: Any, reason: str) -> Any:
        return Verified(None, reason)


def test_a_late_transcript_times_out_and_the_rest_go_on() -> None:
    stream = [("p", "P", "a"), ("p", "P", "hang"), ("p", "P", "b"), ("q", "Q", "crash"),
              ("q", "Q", "c")]
    started = time.monotonic()
    outcomes = list(run_grouped(_Sleepy(), stream, workers=2, timeout=2))
    assert time.monotonic() - started < 120
    assert [o.report for o in outcomes] == ["P:a", None, "P:b", None, "Q:c"]
    assert outcomes[1].reason == TIMEOUT_REASON
    assert outcomes[3].reason == "the verifier process died (exit code 3)"


def test_a_worker_that_dies_after_unsent_results_blames_only_the_transcript_it_ran() -> None:
    """Results travel a chunk at a time: those a dead worker had not sent yet are verified
    again, and only the transcript it was running scores the death."""
    stream = [("p", "P", "a"), ("p", "P", "b"), ("p", "P", "crash"), ("p", "P", "c"),
              ("q", "Q", "d"), ("q", "Q", "hang"), ("q", "Q", "e")]
    outcomes = list(run_grouped(_Sleepy(), stream, workers=2, timeout=2))
    assert [o.report for o in outcomes] == ["P:a", "P:b", None, "P:c", "Q:d", None, "Q:e"]
    assert outcomes[2].reason == "the verifier process died (exit code 3)"
    assert outcomes[5].reason == TIMEOUT_REASON


def test_a_batch_collects_garbage_more_rarely_and_restores_the_thresholds() -> None:
    before = gc.get_threshold()
    with rarer_collections():
        inside = gc.get_threshold()
    assert inside[0] >= max(before[0], 10_000) and inside[1] == before[1]
    assert inside[2] >= max(before[2], 100)
    assert gc.get_threshold() == before


def test_only_a_process_that_ends_freezes_its_objects(batch_problems, batch_transcripts,
                                                      verify_batch, tmp_path) -> None:
    # the command line called with argv (a test, a notebook) goes on: nothing is frozen
    frozen = gc.get_freeze_count()
    verify_batch(batch_problems, batch_transcripts, tmp_path / "report.jsonl")
    assert gc.get_freeze_count() == frozen
    try:
        with rarer_collections(process_ends=True):
            kept = [[index] for index in range(1000)]
        assert gc.get_freeze_count() >= frozen + len(kept)
    finally:
        gc.unfreeze()  # this process goes on


@attrs.define
class _Holder:
    """What ``_pick`` reads of a worker: its chunks (running first), the problems it
    prepared and the entries it has queued."""

    chunks: list[int]
    keys: dict[str, None]

    @property
    def queued(self) -> int:
        return sum(self.chunks)


def test_a_problem_goes_to_the_worker_that_prepared_it_unless_another_would_idle() -> None:
    from vlp.parallel import _pick

    def workers(first: list[int], second: list[int]) -> list[_Holder]:
        return [_Holder(first, {"p": None}), _Holder(second, {"q": None})]

    holder, other = workers([8], [])
    assert _pick([holder, other], "p") is holder  # free, though the other is idle
    holder, other = workers([8, 8], [8])
    assert _pick([holder, other], "p") is None  # wait for it: the other has work
    holder, other = workers([8, 8], [])
    assert _pick([holder, other], "p") is other  # the other would idle
    holder, other = workers([8], [4])
    assert _pick([holder, other], "new") is other  # a new problem: the least queued
    assert _pick(workers([8, 8], [8, 8]), "new") is None


def _shares(items: list[tuple[str, str, str]], held: list[set[str]]) -> list[list[tuple]]:
    from vlp.parallel import _plan

    return [[(chunk.key, chunk.indices) for chunk in share] for share in _plan(items, held)]


def test_a_batch_is_dealt_out_whole_problems_to_the_workers_that_prepared_them() -> None:
    items = [(key, key.upper(), f"{key}{n}") for key in "abcd" for n in range(8)]
    # nothing prepared: two problems each, every entry once, each share in batch order
    fresh = _shares(items, [set(), set()])
    assert sorted(len(i) for share in fresh for _, i in share) == [8, 8, 8, 8]
    assert [len(share) for share in fresh] == [2, 2]
    assert sorted(i for share in fresh for _, ix in share for i in ix) == list(range(32))
    # prepared ones stay where they are, even against the order of the batch
    assert _shares(items, [{"b", "d"}, {"a", "c"}]) == [
        [("b", list(range(8, 16))), ("d", list(range(24, 32)))],
        [("a", list(range(0, 8))), ("c", list(range(16, 24)))]]


def test_a_batch_of_one_problem_is_split_and_its_preparation_paid_once_more() -> None:
    items = [("p", "P", f"e{n}") for n in range(64)]
    holder, other = _shares(items, [{"p"}, set()])
    # 64 entries and one preparation (10) shared: 37 on the holder, 27 + 10 on the other
    assert holder == [("p", list(range(37)))] and other == [("p", list(range(37, 64)))]
    # too few entries to pay a second preparation: they stay together
    assert _shares(items[:10], [{"p"}, set()]) == [[("p", list(range(10)))], []]


def test_a_whole_batch_in_the_pool_times_out_and_survives_a_death_like_a_stream() -> None:
    from vlp.parallel import WorkerPool

    stream = [("p", "P", "a"), ("p", "P", "b"), ("p", "P", "crash"), ("p", "P", "c"),
              ("q", "Q", "d"), ("q", "Q", "hang"), ("q", "Q", "e")]
    with WorkerPool(_Sleepy(), 2, timeout=2) as pool:
        outcomes = pool.map_batch(stream)
        again = pool.map_batch(stream[:2] + stream[3:5] + stream[6:])  # fresh workers
    assert [o.report for o in outcomes] == ["P:a", "P:b", None, "P:c", "Q:d", None, "Q:e"]
    assert outcomes[2].reason == "the verifier process died (exit code 3)"
    assert outcomes[5].reason == TIMEOUT_REASON
    assert [o.report for o in again] == ["P:a", "P:b", "P:c", "Q:d", "Q:e"]
