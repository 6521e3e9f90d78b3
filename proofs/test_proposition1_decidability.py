"""Proposition 1 (paper App. B, decidability): inference in a generated program terminates.

Statement: for the rules of Table 1 and a numerically consistent set of axioms, the
least model is finite (finitely many theorems for each atom pattern, times bounded by
the horizon), so forward chaining decides every query.

Checked on every kind of generated program (all settings, overlaps, connections, control
or not, ground and non-ground queries): forward chaining runs its agenda empty
(``chart.complete``); every theorem lies within the horizon (max axiom time + 1); no two
theorems differ only in their quantity (re-checked here, not by the chainer); the model
does not depend on the agenda policy (BFS, DFS and best-first give the same theorems);
every theorem the chart holds was accepted by the kernel; and the query has exactly one
answer, the generated goal.

Break it: in checker/chaining.py ``union_targets``, forget the query's agent set
(``named.update(query.agent_sets)`` -> ``pass``). Chaining is no longer goal-directed
towards the asked union, the model lacks the goal of every problem about several agents,
and the check fails with the program listed and "answers: []" (confirmed, see
proofs/README.md).
"""

from __future__ import annotations

from hypothesis import given, note

from proofs.strategies import Request, chart_of, describe, generate, requests
from vlp.checker import forward_chain
from vlp.kernel import AXIOM, SIGNATURES, Atom, Theorem


def _clash(atoms: list[Atom]) -> tuple[Atom, Atom] | None:
    """Two atoms that agree on everything but their quantity (written for this test)."""
    seen: dict[tuple, Atom] = {}
    for atom in atoms:
        if atom.quantity is None:
            continue
        key = (atom.predicate,) + tuple(
            arg for arg, kind in zip(atom.args, _kinds(atom), strict=True) if kind != "quantity")
        if key in seen and seen[key] != atom:
            return seen[key], atom
        seen[key] = atom
    return None


def _kinds(atom: Atom) -> tuple[str, ...]:
    return SIGNATURES[atom.predicate]


@given(requests(controls=(False, True)))
def test_forward_chaining_terminates_with_a_finite_consistent_model(request: Request) -> None:
    problem = generate(request)
    note(str(request))
    note(describe(problem))
    program = problem.program()
    chart = chart_of(request)
    assert chart.complete, describe(problem, "the agenda did not run empty")
    theorems = list(chart.theorems)
    horizon = program.horizon
    late = [a for a in theorems if a.time is not None and a.time > horizon]
    assert not late, describe(problem, f"theorems past the horizon {horizon}: {late[:3]}")
    clash = _clash(theorems)
    assert clash is None, describe(problem, f"numerically inconsistent: {clash}")
    for atom, theorem in chart.theorems.items():
        assert isinstance(theorem, Theorem) and theorem.atom == atom
        assert theorem.rule_id != AXIOM or atom in program.axioms
    assert chart.answers() == [problem.goal], describe(problem, f"answers: {chart.answers()}")
    assert chart.answers()[0].quantity == problem.answer
    for strategy in ("dfs", "overlap"):
        other = forward_chain(program, problem.query, strategy=strategy)
        assert other.complete and set(other.theorems) == set(theorems), describe(
            problem, f"the {strategy} model differs from the BFS model: "
                     f"{sorted(map(str, set(other.theorems) ^ set(theorems)))[:5]}")
