"""Claim alignment against the chart of paper App. D.3 (program file tests/data/d3.json)."""

from __future__ import annotations

from pathlib import Path

import pytest

from vlp.checker import load_program
from vlp.checker.verdicts import Arithmetic
from vlp.checker.verify import prepare
from vlp.kernel import Agents, Theorem, comp, cont, transfer
from vlp.reading.align import ClaimPattern, hyperedge_arithmetic, same_expression

DATA = Path(__file__).parent / "data"


@pytest.fixture(scope="module")
def d3():
    program_file = load_program(DATA / "d3.json")
    return prepare(program_file.program, program_file.query, program_file.axiom_order)


def test_the_shortest_proof_has_ten_claims(d3) -> None:
    assert d3.goal == cont("eddie", 26, "parrots", 1)
    assert d3.proof.size == 10
    assert len(d3.index.proof_claims - d3.index.axiom_claims) == 4


def test_time_is_resolved_to_the_earliest_theorem(d3) -> None:
    alignment = d3.index.align(ClaimPattern.of(cont("pieter", 14, "parrots", 1).claim()))
    assert alignment.atom == cont("pieter", 14, "parrots", 1)
    axiom = d3.index.align(ClaimPattern.of(cont("pieter", 20, "parrots", 0).claim()))
    assert axiom.atom == cont("pieter", 20, "parrots", 0)


def test_omitted_entity_is_resolved_preferring_the_shortest_proof(d3) -> None:
    # "The difference between Dennie and Dianna is 15." names no entity
    pattern = ClaimPattern("comp", (Agents.of("dennie"), Agents.of("dianna"), 15, None))
    alignment = d3.index.align(pattern)
    assert alignment.claim == comp("dennie", "dianna", 15, "parrots", 1).claim()


def test_false_claims_say_why(d3) -> None:
    index = d3.index
    wrong = index.align(ClaimPattern.of(cont("pieter", 15, "parrots", 1).claim()))
    assert wrong.reason.startswith("wrong quantity: 15 stated")
    assert "14" in wrong.reason
    stranger = index.align(ClaimPattern.of(cont("zebulon", 3, "parrots", 1).claim()))
    assert stranger.reason == "unknown agent zebulon"
    thing = index.align(ClaimPattern.of(cont("pieter", 3, "spoons", 1).claim()))
    assert thing.reason == "unknown entity spoons"


def test_one_step_derivations_are_kernel_theorems(d3) -> None:
    index = d3.index
    available = set(index.axiom_ids)
    derivation = index.derive(cont("pieter", 14, "parrots", 1).claim(), available)
    assert isinstance(derivation.theorem, Theorem)
    assert derivation.hyperedge.rule_id == "2b"
    assert derivation.theorem.premises == (cont("pieter", 20, "parrots", 0),
                                           transfer("pieter", "yorgos", 6, "parrots", 0))


def test_skipped_steps_are_named(d3) -> None:
    index = d3.index
    stated = {cont("pieter", 14, "parrots", 1).claim(),
              comp("dennie", "dianna", 15, "parrots", 1).claim()}
    available = index.ids(set(index.axiom_claims) | stated)
    edgar_vs_pieter = comp("edgar", "pieter", 15, "parrots", 1).claim()
    assert index.derive(edgar_vs_pieter, available) is None
    assert index.missing_claims(edgar_vs_pieter, available) == (
        cont("edgar", 29, "parrots", 1).claim(),)
    eddie = cont("eddie", 26, "parrots", 1).claim()
    assert index.missing_claims(eddie, set(index.axiom_ids)) == tuple(
        a.claim() for a in (cont("pieter", 14, "parrots", 1),
                            comp("dennie", "dianna", 15, "parrots", 1),
                            cont("edgar", 29, "parrots", 1)))


def test_rule_arithmetic_is_read_from_the_rule_table() -> None:
    minus = hyperedge_arithmetic("2b", (cont("pieter", 20, "parrots", 0),
                                        transfer("pieter", "yorgos", 6, "parrots", 0)),
                                 cont("pieter", 14, "parrots", 1))
    assert minus == Arithmetic.single("-", (20, 6), 14)
    union = hyperedge_arithmetic("3", (cont("a", 1, "x", 0), cont("b", 2, "x", 0),
                                       cont("c", 3, "x", 0)), cont(["a", "b", "c"], 6, "x", 0))
    assert union == Arithmetic.single("+", (1, 2, 3), 6)
    assert hyperedge_arithmetic("6", (cont("a", 1, "x", 0),), cont("a", 1, "x", 1)) is None
    assert same_expression(Arithmetic.single("+", (15, 14), 29),
                           Arithmetic.single("+", (14, 15), 29))
    assert not same_expression(Arithmetic.single("-", (6, 20), 14), minus)


def _lightest_by_exhaustion(index, target: int, available: set[int]) -> int | None:
    """The lightest derivation's cost by plain fixpoint iteration (no queue, no early stop):
    available claims cost 0, a claim 1 plus its cheapest instance's premises."""
    cost = {c: 0 for c in available}
    changed = True
    while changed:
        changed = False
        for head, records in index._incoming.items():
            for record in records:
                if all(p in cost for p in record.premises):
                    total = 1 + sum(cost[p] for p in record.premises)
                    if total < cost.get(head, 1 << 30):
                        cost[head] = total
                        changed = True
    return cost.get(target)


@pytest.mark.parametrize("seed", range(6))
def test_skipped_steps_are_a_lightest_derivation(seed: int) -> None:
    """For random sets of stated claims, ``missing_claims`` names skipped steps that, in
    order, each follow in one rule instance and lead to the claim; there are some exactly
    when the lightest derivation (computed here by exhaustion) needs an intermediate claim,
    and at most its cost minus one; a claim no derivation reaches names none."""
    import random

    from vlp.checker.verify import prepared_problem
    from vlp.sampler import generate_problem

    problem = generate_problem(seed, setting="trees", overlap="entity",
                               connection="connected" if seed % 2 else "disconnected")
    prepared = prepared_problem(problem)
    index = prepared.index
    rng = random.Random(seed)
    others = sorted(set(range(len(index.claims))) - index.axiom_ids)
    for _ in range(20):
        available = set(index.initially_available()) | set(
            rng.sample(others, rng.randint(0, len(others) // 2)))
        target = rng.choice(others)
        index.forget_transcripts()
        missing = index.missing_claims(index.claims[target], available)
        cost = _lightest_by_exhaustion(index, target, available)
        if target in available or cost is None:
            assert missing == ()
        else:
            assert bool(missing) == (cost >= 2) and len(missing) <= cost - 1
            assert len(set(missing)) == len(missing)
            # premises first: each skipped step, then the claim, follows in one rule instance
            known = set(available)
            for step in (*(index.claim_id[c] for c in missing), target):
                assert step not in known and any(
                    known.issuperset(r.premises) for r in index._incoming.get(step, ()))
                known.add(step)
