"""A rule added to a copy of the table is checked by the kernel, chained with and given a
role, with no code change outside the table (the rule table is the one source of rules).

The toy rule (7) reads "A2 had q2 after A1 gave A2 q, so A1 had q2 + q at the time": it
concludes a count from a count and a transfer, like (2a), but about the giver and at the
transfer's own time.
"""

from __future__ import annotations

import random
import re
from pathlib import Path

import pytest

from vlp.checker import forward_chain, shortest_proof
from vlp.kernel import (
    ELIMINATION,
    RULES,
    Program,
    Rejection,
    Role,
    Theorem,
    check_hyperedge,
    cont,
    derive,
    roles,
    transfer,
)
from vlp.kernel.rules import Add, Equal, Pattern, Rule, Var
from vlp.sampler.config import SamplerConfig
from vlp.sampler.lexicon import load_lexicon
from vlp.sampler.numbers import solve_quantities
from vlp.sampler.tree import NamePool, TreeSampler, single

A1, A2 = Var("A1", "agents"), Var("A2", "agents")
Q, Q1, Q2 = Var("q", "quantity"), Var("q1", "quantity"), Var("q2", "quantity")
E, T = Var("e", "entity"), Var("t", "time")
TOY = Rule("7", [Pattern("cont", (A2, Q2, E, T)), Pattern("transfer", (A1, A2, Q, E, T))],
           [Equal(Q1, Add(Q2, Q))], Pattern("cont", (A1, Q1, E, T)))
TABLE = (*RULES, TOY)

BOB = cont("bob", 3, "apples", 0)
GIFT = transfer("alice", "bob", 2, "apples", 0)
ALICE = cont("alice", 5, "apples", 0)


def test_the_kernel_checks_the_toy_rule() -> None:
    program = Program([BOB, GIFT], rules=TABLE)
    assert isinstance(check_hyperedge(program, "7", [BOB, GIFT], ALICE), Theorem)
    wrong = check_hyperedge(program, "7", [BOB, GIFT], cont("alice", 6, "apples", 0))
    assert isinstance(wrong, Rejection) and wrong.reason == "arithmetic"
    drawn = derive(program, "7", [BOB, GIFT])
    assert isinstance(drawn, Theorem) and drawn.atom == ALICE
    # the standard table has no rule 7: the same step is no proof there
    standard = check_hyperedge(Program([BOB, GIFT]), "7", [BOB, GIFT], ALICE)
    assert isinstance(standard, Rejection) and standard.reason == "unknown-rule"


def test_chaining_derives_with_the_toy_rule() -> None:
    chart = forward_chain(Program([BOB, GIFT], rules=TABLE))
    assert chart.incoming(ALICE)[0].rule_id == "7"  # first derivation; (1a) follows via (1c)
    # and the standard rules go on from its conclusion: Alice gave 2 of her 5
    after = cont("alice", 3, "apples", 1)
    assert after in chart.theorems and chart.theorems[after].rule_id == "2b"
    proof = shortest_proof(chart, after)
    assert proof is not None and "7" in {e.rule_id for e in proof.hyperedges}
    # without the toy rule nothing says what Alice had
    assert ALICE not in forward_chain(Program([BOB, GIFT])).theorems


def test_the_toy_rule_s_role_is_computed() -> None:
    assert roles(TABLE)["7"] == Role("7", ELIMINATION, "transfer", 1)
    assert roles(TABLE)["2a"] == roles(RULES)["2a"]


def test_the_rule_table_page_s_example_runs(capsys: pytest.CaptureFixture[str]) -> None:
    rules = (Path(__file__).resolve().parent.parent / "docs" / "rules.md").read_text(
        encoding="utf-8")  # the README's rule table, moved to the documentation site
    block = next(b for b in re.findall(r"```python\n(.*?)```", rules, re.S)
                 if 'Rule("7"' in b)
    exec(compile(block, "docs/rules.md", "exec"), {})  # noqa: S102 - our own documentation
    printed = capsys.readouterr().out
    assert "[7]" in printed and "role='elimination', predicate='transfer'" in printed


def test_the_sampler_applies_the_toy_rule_in_reverse() -> None:
    """The sampler reads the same copy of the table: it expands a count by (7), names the
    fresh giver, and Z3 picks numbers that satisfy (7)'s built-in, which the kernel checks.
    (Whole problems are not made with (7): its conclusion holds just before its own
    transfer, so no frame rule carries it to the question's time.)"""
    config = SamplerConfig(rules=TABLE, rule_weights=(("7", 1.0),))
    plan = config.book.plan("7")
    assert plan.transfer == 1 and plan.advance == 0 and plan.premises[0].changed_by_transfer
    lexicon = load_lexicon()
    for seed in range(3):
        rng = random.Random(seed)
        names = NamePool(lexicon, rng)
        root = TreeSampler(config, lexicon, names).relevant(
            single(names.fresh()), "apples", 1, rng)
        counted, given = root.premises
        assert root.rule == "7" and given.predicate == "transfer"
        assert given.agents == (root.agents[0], counted.agents[0])
        solve_quantities([root], config, seed)
        premises = [counted.atom(0), given.atom(0)]
        program = Program(premises, rules=TABLE)
        assert isinstance(check_hyperedge(program, "7", premises, root.atom(0)), Theorem)
