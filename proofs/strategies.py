"""Hypothesis strategies over the real sampler, and how to show a failing problem.

Every lemma check draws its problems here: a seed, a proof depth, the number of agents in
the goal, the irrelevant-axiom setting, the overlap with the goal, how irrelevant trees
connect, control or not, ground or non-ground query. ``vlp.sampler.generate_problem`` is
deterministic in these, so Hypothesis can replay and shrink a failure (towards seed 0,
depth 1, one agent, the first setting), and :func:`describe` prints the failing program in
canonical syntax.

The per-combination helpers spread a profile's example budget over a grid of settings so
that the quick profile still visits every setting/overlap pair.
"""

from __future__ import annotations

import functools
import os
from collections.abc import Sequence
from typing import TYPE_CHECKING

import attrs
from hypothesis import note, settings
from hypothesis import strategies as st

from vlp.checker import Chart, NumericalInconsistencyError, forward_chain
from vlp.sampler import Problem, ProblemBuilder, SamplerConfig, Spec, generate_problem
from vlp.sampler.config import CONNECTIONS, OVERLAPS, QUERY_KINDS, SETTINGS

if TYPE_CHECKING:
    from vlp.checker.prepared import PreparedProblem
    from vlp.kernel import Atom

IRRELEVANT_SETTINGS: tuple[str, ...] = tuple(s for s in SETTINGS if s != "base")
DEPTHS = (1, 2, 3)
AGENT_COUNTS = (1, 2, 3, 4)
SEEDS = st.integers(min_value=0, max_value=2**31 - 1)


@attrs.frozen
class Request:
    """The arguments of one ``generate_problem`` call (hashable, so results are cached)."""

    seed: int
    setting: str = "base"
    overlap: str | None = None
    connection: str | None = None
    control: bool = False
    query_kind: str = "nonground"
    depth: int = 2
    agents: int = 1

    def config(self) -> SamplerConfig:
        weights = tuple(1.0 if n == self.agents else 0.0 for n in AGENT_COUNTS)
        return SamplerConfig(depth=(self.depth, self.depth), agent_count_probabilities=weights)

    def __str__(self) -> str:
        return (f"generate_problem({self.seed}, setting={self.setting!r}, "
                f"overlap={self.overlap!r}, connection={self.connection!r}, "
                f"control={self.control}, query_kind={self.query_kind!r}, "
                f"config=SamplerConfig(depth=({self.depth}, {self.depth}), "
                f"|A| = {self.agents}))")


@functools.cache
def _builder(config: SamplerConfig) -> ProblemBuilder:
    return ProblemBuilder(config)


def _spec(request: Request) -> Spec:
    if request.setting == "base":
        return Spec()
    return Spec(request.setting, request.overlap, request.connection, request.control)


def generate(request: Request) -> Problem:
    """The generator's own construction for ``request`` — its first attempt.

    ``generate_problem`` certifies each problem and, should that fail, re-draws it; the
    lemmas claim the construction is right by itself, so the checks look at the first
    attempt, before any self-check could hide a failure. (Its certificate field is a
    placeholder; :func:`generate_certified` gives the public, certified problem.)
    """
    log = os.environ.get("VLP_PROOFS_PROBLEM_LOG")
    if log:  # one line per problem a check draws, to count a long run's problems
        with open(log, "a", encoding="utf-8") as stream:
            stream.write(f"{os.environ.get('PYTEST_CURRENT_TEST', '?').split(' ')[0]}\n")
    return _first_attempt(request)


@functools.lru_cache(maxsize=256)
def _first_attempt(request: Request) -> Problem:
    builder = _builder(request.config())
    problem, _counters = builder.build(request.seed, _spec(request), 0)
    return builder.with_query_kind(problem, request.query_kind)


def generate_certified(request: Request) -> Problem:
    """The problem as ``vlp.sampler.generate_problem`` hands it out (certified)."""
    spec = _spec(request)
    return generate_problem(request.seed, setting=spec.setting, overlap=spec.overlap,
                            connection=spec.connection, control=spec.control,
                            query_kind=request.query_kind, config=request.config())


@functools.lru_cache(maxsize=256)
def chart_of(request: Request) -> Chart:
    """The full forward-chaining model of the problem's program (BFS).

    A numerically inconsistent program fails the calling check with the program listed.
    """
    problem = _first_attempt(request)
    try:
        return forward_chain(problem.program(), problem.query, strategy="bfs")
    except NumericalInconsistencyError as error:
        raise AssertionError(describe(problem, f"not numerically consistent: {error}")) from None


@st.composite
def _requests(draw: st.DrawFn, settings_: Sequence[str], overlaps: Sequence[str],
              connections: Sequence[str], controls: Sequence[bool], query_kinds: Sequence[str],
              depths: Sequence[int], agents: Sequence[int]) -> Request:
    setting = draw(st.sampled_from(list(settings_)))
    base = setting == "base"
    return Request(
        seed=draw(SEEDS),
        setting=setting,
        overlap=None if base else draw(st.sampled_from(list(overlaps))),
        connection=None if base else draw(st.sampled_from(list(connections))),
        control=False if base else draw(st.sampled_from(list(controls))),
        query_kind=draw(st.sampled_from(list(query_kinds))),
        depth=draw(st.sampled_from(list(depths))),
        agents=draw(st.sampled_from(list(agents))),
    )


def requests(*, settings_: Sequence[str] = SETTINGS, overlaps: Sequence[str] = OVERLAPS,
             connections: Sequence[str] = CONNECTIONS, controls: Sequence[bool] = (False,),
             query_kinds: Sequence[str] = QUERY_KINDS, depths: Sequence[int] = DEPTHS,
             agents: Sequence[int] = AGENT_COUNTS) -> st.SearchStrategy[Request]:
    """Requests drawn from the given grids (earlier values shrink first)."""
    return _requests(settings_, overlaps, connections, controls, query_kinds, depths, agents)


@st.composite
def stated_facts(draw: st.DrawFn, predicates: Sequence[str]):
    """A generated problem, prepared for verifying, and one axiom it states whose
    predicate is one of ``predicates`` (in the order the problem presents them)."""
    from vlp.checker.verify import prepared_problem

    request = draw(requests())
    problem = generate(request)
    prepared = prepared_problem(problem)
    stated = [a for a in prepared.axiom_order or sorted(prepared.program.axioms, key=str)
              if a.predicate in predicates]
    atom = draw(st.sampled_from(stated))
    note(str(request))
    return problem, prepared, atom


def unproved_quantity(prepared: PreparedProblem, atom: Atom) -> int:
    """The least quantity above the atom's with which its claim is no theorem."""
    return next(q for q in range(atom.quantity + 1, atom.quantity + 10 ** 6)
                if not prepared.index.is_theorem(atom.with_quantity(q).claim()))


def per_case_examples(cases: int, minimum: int = 2) -> int:
    """A share of the loaded profile's example budget for one of ``cases`` parametrized
    cases, so that all cases together run about one profile's worth of problems."""
    return max(minimum, -(-settings().max_examples // cases))


def describe(problem: Problem, *extra: str) -> str:
    """The problem as a canonical-syntax program listing (for failure messages)."""
    lines = [f"problem {problem.id} (seed {problem.seed}, setting {problem.setting}, "
             f"overlap {problem.overlap}, connection {problem.connection}, "
             f"control {problem.control}, depth {problem.depth})",
             f"query: {problem.query}", f"goal:  {problem.goal}", "axioms:"]
    lines += [f"  {a.atom}{'' if a.relevant else '   # irrelevant'}" for a in problem.axioms]
    lines.append("generated proof:")
    lines += [f"  [{e.rule_id}] {', '.join(map(str, e.premises))} |- {e.conclusion}"
              for e in problem.proof_edges]
    return "\n".join([*lines, *extra])
