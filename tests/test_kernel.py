"""The kernel's hyperedge check: one test per rejection reason, plus corrupted copies."""

from __future__ import annotations

from functools import cache
from pathlib import Path

import pytest
from hypothesis import assume, given
from hypothesis import strategies as st

from vlp.checker import Chart, Hyperedge, forward_chain, load_program
from vlp.kernel import (
    RULES_BY_ID,
    SIGNATURES,
    Agents,
    Atom,
    KernelError,
    Program,
    Rejection,
    Theorem,
    axiom,
    check_hyperedge,
    comp,
    compeq,
    cont,
    find_clash,
    rate,
    transfer,
)

DATA = Path(__file__).parent / "data"

PROGRAM = Program([
    cont("alice", 5, "apples", 0),
    comp("bob", "alice", 3, "apples", 0),
    cont("carol", 2, "apples", 0),
    cont("zoe", 5, "apples", 0),
    transfer("bob", "carol", 2, "apples", 0),
    cont({"alice", "carol"}, 7, "apples", 0),
    cont("dave", 4, "baskets", 0),
    rate("dave", 6, "apples", "baskets", 0),
    comp("erin", "fay", 3, "pears", 0),
    comp("gus", "hal", 3, "pears", 0),
    cont("hal", 2, "pears", 0),
    compeq("gus", "hal", "erin", "fay", "pears", 0),
])
ALICE_5 = cont("alice", 5, "apples", 0)
BOB_AHEAD = comp("bob", "alice", 3, "apples", 0)
BOB_8 = cont("bob", 8, "apples", 0)
GIFT = transfer("bob", "carol", 2, "apples", 0)


def prove(rule_id: str, premises: list[Atom | Theorem], conclusion: Atom) -> Theorem:
    verdict = check_hyperedge(PROGRAM, rule_id, premises, conclusion)
    assert isinstance(verdict, Theorem), verdict
    assert verdict.atom == conclusion and verdict.rule_id == rule_id
    return verdict


def reject(rule_id: str, premises: list[Atom | Theorem], conclusion: Atom, reason: str) -> str:
    verdict = check_hyperedge(PROGRAM, rule_id, premises, conclusion)
    assert isinstance(verdict, Rejection), f"accepted {verdict}"
    assert verdict.reason == reason, verdict
    assert verdict.rule_id == rule_id
    return verdict.message


def bob_8() -> Theorem:
    return prove("1a", [ALICE_5, BOB_AHEAD], BOB_8)


def test_valid_instances_of_every_rule_are_accepted() -> None:
    bob = bob_8()
    prove("1b", [bob, BOB_AHEAD], ALICE_5)
    prove("1c", [bob, ALICE_5], BOB_AHEAD)
    prove("2a", [cont("carol", 2, "apples", 0), GIFT], cont("carol", 4, "apples", 1))
    prove("2b", [bob, GIFT], cont("bob", 6, "apples", 1))
    prove("3", [ALICE_5, bob], cont({"alice", "bob"}, 13, "apples", 0))
    prove("4", [cont("dave", 4, "baskets", 0), rate("dave", 6, "apples", "baskets", 0)],
          cont("dave", 24, "apples", 0))
    prove("5a", [cont("hal", 2, "pears", 0), comp("erin", "fay", 3, "pears", 0),
                 compeq("gus", "hal", "erin", "fay", "pears", 0)], cont("gus", 5, "pears", 0))
    gus_5 = prove("5a", [cont("hal", 2, "pears", 0), comp("erin", "fay", 3, "pears", 0),
                         compeq("gus", "hal", "erin", "fay", "pears", 0)],
                  cont("gus", 5, "pears", 0))
    prove("5c", [gus_5, comp("erin", "fay", 3, "pears", 0),
                 compeq("gus", "hal", "erin", "fay", "pears", 0)], cont("hal", 2, "pears", 0))
    prove("5b", [comp("erin", "fay", 3, "pears", 0), comp("gus", "hal", 3, "pears", 0)],
          compeq("erin", "fay", "gus", "hal", "pears", 0))
    prove("6", [ALICE_5], cont("alice", 5, "apples", 1))


def test_only_the_kernel_mints_theorems() -> None:
    with pytest.raises(TypeError):
        Theorem(BOB_8, "1a", (ALICE_5, BOB_AHEAD), PROGRAM, _token=object())
    with pytest.raises(KernelError):
        axiom(PROGRAM, BOB_8)
    assert axiom(PROGRAM, ALICE_5).atom == ALICE_5


def test_unknown_rule() -> None:
    assert "9z" in reject("9z", [ALICE_5, BOB_AHEAD], BOB_8, "unknown-rule")


def test_unknown_premise_not_an_axiom() -> None:
    # Bob's 8 apples is true but was never proved: passing the bare atom is not enough
    message = reject("2b", [BOB_8, GIFT], cont("bob", 6, "apples", 1), "unknown-premise")
    assert "cont({bob}, 8, apples, 0)" in message


def test_unknown_premise_theorem_of_another_program() -> None:
    other = Program([ALICE_5, BOB_AHEAD, comp("zed", "alice", 1, "apples", 0)])
    foreign = check_hyperedge(other, "1a", [ALICE_5, comp("zed", "alice", 1, "apples", 0)],
                              cont("zed", 6, "apples", 0))
    assert isinstance(foreign, Theorem)
    reject("1c", [foreign, ALICE_5], comp("zed", "alice", 1, "apples", 0), "unknown-premise")


def test_arity() -> None:
    reject("1a", [ALICE_5], BOB_8, "arity")
    reject("3", [ALICE_5], ALICE_5, "arity")


def test_predicate() -> None:
    reject("1a", [BOB_AHEAD, ALICE_5], BOB_8, "predicate")
    reject("1a", [ALICE_5, BOB_AHEAD], comp("bob", "alice", 8, "apples", 0), "predicate")


def test_mismatch_of_entity() -> None:
    message = reject("1a", [ALICE_5, BOB_AHEAD], cont("bob", 8, "pears", 0), "mismatch")
    assert "entity" in message


def test_mismatch_of_agent() -> None:
    message = reject("1a", [ALICE_5, BOB_AHEAD], cont("carol", 8, "apples", 0), "mismatch")
    assert "agents" in message
    # the comparison is about Bob and Alice, the count about Carol
    reject("1a", [cont("carol", 2, "apples", 0), BOB_AHEAD], cont("bob", 5, "apples", 0),
           "mismatch")


def test_mismatch_of_time() -> None:
    message = reject("1a", [ALICE_5, BOB_AHEAD], cont("bob", 8, "apples", 1), "mismatch")
    assert "time" in message


def test_arithmetic() -> None:
    message = reject("1a", [ALICE_5, BOB_AHEAD], cont("bob", 9, "apples", 0), "arithmetic")
    assert "8" in message
    # (1c) needs a positive difference: Alice and Zoe both have 5
    reject("1c", [ALICE_5, cont("zoe", 5, "apples", 0)], comp("alice", "zoe", 0, "apples", 0),
           "arithmetic")


def test_time() -> None:
    reject("2a", [cont("carol", 2, "apples", 0), GIFT], cont("carol", 4, "apples", 2), "time")
    reject("6", [ALICE_5], cont("alice", 5, "apples", 0), "time")


def test_union() -> None:
    reject("3", [ALICE_5, bob_8()], cont({"alice", "bob", "carol"}, 13, "apples", 0), "union")


def test_not_disjoint() -> None:
    reject("3", [cont({"alice", "carol"}, 7, "apples", 0), ALICE_5],
           cont({"alice", "carol"}, 12, "apples", 0), "not-disjoint")
    reject("1c", [cont({"alice", "carol"}, 7, "apples", 0), cont("carol", 2, "apples", 0)],
           comp({"alice", "carol"}, "carol", 5, "apples", 0), "not-disjoint")


def test_same_pairs() -> None:
    erin = comp("erin", "fay", 3, "pears", 0)
    reject("5b", [erin, erin], compeq("erin", "fay", "erin", "fay", "pears", 0), "same-pairs")


def test_frame_across_transfer() -> None:
    message = reject("6", [bob_8()], cont("bob", 8, "apples", 1), "frame-across-transfer")
    assert "transfer({bob}, {carol}, 2, apples, 0)" in message
    reject("6", [cont("carol", 2, "apples", 0)], cont("carol", 2, "apples", 1),
           "frame-across-transfer")
    # a set that merely contains the receiver is touched too
    pair = {"alice", "carol"}
    reject("6", [cont(pair, 7, "apples", 0)], cont(pair, 7, "apples", 1), "frame-across-transfer")


def test_horizon() -> None:
    assert PROGRAM.horizon == 1
    alice_1 = prove("6", [ALICE_5], cont("alice", 5, "apples", 1))
    reject("6", [alice_1], cont("alice", 5, "apples", 2), "horizon")


def test_find_clash_names_both_atoms() -> None:
    assert find_clash(PROGRAM.axioms) is None
    clash = find_clash([ALICE_5, BOB_8, cont("alice", 6, "apples", 0)])
    assert clash == (ALICE_5, cont("alice", 6, "apples", 0))
    assert find_clash([ALICE_5, cont("alice", 5, "apples", 1)]) is None


# -- corrupted copies of valid hyperedges are all rejected ------------------------------


@cache
def _charts() -> tuple[Chart, ...]:
    charts = []
    for name in ("mixed.json", "d3.json", "d2.json"):
        loaded = load_program(DATA / name)
        charts.append(forward_chain(loaded.program, loaded.query, axiom_order=loaded.axiom_order))
    return tuple(charts)


def _pool(charts: tuple[Chart, ...], kind: str) -> list[object]:
    values: set[object] = set()
    for chart in charts:
        for atom in chart.theorems:
            for k, arg in zip(SIGNATURES[atom.predicate], atom.args, strict=True):
                if k == kind:
                    values.add(arg)
    return sorted(values, key=str)


def _replace(atom: Atom, position: int, value: object) -> Atom | None:
    args = list(atom.args)
    if args[position] == value:
        return None
    args[position] = value
    try:
        return Atom(atom.predicate, tuple(args))
    except ValueError:
        return None


@st.composite
def corrupted_hyperedges(draw: st.DrawFn) -> tuple[Chart, Hyperedge, Hyperedge]:
    charts = _charts()
    chart = draw(st.sampled_from(charts))
    edge = draw(st.sampled_from(chart.hyperedges))
    change = draw(st.sampled_from(["number", "entity", "agent", "time", "rule"]))
    if change == "rule":
        other = draw(st.sampled_from(sorted(set(RULES_BY_ID) - {edge.rule_id})))
        return chart, edge, Hyperedge(other, edge.premises, edge.conclusion)
    atoms = [*edge.premises, edge.conclusion]
    kind = {"number": "quantity", "agent": "agents"}.get(change, change)
    candidates = [i for i, a in enumerate(atoms) if kind in SIGNATURES[a.predicate]]
    which = draw(st.sampled_from(candidates))
    atom = atoms[which]
    positions = [i for i, k in enumerate(SIGNATURES[atom.predicate]) if k == kind]
    position = draw(st.sampled_from(positions))
    if kind in ("quantity", "time"):
        delta = draw(st.integers(1, 5)) * draw(st.sampled_from([-1, 1]))
        value: object = atom.args[position] + delta  # type: ignore[operator]
    else:
        value = draw(st.sampled_from(_pool(charts, kind)))
    corrupted = _replace(atom, position, value)
    assume(corrupted is not None)
    atoms[which] = corrupted  # type: ignore[call-overload]
    return chart, edge, Hyperedge(edge.rule_id, tuple(atoms[:-1]), atoms[-1])


@given(corrupted_hyperedges())
def test_corrupted_copies_of_valid_hyperedges_are_rejected(
    case: tuple[Chart, Hyperedge, Hyperedge],
) -> None:
    chart, original, corrupted = case
    assert corrupted != original
    program = chart.program
    premises = [chart.theorems.get(p, p) for p in corrupted.premises]
    verdict = check_hyperedge(program, corrupted.rule_id, premises, corrupted.conclusion)
    # A corruption can land on another genuine instance (e.g. a premise swapped for an
    # equal theorem); the full model then already holds it. Everything else is refused.
    if corrupted in set(chart.hyperedges):
        assert isinstance(verdict, Theorem)
    else:
        assert isinstance(verdict, Rejection), f"kernel accepted corrupted {corrupted}"


def test_every_chart_hyperedge_is_accepted_by_the_kernel() -> None:
    for chart in _charts():
        for edge in chart.hyperedges:
            premises = [chart.theorems[p] for p in edge.premises]
            verdict = check_hyperedge(chart.program, edge.rule_id, premises, edge.conclusion)
            assert isinstance(verdict, Theorem), (edge, verdict)


def test_agents_are_sets() -> None:
    assert Agents.of("Bob", "alice") == Agents(frozenset({"alice", "bob"}))


def test_rate_holds_only_at_its_time() -> None:
    """A rate stated at time 0 says nothing about time 1 (rate atoms carry a time)."""
    program = Program([cont("dave", 4, "baskets", 0), rate("dave", 6, "apples", "baskets", 0)])
    message = reject("4", [cont("dave", 4, "baskets", 0), rate("dave", 6, "apples", "baskets", 0)],
                     cont("dave", 24, "apples", 1), "mismatch")
    assert "time mismatch" in message
    assert isinstance(check_hyperedge(program, "4", [cont("dave", 4, "baskets", 0),
                      rate("dave", 6, "apples", "baskets", 0)], cont("dave", 24, "apples", 0)),
                      Theorem)
