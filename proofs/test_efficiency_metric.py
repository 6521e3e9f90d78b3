"""Efficiency metric sanity (paper §3.2, §5.2; DESIGN §4).

Statement: efficiency = |claims of the shortest proof| / |distinct claims the model
proved| (duplicates ignored). It is exactly 1 on the shortest proof, always in (0, 1]
when the transcript states a claim of the shortest proof, and stating one more true claim
that is not on the shortest proof strictly lowers it.

Checked end to end through ``vlp.verify`` on real generated problems (every setting,
overlap, control or not): the verbalized shortest proof (its claims in DFS order, one
sentence each) scores efficiency 1, recall 1 and exact match; the same transcript plus a
random non-empty selection of true claims off the shortest proof (irrelevant axioms,
theorems forward chaining derives), inserted at random places and possibly repeated,
scores exactly size / (size + number of distinct extra claims) < 1; a random mix of proof
claims and other true claims scores in (0, 1], equal to 1 exactly when every stated claim
is on the shortest proof; and restating a claim does not change the score.

Break it: in checker/metrics.py compute ``efficiency=_ratio(len(relevant),
len(proof_set))`` (recall) instead of ``_ratio(len(relevant), claims)`` — extra true
claims then leave the score at 1 and ``test_extra_true_claims_strictly_lower_efficiency``
fails.
"""

from __future__ import annotations

from hypothesis import given, note
from hypothesis import strategies as st

from proofs.strategies import Request, chart_of, describe, generate, requests
from vlp import verify
from vlp.grammar import render_statement
from vlp.kernel import Claim

PROBLEMS = requests(controls=(False, True), depths=(1, 2, 3))


def _transcript(claims: list[Claim]) -> str:
    return "\n".join(render_statement(c) for c in claims)


def _true_claims_off_the_proof(request: Request) -> list[Claim]:
    problem = generate(request)
    proof = set(problem.proof_claims)
    return sorted({a.claim() for a in chart_of(request).theorems} - proof, key=str)


@given(PROBLEMS)
def test_the_shortest_proof_has_efficiency_one(request: Request) -> None:
    problem = generate(request)
    note(describe(problem))
    transcript = _transcript(list(problem.proof_claims))
    note(transcript)
    metrics = verify(problem, transcript).metrics
    assert metrics.efficiency == 1.0 and metrics.recall == 1.0 and metrics.exact_match, \
        describe(problem, f"metrics: {metrics}")
    # restating claims (duplicates) changes nothing
    metrics_twice = verify(problem, transcript + "\n" + transcript).metrics
    assert metrics_twice.efficiency == 1.0 and metrics_twice.exact_match


@given(PROBLEMS, st.data())
def test_extra_true_claims_strictly_lower_efficiency(request: Request, data: st.DataObject) -> None:
    problem = generate(request)
    note(describe(problem))
    others = _true_claims_off_the_proof(request)
    if not others:
        return
    extra = data.draw(st.lists(st.sampled_from(others), min_size=1, max_size=4), label="extra")
    stated = list(problem.proof_claims)
    for claim in extra:
        stated.insert(data.draw(st.integers(0, len(stated)), label="position"), claim)
    transcript = _transcript(stated)
    note(transcript)
    metrics = verify(problem, transcript).metrics
    size, added = len(set(problem.proof_claims)), len(set(extra))
    assert metrics.efficiency is not None and metrics.efficiency < 1.0, describe(
        problem, f"metrics: {metrics}")
    assert abs(metrics.efficiency - size / (size + added)) < 1e-12, describe(
        problem, f"efficiency {metrics.efficiency}, expected {size}/{size + added}")
    assert metrics.recall == 1.0 and not metrics.exact_match


@given(PROBLEMS, st.data())
def test_efficiency_is_in_the_unit_interval_and_one_only_on_the_proof(
        request: Request, data: st.DataObject) -> None:
    problem = generate(request)
    note(describe(problem))
    proof = sorted(set(problem.proof_claims), key=str)
    others = _true_claims_off_the_proof(request)
    chosen_proof = data.draw(st.lists(st.sampled_from(proof), min_size=1, unique=True),
                             label="proof claims")
    chosen_other = data.draw(st.lists(st.sampled_from(others), unique=True) if others
                             else st.just([]), label="other claims")
    stated = data.draw(st.permutations(chosen_proof + chosen_other), label="order")
    transcript = _transcript(list(stated))
    note(transcript)
    efficiency = verify(problem, transcript).metrics.efficiency
    assert efficiency is not None and 0.0 < efficiency <= 1.0
    assert (efficiency == 1.0) == (not chosen_other), describe(
        problem, f"efficiency {efficiency} with {len(chosen_other)} claims off the proof")
    expected = len(chosen_proof) / (len(chosen_proof) + len(chosen_other))
    assert abs(efficiency - expected) < 1e-12
