"""Rewards per second for 20-step transcripts, on one core and with worker processes.

    python bench/reward.py [--problems N] [--samples K] [--workers 2] [--rounds R]

The RL case: K sampled transcripts per problem (20 sentences each, built like
``bench/verify.py``'s), the problem given as the JSON record a training row carries, scored
through ``vlp.rewards`` (the TRL adapter's path). Prints

- one core, warm problems: every problem already prepared (CPU seconds of this process);
- one core, cold problems: every problem new (record parsing, chaining and the shortest
  proof included), i.e. the first batch a problem appears in;
- ``--workers N``, warm: the same batches through a kept worker pool (wall-clock, after
  one warm-up round), and the scaling ratio to one core measured the same way in this run.

Sentences are parsed afresh for every transcript (model outputs rarely repeat a sentence
verbatim across samples), so the figures do not lean on the sentence cache. Target: 300
warm rewards/s per core.
"""

from __future__ import annotations

import argparse
import json
import os
import random
import resource
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from verify import _problems, _transcript  # noqa: E402  (bench/verify.py's transcripts)

TARGET_PER_CORE = 300


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--problems", type=int, default=8)
    parser.add_argument("--samples", type=int, default=8, help="transcripts per problem (K)")
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--rounds", type=int, default=3, help="timed passes over the batch")
    parser.add_argument("--seed", type=int, default=0)
    args = parser.parse_args(argv)

    from vlp import rewards
    from vlp.checker.verify import prepare
    from vlp.grammar import parse_sentence

    rng = random.Random(args.seed)
    problems = _problems(args.problems, args.seed)
    # a training row's record names its problem: the sampler leaves the id to `vlp generate`
    records = [json.dumps({**(p.to_json() if hasattr(p, "to_json") else _record(p)),
                           "id": f"bench-{index}"})
               for index, p in enumerate(problems)]
    batch = [(record, _transcript(problem, rng)) for problem, record in
             zip(problems, records, strict=True) for _ in range(args.samples)]
    column = [record for record, _ in batch]
    completions = [text for _, text in batch]
    # every figure below is of verified samples: one that scored the floor would time an error
    floored = [s.reason for s in (rewards.score_sample(r, t) for r, t in batch)
               if s.report is None]
    if floored:
        print(f"{len(floored)} of {len(batch)} samples could not be verified: {floored[0]}",
              file=sys.stderr)
        return 1

    def fresh_sentences() -> None:
        parse_sentence.cache_clear()

    # cold: each problem's first transcript pays record parsing, chaining, shortest proof
    cold_seconds = 0.0
    for record, text in batch[:: args.samples]:
        rewards._spec_from_json.cache_clear()
        prepare.cache_clear()
        fresh_sentences()
        start = time.process_time()
        rewards.score_sample(record, text)
        cold_seconds += time.process_time() - start
    cold = len(problems) / cold_seconds

    # warm, one core, CPU time: every problem prepared
    rewards.score_batch(column, completions)
    seconds = 0.0
    for _ in range(args.rounds):
        for record, text in batch:
            fresh_sentences()
            start = time.process_time()
            rewards.score_sample(record, text)
            seconds += time.process_time() - start
    warm = args.rounds * len(batch) / seconds

    # warm, wall clock: one process vs a kept pool of --workers processes
    def wall(pool: object) -> float:
        start = time.perf_counter()
        for _ in range(args.rounds):
            fresh_sentences()
            rewards.score_batch(column, completions, pool=pool)
        return args.rounds * len(batch) / (time.perf_counter() - start)

    single_wall = wall(None)

    def children_cpu() -> float:
        usage = resource.getrusage(resource.RUSAGE_CHILDREN)
        return usage.ru_utime + usage.ru_stime

    # CPU cost of starting and stopping a pool (spawn, imports), to leave out below
    before = children_cpu()
    with rewards.verifier_pool(args.workers) as idle:
        idle.wait_ready()
    startup = children_cpu() - before

    before, parent = children_cpu(), time.process_time()
    pool = rewards.verifier_pool(args.workers)
    try:
        pool.wait_ready()
        rewards.score_batch(column, completions, pool=pool)  # start-up and warm caches
        warm_up = time.process_time()
        pooled_wall = wall(pool)
        parent_cpu = time.process_time() - warm_up
    finally:
        pool.close()
    pool_cpu = children_cpu() - before - startup + parent_cpu
    # the CPU a reward costs in the pool (parent and workers, the warm-up round included)
    pooled_cpu_rate = (args.rounds + 1) * len(batch) / pool_cpu
    del parent
    transcripts = len(batch)
    print(f"{len(problems)} problems x {args.samples} samples = {transcripts} transcripts of "
          f"20 steps, sentences parsed afresh")
    print(f"one core, warm problems: {warm:7.0f} rewards/s (CPU time); target "
          f"{TARGET_PER_CORE}/s/core: {warm / TARGET_PER_CORE:.2f}x")
    print(f"one core, cold problems: {cold:7.0f} rewards/s (each one a new problem)")
    print(f"wall clock, warm: 1 process {single_wall:7.0f} rewards/s; {args.workers} workers "
          f"{pooled_wall:7.0f} rewards/s; scaling {pooled_wall / single_wall:.2f}x "
          f"(load average {os.getloadavg()[0]:.1f} on {os.cpu_count()} cores)")
    print(f"CPU per reward with {args.workers} workers: {pooled_cpu_rate:7.0f} rewards per CPU "
          f"second (1 core: {warm:.0f}); scaling on {args.workers} idle cores at most "
          f"{args.workers * pooled_cpu_rate / warm:.2f}x")
    return 0


def _record(program: object) -> dict:
    """The App. D.3 program file as a record (when the sampler is unavailable)."""
    data = Path(__file__).resolve().parents[1] / "tests" / "data" / "d3.json"
    return json.loads(data.read_text(encoding="utf-8"))


if __name__ == "__main__":
    sys.exit(main())
