"""Forgeries of a Theorem: every way around the kernel fails with a clear rejection.

The kernel mints theorems only through ``axiom``, ``check_hyperedge`` and ``derive``;
a premise is accepted only if it is (by identity) a theorem the kernel registered for the
program. Each test below is an attack that worked before the registry existed, or one
found while building it.
"""

from __future__ import annotations

import copy
import pickle

import attrs
import pytest

from vlp.kernel import (
    RULES,
    KernelError,
    Program,
    Rejection,
    Rule,
    Theorem,
    axiom,
    check_hyperedge,
    comp,
    cont,
    derive,
    is_minted,
)
from vlp.kernel.rules import Pattern, Var

A, Q, E, T = Var("A", "agents"), Var("q", "quantity"), Var("e", "entity"), Var("t", "time")
ALICE = cont("alice", 5, "apples", 0)
AHEAD = comp("bob", "alice", 3, "apples", 0)
BOB = cont("bob", 8, "apples", 0)
PROGRAM = Program([ALICE, AHEAD])
LOOT = cont("mallory", 1_000_000, "gold bars", 0)


def rejected(verdict: Theorem | Rejection, reason: str) -> str:
    assert isinstance(verdict, Rejection), f"forgery accepted: {verdict}"
    assert verdict.reason == reason, verdict
    return verdict.message


def bob() -> Theorem:
    verdict = check_hyperedge(PROGRAM, "1a", [ALICE, AHEAD], BOB)
    assert isinstance(verdict, Theorem)
    return verdict


def forged(atom: object, rule_id: str = "1a", premises: tuple = (),
           program: Program = PROGRAM) -> Theorem:
    """A Theorem built around the constructor, field by field."""
    fake = object.__new__(Theorem)
    for name, value in (("atom", atom), ("rule_id", rule_id), ("premises", premises),
                        ("program", program)):
        object.__setattr__(fake, name, value)
    return fake


def test_a_caller_built_rule_is_refused() -> None:
    free_lunch = Rule("1a", [], [], Pattern("cont", (A, Q, E, T)))
    message = rejected(check_hyperedge(PROGRAM, free_lunch, [], LOOT), "unknown-rule")  # type: ignore[arg-type]
    assert "rule id" in message
    rejected(derive(PROGRAM, free_lunch, []), "unknown-rule")  # type: ignore[arg-type]
    rejected(check_hyperedge(PROGRAM, "7", [], LOOT), "unknown-rule")


def test_the_class_cannot_be_called() -> None:
    with pytest.raises(TypeError, match="only the kernel"):
        Theorem(LOOT, "axiom", (), PROGRAM)
    with pytest.raises(TypeError, match="only the kernel"):
        Theorem(LOOT, "axiom", (), PROGRAM, _token=object())


def test_evolve_cannot_alter_a_theorem() -> None:
    with pytest.raises(TypeError, match="only the kernel"):
        attrs.evolve(axiom(PROGRAM, ALICE), atom=LOOT, rule_id="1a")


@pytest.mark.parametrize("duplicate", [
    copy.copy, copy.deepcopy, lambda t: pickle.loads(pickle.dumps(t)),
    lambda t: pickle.loads(pickle.dumps(t, protocol=0)),
], ids=["copy", "deepcopy", "pickle", "pickle-0"])
def test_a_theorem_cannot_be_copied_or_pickled(duplicate) -> None:
    with pytest.raises(TypeError, match="cannot be copied or pickled"):
        duplicate(bob())


def test_a_theorem_made_with_new_is_refused_even_if_equal_to_a_real_one() -> None:
    real = bob()
    twin = forged(BOB, "1a", (ALICE, AHEAD))
    assert twin == real and twin is not real  # equal fields, but never minted
    assert not is_minted(PROGRAM, twin)
    rejected(check_hyperedge(PROGRAM, "1b", [twin, AHEAD], ALICE), "unknown-premise")
    rejected(derive(PROGRAM, "1b", [twin, AHEAD]), "unknown-premise")
    loot = forged(LOOT)
    rejected(check_hyperedge(PROGRAM, "6", [loot], LOOT.with_time(1)), "unknown-premise")


def test_setstate_on_a_blank_theorem_is_refused() -> None:
    blank = object.__new__(Theorem)
    blank.__setstate__({"atom": LOOT, "rule_id": "axiom", "premises": (), "program": PROGRAM})
    rejected(check_hyperedge(PROGRAM, "6", [blank], LOOT.with_time(1)), "unknown-premise")


def test_a_subclass_instance_is_refused() -> None:
    class Counterfeit(Theorem):
        def __init__(self) -> None:  # noqa: D107 - skips the kernel's refusal
            for name, value in (("atom", LOOT), ("rule_id", "axiom"), ("premises", ()),
                                ("program", PROGRAM)):
                object.__setattr__(self, name, value)

    rejected(check_hyperedge(PROGRAM, "6", [Counterfeit()], LOOT.with_time(1)),
             "unknown-premise")


def test_mutating_a_minted_theorem_unmints_it() -> None:
    theorem = bob()
    object.__setattr__(theorem, "atom", LOOT)
    try:
        rejected(check_hyperedge(PROGRAM, "6", [theorem], LOOT.with_time(1)), "unknown-premise")
    finally:
        object.__setattr__(theorem, "atom", BOB)
    assert is_minted(PROGRAM, theorem)


def test_there_is_no_token_to_steal() -> None:
    import vlp.kernel.check as check

    # a token passed to the constructor was importable: no constructor takes one now
    assert not hasattr(check, "_MINT")
    with pytest.raises(ImportError):
        exec("from vlp.kernel.check import _MINT", {})


def test_a_theorem_of_another_program_or_theory_is_refused() -> None:
    rich = Program([LOOT])
    rejected(check_hyperedge(PROGRAM, "6", [axiom(rich, LOOT)], LOOT.with_time(1)),
             "unknown-premise")
    # a program with a toy table is another theory: its theorems prove nothing here
    toy = Rule("7", [], [], Pattern("cont", (A, Q, E, T)))
    theory = Program([ALICE, AHEAD], rules=(*RULES, toy))
    loot = check_hyperedge(theory, "7", [], LOOT)
    assert isinstance(loot, Theorem)
    rejected(check_hyperedge(PROGRAM, "6", [loot], LOOT.with_time(1)), "unknown-premise")
    rejected(check_hyperedge(PROGRAM, "7", [], LOOT), "unknown-rule")


def test_an_equal_program_accepts_its_twin_s_theorems() -> None:
    # programs are values: the same axioms under the same table are the same program
    twin = Program([ALICE, AHEAD])
    verdict = check_hyperedge(twin, "1b", [bob(), AHEAD], ALICE)
    assert isinstance(verdict, Theorem)


def test_an_unpickled_program_starts_with_no_theorems() -> None:
    theorem = bob()
    copied = pickle.loads(pickle.dumps(PROGRAM))
    assert copied == PROGRAM and copied._minted == {}
    assert isinstance(check_hyperedge(copied, "1b", [theorem, AHEAD], ALICE), Theorem)


def test_bare_atoms_must_be_axioms_and_junk_is_refused() -> None:
    rejected(check_hyperedge(PROGRAM, "6", [LOOT], LOOT.with_time(1)), "unknown-premise")
    rejected(check_hyperedge(PROGRAM, "6", ["cont({alice}, 5, apples, 0)"], ALICE.with_time(1)),  # type: ignore[list-item]
             "unknown-premise")
    with pytest.raises(KernelError):
        axiom(PROGRAM, LOOT)


def test_minting_is_idempotent_so_the_registry_stays_small() -> None:
    program = Program([ALICE, AHEAD])
    first = check_hyperedge(program, "1a", [ALICE, AHEAD], BOB)
    again = derive(program, "1a", [ALICE, AHEAD])
    assert first is again and axiom(program, ALICE) is axiom(program, ALICE)
    assert len(program._minted) == 2  # Bob's count and Alice's axiom, once each
