"""Benchmark: Z3 quantities vs rejection sampling on the same trees, and `--paper` end to end.

    python bench/generate.py [--trees N] [--bases K] [--max-tries M] [--workers 1,2]
                             [--paper-only]

1. Samples N proof trees for `base` (the relevant proof) and for `trees` (relevant proof
   plus irrelevant trees), then assigns the quantities of each tree twice, in the same
   process: with our Z3 sampler (random boxes under push/pop) and with a plain
   rejection-sampling baseline (draw every axiom quantity uniformly in its bounds, compute
   the derived ones, retry until every built-in holds; a tree that needs more than M draws
   is given up, as the paper's generator does). Prints trees/s of both, the ratio, and
   the baseline's retry counts. Both with the generator's default bounds and with tight
   bounds (every derived quantity <= 100), where random draws rarely satisfy products,
   sums and chains of differences at once.
2. Times the `--paper` design with K base problems (49 programs each) for each worker
   count, certification included (the self-check runs forward chaining and Z3's
   shortest-proof search on every problem). CPU time counts the worker processes too
   (they are reaped when the pool closes), so CPU seconds per program compare 1 worker
   with 2 whatever else loads the machine; the load average is printed beside them.
   The paper authors' generator makes about 7.5 problems/s over the same mix.
"""

from __future__ import annotations

import argparse
import copy
import io
import os
import random
import resource
import statistics
import time

from vlp.kernel import Agents
from vlp.sampler.config import SamplerConfig, derive_seed
from vlp.sampler.dataset import paper_jobs, write_dataset
from vlp.sampler.generate import ProblemBuilder
from vlp.sampler.lexicon import load_lexicon
from vlp.sampler.numbers import Unsatisfiable, rejection_sample, solve_quantities
from vlp.sampler.tree import NamePool, Node, TreeSampler, single, walk


def sample_trees(kind: str, count: int, config: SamplerConfig) -> list[list[Node]]:
    """Symbolic trees (no numbers yet): the relevant proof, plus 3 irrelevant chains for
    `trees` (disconnected, entity overlap: the same entity, fresh agents)."""
    lexicon = load_lexicon()
    entities = [n.plural for n in lexicon.all_nouns()]
    forests = []
    for index in range(count):
        rng = random.Random(derive_seed(0, "bench", kind, index))
        names = NamePool(lexicon, rng)
        sampler = TreeSampler(config, lexicon, names)
        size = rng.choices((1, 2, 3, 4), weights=config.agent_count_probabilities)[0]
        agents = Agents(frozenset(names.fresh() for _ in range(size)))
        entity = rng.choice(entities)
        roots = [sampler.relevant(agents, entity, rng.randint(*config.depth), rng)]
        if kind == "trees":
            def fresh(names: NamePool = names, rng: random.Random = rng) -> Agents:
                return single(names.fresh(rng))

            for tree in range(1, config.num_trees + 1):
                steps = rng.randint(*config.tree_axioms) - 1
                roots.append(sampler.chain(fresh(), entity, steps, rng, tree=tree, fresh=fresh))
        forests.append(roots)
    return forests


def clear(roots: list[Node]) -> None:
    for node in walk(roots):
        node.quantity = None
        node.fixed = False


def bench_numbers(kind: str, count: int, max_tries: int, config: SamplerConfig) -> None:
    forests = sample_trees(kind, count, config)
    z3_copies = copy.deepcopy(forests)
    started = time.perf_counter()
    unsat = 0
    for index, roots in enumerate(z3_copies):
        for number, root in enumerate(roots):  # each tree on its own, as the generator does
            try:
                solve_quantities([root], config, derive_seed(0, "z3", index, number))
            except Unsatisfiable:
                unsat += 1
    z3_seconds = time.perf_counter() - started

    baseline_copies = copy.deepcopy(forests)
    retries: list[int] = []
    gave_up = 0
    started = time.perf_counter()
    for index, roots in enumerate(baseline_copies):
        rng = random.Random(derive_seed(0, "rejection", index))
        for root in roots:
            clear([root])
            try:
                retries.append(rejection_sample([root], config, rng, max_tries=max_tries))
            except Unsatisfiable:
                gave_up += 1
                retries.append(max_tries)
    baseline_seconds = time.perf_counter() - started

    z3_rate = count / z3_seconds
    baseline_rate = count / baseline_seconds
    print(f"{kind:>5}: {count} problems ({sum(len(f) for f in forests)} trees)")
    print(f"       z3 sampler        {z3_rate:9.1f} problems/s   (unsat trees: {unsat})")
    print(f"       rejection sampler {baseline_rate:9.1f} problems/s   "
          f"(gave up on {gave_up} trees after {max_tries} draws)")
    print(f"       ratio z3/rejection {z3_rate / baseline_rate:8.1f}x")
    print(f"       rejection retries per tree: mean {statistics.mean(retries):.0f}, "
          f"median {statistics.median(retries):.0f}, max {max(retries)}")


def _cpu_seconds() -> float:
    """CPU time of this process and of its reaped children (the pool's workers)."""
    return sum(u.ru_utime + u.ru_stime for u in (resource.getrusage(resource.RUSAGE_SELF),
                                                 resource.getrusage(resource.RUSAGE_CHILDREN)))


def bench_paper(bases: int, workers: int) -> float:
    """One `--paper` run; returns its CPU seconds per distinct program."""
    config = SamplerConfig()
    ProblemBuilder(config)  # load the lexicon and grammar outside the timing
    jobs = paper_jobs(0, bases, ("nonground", "ground"))
    sink = io.StringIO()
    cpu = _cpu_seconds()
    summary = write_dataset(jobs, sink, config=config, workers=workers)
    cpu = _cpu_seconds() - cpu
    programs = len(jobs)
    print(f"paper design, {bases} bases, {workers} worker(s), certification included: "
          f"{summary.problems} records ({programs} distinct programs, each with a non-ground "
          f"and a ground question) in {summary.seconds:.1f} s wall, "
          f"load average {os.getloadavg()[0]:.1f}")
    wall_rate = programs / summary.seconds
    print(f"       wall: {summary.rate:.1f} records/s, {wall_rate:.1f} programs/s; vs the "
          f"paper generator's ~7.5 problems/s: {wall_rate / 7.5:.1f}x programs")
    print(f"       CPU time {cpu:.2f} s (workers included): {programs / cpu:.1f} programs/s of "
          f"CPU, {1000 * cpu / programs:.1f} ms per program")
    print(f"       unsat re-samples: {summary.counters.unsat_trees}, self-check failures: "
          f"{summary.counters.selfcheck_failures}, z3 checks: {summary.counters.z3_checks}")
    return cpu / programs


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--trees", type=int, default=200, help="trees per kind (default 200)")
    parser.add_argument("--bases", type=int, default=4, help="bases for --paper (default 4)")
    parser.add_argument("--max-tries", type=int, default=100_000,
                        help="rejection draws before giving a tree up (default 100000)")
    parser.add_argument("--workers", default="1",
                        help="comma-separated worker counts for --paper (default 1)")
    parser.add_argument("--paper-only", action="store_true",
                        help="skip the Z3-vs-rejection comparison")
    args = parser.parse_args()
    counts = [int(w) for w in args.workers.split(",")]
    if not args.paper_only:
        compare_samplers(args.trees, args.max_tries)
    per_program = {w: bench_paper(args.bases, w) for w in counts}
    if len(counts) > 1:
        first = counts[0]
        for w in counts[1:]:
            ratio = per_program[w] / per_program[first]
            print(f"CPU per program, {w} workers vs {first}: {ratio:.2f}x (1.00: CPU time "
                  f"scales perfectly; a wall-clock speed-up also needs idle cores)")


def compare_samplers(trees: int, max_tries: int) -> None:
    for label, config in (("default bounds (derived quantities <= 5000)", SamplerConfig()),
                          ("tight bounds (every quantity <= 100)",
                           SamplerConfig(inner_bounds=(1, 100)))):
        print(label)
        for kind in ("base", "trees"):
            bench_numbers(kind, trees, max_tries, config)


if __name__ == "__main__":
    main()
