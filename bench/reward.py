"""Rewards per second for 20-step transcripts, on one core and with worker processes.

    python bench/reward.py [--problems N] [--samples K] [--workers 2] [--rounds R]

The RL case: K sampled transcripts per problem (20 sentences each, built like
``bench/verify.py``'s), the problem given as the JSON record a training row carries, scored
through ``vlp.rewards`` (the TRL adapter's path). Prints

- one core, warm problems: every problem already prepared (CPU seconds of this process);
- one core, cold problems: every problem new (record parsing, chaining and the shortest
  proof included), i.e. the first batch a problem appears in;
- ``--workers N``: new batches of the same problems, each scored in this process and then
  by a kept worker pool (after one warm-up batch), paired round by round: wall-clock
  throughput and CPU seconds per reward (the parent's and the workers', read from
  ``/proc``), their ratios, the load average, the median of the rounds' wall-clock ratios
  (one round hit by other work moves it little) and how many problems each worker
  prepared (a problem sent to both is prepared twice);
- the machine's capacity in the same rounds: the wall-clock ratio of a pure-Python loop run
  ``--workers`` times in this process against once in each of ``--workers`` processes (the most any
  pool could gain while the other work on the machine stays as it is; 2.0x on 2 idle
  cores), and the pool's ratio as a share of it.

``--quiet-check``: exit 0 when the pool meets the targets (1.6x wall-clock, CPU per reward
at most 1.15x), 1 when it does not, and 2 without a verdict when the machine is not quiet
(a 1-minute load average above 0.5 before the run, or a capacity below 1.8x): a shared
machine's figures are printed but not judged.

Sentences are parsed afresh for every transcript (model outputs rarely repeat a sentence
verbatim across samples), so the figures do not lean on the sentence cache. Target: 300
warm rewards/s per core.
"""

from __future__ import annotations

import argparse
import json
import os
import random
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from capacity import Capacity  # noqa: E402
from verify import _problems, _transcript  # noqa: E402  (bench/verify.py's transcripts)

TARGET_PER_CORE = 300


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--problems", type=int, default=8)
    parser.add_argument("--samples", type=int, default=8, help="transcripts per problem (K)")
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--rounds", type=int, default=10, help="timed batches")
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--quiet-check", action="store_true",
                        help="judge the targets (exit 1 if missed), only on a quiet machine")
    args = parser.parse_args(argv)
    load_before = os.getloadavg()[0]

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

    # one process vs a kept pool of --workers processes, paired round by round: each round
    # is a new batch of the same problems (new transcripts), scored first in this process,
    # then by the pool, so neither meets a sentence the other has parsed and load drift
    # hits both alike
    def new_batch() -> list[str]:
        return [_transcript(problem, rng) for problem in problems for _ in range(args.samples)]

    batches = [new_batch() for _ in range(args.rounds + 1)]
    single_wall = single_cpu = pooled_wall = pooled_cpu = 0.0
    with rewards.verifier_pool(args.workers) as pool, Capacity(args.workers) as capacity:
        pool.wait_ready()
        rewards.score_batch(column, batches[0], pool=pool)  # each worker's first problems
        workers = [worker.process.pid for worker in pool.workers]
        # the workers' CPU over the whole loop (idle while this process scores: /proc counts
        # in clock ticks, too coarse for one round)
        children = _cpu_seconds(workers)
        ratios = []  # each round's wall-clock ratio: a round the other engineers' load hit
        for texts in batches[1:]:
            cpu, start = time.process_time(), time.perf_counter()
            rewards.score_batch(column, texts)
            single = time.perf_counter() - start
            single_wall += single
            single_cpu += time.process_time() - cpu
            cpu, start = time.process_time(), time.perf_counter()
            rewards.score_batch(column, texts, pool=pool)
            pooled = time.perf_counter() - start
            pooled_wall += pooled
            pooled_cpu += time.process_time() - cpu
            ratios.append(single / pooled)
            capacity.measure()
        pooled_cpu += _cpu_seconds(workers) - children
        # each worker prepares a problem once and keeps it: one sent to both is prepared twice
        prepared = [len(worker.keys) for worker in pool.workers]
    scored = args.rounds * len(batch)
    transcripts = len(batch)
    print(f"{len(problems)} problems x {args.samples} samples = {transcripts} transcripts of "
          f"20 steps, sentences parsed afresh")
    print(f"one core, warm problems: {warm:7.0f} rewards/s (CPU time); target "
          f"{TARGET_PER_CORE}/s/core: {warm / TARGET_PER_CORE:.2f}x")
    print(f"one core, cold problems: {cold:7.0f} rewards/s (each one a new problem)")
    print(f"paired, {args.rounds} new batches of {transcripts}: 1 process "
          f"{scored / single_wall:7.0f} rewards/s wall, {scored / single_cpu:7.0f} per CPU "
          f"second; {args.workers} workers {scored / pooled_wall:7.0f} rewards/s wall, "
          f"{scored / pooled_cpu:7.0f} per CPU second (parent and workers)")
    wall_ratio, cpu_ratio = single_wall / pooled_wall, pooled_cpu / single_cpu
    machine = capacity.ratio
    print(f"pool vs one process: wall-clock throughput {wall_ratio:.2f}x "
          f"(target 1.6x on 2 idle cores), CPU per reward {cpu_ratio:.2f}x "
          f"(target at most 1.15x); load average {load_before:.1f} before, "
          f"{os.getloadavg()[0]:.1f} after, on {os.cpu_count()} cores")
    print(f"the machine's capacity in these rounds: {machine:.2f}x ({args.workers} loops in "
          f"{args.workers} processes against one process, bench/capacity.py); the pool got "
          f"{wall_ratio / machine:.0%} of it")
    ratios.sort()
    print(f"wall-clock ratio by round: median {ratios[len(ratios) // 2]:.2f}x, "
          f"{ratios[0]:.2f}-{ratios[-1]:.2f}x; problems prepared by the workers: "
          f"{' + '.join(map(str, prepared))} of {len(problems)}")
    if args.quiet_check:
        if load_before > 0.5 or machine < 0.9 * args.workers:
            print("quiet check: no verdict, the machine is not quiet (load or capacity)")
            return 2
        met = wall_ratio >= 1.6 and cpu_ratio <= 1.15
        print(f"quiet check: targets {'met' if met else 'missed'}")
        return 0 if met else 1
    return 0


def _cpu_seconds(pids: list[int]) -> float:
    """User and system CPU seconds of running processes (Linux ``/proc``)."""
    total = 0
    for pid in pids:
        fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
        total += int(fields[11]) + int(fields[12])
    return total / os.sysconf("SC_CLK_TCK")


def _record(program: object) -> dict:
    """The App. D.3 program file as a record (when the sampler is unavailable)."""
    data = Path(__file__).resolve().parents[1] / "tests" / "data" / "d3.json"
    return json.loads(data.read_text(encoding="utf-8"))


if __name__ == "__main__":
    sys.exit(main())
