"""Exact shortest proofs (counted in claims) and their uniqueness certificates."""

from __future__ import annotations

from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

from vlp.checker import (
    Chart,
    NoProofError,
    ShortestProof,
    forward_chain,
    load_program,
    shortest_proof,
    solve,
)
from vlp.checker.shortest import _every_proof_uses
from vlp.grammar.canonical import parse_atom, parse_query
from vlp.kernel import (
    Atom,
    Claim,
    Program,
    Theorem,
    check_hyperedge,
    comp,
    compeq,
    cont,
    rate,
    transfer,
)

DATA = Path(__file__).parent / "data"

D3_ORDER = [
    "cont({pieter}, 20, parrots, 0)",
    "transfer({pieter}, {yorgos}, 6, parrots, 0)",
    "cont({pieter}, 14, parrots, 1)",
    "cont({dennie}, 19, parrots, 1)",
    "cont({dianna}, 4, parrots, 1)",
    "comp({dennie}, {dianna}, 15, parrots, 1)",
    "compeq({edgar}, {pieter}, {dennie}, {dianna}, parrots, 1)",
    "cont({edgar}, 29, parrots, 1)",
    "comp({edgar}, {eddie}, 3, parrots, 1)",
    "cont({eddie}, 26, parrots, 1)",
]


@pytest.mark.parametrize("strategy", ["dfs", "bfs", "overlap"])
def test_d3_unique_shortest_proof_in_dfs_order(strategy: str) -> None:
    loaded = load_program(DATA / "d3.json")
    solution = solve(loaded.program, loaded.query, strategy, axiom_order=loaded.axiom_order)
    proof = solution.proof
    assert solution.answer == 26
    assert proof.size == 10 and proof.unique and proof.certified
    assert proof.runner_up_size is None or proof.runner_up_size > 10
    assert [str(a) for a in proof.dfs_atoms()] == D3_ORDER
    assert len(proof.axioms(loaded.program)) == 6
    assert [e.rule_id for e in proof.hyperedges] == ["2b", "1c", "5a", "1b"]
    # the verbalization order of App. D.3 is the same whatever strategy built the chart
    assert proof.hyperedges[-1].conclusion == solution.goal


def test_d2_shortest_proof_is_the_in_context_example() -> None:
    loaded = load_program(DATA / "d2.json")
    solution = solve(loaded.program, loaded.query, "dfs", axiom_order=loaded.axiom_order)
    assert solution.answer == 2
    assert solution.proof.size == 9 and solution.proof.unique
    quantities = [a.quantity for a in solution.proof.dfs_atoms() if a.predicate == "cont"]
    assert quantities == [20, 24, 19, 13, 2]


def test_d2_necklaces_generation() -> None:
    loaded = load_program(DATA / "d2_necklaces.json")
    solution = solve(loaded.program, loaded.query, "dfs", axiom_order=loaded.axiom_order)
    assert solution.answer == 21
    assert [e.rule_id for e in solution.proof.hyperedges] == ["2a", "1b"]
    assert [a.quantity for a in solution.proof.dfs_atoms()] == [18, 14, 32, 11, 21]
    assert solution.proof.size == 5 and solution.proof.unique


def test_popped_counts_the_strategy_pops_up_to_the_goal() -> None:
    loaded = load_program(DATA / "d3.json")
    for strategy in ("dfs", "bfs", "overlap"):
        solution = solve(loaded.program, loaded.query, strategy, axiom_order=loaded.axiom_order)
        stopped = forward_chain(loaded.program, loaded.query, strategy=strategy,
                                axiom_order=loaded.axiom_order, stop_at_goal=True)
        assert solution.popped == len(stopped.pop_order)
    assert solve(loaded.program, loaded.query, "overlap",
                 axiom_order=loaded.axiom_order).popped == 10


def test_two_equally_short_proofs_are_reported_not_unique() -> None:
    program = Program([
        cont("ann", 5, "pens", 0), comp("bea", "ann", 2, "pens", 0),
        cont("cal", 4, "pens", 0), comp("bea", "cal", 3, "pens", 0),
    ])
    chart = forward_chain(program, parse_query("cont({bea}, ?, pens, ?)"))
    proof = shortest_proof(chart, cont("bea", 7, "pens", 0))
    assert proof.size == 3
    assert proof.runner_up_size == 3
    assert not proof.unique
    assert "NOT unique" in proof.certificate_text()


def test_frame_copies_are_free() -> None:
    # Ann's 5 pens must be carried from 0 to 1 to meet the comparison stated at 1
    program = Program([
        cont("ann", 5, "pens", 0), transfer("dan", "eve", 1, "pens", 0),
        comp("bea", "ann", 2, "pens", 1),
    ])
    chart = forward_chain(program, parse_query("cont({bea}, ?, pens, ?)"))
    goal = cont("bea", 7, "pens", 1)
    assert chart.answers() == [goal]
    proof = shortest_proof(chart, goal)
    assert [e.rule_id for e in proof.hyperedges] == ["6", "1a"]
    assert proof.size == 3 and len(proof.atoms) == 4
    assert proof.dfs_atoms() == [cont("ann", 5, "pens", 0), comp("bea", "ann", 2, "pens", 1), goal]
    assert proof.unique


def test_shortest_beats_the_first_derivation() -> None:
    # a long chain stated first, a short route to the same count stated last
    program = Program([
        cont("a", 1, "x", 0), comp("b", "a", 1, "x", 0), comp("c", "b", 1, "x", 0),
        comp("d", "c", 1, "x", 0), cont("e", 2, "x", 0), comp("d", "e", 2, "x", 0),
    ])
    goal = cont("d", 4, "x", 0)
    chart = forward_chain(program, strategy="dfs", axiom_order=sorted(program.axioms, key=str))
    proof = shortest_proof(chart, goal)
    assert proof.size == 3
    assert set(proof.dfs_atoms()) == {cont("e", 2, "x", 0), comp("d", "e", 2, "x", 0), goal}
    assert proof.unique and proof.runner_up_size is not None and proof.runner_up_size > 3


def test_goal_that_is_an_axiom() -> None:
    program = Program([cont("a", 1, "x", 0)])
    chart = forward_chain(program)
    proof = shortest_proof(chart, cont("a", 1, "x", 0))
    assert proof.size == 1 and proof.hyperedges == () and proof.dfs_atoms() == [
        cont("a", 1, "x", 0)]


def test_no_proof() -> None:
    program = Program([cont("a", 1, "x", 0)])
    chart = forward_chain(program)
    with pytest.raises(NoProofError):
        shortest_proof(chart, cont("a", 2, "x", 0))
    with pytest.raises(NoProofError, match="no answer"):
        solve(program, parse_query("cont({b}, ?, x, ?)"))


def test_union_proof_lists_blocks_in_order() -> None:
    loaded = load_program(DATA / "mixed.json")
    solution = solve(loaded.program, loaded.query, axiom_order=loaded.axiom_order)
    assert solution.answer == 11
    assert solution.proof.size == 6  # Alice's frame copy to time 1 is free
    assert solution.proof.hyperedges[-1].rule_id == "3"
    assert [str(a) for a in solution.proof.dfs_atoms()][:2] == [
        "cont({alice}, 5, apples, 0)", "comp({bob}, {alice}, 3, apples, 0)"]


def test_uncertified_proof() -> None:
    loaded = load_program(DATA / "d2.json")
    chart = forward_chain(loaded.program, loaded.query)
    proof = shortest_proof(chart, chart.answers()[0], certify=False)
    assert proof.size == 9 and not proof.certified and proof.runner_up_size is None
    assert not proof.unique


# -- Z3's optimum agrees with brute force on random small consistent programs -------------


@st.composite
def small_programs(draw: st.DrawFn) -> tuple[Program, Atom]:
    agents = ["a", "b", "c", "d"]
    truth = {0: {x: draw(st.integers(0, 9)) for x in agents}}
    truth[1] = dict(truth[0])
    times = [0]
    axioms: set[Atom] = set()
    if draw(st.booleans()):
        sender, receiver = draw(st.permutations(agents))[:2]
        amount = draw(st.integers(1, 5))
        if truth[0][sender] >= amount:
            axioms.add(transfer(sender, receiver, amount, "x", 0))
            truth[1][sender] -= amount
            truth[1][receiver] += amount
            times.append(1)
    facts = draw(st.lists(st.tuples(st.sampled_from(agents), st.sampled_from(agents),
                                    st.sampled_from(times), st.booleans()),
                          min_size=2, max_size=6))
    for first, second, time, is_comparison in facts:
        known = truth[time]
        if is_comparison and known[first] != known[second]:
            high, low = (first, second) if known[first] > known[second] else (second, first)
            axioms.add(comp(high, low, known[high] - known[low], "x", time))
        else:
            axioms.add(cont(first, known[first], "x", time))
    if draw(st.booleans()):  # "e is as far ahead of a as b is of c": a true compeq
        a, b, c = draw(st.permutations(agents))[:3]
        time = draw(st.sampled_from(times))
        known = truth[time]
        if known[b] > known[c]:
            axioms.add(compeq("e", a, b, c, "x", time))
            axioms.add(cont(a, known[a], "x", time))
            if draw(st.booleans()):
                axioms.add(comp(b, c, known[b] - known[c], "x", time))
    if draw(st.booleans()):  # a comparison with a pair makes the pair a union target
        a, b, c = draw(st.permutations(agents))[:3]
        time = draw(st.sampled_from(times))
        known = truth[time]
        gap = draw(st.integers(1, 4))
        axioms.add(comp("f", {a, b}, gap, "x", time))
        axioms.add(cont(c, known[c], "x", time))
    program = Program(axioms)
    chart = forward_chain(program)
    stated = {a.claim() for a in axioms}
    goals = sorted(a for a in chart.theorems if a.predicate == "cont" and a.claim() not in stated)
    goal = draw(st.sampled_from(goals or sorted(chart.theorems)))
    return program, goal


def _minimal_claim_sets(chart: Chart) -> dict[Atom, set[frozenset[Claim]]]:
    """For each theorem, the inclusion-minimal claim sets of its proofs (a fixpoint).

    Independent of the solver: a set built from an edge whose premise proofs happen to
    contain the conclusion still contains the claims of that inner (acyclic) proof, so
    minima (also among sets avoiding some claim) are those of acyclic proofs.
    """
    families: dict[Atom, set[frozenset[Claim]]] = {
        a: {frozenset({a.claim()})} for a in chart.program.axioms}
    changed = True
    while changed:
        changed = False
        for edge in chart.hyperedges:
            if not all(p in families for p in edge.premises):
                continue
            combined: set[frozenset[Claim]] = {frozenset({edge.conclusion.claim()})}
            for premise in edge.premises:
                combined = {c | s for c in combined for s in families[premise]}
            known = families.setdefault(edge.conclusion, set())
            for candidate in combined:
                if any(k <= candidate for k in known):
                    continue
                known.difference_update({k for k in known if candidate <= k})
                known.add(candidate)
                changed = True
    return families


def _assert_matches_brute_force(program: Program, goal: Atom) -> ShortestProof:
    """The solver's optimum and runner-up equal the brute-force minimal claim sets'."""
    chart = forward_chain(program)
    proof = shortest_proof(chart, goal)
    families = _minimal_claim_sets(chart)[goal]
    assert proof.size == min(len(f) for f in families)
    avoiding = [len(f) for f in families if not proof.claims <= f]
    assert proof.runner_up_size == (min(avoiding) if avoiding else None)
    return proof


@given(small_programs())
def test_optimum_and_runner_up_match_brute_force(case: tuple[Program, Atom]) -> None:
    program, goal = case
    proof = _assert_matches_brute_force(program, goal)
    # the extracted proof is a kernel-checked hyperpath ending in the goal
    proved: dict[Atom, Theorem] = {}
    for edge in proof.hyperedges:
        premises = [proved.get(p, p) for p in edge.premises]
        verdict = check_hyperedge(program, edge.rule_id, premises, edge.conclusion)
        assert isinstance(verdict, Theorem), verdict
        proved[edge.conclusion] = verdict
    assert goal in proved or goal in program.axioms
    assert len(proof.dfs_atoms()) == proof.size


@given(small_programs())
def test_claims_every_proof_uses_match_brute_force(case: tuple[Program, Atom]) -> None:
    # the Z3-free check of a recorded proof: exact per claim, and only says "unique" when
    # the solver's own certificate does
    program, goal = case
    chart = forward_chain(program)
    proof = shortest_proof(chart, goal)
    families = _minimal_claim_sets(chart)[goal]
    for claim in sorted(proof.claims, key=str):
        assert _every_proof_uses(chart, goal, frozenset({claim})) == all(
            claim in family for family in families)
    if _every_proof_uses(chart, goal, proof.claims):
        assert proof.unique


# -- comparisons and rates stated before their use (frame rules 6c/6r/6q) ----------------

EARLY_FACTS = [
    "cont({mieko}, 56, armchairs, 0)", "cont({natasha}, 1, warehouses, 0)",
    "comp({pavitra}, {hanneke}, 74, armchairs, 0)", "comp({romain}, {natasha}, 58, armchairs, 0)",
    "cont({pavitra}, 75, armchairs, 0)", "comp({romain}, {rawiri}, 16, armchairs, 0)",
    "cont({taavi}, 20, warehouses, 0)", "rate({taavi}, 9, armchairs, warehouses, 0)",
    "transfer({mieko}, {kaveri}, 26, armchairs, 0)",
    "rate({natasha}, 2, armchairs, warehouses, 1)", "comp({bjarki}, {mieko}, 50, armchairs, 1)",
]


def test_comparison_stated_before_its_use_is_not_pruned() -> None:
    # Regression: (1b) on comp(romain, rawiri, 16, armchairs, 1), a 6c frame copy of an
    # axiom, was pruned as if the comp came from (1c), so the solver saw no proof at all.
    program = Program(parse_atom(a) for a in EARLY_FACTS)
    goal = parse_atom("cont({bjarki, hanneke, rawiri, taavi}, 305, armchairs, 1)")
    proof = shortest_proof(forward_chain(program, goal), goal)
    assert proof.size == 19 and proof.unique
    rules = [e.rule_id for e in proof.hyperedges]
    assert rules.count("6c") == 2 and "4" in rules and rules[-1] == "3"
    carried = {e.conclusion for e in proof.hyperedges if e.rule_id == "6c"}
    assert parse_atom("comp({romain}, {rawiri}, 16, armchairs, 1)") in carried


def test_compeq_stated_before_its_use_is_not_pruned() -> None:
    program = Program([
        compeq("edgar", "pieter", "dennie", "dianna", "x", 0),
        comp("dennie", "dianna", 15, "x", 0),
        cont("zoe", 10, "x", 0), transfer("zoe", "yorgos", 6, "x", 0),
        cont("pieter", 14, "x", 1),
    ])
    goal = cont("edgar", 29, "x", 1)
    proof = shortest_proof(forward_chain(program, goal), goal)
    assert sorted(e.rule_id for e in proof.hyperedges) == ["5a", "6c", "6q"]
    assert proof.size == 4 and proof.unique


@st.composite
def early_programs(draw: st.DrawFn) -> tuple[Program, Atom]:
    """Comparisons, compeqs and rates stated at time 0, counts and transfers later."""
    agents = ["a", "b", "c", "d", "e"]
    truth = [{x: draw(st.integers(0, 9)) for x in agents}]
    axioms: set[Atom] = set()
    for time in range(draw(st.integers(1, 2))):  # transfers at 0 (and 1) between two agents
        sender, receiver = draw(st.permutations(agents[:4]))[:2]
        now = dict(truth[-1])
        amount = draw(st.integers(1, 4))
        if now[sender] >= amount:
            axioms.add(transfer(sender, receiver, amount, "x", time))
            now[sender] -= amount
            now[receiver] += amount
        truth.append(now)
    last = len(truth) - 1
    if draw(st.booleans()):  # e's boxes of x, stated at time 0, used at any time
        per_box = draw(st.integers(2, 3))
        boxes = draw(st.integers(1, 3))
        axioms.add(rate("e", per_box, "x", "box", 0))
        axioms.add(cont("e", boxes, "box", draw(st.integers(0, last))))
        for known in truth:
            known["e"] = per_box * boxes
    pairs = draw(st.lists(st.tuples(st.sampled_from(agents), st.sampled_from(agents)),
                          min_size=1, max_size=4))
    for first, second in pairs:
        if truth[0][first] != truth[0][second]:
            high, low = sorted((first, second), key=lambda x: -truth[0][x])
            axioms.add(comp(high, low, truth[0][high] - truth[0][low], "x", 0))
    for name in draw(st.lists(st.sampled_from(agents), min_size=1, max_size=3)):
        time = draw(st.integers(0, last))
        axioms.add(cont(name, truth[time][name], "x", time))
    if draw(st.booleans()):
        a, b, c = draw(st.permutations(agents))[:3]
        if truth[0][b] > truth[0][c]:
            axioms.add(compeq("f", a, b, c, "x", 0))
            if draw(st.booleans()):
                axioms.add(comp(b, c, truth[0][b] - truth[0][c], "x", 0))
    program = Program(axioms)
    chart = forward_chain(program)
    stated = {a.claim() for a in axioms}
    goals = sorted(a for a in chart.theorems if a.predicate == "cont" and a.claim() not in stated)
    goal = draw(st.sampled_from(goals or sorted(chart.theorems)))
    return program, goal


@given(st.one_of(small_programs(), early_programs()))
def test_optimum_matches_brute_force_with_early_facts(case: tuple[Program, Atom]) -> None:
    _assert_matches_brute_force(*case)


def test_parse_atom_roundtrip_of_proof_json() -> None:
    loaded = load_program(DATA / "d3.json")
    proof = solve(loaded.program, loaded.query).proof
    for edge in proof.to_json()["proof"]:  # type: ignore[union-attr]
        assert parse_atom(edge["conclusion"]).predicate in ("cont", "comp", "compeq")


@given(st.lists(st.lists(st.integers(0, 7), max_size=4), min_size=1, max_size=8))
def test_strong_components_match_networkx(successors: list[list[int]]) -> None:
    import networkx as nx

    from vlp.checker.shortest import _strong_components

    successors = [[t for t in targets if t < len(successors)] for targets in successors]
    graph = nx.DiGraph()
    graph.add_nodes_from(range(len(successors)))
    graph.add_edges_from((s, t) for s, targets in enumerate(successors) for t in targets)
    component = _strong_components(successors)
    ours = {frozenset(n for n in graph if component[n] == c) for c in set(component)}
    assert ours == {frozenset(c) for c in nx.strongly_connected_components(graph)}
