"""The proof mode pops the atoms it derives in the complete model's order, for DFS and BFS
stopped at the goal: the steps it leaves out only ever push comparisons and compeqs that
derive nothing new, so removing them from a stack or a queue keeps every other atom's
place. Verification computes its search-order references (paper App. D.4) this way."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from tests.test_shortest import early_programs, small_programs
from vlp.checker import NumericalInconsistencyError, forward_chain
from vlp.kernel import Atom, Program, Query
from vlp.sampler import ProblemBuilder, Spec


def _same_pop_orders(program: Program, goal: Atom, order: list[Atom] | None = None) -> None:
    query = Query(goal.predicate, goal.args)
    for strategy in ("dfs", "bfs"):
        try:
            complete = forward_chain(program, query, strategy=strategy, axiom_order=order,
                                     stop_at_goal=True)
        except NumericalInconsistencyError:
            return
        pruned = forward_chain(program, query, strategy=strategy, axiom_order=order,
                               stop_at_goal=True, mode="proof")
        kept = set(pruned.theorems)
        assert [a for a in complete.pop_order if a in kept] == pruned.pop_order, strategy
        # and nothing the references keep (counts, the comparisons compeqs name) is missing
        assert {a for a in complete.pop_order if a.predicate == "cont"} == {
            a for a in pruned.pop_order if a.predicate == "cont"}


@given(st.one_of(small_programs(), early_programs()))
def test_proof_mode_pops_in_the_complete_order(case: tuple[Program, Atom]) -> None:
    program, goal = case
    if goal.predicate == "cont":
        _same_pop_orders(program, goal)


@pytest.mark.parametrize("spec", [
    Spec(), Spec("trees", "entity", "connected"), Spec("trees", "both", "disconnected"),
    Spec("tree", "agent", "connected"), Spec("axiom", "none", "disconnected", control=True),
])
def test_proof_mode_pops_in_the_complete_order_on_generated_problems(spec: Spec) -> None:
    builder = ProblemBuilder()
    for seed in range(6):
        problem, _ = builder.build(seed, spec)
        _same_pop_orders(problem.program(), problem.goal, list(problem.axiom_order()))
