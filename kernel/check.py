"""The trusted core: programs, theorems and the two primitive inferences.

Only this module creates a :class:`Theorem`: an axiom of a program (:func:`axiom`), or
the conclusion of an instance of one of the program's rules whose premises are theorems
the kernel minted for that program (:func:`check_hyperedge` checks a stated conclusion,
:func:`derive` draws the one the rule licenses). Everything else in vlp is untrusted.

How the kernel tells its own theorems (LCF's abstract ``thm``, in Python): a Theorem
cannot be built by calling its class, copied or pickled, and every theorem the kernel
mints is registered, by its hyperedge, in a registry private to the program object it was
minted for. A premise is accepted only if it *is* (identity, not equality) the registered
theorem, so an object made with ``object.__new__``, ``attrs.evolve`` or an unpickler is
refused even when its fields equal a real theorem's. The registry holds one theorem per
distinct hyperedge, so it stays as small as the model. The rule table belongs to the
program too: a program with another table is another theory, and its theorems are not
premises of a program with the standard one.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, NoReturn

import attrs

from .instance import (
    Binding,
    Failure,
    _bind,
    check_builtin,
    instantiate,
    solve,
)
from .rules import RULES, RULES_BY_ID, NoTransferTouching, Rule
from .terms import Agents, Atom

AXIOM = "axiom"


@attrs.frozen(cache_hash=True, repr=False)
class Program:
    """A finite set of axioms under a rule table (the paper's by default). Time is bounded
    by the horizon (max axiom time + 1)."""

    axioms: frozenset[Atom] = attrs.field(converter=frozenset)
    rules: tuple[Rule, ...] = attrs.field(default=RULES, converter=tuple)
    # Derived once at construction: the hyperedge check consults them on every step, and
    # rescanning the axioms each time made chaining quadratic in the program's size.
    _horizon: int = attrs.field(init=False, eq=False, repr=False)
    _transfers: dict[tuple[str, int], tuple[Atom, ...]] = attrs.field(
        init=False, eq=False, repr=False)
    _rules_by_id: dict[str, Rule] = attrs.field(init=False, eq=False, repr=False)
    _minted: dict[tuple, Theorem] = attrs.field(init=False, eq=False, repr=False)

    def __attrs_post_init__(self) -> None:
        times = [a.time for a in self.axioms if a.time is not None]
        transfers: dict[tuple[str, int], list[Atom]] = {}
        for a in self.axioms:
            if a.predicate == "transfer":
                transfers.setdefault((a.entity, a.time), []).append(a)  # type: ignore[arg-type]
        by_id = RULES_BY_ID if self.rules == RULES else {r.id: r for r in self.rules}
        if len(by_id) != len(self.rules):
            raise KernelError("two rules of the table share an id")
        for name, value in (("_horizon", max(times, default=0) + 1), ("_rules_by_id", by_id),
                            ("_transfers", {k: tuple(v) for k, v in transfers.items()}),
                            ("_minted", {})):
            object.__setattr__(self, name, value)

    def __reduce__(self) -> tuple:
        # theorems stay behind: an unpickled program starts with an empty registry
        return Program, (self.axioms, self.rules)

    @property
    def horizon(self) -> int:
        return self._horizon

    @property
    def last_time(self) -> int:
        """The time queries ask about: the latest time an axiom speaks about (a transfer
        at t speaks about t + 1, its effect; every other axiom about its own time)."""
        return max((a.time + 1 if a.predicate == "transfer" else a.time  # type: ignore[operator]
                    for a in self.axioms if a.time is not None), default=0)

    def rule(self, rule_id: str) -> Rule:
        try:
            return self._rules_by_id[rule_id]
        except KeyError:
            raise KeyError(f"unknown rule {rule_id!r}; rules are "
                           f"{', '.join(self._rules_by_id)}") from None

    def transfers_at(self, entity: str, time: int) -> list[Atom]:
        return list(self._transfers.get((entity, time), ()))

    def __repr__(self) -> str:
        return f"Program({len(self.axioms)} axioms, horizon {self.horizon})"


@attrs.frozen(repr=False, init=False)
class Theorem:
    """An atom proved in a program, with the rule and premises of its last step.

    Made only by the kernel: calling the class, copying and pickling all raise.
    """

    atom: Atom
    rule_id: str
    premises: tuple[Atom, ...]
    program: Program = attrs.field(eq=False)

    def __init__(self, *_args: Any, **_kwargs: Any) -> NoReturn:
        raise TypeError("only the kernel can create a Theorem; use check_hyperedge or axiom")

    def __reduce_ex__(self, _protocol: object) -> NoReturn:
        raise TypeError("a Theorem cannot be copied or pickled; send its atom and re-derive")

    def __repr__(self) -> str:
        if self.rule_id == AXIOM:
            return f"|- {self.atom!r}  [axiom]"
        return f"|- {self.atom!r}  [{self.rule_id} from {', '.join(map(repr, self.premises))}]"


def _mint(program: Program, atom: Atom, rule_id: str, premises: tuple[Atom, ...]) -> Theorem:
    key = (atom, rule_id, premises)
    theorem = program._minted.get(key)
    if theorem is None:
        theorem = object.__new__(Theorem)
        for name, value in (("atom", atom), ("rule_id", rule_id), ("premises", premises),
                            ("program", program)):
            object.__setattr__(theorem, name, value)
        program._minted[key] = theorem
    return theorem


def is_minted(program: Program, theorem: object) -> bool:
    """Did the kernel mint ``theorem`` for ``program`` (or for an equal program)?"""
    try:
        owner = theorem.program  # type: ignore[attr-defined]
        key = (theorem.atom, theorem.rule_id, theorem.premises)  # type: ignore[attr-defined]
    except AttributeError:  # a blank object.__new__(Theorem)
        return False
    if not isinstance(owner, Program) or (owner is not program and owner != program):
        return False
    return owner._minted.get(key) is theorem


@attrs.frozen
class Rejection:
    """Why a hyperedge is not an instance of its rule. ``reason`` is a short code."""

    rule_id: str
    reason: str
    message: str

    def __str__(self) -> str:
        return f"rule {self.rule_id} rejected ({self.reason}): {self.message}"


class KernelError(ValueError):
    """A caller asked the kernel for something impossible (not a rejection of a step)."""


def axiom(program: Program, atom: Atom) -> Theorem:
    if atom not in program.axioms:
        raise KernelError(f"{atom!r} is not an axiom of the program")
    return _mint(program, atom, AXIOM, ())


def _premise_atoms(program: Program, rule_id: str,
                   premises: Sequence[Theorem | Atom]) -> list[Atom] | Rejection:
    atoms: list[Atom] = []
    for index, premise in enumerate(premises, 1):
        if isinstance(premise, Theorem):
            if not is_minted(program, premise):
                return Rejection(rule_id, "unknown-premise", f"premise {index} is not a "
                                 "theorem the kernel proved for this program")
            atoms.append(premise.atom)
        elif isinstance(premise, Atom) and premise in program.axioms:
            atoms.append(premise)
        else:
            return Rejection(rule_id, "unknown-premise", f"premise {index} {premise!r} "
                             "is neither an axiom nor a proved theorem")
    return atoms


def _rule_and_premises(program: Program, rule_id: object,
                       premises: Sequence[Theorem | Atom]
                       ) -> tuple[Rule, list[Atom]] | Rejection:
    """The program's rule ``rule_id`` and the atoms of ``premises``, or why either fails."""
    rule = _rule(program, rule_id)
    if isinstance(rule, Rejection):
        return rule
    atoms = _premise_atoms(program, rule.id, premises)
    if isinstance(atoms, Rejection):
        return atoms
    return rule, atoms


def _rule(program: Program, rule_id: object) -> Rule | Rejection:
    if not isinstance(rule_id, str):
        return Rejection(str(getattr(rule_id, "id", rule_id)), "unknown-rule",
                         f"the kernel takes a rule id, not {type(rule_id).__name__}; the "
                         "rules are the program's table")
    try:
        return program.rule(rule_id)
    except KeyError as error:
        return Rejection(rule_id, "unknown-rule", str(error.args[0]))


def check_hyperedge(
    program: Program, rule_id: str, premises: Sequence[Theorem | Atom], conclusion: Atom
) -> Theorem | Rejection:
    """Accept ``premises |- conclusion`` as an instance of rule ``rule_id`` of the
    program's table or say exactly why not.

    Premises are theorems the kernel minted for ``program`` or axioms of it, given in the
    order of the rule's premise patterns (the union rule takes n >= 2 premises).
    """
    instance = _rule_and_premises(program, rule_id, premises)
    if isinstance(instance, Rejection):
        return instance
    rule, atoms = instance
    binding: Binding = {}
    failure = (_bind(rule, atoms, conclusion, binding)
               or _holds(program, rule, binding, conclusion))
    if failure is not None:
        return Rejection(rule.id, failure[0], failure[1]())
    return _mint(program, conclusion, rule.id, tuple(atoms))


def _holds(program: Program, rule: Rule, binding: Binding, conclusion: Atom) -> Failure | None:
    for builtin in rule.builtins:
        failure = check_builtin(builtin, binding)
        if failure is not None:
            return failure
    return _side_conditions(program, rule, binding, conclusion)


def _side_conditions(program: Program, rule: Rule, binding: Binding,
                     conclusion: Atom) -> Failure | None:
    if rule.negation is not None:
        blocked = _blocking_transfer(program, rule.negation, binding)
        if blocked is not None:
            agents, transfer = blocked
            return "frame-across-transfer", lambda: (
                f"the frame rule cannot carry {agents!r} past {transfer!r}")
    time = conclusion.time
    if time is not None and time > program.horizon:
        return "horizon", lambda: (f"time {time} of the conclusion is past the program's "
                                   f"horizon {program.horizon}")
    return None


def conclude(program: Program, rule_id: str, premises: Sequence[Atom]) -> Atom | Rejection:
    """The conclusion rule ``rule_id`` licenses from ``premises`` (atoms, in pattern
    order), or why it licenses none. Pure: it proves nothing (see :func:`derive`)."""
    rule = _rule(program, rule_id)
    if isinstance(rule, Rejection):
        return rule
    drawn = _conclude(program, rule, premises)
    return drawn if isinstance(drawn, Atom) else Rejection(rule.id, drawn[0], drawn[1]())


def _conclude(program: Program, rule: Rule, premises: Sequence[Atom]) -> Atom | Failure:
    binding: Binding = {}
    failure = _bind(rule, premises, None, binding) or solve(rule, binding)
    if failure is not None:
        return failure
    try:
        conclusion = instantiate(rule.conclusion, binding)
    except ValueError as error:  # a table without a bound: the value is no natural number
        message = str(error)
        return "arithmetic", lambda: message
    return _side_conditions(program, rule, binding, conclusion) or conclusion


def derive(program: Program, rule_id: str,
           premises: Sequence[Theorem | Atom]) -> Theorem | Rejection:
    """The theorem rule ``rule_id`` concludes from ``premises`` (theorems or axioms of
    ``program``): :func:`conclude` and minting in one step, or why there is none."""
    instance = _rule_and_premises(program, rule_id, premises)
    if isinstance(instance, Rejection):
        return instance
    rule, atoms = instance
    drawn = _conclude(program, rule, atoms)
    if not isinstance(drawn, Atom):
        return Rejection(rule.id, drawn[0], drawn[1]())
    return _mint(program, drawn, rule.id, tuple(atoms))


def _blocking_transfer(program: Program, negation: NoTransferTouching,
                       binding: Binding) -> tuple[Agents, Atom] | None:
    time = binding[negation.time.name]
    for entity_var in negation.entities:
        for transfer in program.transfers_at(binding[entity_var.name], time):
            sender, receiver = transfer.args[0], transfer.args[1]
            for agents_var in negation.agents:
                agents: Agents = binding[agents_var.name]
                if not agents.isdisjoint(sender) or not agents.isdisjoint(receiver):
                    return agents, transfer
    return None
