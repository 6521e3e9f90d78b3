"""Reasoning-model mode matches an expression with the instance the saturated model would:
the chart derives the comparisons and compeqs nobody stated on demand, after its own
instances, yet an expression several instances fit gets the one saturated chaining accepted
first (checker/saturated.py). Checked here: the whole acceptance order reconstructed from a
complete-mode chart, and full reports verified over a saturated chart and the normal one."""

from __future__ import annotations

import functools
import importlib
from collections.abc import Iterator
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

from tests.test_demand import shared_entity_program
from tests.test_shortest import early_programs, small_programs
from vlp.checker import NumericalInconsistencyError, forward_chain
from vlp.checker.saturated import SaturatedOrder
from vlp.kernel import Atom, Program, Query
from vlp.lm.baselines import baseline_transcript
from vlp.reading.align import same_expression
from vlp.sampler import generate_problem

verify_module = importlib.import_module("vlp.checker.verify")
# the preparation chains the problem: patched to saturate
prepared_module = importlib.import_module("vlp.checker.prepared")


def _orders_agree(program: Program, query: Query | None = None,
                  order: list[Atom] | None = None) -> None:
    try:
        saturated = forward_chain(program, query, axiom_order=order, mode="saturate")
    except NumericalInconsistencyError:
        return
    chart = forward_chain(program, query, axiom_order=order)
    placed = SaturatedOrder(chart, chart.demand)
    ordered = sorted(saturated.hyperedges, key=functools.cmp_to_key(placed.compare_instances))
    assert ordered == saturated.hyperedges


@given(st.one_of(small_programs(), early_programs()))
def test_the_saturated_acceptance_order_is_reconstructed(case: tuple[Program, Atom]) -> None:
    program, goal = case
    _orders_agree(program, Query(goal.predicate, goal.args) if goal.predicate == "cont"
                  else None)


# (setting, overlap, connection): entity overlap puts many counts at one entity and time,
# where one expression fits several comparisons' instances
SPECS = [("trees", "entity", "connected"), ("trees", "entity", "disconnected"),
         ("trees", "both", "connected"), ("tree", "entity", "connected"),
         ("trees", "agent", "disconnected"), ("base", None, None)]


def _problems() -> Iterator[Any]:
    for setting, overlap, connection in SPECS:
        for seed in range(4):
            yield generate_problem(seed, setting=setting, overlap=overlap,
                                   connection=connection)


def test_the_order_on_generated_problems() -> None:
    for problem in list(_problems())[::4]:
        _orders_agree(problem.program(), Query(problem.goal.predicate, problem.goal.args),
                      list(problem.axiom_order()))


def _saturating(*args: Any, mode: str | None = None, **kwargs: Any) -> Any:
    return forward_chain(*args, mode="saturate" if mode is None else mode, **kwargs)


def _reports(records: list[dict], transcripts: list[list[str]]) -> list[dict]:
    verify_module.prepare.cache_clear()
    try:
        return [verify_module.verify(record, text, mode=mode).to_json()
                for record, texts in zip(records, transcripts, strict=True) for text in texts
                for mode in ("arithmetic", "auto")]
    finally:
        verify_module.prepare.cache_clear()


def test_reports_are_the_saturated_models(monkeypatch: pytest.MonkeyPatch) -> None:
    records = [problem.to_json() for problem in _problems()]
    transcripts = [[baseline_transcript(strategy, record)[0]
                    for strategy in ("bfs", "dfs", "shortest")] for record in records]
    normal = _reports(records, transcripts)
    # how often the instance chosen is not the first fitting one the chart chained (where
    # reports differed before the saturated order was reconstructed)
    reordered = 0
    for record, texts in zip(records, transcripts, strict=True):
        prepared = verify_module.prepared_problem(record)
        for text in texts:
            for sentence in verify_module.read_transcript(text, claims=False):
                for expression in sentence.arithmetic:
                    chained = next((edge for builtin, edge in prepared.builtins()
                                    if same_expression(expression, builtin)),
                                   None)
                    chosen = prepared.arithmetic_instance(expression)
                    reordered += chained is not None and chosen != chained
    assert reordered >= 3
    with monkeypatch.context() as patch:
        patch.setattr(prepared_module, "forward_chain", _saturating)
        saturated = _reports(records, transcripts)
    assert normal == saturated


def test_many_counts_at_one_entity_and_time(monkeypatch: pytest.MonkeyPatch) -> None:
    """Every sum and difference of two counts of a shared-entity program: most fit many
    comparisons' instances, and only the first in saturation's order is derived."""
    program = shared_entity_program(2)
    counts = sorted((a for a in forward_chain(program).theorems if a.predicate == "cont"),
                    key=str)
    sums = [f"{a.quantity} + {b.quantity} = {a.quantity + b.quantity}." for a in counts
            for b in counts if a != b]  # type: ignore[operator]
    differences = [f"{a.quantity} - {b.quantity} = {a.quantity - b.quantity}." for a in counts
                   for b in counts if a.quantity > b.quantity]  # type: ignore[operator]
    problem = verify_module.ProblemSpec(program, Query("cont", counts[-1].args))
    text = " ".join(dict.fromkeys(sums + differences))

    def reports() -> list[dict]:
        verify_module.prepare.cache_clear()
        try:
            return [verify_module.verify(problem, text, mode="arithmetic").to_json()]
        finally:
            verify_module.prepare.cache_clear()

    normal = reports()
    with monkeypatch.context() as patch:
        patch.setattr(prepared_module, "forward_chain", _saturating)
        saturated = reports()
    assert normal == saturated
