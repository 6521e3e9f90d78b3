"""The sampler: certified problems, overlap types, controls, time convention, numbers."""

from __future__ import annotations

import random

import attrs
import pytest

from vlp.kernel import Agents
from vlp.sampler import (
    CONNECTIONS,
    OVERLAPS,
    Certificate,
    Problem,
    ProblemBuilder,
    SamplerConfig,
    Spec,
    certify,
    overlap_failures,
)
from vlp.sampler.certify import CertificationError, text_failures
from vlp.sampler.lexicon import load_lexicon
from vlp.sampler.numbers import rejection_sample, solve_quantities
from vlp.sampler.tree import NamePool, TreeSampler, walk

# Small problems keep the suite fast; one test below uses the default configuration.
SMALL = SamplerConfig(agent_count_probabilities=(0.5, 0.5, 0, 0), depth=(2, 2), num_trees=2)


@pytest.fixture(scope="module")
def builder() -> ProblemBuilder:
    return ProblemBuilder(SMALL)


@pytest.fixture(scope="module")
def default_builder() -> ProblemBuilder:
    return ProblemBuilder()


def _generate(builder: ProblemBuilder, seed: int, spec: Spec) -> Problem:
    problem, counters = builder.generate(seed, spec)
    assert counters.selfcheck_failures == 0
    return problem


@pytest.mark.parametrize("overlap", OVERLAPS)
@pytest.mark.parametrize("connection", CONNECTIONS)
def test_irrelevant_tree_keeps_overlap_type_and_unique_shortest_proof(
        builder: ProblemBuilder, overlap: str, connection: str) -> None:
    for seed in range(2):
        problem = _generate(builder, seed, Spec("tree", overlap, connection))
        assert problem.certificate.unique
        assert problem.num_irrelevant >= 1
        assert overlap_failures(problem) == []
        assert text_failures(problem) == []
        irrelevant = [a.atom for a in problem.axioms if not a.relevant]
        goal_agents = set(problem.goal.agent_sets[0].names)
        agents = {n for a in irrelevant for s in a.agent_sets for n in s.names}
        entities = {a.entity for a in irrelevant}
        # the overlap types, stated directly
        if overlap == "agent":
            assert agents & goal_agents and problem.goal.entity not in entities
        elif overlap == "entity":
            assert problem.goal.entity in entities and not agents & goal_agents
        elif overlap == "both":
            assert problem.goal.entity in entities
            assert any(n.split("'s ")[0] in goal_agents for n in agents if "'s " in n)
        else:
            assert not agents & goal_agents and problem.goal.entity not in entities


def test_overlap_check_catches_a_wrong_type(builder: ProblemBuilder) -> None:
    problem = _generate(builder, 0, Spec("axiom", "entity", "disconnected"))
    assert overlap_failures(problem) == []
    assert overlap_failures(attrs.evolve(problem, overlap="agent")) != []


def test_every_setting_certifies_and_reads_back(default_builder: ProblemBuilder) -> None:
    for spec in (Spec(), Spec("axiom", "none", "connected"), Spec("trees", "both", "disconnected"),
                 Spec("trees", "entity", "connected", control=True)):
        problem = _generate(default_builder, 7, spec)
        assert certify(problem) == problem.certificate
        assert problem.certificate.unique
        assert text_failures(problem) == []
        ground = default_builder.with_query_kind(problem, "ground")
        assert ground.query.is_ground and ground.query.args[1] == problem.answer
        assert text_failures(ground) == []


def test_control_has_twin_axiom_count_and_contains_base_proof(builder: ProblemBuilder) -> None:
    for setting in ("axiom", "tree", "trees"):
        base = _generate(builder, 3, Spec())
        twin = _generate(builder, 3, Spec(setting, "both", "disconnected"))
        control = _generate(builder, 3, Spec(setting, "both", "disconnected", control=True))
        assert control.num_axioms == twin.num_axioms
        assert control.num_irrelevant == 0
        assert set(base.proof_claims) <= set(control.proof_claims)
        assert control.derived_steps == base.derived_steps + twin.num_irrelevant
        # the twin shares the base proof's claims too
        assert set(base.proof_claims) == set(twin.proof_claims)


def test_time_convention_matches_the_text_order(builder: ProblemBuilder) -> None:
    for seed in range(4):
        problem = _generate(builder, seed, Spec("trees", "entity", "connected"))
        transfers = 0
        last = 0
        for record in problem.axioms:
            atom = record.atom
            if atom.predicate == "transfer":
                assert atom.time == transfers
                transfers += 1
                last = max(last, atom.time + 1)
            elif atom.time is not None:
                assert atom.time == transfers
                last = max(last, atom.time)
        assert problem.goal.time == last == problem.query.args[3]


def test_record_json_round_trip(builder: ProblemBuilder) -> None:
    problem = attrs.evolve(_generate(builder, 1, Spec("tree", "agent", "connected")), id="x1")
    again = Problem.from_json(problem.to_json())
    assert again == problem
    assert again.to_line() == problem.to_line()


def test_tampered_problem_fails_certification(builder: ProblemBuilder) -> None:
    problem = _generate(builder, 2, Spec("tree", "none", "disconnected"))
    wrong_goal = problem.goal.with_quantity(problem.goal.quantity + 1)
    with pytest.raises(CertificationError):
        certify(attrs.evolve(problem, goal=wrong_goal))
    # dropping a relevant axiom breaks the proof
    kept = [a for a in problem.axioms if not a.relevant] + [
        a for a in problem.axioms if a.relevant][1:]
    with pytest.raises(CertificationError):
        certify(attrs.evolve(problem, axioms=kept))


def test_derived_steps_span_two_to_thirteen() -> None:
    # |A| = 1 at depth 2 is the smallest proof (2 steps); |A| = 4 at depth 3 with 5a in
    # every branch the largest (1 + 4 * 3 = 13).
    smallest = ProblemBuilder(SamplerConfig(agent_count_probabilities=(1, 0, 0, 0),
                                            depth=(2, 2)))
    largest = ProblemBuilder(SamplerConfig(agent_count_probabilities=(0, 0, 0, 1), depth=(3, 3),
                                           rule_weights=(("5a", 1.0),)))
    assert smallest.build(0, Spec())[0].derived_steps == 2
    assert largest.build(0, Spec())[0].derived_steps == 13


def test_z3_quantities_respect_bounds_and_builtins_and_baseline_agrees() -> None:
    lexicon = load_lexicon()
    config = SamplerConfig()
    for seed in range(5):
        rng = random.Random(seed)
        names = NamePool(lexicon, rng)
        agents = Agents(frozenset(names.fresh() for _ in range(3)))
        root = TreeSampler(config, lexicon, names).relevant(agents, "apples", 3, rng)
        solve_quantities([root], config, seed)
        for node in walk([root]):
            low, high = (config.rate_bounds if node.predicate == "rate" else config.leaf_bounds
                         ) if node.is_axiom else config.inner_bounds
            if node.quantity is not None:
                assert low <= node.quantity <= high
        # the rejection baseline also finds a model of the same tree
        retries = rejection_sample([root], config, random.Random(seed))
        assert retries >= 0
        assert all(n.quantity is not None for n in walk([root]) if n.predicate != "compeq")


def test_same_seed_same_problem(builder: ProblemBuilder) -> None:
    spec = Spec("trees", "agent", "disconnected")
    first = _generate(builder, 11, spec).to_line()
    assert ProblemBuilder(SMALL).generate(11, spec)[0].to_line() == first
    assert _generate(builder, 12, spec).to_line() != first


def test_the_certificate_is_the_one_a_full_minimisation_gives(
        default_builder: ProblemBuilder) -> None:
    """certify checks the proof it was given (every proof leaving out one of its claims is
    larger) instead of searching for a minimum first: the same certificate as the search."""
    from vlp.checker import forward_chain, shortest_proof

    for seed, spec in [(1, Spec()), (2, Spec("trees", "entity", "connected")),
                       (3, Spec("tree", "both", "disconnected", True)),
                       (5, Spec("axiom", "agent", "connected"))]:
        problem = _generate(default_builder, seed, spec)
        chart = forward_chain(problem.program(), problem.query,
                              axiom_order=problem.axiom_order(), mode="proof")
        best = shortest_proof(chart, problem.goal, certify=True)
        assert best.claims == set(problem.proof_claims) and best.unique
        assert problem.certificate == Certificate(best.size, best.runner_up_size, True)


def test_a_problem_does_not_depend_on_the_problems_made_before_it() -> None:
    """A problem's bytes depend on its seed and spec only: made by a fresh builder, or
    after other problems (its control twin first, whose irrelevant trees the control then
    reuses, or problems of other seeds), it is the same."""
    config = SamplerConfig()
    specs = [Spec(setting, "entity", "connected", control)
             for setting in ("axiom", "trees") for control in (False, True)]
    alone = {(seed, spec): ProblemBuilder(config).generate(seed, spec)[0].to_line()
             for seed in (3, 4) for spec in specs}
    busy = ProblemBuilder(config)
    made = []
    irrelevant = busy._irrelevant
    busy._irrelevant = lambda *args: made.append(args[1]) or irrelevant(*args)  # type: ignore[method-assign]
    for seed in (4, 3):  # another seed's problems first, then each twin before its control
        for spec in specs:
            assert busy.generate(seed, spec)[0].to_line() == alone[seed, spec]
    assert all(not spec.control for spec in made)  # each control reused its twin's trees
    for seed in (3, 4):  # a control made again (its twin's trees are used once)
        assert busy.generate(seed, specs[1])[0].to_line() == alone[seed, specs[1]]


def test_paper_design_records_keep_overlap_and_read_back() -> None:
    import io
    import json

    from vlp.sampler import paper_jobs, write_dataset

    sink = io.StringIO()
    summary = write_dataset(paper_jobs(4, 1, ("nonground",)), sink, config=SMALL)
    assert summary.counters.selfcheck_failures == 0
    problems = [Problem.from_json(json.loads(line)) for line in sink.getvalue().splitlines()]
    assert len(problems) == 1 + 3 * 4 * 2 * 2
    base = problems[0]
    for problem in problems:
        assert overlap_failures(problem) == [], problem.id
        assert text_failures(problem) == [], problem.id
        assert problem.certificate.unique
        assert set(base.proof_claims) <= set(problem.proof_claims)
        if problem.control:
            twin = next(p for p in problems if p.id == problem.id.removesuffix("-control"))
            assert problem.num_axioms == twin.num_axioms
