"""The verifier trusts nothing of a record it can check: the shortest proof a generated
record carries is used only if Z3 confirms it is the unique shortest; a padded or wrong
one is replaced by the recomputed proof, so the efficiency denominator is never the
record's word."""

from __future__ import annotations

from vlp.checker import forward_chain, goal_of, shortest_proof
from vlp.checker.shortest import is_unique_shortest
from vlp.checker.verify import prepare
from vlp.kernel import Agents, Program, Query, comp, cont, transfer

PROGRAM = Program([cont("ann", 5, "pears", 0), comp("bo", "ann", 2, "pears", 0),
                   transfer("ann", "cy", 1, "pears", 0), cont("cy", 3, "pears", 0)])
QUERY = Query("cont", (Agents.of("bo"), None, "pears", None))


def test_the_certificate_check_accepts_only_the_unique_shortest_claims() -> None:
    chart = forward_chain(PROGRAM, QUERY)
    goal = goal_of(chart, QUERY)
    proof = shortest_proof(chart, goal)
    assert is_unique_shortest(chart, goal, proof.claims)
    padded = proof.claims | {cont("cy", 3, "pears", 0).claim()}
    assert not is_unique_shortest(chart, goal, padded)


def test_a_padded_recorded_proof_is_not_used() -> None:
    honest = prepare(PROGRAM, QUERY)
    chart, shortest = honest.chart, honest.proof
    # an accepted rule instance from axioms that the shortest proof does not need
    extra = next(e for e in chart.hyperedges if e.conclusion.claim() not in shortest.claims
                 and all(p in PROGRAM.axioms for p in e.premises))
    padded = (extra, *shortest.hyperedges)
    assert prepare(PROGRAM, QUERY, certified_proof=padded).proof.claims == shortest.claims
    # the honest record's proof is used as it is
    recorded = prepare(PROGRAM, QUERY, certified_proof=shortest.hyperedges).proof
    assert recorded.hyperedges == shortest.hyperedges
