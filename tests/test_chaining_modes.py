"""The proof-relevant chaining mode gives the same answers and shortest proofs as the
complete model (checker/chaining.py, "Modes"), on random programs and generated problems."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from tests.test_shortest import early_programs, small_programs
from vlp.checker import NumericalInconsistencyError, forward_chain, shortest_proof
from vlp.grammar.canonical import parse_atom, parse_query
from vlp.kernel import Atom, Program, comp, compeq, cont, transfer
from vlp.sampler import ProblemBuilder, Spec


def _same_in_both_modes(program: Program, goal: Atom) -> None:
    complete = forward_chain(program, goal)
    proof_mode = forward_chain(program, goal, mode="proof")
    assert proof_mode.mode == "proof" and complete.mode == "complete"
    # the same count theorems; the proof mode has a subset of the forest
    assert ({a for a in complete.theorems if a.predicate == "cont"}
            == {a for a in proof_mode.theorems if a.predicate == "cont"})
    assert set(proof_mode.hyperedges) <= set(complete.hyperedges)
    best = shortest_proof(complete, goal)
    pruned = shortest_proof(proof_mode, goal)
    assert (pruned.size, pruned.runner_up_size, pruned.unique) == (
        best.size, best.runner_up_size, best.unique)
    if best.unique:  # among tied optima the solver may pick another one per forest
        assert pruned.claims == best.claims
        assert pruned.hyperedges == best.hyperedges


@given(st.one_of(small_programs(), early_programs()))
def test_proof_mode_keeps_shortest_proof_and_runner_up(case: tuple[Program, Atom]) -> None:
    program, goal = case
    if goal.predicate == "cont":
        _same_in_both_modes(program, goal)


@pytest.mark.parametrize("spec", [
    Spec(), Spec("trees", "entity", "connected"), Spec("tree", "both", "disconnected"),
    Spec("axiom", "none", "disconnected", control=True),
])
def test_proof_mode_agrees_on_generated_problems(spec: Spec) -> None:
    builder = ProblemBuilder()
    for seed in range(4):
        problem, _ = builder.build(seed, spec)
        _same_in_both_modes(problem.program(), problem.goal)


def test_proof_mode_leaves_out_comparisons_no_proof_uses() -> None:
    program = Program([cont("a", 5, "x", 0), cont("b", 3, "x", 0), cont("c", 9, "x", 0),
                       comp("d", "c", 2, "x", 0)])
    complete = forward_chain(program)
    pruned = forward_chain(program, mode="proof")
    # the complete model recognises "a has 2 more than b" (derived when asked); the proof
    # mode does not derive it
    assert comp("a", "b", 2, "x", 0) not in complete.theorems
    assert complete.proves(comp("a", "b", 2, "x", 0))
    assert not complete.proves(comp("a", "b", 3, "x", 0))
    assert comp("a", "b", 2, "x", 0) not in pruned.theorems
    assert cont("d", 11, "x", 0) in pruned.theorems
    assert {e.rule_id for e in pruned.hyperedges} == {"1a", "1b"}  # no 1c, 5b or 6c


def test_proof_mode_derives_the_comparison_a_compeq_needs() -> None:
    program = Program([cont("h", 30, "x", 0), cont("i", 22, "x", 0), cont("a", 4, "x", 0),
                       compeq("j", "a", "h", "i", "x", 0)])
    pruned = forward_chain(program, mode="proof")
    assert comp("h", "i", 8, "x", 0) in pruned.theorems
    assert cont("j", 12, "x", 0) in pruned.theorems
    assert not any(e.rule_id == "5b" for e in pruned.hyperedges)


def test_comparison_query_chains_completely() -> None:
    program = Program([cont("a", 5, "x", 0), cont("b", 3, "x", 0)])
    query = parse_query("comp({a}, {b}, ?, x, 0)")
    chart = forward_chain(program, query, mode="proof")
    assert chart.mode == "saturate"
    assert chart.answers() == [parse_atom("comp({a}, {b}, 2, x, 0)")]


def test_unknown_mode_is_refused() -> None:
    with pytest.raises(ValueError, match="unknown mode"):
        forward_chain(Program([cont("a", 1, "x", 0)]), mode="fast")


@st.composite
def loose_programs(draw: st.DrawFn) -> Program:
    """Random counts, comparisons and compeqs with random numbers: often inconsistent."""
    agents = ["a", "b", "c", "d"]
    axioms: set[Atom] = set()
    for name, time in draw(st.lists(st.tuples(st.sampled_from(agents), st.integers(0, 1)),
                                    max_size=4, unique=True)):
        axioms.add(cont(name, draw(st.integers(0, 9)), "x", time))
    for _ in range(draw(st.integers(0, 3))):
        first, second = draw(st.permutations(agents))[:2]
        axioms.add(comp(first, second, draw(st.integers(1, 6)), "x", draw(st.integers(0, 1))))
    if draw(st.booleans()):
        a, b, c = draw(st.permutations(agents))[:3]
        axioms.add(compeq("e", a, b, c, "x", draw(st.integers(0, 1))))
    if draw(st.booleans()):
        sender, receiver = draw(st.permutations(agents))[:2]
        axioms.add(transfer(sender, receiver, draw(st.integers(1, 3)), "x", 0))
    return Program(axioms or {cont("a", 1, "x", 0)})


def _outcome(program: Program, mode: str) -> frozenset[Atom] | None:
    try:
        chart = forward_chain(program, mode=mode)
    except NumericalInconsistencyError:
        return None
    return frozenset(a for a in chart.theorems if a.predicate == "cont")


@given(loose_programs())
def test_both_modes_refuse_the_same_inconsistent_programs(program: Program) -> None:
    assert _outcome(program, "proof") == _outcome(program, "complete")
