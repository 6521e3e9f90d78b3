"""Comparisons and compeqs derived on demand (reading/demand.py) answer "is this a theorem?"
exactly as the saturated model does, with the same rule instances for every claim asked
about, while the chart itself stays a small multiple of the program."""

from __future__ import annotations

import random

from hypothesis import given
from hypothesis import strategies as st

from tests.test_shortest import early_programs, small_programs
from vlp.checker import NumericalInconsistencyError, forward_chain
from vlp.kernel import Atom, Claim, Program, check_hyperedge, comp, compeq, cont, is_frame_rule
from vlp.reading.align import ProgramIndex
from vlp.reading.demand import OnDemand


def _indexes(program: Program) -> tuple[ProgramIndex, object] | None:
    try:
        saturated = forward_chain(program, mode="saturate")
    except NumericalInconsistencyError:
        return None
    chart = forward_chain(program)
    return ProgramIndex(program, chart, (), (), OnDemand(chart)), saturated


def _non_frame(edges: object) -> set[tuple[str, tuple[Atom, ...], Atom]]:
    return {(e.rule_id, e.premises, e.conclusion) for e in edges  # type: ignore[attr-defined]
            if not is_frame_rule(e.rule_id)}


@given(st.one_of(small_programs(), early_programs()), st.randoms(use_true_random=False))
def test_on_demand_claims_are_the_saturated_models(case: tuple[Program, Atom],
                                                   rng: random.Random) -> None:
    program, _goal = case
    built = _indexes(program)
    if built is None:
        return
    index, saturated = built
    claims = {a.claim() for a in saturated.theorems}  # type: ignore[attr-defined]
    for claim in sorted(claims, key=str):
        assert index.is_theorem(claim), claim
        # the rule instances concluding the claim: the saturated model's, frame copies aside
        wanted = _non_frame(e for a in saturated.theorems  # type: ignore[attr-defined]
                            if a.claim() == claim for e in saturated.incoming(a))  # type: ignore[attr-defined]
        assert _non_frame(e for e, _ in index.incoming(claim)) == wanted, claim
    # near misses are no theorems: a wrong quantity, a wrong direction, a compeq of unequal gaps
    for claim in sorted(claims, key=str):
        if claim.predicate == "comp":
            first, second, quantity, entity = claim.args
            wrong = Claim("comp", (first, second, quantity + 1 + rng.randrange(3), entity))
            assert index.is_theorem(wrong) == (wrong in claims)
            backwards = Claim("comp", (second, first, quantity, entity))
            assert index.is_theorem(backwards) == (backwards in claims)
    agents = sorted({a for claim in claims for a in claim.agent_sets}, key=str)
    for _ in range(6):
        if len(agents) < 2:
            break
        picked = [rng.choice(agents) for _ in range(4)]
        guess = Claim("compeq", (*picked, "x"))
        assert index.is_theorem(guess) == (guess in claims), guess


def shared_entity_program(blocks: int) -> Program:
    """``blocks`` ten-axiom blocks about one entity at the same times (every count meets every
    other: saturation makes a comparison per pair and a compeq per pair of equal ones)."""
    axioms: list[Atom] = []
    for i in range(blocks):
        a, b, d, h, j = (f"{x}{i}" for x in "abdhj")
        base = 5 + i % 7
        axioms += [cont(a, base, "marbles", 0), comp(b, a, 3 + i % 4, "marbles", 0),
                   cont(d, 2 + i % 5, "marbles", 0), cont(h, 20 + i % 9, "marbles", 1),
                   cont(f"i{i}", 14 + i % 6, "marbles", 1),
                   compeq(j, a, h, f"i{i}", "marbles", 1), cont(f"k{i}", 1 + i % 3, "marbles", 1),
                   comp(f"m{i}", f"k{i}", 2, "marbles", 1), cont(f"n{i}", 9, "marbles", 0),
                   comp(f"p{i}", f"n{i}", 1 + i % 2, "marbles", 0)]
    return Program(axioms)


def test_a_shared_entity_chart_stays_a_small_multiple_of_its_axioms() -> None:
    program = shared_entity_program(16)
    assert len(program.axioms) == 160
    chart = forward_chain(program)
    assert len(chart.theorems) <= 4 * len(program.axioms)
    # yet every comparison between two counts is recognised when asked about
    index = ProgramIndex(program, chart, (), (), OnDemand(chart))
    assert index.is_theorem(cont("a3", 8, "marbles", 0).claim())
    assert index.is_theorem(comp("h2", "a9", 22 - 7, "marbles", 0).claim())
    assert not index.is_theorem(comp("h2", "a9", 14, "marbles", 0).claim())


@given(small_programs())
def test_an_instance_derived_on_demand_keeps_the_kernels_own_theorem(
        case: tuple[Program, Atom]) -> None:
    # ProgramIndex.accepted takes it instead of asking the kernel again: it must be the very
    # theorem check_hyperedge returns for the instance (the kernel keeps one per instance)
    program, _goal = case
    built = _indexes(program)
    if built is None:
        return
    index, saturated = built
    listed = {p: list(c) for p, c in index.claims_by_predicate().items()}
    chained = len(index.chart.hyperedges)  # type: ignore[attr-defined]
    assert {p: list(c) for p, c in index.claims_by_predicate().items()} == listed
    assert len(index.chart.hyperedges) == chained  # type: ignore[attr-defined]  # nothing derived
    for claim in sorted({a.claim() for a in saturated.theorems}, key=str):  # type: ignore[attr-defined]
        index.is_theorem(claim)
    demand = index.demand
    assert demand is not None
    added = index.chart.hyperedges[demand.chained:]  # type: ignore[attr-defined]
    for edge in added:
        kept = demand.minted(edge)
        premises = [index.chart.theorems[p] for p in edge.premises]
        assert kept is not None and kept is check_hyperedge(program, edge.rule_id, premises,
                                                            edge.conclusion)
        assert index.accepted(edge) is kept
    for edge in index.chart.hyperedges[:demand.chained]:  # type: ignore[attr-defined]
        assert demand.minted(edge) is None  # chaining's, not demand's
    try:
        index.claims_by_predicate()["cont"] = []  # type: ignore[index]
    except TypeError:
        pass
    else:
        raise AssertionError("claims_by_predicate is read-only")


@given(small_programs())
def test_an_instance_concluded_but_not_minted_is_the_one_deriving_it_adds(
        case: tuple[Program, Atom]) -> None:
    # the instances using a comparison or compeq are concluded by the kernel and minted when
    # first asked for: the chart gains the very instances, in the same order, as when every
    # instance is derived and minted at once
    program, _goal = case
    lazy, eager = _indexes(program), _indexes(program)
    if lazy is None or eager is None:
        return
    eager_demand = eager[0].demand
    assert eager_demand is not None
    eager_demand._introductions = frozenset(rule.id for rule in program.rules)
    for claim in sorted({a.claim() for a in lazy[1].theorems}, key=str):  # type: ignore[attr-defined]
        assert lazy[0].is_theorem(claim) == eager[0].is_theorem(claim)
    lazy_chart, eager_chart = lazy[0].chart, eager[0].chart
    assert lazy_chart.hyperedges == eager_chart.hyperedges  # type: ignore[attr-defined]
    assert list(lazy_chart.theorems) == list(eager_chart.theorems)
    demand = lazy[0].demand
    assert demand is not None
    for edge in lazy_chart.hyperedges[demand.chained:]:  # type: ignore[attr-defined]
        theorem = demand.minted(edge)
        assert theorem is not None and theorem.atom == edge.conclusion
        assert theorem.premises == edge.premises and theorem.rule_id == edge.rule_id
