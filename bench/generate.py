"""Benchmark: Z3 quantities vs rejection sampling on the same trees, and `--paper` end to end.

    python bench/generate.py [--trees N] [--bases K] [--max-tries M]

1. Samples N proof trees for `base` (the relevant proof) and for `trees` (relevant proof
   plus irrelevant trees), then assigns the quantities of each tree twice, in the same
   process: with our Z3 sampler (random boxes under push/pop) and with a plain
   rejection-sampling baseline (draw every axiom quantity uniformly in its bounds, compute
   the derived ones, retry until every built-in holds; a tree that needs more than M draws
   is given up, as the paper's generator does). Prints trees/s of both, the ratio, and
   the baseline's retry counts. Both with the generator's default bounds and with tight
   bounds (every derived quantity <= 100), where random draws rarely satisfy products,
   sums and chains of differences at once.
2. Times the `--paper` design with K base problems on one worker, certification included
   (the self-check runs forward chaining and Z3's shortest-proof search on every problem).
   The paper authors' generator makes about 7.5 problems/s over the same mix.
"""

from __future__ import annotations

import argparse
import copy
import io
import random
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


def bench_paper(bases: int) -> None:
    config = SamplerConfig()
    ProblemBuilder(config)  # load the lexicon and grammar outside the timing
    jobs = paper_jobs(0, bases, ("nonground", "ground"))
    sink = io.StringIO()
    cpu = time.process_time()
    summary = write_dataset(jobs, sink, config=config, workers=1)
    cpu = time.process_time() - cpu
    programs = len(jobs)
    print(f"paper design, {bases} bases, 1 worker, certification included: "
          f"{summary.problems} records ({programs} distinct programs, each with a non-ground "
          f"and a ground question) in {summary.seconds:.1f} s")
    print(f"       {summary.rate:.1f} records/s, {programs / summary.seconds:.1f} programs/s; "
          f"vs the paper generator's ~7.5 problems/s: {summary.rate / 7.5:.1f}x records, "
          f"{programs / summary.seconds / 7.5:.1f}x programs")
    print(f"       CPU time {cpu:.1f} s: {summary.problems / cpu:.1f} records/s, "
          f"{programs / cpu:.1f} programs/s of CPU (wall time suffers on a loaded machine)")
    print(f"       unsat re-samples: {summary.counters.unsat_trees}, self-check failures: "
          f"{summary.counters.selfcheck_failures}, z3 checks: {summary.counters.z3_checks}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--trees", type=int, default=200, help="trees per kind (default 200)")
    parser.add_argument("--bases", type=int, default=4, help="bases for --paper (default 4)")
    parser.add_argument("--max-tries", type=int, default=100_000,
                        help="rejection draws before giving a tree up (default 100000)")
    args = parser.parse_args()
    for label, config in (("default bounds (derived quantities <= 5000)", SamplerConfig()),
                          ("tight bounds (every quantity <= 100)",
                           SamplerConfig(inner_bounds=(1, 100)))):
        print(label)
        for kind in ("base", "trees"):
            bench_numbers(kind, args.trees, args.max_tries, config)
    bench_paper(args.bases)


if __name__ == "__main__":
    main()
