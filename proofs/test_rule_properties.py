"""Rule-set properties (paper App. C.1, Defs. 1-2 and harmony; App. A.1 stratification).

Statement: the rules of Table 1 are agent-conserving — (1a)(1b) eliminate comp and (1c)
introduces it, (2a)(2b) eliminate transfer, (4) eliminates rate, (5a) eliminates compeq
and (5b) introduces it, (3) is the union rule, (6) is unused, and several elimination
rules for one predicate are distinct; they are entity-monotonic with (4) the only
entity-eliminating rule; they are in harmony w.r.t. agents and entities — (1a)(1b) are
locally reducible with (1c), (5a) with (5b) and (1c); and the program is stratified.

Everything is computed from the patterns of ``vlp.kernel.RULES`` by
``proofs/rule_properties.py``; the paper's sentence is only the expected answer.

Break it: in kernel/rules.py change (1c)'s second premise ``_p("cont", A2, q2, e, t)`` to
``_p("cont", A2, q2, e2, t)``: (1c) then drops an entity without being an elimination
rule, so the table is not entity-monotonic and ``test_table_is_entity_monotonic`` fails.
"""

from __future__ import annotations

import attrs
import pytest
from hypothesis import given, note
from hypothesis import strategies as st

from proofs.rule_properties import (
    ELIMINATION,
    INTRODUCTION,
    PRESERVING,
    UNION,
    UNUSED,
    agent_terms,
    classify,
    conserving_violations,
    entity_terms,
    harmony_violations,
    monotonic_violations,
    reductions,
    stratification_violations,
)
from vlp.kernel import FRAME, RULES, Rule, roles
from vlp.kernel.rules import (
    A1,
    A2,
    A3,
    Add,
    Equal,
    Pattern,
    Var,
    e,
    e2,
    q,
    q1,
    q2,
    t,
)

# The paper's classification (App. C.1, last paragraph), as (role, predicate).
PAPER_AGENT_ROLES = {
    "1a": (ELIMINATION, "comp"), "1b": (ELIMINATION, "comp"), "1c": (INTRODUCTION, "comp"),
    "2a": (ELIMINATION, "transfer"), "2b": (ELIMINATION, "transfer"),
    "3": (UNION, None), "4": (ELIMINATION, "rate"),
    "5a": (ELIMINATION, "compeq"), "5b": (INTRODUCTION, "compeq"), "6": (UNUSED, None),
}
# vlp's extensions of Table 1 (kernel/rules.py docstring): (5c) mirrors (5a) as (1b) (1a),
# and frame rules for comp, rate and compeq (6c, 6r, 6q), unused by the generator like (6).
EXTENSION_AGENT_ROLES = {"5c": (ELIMINATION, "compeq"), "6c": (UNUSED, None),
                         "6r": (UNUSED, None), "6q": (UNUSED, None)}
EXPECTED_AGENT_ROLES = {rid: role for rid, role in {**PAPER_AGENT_ROLES,
                                                    **EXTENSION_AGENT_ROLES}.items()
                        if rid in {r.id for r in RULES}}


def _table_listing(rules: tuple[Rule, ...] | list[Rule]) -> str:
    return "\n".join(repr(r) for r in rules)


def test_agent_roles_match_the_paper() -> None:
    roles = classify(RULES, agent_terms)
    computed = {rid: (role.role, role.predicate) for rid, role in roles.items()}
    assert set(PAPER_AGENT_ROLES) <= set(computed), _table_listing(RULES)
    assert computed == EXPECTED_AGENT_ROLES, _table_listing(RULES)


def test_table_is_agent_conserving() -> None:
    assert conserving_violations(RULES, agent_terms) == []


def test_table_is_entity_monotonic() -> None:
    assert monotonic_violations(RULES, entity_terms) == []
    roles = classify(RULES, entity_terms, monotonic=True)
    eliminating = {rid: role.predicate for rid, role in roles.items() if role.role == ELIMINATION}
    assert eliminating == {"4": "rate"}
    assert all(role.role == PRESERVING for rid, role in roles.items() if rid != "4")


def test_harmony() -> None:
    assert harmony_violations(RULES, agent_terms) == []
    assert harmony_violations(RULES, entity_terms, monotonic=True) == []
    by_agents = reductions(RULES, agent_terms)
    # which introduction rules the reductions go through (paper: 1c for 1a/1b; 5b+1c for 5a)
    used = {rid: sorted({edge[0] for edge in red.edges}) for rid, red in by_agents.items()}
    expected = {"1a": ["1c"], "1b": ["1c"], "2a": [], "2b": [], "4": [], "5a": ["1c", "5b"],
                "5c": ["1c", "5b"]}
    assert used == {rid: expected[rid] for rid in used} and set(used) >= set(expected) - {"5c"}
    for rid in ("1a", "1b", "5a"):
        assert by_agents[rid].identified is not None


def test_program_is_stratified() -> None:
    assert stratification_violations(RULES) == []


# --- deliberately broken tables: every check must notice ---------------------------

def _replace(rule_id: str, **changes: object) -> list[Rule]:
    return [attrs.evolve(r, **changes) if r.id == rule_id else r for r in RULES]


def _without(rule_id: str) -> list[Rule]:
    return [r for r in RULES if r.id != rule_id]


def _rule(rule_id: str) -> Rule:
    return next(r for r in RULES if r.id == rule_id)


def _with_premise(rule_id: str, index: int, pattern: Pattern) -> list[Rule]:
    premises = list(_rule(rule_id).premises)
    premises[index] = pattern
    return _replace(rule_id, premises=premises)


BROKEN_TABLES = {
    # (5a)'s reduction goes through (5b) to comp(A1, A2): without (1c) it stops there
    "elimination without its introduction partner": (_without("1c"), "harmony"),
    # (4) takes the rate of A2's containers but concludes for A: the A of rate is dropped
    "rule 4 drops an agent": (
        _with_premise("4", 1, Pattern("rate", tuple(A2 if v.kind == "agents" else v
                                                    for v in _rule("4").premises[1].args))),
        "conserving"),
    "rule 1a concludes for an agent no premise names": (
        _replace("1a", conclusion=Pattern("cont", (A3, q1, e, t))), "conserving"),
    "two comp eliminations with one conclusion": (
        _replace("1b", conclusion=Pattern("cont", (A1, q2, e, t))), "conserving"),
    "a second union rule": (
        list(RULES) + [attrs.evolve(_rule("3"), id="3b")], "conserving"),
    "a second comp introduction": (
        list(RULES) + [attrs.evolve(_rule("1c"), id="1d", builtins=[Equal(q, Add(q1, q2))])],
        "conserving"),
    "1c mixes entities": (
        _with_premise("1c", 1, Pattern("cont", (A2, q2, e2, t))), "monotonic"),
    "1a concludes about another entity": (
        _replace("1a", conclusion=Pattern("cont", (A1, q1, e2, t))), "monotonic"),
    "transfer becomes derivable": (
        list(RULES) + [Rule("7", [Pattern("cont", (A1, q1, e, t)), Pattern("cont", (A2, q2, e, t))],
                            [], Pattern("transfer", (A1, A2, q, e, t)))], "stratified"),
}


@pytest.mark.parametrize("name", sorted(BROKEN_TABLES))
def test_broken_tables_are_caught(name: str) -> None:
    rules, check = BROKEN_TABLES[name]
    problems = {
        "harmony": harmony_violations(rules, agent_terms)
        + harmony_violations(rules, entity_terms, monotonic=True),
        "conserving": conserving_violations(rules, agent_terms),
        "monotonic": monotonic_violations(rules, entity_terms),
        "stratified": stratification_violations(rules),
    }[check]
    assert problems, f"{name}: the {check} check accepted\n{_table_listing(rules)}"


# --- the classification depends on the rules' structure, not their spelling ---------

@st.composite
def renamed_tables(draw: st.DrawFn) -> list[Rule]:
    """The table with one rule's variables renamed apart and its premises permuted."""
    target = draw(st.sampled_from([r for r in RULES if not r.repeated]))
    suffix = draw(st.sampled_from(["_x", "9", "_new"]))
    names = {v.name for p in (*target.premises, target.conclusion) for v in p.args}
    renamed = {n: n + suffix for n in names if draw(st.booleans())}

    def var(v: Var) -> Var:
        return Var(renamed.get(v.name, v.name), v.kind)

    def pattern(p: Pattern) -> Pattern:
        return Pattern(p.predicate, tuple(map(var, p.args)))

    premises = draw(st.permutations([pattern(p) for p in target.premises]))
    # built-ins and the negation only matter for the union and frame rules, which keep
    # their names; substitute them for the renamed variables anyway to keep the rule sound
    builtins = [_rename_builtin(b, var) for b in target.builtins]
    negation = None if target.negation is None else _rename_builtin(target.negation, var)
    changed = attrs.evolve(target, premises=premises, conclusion=pattern(target.conclusion),
                           builtins=builtins, negation=negation)
    return [changed if r.id == target.id else r for r in RULES]


def _rename_builtin(builtin: object, var: object) -> object:
    fields = attrs.fields_dict(type(builtin))
    changes = {}
    for name in fields:
        value = getattr(builtin, name)
        if isinstance(value, Var):
            changes[name] = var(value)  # type: ignore[operator]
        elif isinstance(value, tuple):
            changes[name] = tuple(var(v) if isinstance(v, Var) else v for v in value)  # type: ignore[operator]
        elif attrs.has(type(value)):
            changes[name] = _rename_builtin(value, var)
    return attrs.evolve(builtin, **changes)  # type: ignore[arg-type]


@given(renamed_tables())
def test_roles_survive_renaming_and_premise_order(rules: list[Rule]) -> None:
    note(_table_listing(rules))
    by_id = {r.id: r for r in RULES}
    for phi, monotonic in ((agent_terms, False), (entity_terms, True)):
        before = {rid: (r.role, r.predicate) for rid, r in classify(RULES, phi,
                                                                    monotonic=monotonic).items()}
        after = {rid: (r.role, r.predicate) for rid, r in classify(rules, phi,
                                                                   monotonic=monotonic).items()}
        assert after == before
    assert conserving_violations(rules, agent_terms) == []
    assert monotonic_violations(rules, entity_terms) == []
    assert harmony_violations(rules, agent_terms) == []
    assert len(rules) == len(by_id)


def test_kernel_roles_are_the_def1_classification() -> None:
    """The roles the product reads (``vlp.kernel.roles``) are Def. 1 over agents: the
    frame rules are exactly the unused ones (their negated literal)."""
    expected = classify(RULES, agent_terms)
    for rule_id, role in roles(RULES).items():
        assert (UNUSED if role.role == FRAME else role.role, role.predicate if role.role in (
            INTRODUCTION, ELIMINATION) else None, role.distinguished) == (
            expected[rule_id].role, expected[rule_id].predicate,
            expected[rule_id].distinguished), rule_id
