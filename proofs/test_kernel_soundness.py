"""Kernel soundness (DESIGN §3, paper Table 1): the kernel accepts exactly the true rule instances.

Statement: every hyperedge ``premises |- conclusion`` that ``vlp.kernel.check_hyperedge``
accepts is a true instance of its rule — the conclusion is what the rule of Table 1
computes from the premises, its side conditions hold, the frame rule is not applied across
a transfer, the conclusion lies within the horizon and every premise is an axiom — and
every corrupted hyperedge (one quantity, agent set, entity or time changed, a premise
dropped or swapped, a premise not in the program) is rejected.

The judge is :func:`true_instance` below, written from the table in DESIGN §3 (plus the
kernel's documented extensions: ``rate`` carries a time, (5c) mirrors (5a), and frame
rules (6c)(6r)(6q) carry comparisons, rates and compeqs forward like (6) carries counts)
without reading the kernel's rule data or evaluator. The test asserts agreement both ways
(accepted <=> true instance) on random instances of every rule, corrupted or not.

Break it: in kernel/rules.py change (1b)'s built-in ``Equal(q2, Sub(q1, q))`` to
``Equal(q2, Add(q1, q))``; the kernel then accepts cont({a}, q1+q, ...) for (1b), which
the judge calls false, and ``test_kernel_agrees_with_the_independent_judge`` fails.
"""

from __future__ import annotations

from collections.abc import Sequence

import pytest
from hypothesis import event, given, note
from hypothesis import strategies as st

from vlp.kernel import (
    RULES,
    SIGNATURES,
    Agents,
    Atom,
    Program,
    Rejection,
    Theorem,
    check_hyperedge,
    comp,
    compeq,
    cont,
    rate,
    transfer,
)

NAMES = ("alice", "bob", "carol", "dave", "eve")
ENTITIES = ("apples", "pears", "baskets")
RULE_IDS = tuple(r.id for r in RULES)


# --- the independent judge -----------------------------------------------------------

def _expected_conclusion(rule_id: str, premises: Sequence[Atom],
                         axioms: frozenset[Atom]) -> Atom | None:
    """What Table 1 concludes from these premises, or None if the rule does not apply."""
    shape = [p.predicate for p in premises]

    def same(*values: object) -> bool:
        return len(set(values)) == 1

    if rule_id == "1a" and shape == ["cont", "comp"]:
        (a2, q2, e, t), (a1, b2, q, e_, t_) = premises[0].args, premises[1].args
        if same(a2, b2) and same(e, e_) and same(t, t_):
            return cont(a1, q2 + q, e, t)
    if rule_id == "1b" and shape == ["cont", "comp"]:
        (a1, q1, e, t), (b1, a2, q, e_, t_) = premises[0].args, premises[1].args
        if same(a1, b1) and same(e, e_) and same(t, t_) and q1 - q >= 0:
            return cont(a2, q1 - q, e, t)
    if rule_id == "1c" and shape == ["cont", "cont"]:
        (a1, q1, e, t), (a2, q2, e_, t_) = premises[0].args, premises[1].args
        if same(e, e_) and same(t, t_) and q1 - q2 >= 1 and not set(a1.names) & set(a2.names):
            return comp(a1, a2, q1 - q2, e, t)
    if rule_id in ("2a", "2b") and shape == ["cont", "transfer"]:
        (holder, q1, e, t), (sender, receiver, q, e_, t_) = premises[0].args, premises[1].args
        if same(e, e_) and same(t, t_):
            if rule_id == "2a" and holder == receiver:
                return cont(holder, q1 + q, e, t + 1)
            if rule_id == "2b" and holder == sender and q1 - q >= 0:
                return cont(holder, q1 - q, e, t + 1)
    if rule_id == "3" and len(premises) >= 2 and all(s == "cont" for s in shape):
        sets = [p.args[0].names for p in premises]
        disjoint = sum(len(s) for s in sets) == len(frozenset().union(*sets))
        shared = same(*(p.args[2] for p in premises)) and same(*(p.args[3] for p in premises))
        if disjoint and shared:
            return cont(frozenset().union(*sets), sum(p.args[1] for p in premises),
                        premises[0].args[2], premises[0].args[3])
    if rule_id == "4" and shape == ["cont", "rate"]:
        (a, q1, container, t), (b, q, e, container_, t_) = premises[0].args, premises[1].args
        if same(a, b) and same(container, container_) and same(t, t_):
            return cont(a, q1 * q, e, t)
    if rule_id == "5a" and shape == ["cont", "comp", "compeq"]:
        (a2, q2, e, t), (a3, a4, q, e_, t_) = premises[0].args, premises[1].args
        c1, c2, c3, c4, e__, t__ = premises[2].args
        if same(a2, c2) and same(a3, c3) and same(a4, c4) and same(e, e_, e__) and same(t, t_, t__):
            return cont(c1, q2 + q, e, t)
    if rule_id == "5c" and shape == ["cont", "comp", "compeq"]:
        # the mirror of (5a): A1's count and "A1 has as many more than A2 as A3 than A4"
        (a1, q1, e, t), (a3, a4, q, e_, t_) = premises[0].args, premises[1].args
        c1, c2, c3, c4, e__, t__ = premises[2].args
        if same(a1, c1) and same(a3, c3) and same(a4, c4) and same(e, e_, e__) \
                and same(t, t_, t__) and q1 - q >= 0:
            return cont(c2, q1 - q, e, t)
    if rule_id == "5b" and shape == ["comp", "comp"]:
        (a1, a2, q, e, t), (a3, a4, q_, e_, t_) = premises[0].args, premises[1].args
        if same(q, q_) and same(e, e_) and same(t, t_) and (a1, a2) != (a3, a4):
            return compeq(a1, a2, a3, a4, e, t)
    frames = {"6": "cont", "6c": "comp", "6r": "rate", "6q": "compeq"}
    if frames.get(rule_id) is not None and shape == [frames[rule_id]]:
        # a fact carried to the next tick unless a transfer at that tick, of its entity (or,
        # for a rate, of its container), has a sender or receiver among its agents
        fact = premises[0]
        names = set().union(*(a.names for a in fact.args if isinstance(a, Agents)))
        goods = {a for a in fact.args[:-1] if isinstance(a, str)}
        t = fact.args[-1]
        touched = any(x.predicate == "transfer" and x.args[3] in goods and x.args[4] == t
                      and (set(x.args[0].names) | set(x.args[1].names)) & names
                      for x in axioms)
        if not touched:
            return Atom(fact.predicate, (*fact.args[:-1], t + 1))
    return None


def true_instance(rule_id: str, premises: Sequence[Atom], conclusion: Atom,
                  axioms: frozenset[Atom]) -> bool:
    if any(p not in axioms for p in premises):
        return False
    horizon = 1 + max((x.time for x in axioms if x.time is not None), default=0)
    if conclusion.time is not None and conclusion.time > horizon:
        return False
    return _expected_conclusion(rule_id, premises, axioms) == conclusion


# --- random instances -------------------------------------------------------------

agent_sets = st.frozensets(st.sampled_from(NAMES), min_size=1, max_size=3).map(Agents)
entities = st.sampled_from(ENTITIES)
quantities = st.integers(0, 12)
times = st.integers(0, 3)


@st.composite
def candidate_instances(draw: st.DrawFn, rule_id: str) -> tuple[str, list[Atom], Atom]:
    """Premises for ``rule_id``, with the conclusion computed by the judge when it
    applies (otherwise a random conclusion): near-valid and valid instances alike."""
    e, e2, t = draw(entities), draw(entities), draw(times)
    a1, a2, a3, a4 = (draw(agent_sets) for _ in range(4))
    if draw(st.booleans()) and len(a1) < len(NAMES):
        # half the time keep A2 apart from A1, as the side conditions of (1c) and (3) want
        a2 = Agents(draw(st.frozensets(st.sampled_from(
            [n for n in NAMES if n not in a1.names]), min_size=1, max_size=2)))
    q2, q = draw(quantities), draw(st.integers(1, 12))
    q1 = draw(st.one_of(quantities, st.integers(q2, q2 + 6)))
    premises = {
        "1a": lambda: [cont(a2, q2, e, t), comp(a1, a2, q, e, t)],
        "1b": lambda: [cont(a1, q1, e, t), comp(a1, a2, q, e, t)],
        "1c": lambda: [cont(a1, q1, e, t), cont(a2, q2, e, t)],
        "2a": lambda: [cont(a2, q1, e, t), transfer(a1, a2, q, e, t)],
        "2b": lambda: [cont(a1, q1, e, t), transfer(a1, a2, q, e, t)],
        "3": lambda: [cont(a, draw(quantities), e, t)
                      for a in [a1, a2] + draw(st.lists(agent_sets, max_size=2))],
        "4": lambda: [cont(a1, q1, e2, t), rate(a1, q, e, e2, t)],
        "5a": lambda: [cont(a2, q2, e, t), comp(a3, a4, q, e, t), compeq(a1, a2, a3, a4, e, t)],
        "5b": lambda: [comp(a1, a2, q, e, t), comp(a3, a4, q, e, t)],
        "5c": lambda: [cont(a1, q1, e, t), comp(a3, a4, q, e, t), compeq(a1, a2, a3, a4, e, t)],
        "6": lambda: [cont(a1, q1, e, t)],
        "6c": lambda: [comp(a1, a2, q, e, t)],
        "6r": lambda: [rate(a1, q, e, e2, t)],
        "6q": lambda: [compeq(a1, a2, a3, a4, e, t)],
    }[rule_id]()
    conclusion = _expected_conclusion(rule_id, premises, frozenset(premises))
    if conclusion is None:
        conclusion = cont(draw(agent_sets), draw(quantities), e, t)
    return rule_id, premises, conclusion


def _corrupt(draw: st.DrawFn, atom: Atom) -> Atom:
    kinds = [k for k in ("quantity", "agents", "entity", "time") if k in _kinds(atom)]
    kind = draw(st.sampled_from(kinds))
    positions = [i for i, k in enumerate(_kinds(atom)) if k == kind]
    position = draw(st.sampled_from(positions))
    old = atom.args[position]
    new = {
        "quantity": lambda: old + draw(st.sampled_from([-2, -1, 1, 2, 5])),
        "agents": lambda: draw(agent_sets),
        "entity": lambda: draw(entities),
        "time": lambda: old + draw(st.sampled_from([-1, 1, 2])),
    }[kind]()
    if isinstance(new, int) and new < 0:
        new = old + 1
    args = list(atom.args)
    args[position] = new
    return Atom(atom.predicate, tuple(args))


def _kinds(atom: Atom) -> tuple[str, ...]:
    return SIGNATURES[atom.predicate]


@st.composite
def hyperedges(draw: st.DrawFn,
               rule_id: str) -> tuple[str, list[Atom], Atom, frozenset[Atom], set[Atom]]:
    """(rule, premises, conclusion, axioms, premises withheld from the program)."""
    rule_id, premises, conclusion = draw(candidate_instances(rule_id))
    corruption = draw(st.sampled_from(
        ["none", "none", "conclusion", "premise", "drop", "swap", "unknown-premise", "rule"]))
    withheld: set[Atom] = set()
    if corruption == "conclusion":
        conclusion = _corrupt(draw, conclusion)
    elif corruption == "premise":
        index = draw(st.integers(0, len(premises) - 1))
        premises[index] = _corrupt(draw, premises[index])
    elif corruption == "drop" and len(premises) > 1:
        del premises[draw(st.integers(0, len(premises) - 1))]
    elif corruption == "swap" and len(premises) > 1:
        premises = premises[1:] + premises[:1]
    elif corruption == "unknown-premise":
        withheld.add(draw(st.sampled_from(premises)))
    elif corruption == "rule":
        rule_id = draw(st.sampled_from(RULE_IDS))
    event(f"corruption: {corruption}")
    # transfers that may block the frame rule, and other facts that move the horizon
    extra = draw(st.lists(st.builds(transfer, agent_sets, agent_sets, st.integers(1, 5),
                                    entities, times), max_size=3))
    axioms = frozenset(p for p in premises if p not in withheld) | frozenset(extra)
    return rule_id, premises, conclusion, axioms, withheld


@pytest.mark.parametrize("drawn_rule", RULE_IDS)
@given(data=st.data())
def test_kernel_agrees_with_the_independent_judge(drawn_rule: str, data: st.DataObject) -> None:
    rule_id, premises, conclusion, axioms, _withheld = data.draw(hyperedges(drawn_rule))
    program = Program(axioms)
    expected = true_instance(rule_id, premises, conclusion, axioms)
    verdict = check_hyperedge(program, rule_id, premises, conclusion)
    accepted = isinstance(verdict, Theorem)
    event(f"rule {rule_id}: {'accepted' if accepted else 'rejected'}")
    note(f"axioms: {sorted(map(repr, axioms))}")
    note(f"hyperedge ({rule_id}): {', '.join(map(repr, premises))} |- {conclusion!r}")
    assert accepted == expected, (
        f"kernel {'accepted' if accepted else 'rejected'} a {'true' if expected else 'false'} "
        f"instance of ({rule_id}): {', '.join(map(repr, premises))} |- {conclusion!r}"
        f"{'' if accepted else f' [{verdict}]'}")
    if accepted:
        assert verdict.atom == conclusion and verdict.premises == tuple(premises)
    else:
        assert isinstance(verdict, Rejection) and verdict.rule_id == rule_id and verdict.message


@pytest.mark.parametrize("drawn_rule", RULE_IDS)
@given(data=st.data())
def test_true_instances_are_accepted_and_every_corruption_of_the_conclusion_rejected(
        drawn_rule: str, data: st.DataObject) -> None:
    rule_id, premises, conclusion = data.draw(candidate_instances(drawn_rule))
    program = Program(premises)
    note(f"hyperedge ({rule_id}): {', '.join(map(repr, premises))} |- {conclusion!r}")
    if not true_instance(rule_id, premises, conclusion, program.axioms):
        return
    assert isinstance(check_hyperedge(program, rule_id, premises, conclusion), Theorem)
    # change each argument of the conclusion in turn: a true instance has exactly one head
    for position, value in enumerate(conclusion.args):
        if isinstance(value, int):
            replacements: list[object] = [value + 1] + ([value - 1] if value > 0 else [])
        elif isinstance(value, Agents):
            replacements = [Agents(value.names | {"zed"})]
        else:
            replacements = [value + "s"]
        for replacement in replacements:
            args = list(conclusion.args)
            args[position] = replacement
            wrong = Atom(conclusion.predicate, tuple(args))
            verdict = check_hyperedge(program, rule_id, premises, wrong)
            assert isinstance(verdict, Rejection), f"accepted corrupted head {wrong!r}"
