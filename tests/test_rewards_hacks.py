"""The reward cannot be gamed: on generated problems of every setting, the honest shortest
proof (in the template language and phrased freely) scores the maximum, every hack of
``vlp.reward_hacks`` scores strictly less, and a proof with one false step scores less than
the same proof without it."""

from __future__ import annotations

import pytest
from hypothesis import HealthCheck, example, given, settings
from hypothesis import strategies as st

from vlp.reward_hacks import hacks, honest_proofs, proof_parts, with_false_step
from vlp.rewards import DEFAULT_WEIGHTS, RewardWeights, score_sample

pytest.importorskip("z3")
from vlp.sampler import generate_problem  # noqa: E402
from vlp.validate import CONNECTIONS, OVERLAPS, SETTINGS  # noqa: E402

# the defaults' maximum: answer, efficiency and completeness all earned, nothing charged
MAXIMUM = DEFAULT_WEIGHTS.answer + DEFAULT_WEIGHTS.efficiency + DEFAULT_WEIGHTS.completeness

KINDS = [("base", None, None)] + [(setting, overlap, connection) for setting in SETTINGS
                                  if setting != "base" for overlap in OVERLAPS
                                  for connection in CONNECTIONS]


def record(seed: int, kind: tuple[str, str | None, str | None]) -> dict:
    setting, overlap, connection = kind
    problem = generate_problem(seed, setting=setting, overlap=overlap, connection=connection)
    return {**problem.to_json(), "id": f"hack-{problem.id}"}


def rewards_of(problem: dict, texts: list[str],
               weights: RewardWeights = DEFAULT_WEIGHTS) -> list[float]:
    scored = [score_sample(problem, text, weights=weights) for text in texts]
    assert all(s.reason is None for s in scored), [s.reason for s in scored if s.reason]
    return [s.reward for s in scored]


@settings(max_examples=100, deadline=None, derandomize=True,
          suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 100_000), kind=st.sampled_from(KINDS))
# a free-form phrasing "X now has c E, because a - b = c." was read as two claims here
@example(seed=153, kind=("tree", "none", "disconnected"))
def test_honest_proofs_score_the_maximum_and_every_hack_less(seed, kind) -> None:
    problem = record(seed, kind)
    parts = proof_parts(problem)
    honest = honest_proofs(parts)
    assert rewards_of(problem, [c.text for c in honest]) == pytest.approx([MAXIMUM] * 2)
    made = hacks(parts, filler_bytes=4_000)
    for completion, value in zip(made, rewards_of(problem, [c.text for c in made]),
                                 strict=True):
        assert value < MAXIMUM - 1e-9, (kind, seed, completion.name, completion.text)


@settings(max_examples=25, deadline=None, derandomize=True,
          suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 100_000), kind=st.sampled_from(KINDS),
       false_step=st.floats(0.01, 1.0), floor=st.sampled_from([0.0, -1.0]))
def test_one_false_step_costs(seed, kind, false_step, floor) -> None:
    """Whatever the false-step weight, a false claim lowers the reward (down to the floor)."""
    problem = record(seed, kind)
    parts = proof_parts(problem)
    weights = RewardWeights(false_step=false_step, floor=floor)
    clean, dirty = rewards_of(problem, [honest_proofs(parts)[0].text, with_false_step(parts)],
                              weights)
    assert dirty < clean


def test_the_table_of_the_issue() -> None:
    """The cases measured at 1.000 before completeness, idle and verbosity were charged,
    on one generated tree problem, each now below the honest proof."""
    problem = record(3, ("tree", "both", "connected"))
    parts = proof_parts(problem)
    by_name = {c.name: c.text for c in hacks(parts, filler_bytes=4_000)}
    names = ["goal only", "goal and answer", "one axiom", "proof 20 times",
             "injection and goal", "bare equations", "one-row table", "mixed languages",
             "false claim after Q:", "false claim on the answer line",
             "wrong answer, then the right one"]
    values = rewards_of(problem, [by_name[name] for name in names])
    assert max(values) <= 0.9, dict(zip(names, values, strict=True))
    assert rewards_of(problem, [by_name["answer only"]]) == [0.25]
