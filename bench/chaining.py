"""Benchmark: forward chaining to the full model, and the certified shortest proof.

Synthetic programs are made of independent 10-axiom blocks (each with its own entity and
agents) that use every rule: a comparison chain (1a/1b), a transfer (2a/2b) with frame
copies (6), a rate (4), a compeq (5a, and 1c/5b fire on the counts), and a union (3)
named by a comparison with a two-agent set. Programs of 10/40/160/640 axioms are 1/4/16/64
blocks; the goal is the last block's union-dependent count.

    python bench/chaining.py [--sizes 10 40 160 640] [--repeat 3] [--seed 0]
                             [--modes complete proof]

Prints, per chaining mode, CPU seconds to the model and to the shortest proof (with
certificate), the growth ratio between consecutive sizes (x4 axioms each; near-linear
chaining means a time ratio near 4) and the model time per theorem in microseconds. The
``proof`` mode (used for certification) leaves out steps no shortest proof uses; the
table checks that its shortest proof has the same claims as the complete model's.
"""

from __future__ import annotations

import argparse
import random
import time

from vlp.checker import forward_chain, shortest_proof
from vlp.kernel import Atom, Program, Query, comp, compeq, cont, rate, transfer

BLOCK_AXIOMS = 10


def block(index: int, rng: random.Random, entity: str | None = None,
          boxes: str | None = None) -> tuple[list[Atom], Atom]:
    """Ten consistent axioms about entity ``item{index}`` (or the given shared entities; the
    agents are the block's own); returns them and a goal atom."""
    entity, boxes = entity or f"item{index}", boxes or f"box{index}"

    def agent(name: str) -> str:
        return f"{name}{index}"

    truth: dict[tuple[str, int], int] = {}
    axioms: list[Atom] = []
    a0 = rng.randint(5, 30)
    truth[("a", 0)] = a0
    axioms.append(cont(agent("a"), a0, entity, 0))
    gap_b = rng.randint(1, 9)
    truth[("b", 0)] = a0 + gap_b
    axioms.append(comp(agent("b"), agent("a"), gap_b, entity, 0))
    d0 = rng.randint(1, 20)
    truth[("d", 0)] = d0
    axioms.append(cont(agent("d"), d0, entity, 0))
    gift = rng.randint(1, truth[("b", 0)])
    axioms.append(transfer(agent("b"), agent("d"), gift, entity, 0))
    truth[("b", 1)], truth[("d", 1)] = truth[("b", 0)] - gift, d0 + gift
    truth[("a", 1)] = a0
    holders, per_box = rng.randint(1, 6), rng.randint(2, 5)
    axioms.append(cont(agent("g"), holders, boxes, 1))
    axioms.append(rate(agent("g"), per_box, entity, boxes, 1))
    h1 = rng.randint(25, 40)
    i1 = h1 - rng.randint(1, 9)
    axioms.append(cont(agent("h"), h1, entity, 1))
    axioms.append(cont(agent("i"), i1, entity, 1))
    axioms.append(compeq(agent("j"), agent("a"), agent("h"), agent("i"), entity, 1))
    # a comparison with the union {a, d} makes that union a goal-directed target
    gap_k = rng.randint(1, 9)
    axioms.append(comp(agent("k"), {agent("a"), agent("d")}, gap_k, entity, 1))
    goal = cont(agent("k"), truth[("a", 1)] + truth[("d", 1)] + gap_k, entity, 1)
    assert len(axioms) == BLOCK_AXIOMS
    return axioms, goal


def synthetic_program(axiom_count: int, seed: int) -> tuple[Program, list[Atom], Atom]:
    rng = random.Random(seed)
    order: list[Atom] = []
    goal = None
    for index in range(max(1, axiom_count // BLOCK_AXIOMS)):
        axioms, goal = block(index, rng)
        order.extend(axioms)
    assert goal is not None
    return Program(order), order, goal


def best_of(repeat: int, action: object) -> tuple[float, object]:
    best, result = float("inf"), None
    for _ in range(repeat):
        start = time.process_time()
        result = action()  # type: ignore[operator]
        best = min(best, time.process_time() - start)
    return best, result


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--sizes", type=int, nargs="+", default=[10, 40, 160, 640])
    parser.add_argument("--repeat", type=int, default=3)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--modes", nargs="+", default=["complete", "proof"],
                        choices=["complete", "proof", "saturate"])
    args = parser.parse_args()
    claims: dict[int, frozenset[object]] = {}
    for mode in args.modes:
        print(f"mode {mode}")
        run_mode(args, mode, claims)


def run_mode(args: argparse.Namespace, mode: str, claims: dict[int, frozenset[object]]) -> None:
    print(f"{'axioms':>7} {'theorems':>9} {'hyperedges':>10} {'model s':>9} {'ratio':>6} "
          f"{'us/thm':>7} "
          f"{'proof s':>8} {'ratio':>6} {'claims':>6} {'unique':>6}")
    previous: tuple[float, float] | None = None
    for size in args.sizes:
        program, order, goal = synthetic_program(size, args.seed)
        query = Query(goal.predicate, goal.args)
        model_seconds, chart = best_of(
            args.repeat,
            lambda p=program, q=query, o=order: forward_chain(p, q, axiom_order=o, mode=mode))
        assert goal in chart.theorems, f"goal {goal} not derived"  # type: ignore[union-attr]
        proof_seconds, proof = best_of(
            args.repeat, lambda c=chart, g=goal: shortest_proof(c, g))
        ratios = ("", "")
        if previous is not None:
            ratios = (f"{model_seconds / previous[0]:.2f}", f"{proof_seconds / previous[1]:.2f}")
        print(f"{len(program.axioms):>7} {len(chart.theorems):>9} "  # type: ignore[union-attr]
              f"{len(chart.hyperedges):>10} {model_seconds:>9.4f} {ratios[0]:>6} "  # type: ignore[union-attr]
              f"{1e6 * model_seconds / len(chart.theorems):>7.0f} "  # type: ignore[union-attr]
              f"{proof_seconds:>8.4f} {ratios[1]:>6} {proof.size:>6} "  # type: ignore[union-attr]
              f"{str(proof.unique):>6}")  # type: ignore[union-attr]
        previous = (model_seconds, proof_seconds)
        # the same shortest proof in every mode
        assert claims.setdefault(size, proof.claims) == proof.claims  # type: ignore[union-attr]


if __name__ == "__main__":
    main()
