"""Lemma 1 (paper App. C.4): a generated proof is the unique shortest proof of its goal.

Statement: for an agent-conserving rule set and a set of axioms, every proof that the
generator (Alg. 2, without irrelevant axioms) can produce is the unique shortest proof of
its goal from those axioms.

Checked on base problems of the real sampler (every depth, goal agent-set size and query
kind): the generated proof replays step by step through the kernel and proves the goal;
every axiom is used; in the program's full proof forest (forward chaining, BFS) there is
no proof with fewer claims and no other proof with as many (asked of Z3 as plain
satisfiability by ``proofs/minimal_proofs.py``); and ``vlp.checker.shortest_proof`` — an
independent Z3 descent encoding — finds the same claim set with a strictly larger
runner-up.

Break it: in sampler/tree.py, reverse (1a), build the comparison the wrong way round —
``axiom("comp", (a, other))`` -> ``axiom("comp", (other, a))``. The generated "proof" then
has a (1a) step that is no rule instance, and the check fails with "kernel rejects step
[1a]: ... agents mismatch" (confirmed, see proofs/README.md).
"""

from __future__ import annotations

from hypothesis import given, note

from proofs.minimal_proofs import ProofSpace, replay
from proofs.strategies import Request, chart_of, describe, generate, requests
from vlp.checker import shortest_proof


@given(requests(settings_=("base",)))
def test_generated_base_proof_is_the_unique_shortest(request: Request) -> None:
    problem = generate(request)
    note(str(request))
    note(describe(problem))
    program = problem.program()
    steps = [(e.rule_id, e.premises, e.conclusion) for e in problem.proof_edges]
    proved = replay(program, steps)
    assert problem.goal in proved or problem.goal in program.axioms, describe(problem)
    claims = frozenset(problem.proof_claims)
    size = len(claims)
    atoms = proved | {problem.goal}
    assert {a.claim() for a in atoms} == set(claims), describe(
        problem, f"proof claims listed: {sorted(map(str, claims))}")
    unused = [a for a in program.axioms if a.claim() not in claims]
    assert not unused, describe(problem, f"axioms off the generated proof: {unused}")

    chart = chart_of(request)
    assert chart.answers() == [problem.goal], describe(problem, f"answers: {chart.answers()}")
    space = ProofSpace(chart, problem.goal)
    assert space.exists(size), describe(problem, "the forest has no proof of the goal this size")
    assert not space.exists(size - 1), describe(problem, f"a proof with < {size} claims exists")
    assert not space.exists(size, avoiding_one_of=claims), describe(
        problem, f"another proof with {size} claims exists")

    found = shortest_proof(chart, problem.goal)
    assert found.claims == claims and found.size == size, describe(
        problem, f"checker's shortest proof: {sorted(map(str, found.claims))}")
    assert found.unique and (found.runner_up_size is None or found.runner_up_size > size), \
        describe(problem, f"runner-up size {found.runner_up_size}")
