"""Forgeries of a Theorem: every way around the kernel fails with a clear rejection.

The kernel mints theorems only through ``axiom``, ``check_hyperedge`` and ``derive``;
a premise is accepted only if it is (by identity) a theorem the kernel registered for the
program. Each test below is an attack that worked before the registry existed, or one
found while building it.
"""

from __future__ import annotations

import copy
import gc
import importlib
import pickle
import pkgutil
import weakref

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
    minted_count,
)
from vlp.kernel.rules import RULES_BY_ID, Pattern, Var
from vlp.kernel.terms import Agents, Atom

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
                        ("_program", weakref.ref(program))):
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
    blank.__setstate__({"atom": LOOT, "rule_id": "axiom", "premises": (),
                        "_program": weakref.ref(PROGRAM)})
    rejected(check_hyperedge(PROGRAM, "6", [blank], LOOT.with_time(1)), "unknown-premise")


def test_a_subclass_instance_is_refused() -> None:
    class Counterfeit(Theorem):
        def __init__(self) -> None:  # noqa: D107 - skips the kernel's refusal
            for name, value in (("atom", LOOT), ("rule_id", "axiom"), ("premises", ()),
                                ("_program", weakref.ref(PROGRAM))):
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


def test_an_equal_but_distinct_program_refuses_its_twin_s_theorems() -> None:
    # each program object is its own theory: the kernel sealed its own view of each
    twin = Program([ALICE, AHEAD])
    assert twin == PROGRAM and twin is not PROGRAM
    assert not is_minted(twin, bob())
    rejected(check_hyperedge(twin, "1b", [bob(), AHEAD], ALICE), "unknown-premise")
    rejected(derive(twin, "1b", [bob(), AHEAD]), "unknown-premise")
    # the twin proves the same things from its own theorems
    assert isinstance(derive(twin, "1b", [derive(twin, "1a", [ALICE, AHEAD]), AHEAD]), Theorem)


@pytest.mark.parametrize("duplicate", [
    copy.copy, copy.deepcopy, lambda p: pickle.loads(pickle.dumps(p)),
    lambda p: attrs.evolve(p),
], ids=["copy", "deepcopy", "pickle", "evolve"])
def test_a_copied_program_starts_with_no_theorems(duplicate) -> None:
    theorem = bob()
    copied = duplicate(PROGRAM)
    assert copied == PROGRAM and copied is not PROGRAM and minted_count(copied) == 0
    rejected(check_hyperedge(copied, "1b", [theorem, AHEAD], ALICE), "unknown-premise")
    assert isinstance(check_hyperedge(copied, "1a", [ALICE, AHEAD], BOB), Theorem)


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
    assert minted_count(program) == 2  # Bob's count and Alice's axiom, once each


def test_no_name_in_the_kernel_mints() -> None:
    import vlp.kernel as kernel
    import vlp.kernel.check as check

    # the old module-level minting function and registry are gone: no name reaches them
    assert not hasattr(check, "_mint") and not hasattr(check, "_trusted_core")
    with pytest.raises(ImportError):
        exec("from vlp.kernel.check import _mint", {})
    bob()
    modules = [kernel] + [importlib.import_module(f"vlp.kernel.{info.name}")
                          for info in pkgutil.walk_packages(kernel.__path__)]
    for module in modules:
        for name, value in vars(module).items():
            # no global holds a theorem, in itself or one container down
            inner = (list(value.values()) if isinstance(value, dict) else
                     list(value) if isinstance(value, list | tuple | set | frozenset) else [])
            assert not any(isinstance(v, Theorem) for v in [value, *inner]), (module, name)


def test_the_sealing_function_seals_a_program_once() -> None:
    from vlp.kernel.check import _seal

    program = Program([ALICE, AHEAD])
    with pytest.raises(KernelError, match="sealed once"):
        _seal(program)
    with pytest.raises(KernelError, match="sealed once"):
        program.__attrs_post_init__()
    with pytest.raises(KernelError):
        _seal(object())  # type: ignore[arg-type]


def test_writing_the_program_s_attributes_changes_nothing_the_kernel_believes() -> None:
    program = Program([ALICE, AHEAD])
    free_lunch = Rule("1a", [], [], Pattern("cont", (A, Q, E, T)))
    saved = {name: getattr(program, name) for name in ("axioms", "rules", "horizon")}
    for name, value in (("axioms", frozenset([LOOT])), ("rules", (free_lunch,)),
                        ("horizon", 10**6)):
        object.__setattr__(program, name, value)
    try:
        with pytest.raises(KernelError, match="not an axiom"):
            axiom(program, LOOT)
        rejected(check_hyperedge(program, "6", [LOOT], LOOT.with_time(1)), "unknown-premise")
        rejected(check_hyperedge(program, "1a", [], LOOT), "arity")
        rejected(derive(program, "6", [derive(program, "6", [ALICE])]), "horizon")
    finally:
        for name, value in saved.items():
            object.__setattr__(program, name, value)
    with pytest.raises(AttributeError):  # there is no registry on the program to write to
        object.__setattr__(program, "_minted", {})
    assert minted_count(program) == 1  # Alice carried to time 1, and nothing forged


def test_a_program_made_around_its_constructor_is_unknown() -> None:
    blank = object.__new__(Program)
    rejected(check_hyperedge(blank, "1a", [ALICE, AHEAD], BOB), "unknown-program")
    rejected(derive(blank, "1a", [ALICE, AHEAD]), "unknown-program")
    with pytest.raises(KernelError, match="sealed"):
        axiom(blank, ALICE)
    # given fields and sealed, it is a program of its own, with its own theorems only
    for name, value in (("axioms", frozenset([ALICE, AHEAD])), ("rules", RULES)):
        object.__setattr__(blank, name, value)
    blank.__attrs_post_init__()
    rejected(check_hyperedge(blank, "1b", [bob(), AHEAD], ALICE), "unknown-premise")
    assert isinstance(derive(blank, "1a", [ALICE, AHEAD]), Theorem)


def test_a_program_subclass_cannot_change_the_rules_the_kernel_applies() -> None:
    free_lunch = Rule("1a", [], [], Pattern("cont", (A, Q, E, T)))

    class Generous(Program):
        def rule(self, rule_id: str) -> Rule:
            return free_lunch

        def __attrs_post_init__(self) -> None:
            super().__attrs_post_init__()
            object.__setattr__(self, "horizon", 10**6)

    generous = Generous([ALICE, AHEAD])
    rejected(check_hyperedge(generous, "1a", [], LOOT), "arity")
    rejected(derive(generous, "6", [derive(generous, "6", [ALICE])]), "horizon")
    rejected(check_hyperedge(PROGRAM, "6", [axiom(generous, ALICE)], ALICE.with_time(1)),
             "unknown-premise")


def test_rewriting_a_theorem_s_other_fields_unmints_it() -> None:
    for name, value in (("rule_id", "axiom"), ("premises", (LOOT,)), ("premises", [ALICE])):
        theorem = derive(PROGRAM, "6", [ALICE])
        assert isinstance(theorem, Theorem)
        old = getattr(theorem, name)
        object.__setattr__(theorem, name, value)
        try:
            rejected(check_hyperedge(PROGRAM, "6", [theorem], ALICE.with_time(2)),
                     "unknown-premise")
            assert not is_minted(PROGRAM, theorem)
        finally:
            object.__setattr__(theorem, name, old)
        assert is_minted(PROGRAM, theorem)


def test_a_theorem_given_an_equal_atom_object_is_refused() -> None:
    theorem = axiom(PROGRAM, ALICE)
    twin_atom = cont("alice", 5, "apples", 0)
    assert twin_atom == ALICE and twin_atom is not ALICE
    object.__setattr__(theorem, "atom", twin_atom)
    try:  # the registry knows the atom object it minted, not just an equal one
        rejected(check_hyperedge(PROGRAM, "6", [theorem], ALICE.with_time(1)), "unknown-premise")
    finally:
        object.__setattr__(theorem, "atom", ALICE)


class _Anyone(Agents):
    """Agents that claim to equal every agent set."""

    def __eq__(self, other: object) -> bool:
        return True

    def __ne__(self, other: object) -> bool:
        return False

    __hash__ = Agents.__hash__


def test_atoms_of_lying_values_are_refused() -> None:
    anyone = _Anyone(frozenset(["mallory"]))
    assert anyone == Agents.of("alice")  # the lie the kernel must not believe
    lying = Atom("cont", (anyone, 5, "apples", 0))
    rejected(check_hyperedge(PROGRAM, "6", [lying], lying.with_time(1)), "unknown-premise")
    rejected(check_hyperedge(PROGRAM, "6", [ALICE], lying.with_time(1)), "ill-formed")
    with pytest.raises(KernelError):
        axiom(PROGRAM, lying)

    class Loose(Atom):
        def __eq__(self, other: object) -> bool:
            return True

        __hash__ = Atom.__hash__

    rejected(check_hyperedge(PROGRAM, "6", [Loose("cont", LOOT.args)], LOOT.with_time(1)),
             "unknown-premise")
    rejected(check_hyperedge(PROGRAM, "6", [ALICE], Loose("cont", ALICE.with_time(1).args)),
             "ill-formed")


def test_an_atom_made_around_its_constructor_is_checked() -> None:
    unchecked = object.__new__(Atom)
    for name, value in (("predicate", "cont"), ("args", (Agents.of("alice"), -5, "apples", 1))):
        object.__setattr__(unchecked, name, value)
    rejected(check_hyperedge(PROGRAM, "6", [ALICE], unchecked), "ill-formed")
    blank = object.__new__(Atom)
    rejected(check_hyperedge(PROGRAM, "6", [ALICE], blank), "ill-formed")
    rejected(check_hyperedge(PROGRAM, "6", [blank], ALICE.with_time(1)), "unknown-premise")


def test_mutating_the_rule_table_in_place_does_not_change_the_kernel_s_rules() -> None:
    rule = RULES_BY_ID["1a"]
    builtins = rule.builtins
    object.__setattr__(rule, "builtins", ())
    try:
        program = Program([ALICE, AHEAD])
        rejected(check_hyperedge(program, "1a", [ALICE, AHEAD], BOB.with_quantity(999)),
                 "arithmetic")
    finally:
        object.__setattr__(rule, "builtins", builtins)
    toy = Rule("7", [_p := Pattern("cont", (A, Q, E, T))], [], _p)
    theory = Program([ALICE], rules=(*RULES, toy))
    object.__setattr__(toy, "premises", ())  # after construction: the kernel kept a copy
    rejected(check_hyperedge(theory, "7", [], LOOT), "arity")


def test_a_dead_program_is_collected_with_its_theorems() -> None:
    program = Program([ALICE, AHEAD])
    theorem = derive(program, "1a", [ALICE, AHEAD])
    assert isinstance(theorem, Theorem) and theorem.program is program
    ref = weakref.ref(program)
    del program
    gc.collect()
    assert ref() is None  # the registry does not keep its program alive
    assert theorem.program is None


class _LikeAlice:
    """Not an atom at all, but hashes and compares like Alice's count."""

    def __hash__(self) -> int:
        return hash(ALICE)

    def __eq__(self, other: object) -> bool:
        return True


def test_a_value_posing_as_an_axiom_only_ever_names_the_real_axiom() -> None:
    # the kernel looks the value up among the program's own axioms and goes on with what
    # it finds there, so the lie gains nothing: Alice's real count is carried, not loot
    rejected(check_hyperedge(PROGRAM, "6", [_LikeAlice()], LOOT.with_time(1)), "mismatch")
    carried = derive(PROGRAM, "6", [_LikeAlice()])
    assert isinstance(carried, Theorem) and carried.atom == ALICE.with_time(1)
    assert type(carried.premises[0]) is Atom and carried.premises[0] is not _LikeAlice
    assert type(axiom(PROGRAM, _LikeAlice()).atom) is Atom  # type: ignore[arg-type]
    rejected(check_hyperedge(PROGRAM, "6", [[ALICE]], ALICE.with_time(1)), "unknown-premise")  # type: ignore[list-item]


def _first_blocking(program: Program, fact: Atom) -> str | None:
    """The oracle the kernel's frame index must agree with: scan the transfers at the
    fact's entity and time in the program's order; the first that touches one of the
    fact's agent sets (the first such set) blocks the frame."""
    transfers = [a for a in program.axioms if a.predicate == "transfer"
                 and a.time == fact.time and a.entity == fact.entity]
    for transfer in transfers:
        for agents in fact.agent_sets:
            if not agents.isdisjoint(transfer.args[0]) or not agents.isdisjoint(transfer.args[1]):  # type: ignore[arg-type]
                return f"the frame rule cannot carry {agents!r} past {transfer!r}"
    return None


@pytest.mark.parametrize("seed", range(40))
def test_the_frame_index_blocks_exactly_where_a_scan_of_the_transfers_would(seed) -> None:
    import random

    from vlp.kernel import compeq, conclude, transfer

    rng = random.Random(seed)
    people = ["ann", "ben", "cy", "dee", "eve", "fay"]

    def some() -> list[str]:
        return rng.sample(people, rng.randint(1, 2))

    transfers = [transfer(some(), some(), rng.randint(1, 5), rng.choice(["nuts", "figs"]), 0)
                 for _ in range(rng.randint(0, 8))]
    facts = [cont(some(), 9, "nuts", 0), comp(["ann"], ["ben"], 1, "figs", 0),
             compeq(["cy"], ["dee"], ["eve"], ["fay"], "nuts", 0)]
    program = Program([*transfers, *facts])
    for fact, frame in zip(facts, ("6", "6c", "6q"), strict=True):
        expected = _first_blocking(program, fact)
        verdict = conclude(program, frame, [fact])
        if expected is None:
            assert verdict == fact.with_time(1)
        else:
            assert isinstance(verdict, Rejection) and verdict.reason == "frame-across-transfer"
            assert verdict.message == expected


# --- issue 24: the kernel's own inputs, the rule table and the axioms -------------------------

def _doubling_rule(rule_id: str = "x") -> Rule:
    """``cont(A, q, e, t) |- cont(A, q2, e, t)`` with ``q2 = q + q``: a rule the test can
    tell from a looser one by the quantity it concludes."""
    from vlp.kernel.rules import Add, Equal

    q2 = Var("q2", "quantity")
    return Rule(rule_id, [Pattern("cont", (A, Q, E, T))], [Equal(q2, Add(Q, Q))],
                Pattern("cont", (A, q2, E, T)))


def test_a_rule_whose_deepcopy_lies_gives_the_kernel_no_looser_rule() -> None:
    strict = _doubling_rule()
    loose = Rule("x", strict.premises, [], strict.conclusion)  # any quantity at all

    class Lying(Rule):
        def __deepcopy__(self, memo: dict) -> Rule:
            return loose

    lying = Lying(strict.id, strict.premises, strict.builtins, strict.conclusion)
    three = cont("bob", 3, "apples", 0)
    with pytest.raises(KernelError, match="rule classes, not Lying"):
        Program([three], rules=(*RULES, lying))
    # a part of a rule that lies is refused the same way, at any depth
    from vlp.kernel.rules import Add, Equal

    class LyingAdd(Add):
        def __deepcopy__(self, memo: dict) -> Add:
            return Add(Q, Q)

    sneaky = Rule("x", strict.premises, [Equal(Var("q2", "quantity"), LyingAdd(Q, Q))],
                  strict.conclusion)
    with pytest.raises(KernelError, match="not LyingAdd"):
        Program([three], rules=(*RULES, sneaky))
    # an exact rule is copied by the kernel itself: it applies what the program shows
    program = Program([three], rules=(*RULES, strict))
    assert repr(program.rule("x")) == "(x) cont(A, q, e, t); q2 = q + q |- cont(A, q2, e, t)"
    rejected(check_hyperedge(program, "x", [three], three.with_quantity(999)), "arithmetic")
    assert isinstance(check_hyperedge(program, "x", [three], three.with_quantity(6)), Theorem)


def test_an_axiom_that_is_no_exact_atom_of_exact_values_is_refused() -> None:
    negative = object.__new__(Atom)  # built around the constructor's check
    for name, value in (("predicate", "cont"), ("args", (Agents.of("bob"), -5, "apples", 0)),
                        ("_attrs_cached_hash", None)):
        object.__setattr__(negative, name, value)
    with pytest.raises(KernelError, match="exact Atom of exact built-in values"):
        Program([negative])

    class Shifting(Atom):
        """An atom whose arguments change each time they are read."""

        reads = 0

        @property  # type: ignore[override]
        def args(self) -> tuple:
            Shifting.reads += 1
            return (Agents.of("bob"), 3 if Shifting.reads < 3 else 999_999, "apples", 0)

        __hash__ = Atom.__hash__

    shifting = object.__new__(Shifting)
    object.__setattr__(shifting, "predicate", "cont")
    object.__setattr__(shifting, "_attrs_cached_hash", None)
    with pytest.raises(KernelError, match="exact Atom"):
        Program([shifting])
    # nor can either be minted through a program that holds them
    for bad in (negative, shifting):
        with pytest.raises(KernelError):
            axiom(Program([bad]), bad)
