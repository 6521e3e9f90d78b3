"""The trusted core: programs, theorems and the two primitive inferences.

Only this module creates a :class:`Theorem`: an axiom of a program (:func:`axiom`), or
the conclusion of an instance of one of the program's rules whose premises are theorems
the kernel minted for that program (:func:`check_hyperedge` checks a stated conclusion,
:func:`derive` draws the one the rule licenses). Everything else in vlp is untrusted.

How the kernel tells its own theorems (LCF's abstract ``thm``, in Python). A Theorem
cannot be built by calling its class, copied or pickled. The minting function and the
registry of minted theorems exist only inside one closure (``_trusted_core``), which also
defines every function that legitimately mints; no module name, attribute or argument
reaches them. When a :class:`Program` is constructed the kernel seals its own view of it
(axioms, a private copy of the rule table, horizon, the index of transfers), kept in that
closure under the program's identity and dropped when the program dies; writing to the
program's attributes afterwards changes nothing the kernel believes. A premise is accepted
only if it *is* (identity, not equality) the theorem the kernel registered for this very
program object, with the atom it was minted with, or names one of the program's axioms,
in which case the kernel goes on with its own axiom atom, never with the value it was given.
A stated conclusion must be an exact Atom of exact built-in values (a subclass could lie in
``__eq__``). A theorem of an equal but distinct program is refused: each program is its
own theory.

Out of scope, as HOL Light assumes no ``Obj.magic``: code that changes the trusted core
itself or reads its private state by introspection — rebinding or mutating this package's
module globals (its functions, the compiled caches of ``instance``, ``_PRISTINE``),
``__closure__``, ``gc.get_referrers``/``gc.get_objects``, frames and ``ctypes`` — and
mutating atoms or agent sets in place (``object.__setattr__`` on an :class:`Atom` or
:class:`Agents` already in use: they are hash-cached values the whole process shares,
the program's own axioms among them).
"""

from __future__ import annotations

import sys
import weakref
from collections.abc import Callable, Sequence
from typing import Any, NamedTuple, NoReturn

import attrs

from .instance import Binding, Failure, _bind, check_builtin, instantiate, solve
from .rules import RULES, RULES_BY_ID, NoTransferTouching, Rule
from .rules import rule as find
from .terms import Agents, Atom, check_args

AXIOM = "axiom"


@attrs.frozen(cache_hash=True, repr=False)
class Program:
    """A finite set of axioms under a rule table (the paper's by default). Time is bounded
    by the horizon (max axiom time + 1). The kernel seals its view at construction."""

    axioms: frozenset[Atom] = attrs.field(converter=frozenset)
    rules: tuple[Rule, ...] = attrs.field(default=RULES, converter=tuple)
    horizon: int = attrs.field(init=False, eq=False, repr=False)  # untrusted copy

    def __attrs_post_init__(self) -> None:
        object.__setattr__(self, "horizon", _seal(self))

    def __reduce__(self) -> tuple:
        # theorems stay behind: an unpickled program is a new one, with no theorems
        return Program, (self.axioms, self.rules)

    def rule(self, rule_id: str) -> Rule:
        return find(rule_id, RULES_BY_ID if self.rules is RULES else {r.id: r for r in self.rules})

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
    # weak: the kernel's registry holds the theorems, which must not keep the program alive
    _program: weakref.ref[Program] = attrs.field(eq=False)

    def __init__(self, *_args: Any, **_kwargs: Any) -> NoReturn:
        raise TypeError("only the kernel can create a Theorem; use check_hyperedge or axiom")

    def __reduce_ex__(self, _protocol: object) -> NoReturn:
        raise TypeError("a Theorem cannot be copied or pickled; send its atom and re-derive")

    @property
    def program(self) -> Program | None:
        """The program the theorem was minted for (None once that program is gone)."""
        return self._program()

    def __repr__(self) -> str:
        if self.rule_id == AXIOM:
            return f"|- {self.atom!r}  [axiom]"
        return f"|- {self.atom!r}  [{self.rule_id} from {', '.join(map(repr, self.premises))}]"


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


class _Theory(NamedTuple):
    """The kernel's sealed view of one program; it lives only inside ``_trusted_core``."""

    axioms: dict[Atom, Atom]  # each axiom to itself: a look-up returns the program's own atom
    rules: dict[str, Rule]
    horizon: int
    transfers: dict[tuple[str, int], tuple[Atom, ...]]
    # (entity, time) -> agent -> position of the first transfer there that touches the agent
    touched: dict[tuple[str, int], dict[str, int]]
    program: weakref.ref[Program]
    minted: dict[tuple, Theorem]  # hyperedge -> its theorem
    # id of each theorem in ``minted`` (alive while they are) -> it and the fields minted
    own: dict[int, tuple[Theorem, Atom, str, tuple[Atom, ...]]]


# The classes a rule is built of (every class of kernel/rules.py, all attrs classes): the
# kernel copies a rule field by field from these exact types (a subclass, or a caller's
# ``__deepcopy__``, could hand it a rule other than the one the program shows).
_PARTS = frozenset(c for c in vars(sys.modules[Rule.__module__]).values() if isinstance(c, type))


def _own_copy(value: object) -> Any:
    """A fresh copy of a rule (or a part of one) built by the kernel from exact values: no
    method of the caller's runs, and anything but the table's own classes, tuples and
    built-in scalars is refused."""
    kind = type(value)
    if kind in (str, int, bool, type(None), tuple):
        return tuple(map(_own_copy, value)) if kind is tuple else value  # type: ignore
    if kind not in _PARTS:
        raise KernelError(f"a rule is built of the kernel's rule classes, not {kind.__name__}")
    return kind(**{f.name: _own_copy(getattr(value, f.name)) for f in attrs.fields(kind)})


# The kernel's own copy of the standard table, by the identity of its public rules: nobody
# else holds these objects, so changing a public rule in place changes nothing here.
_PRISTINE = {id(public): _own_copy(public) for public in RULES}
_UNSEALED = "is not a program the kernel sealed at construction"
_SET_ATOM, _SET_RULE_ID, _SET_PREMISES, _SET_PROGRAM = (
    vars(Theorem)[name].__set__ for name in ("atom", "rule_id", "premises", "_program"))
_ILL_FORMED: Failure = ("ill-formed", lambda: "the conclusion is no atom of exact built-in values")


def _theory_of(program: Program, ref: weakref.ref[Program]) -> _Theory:
    """Build the kernel's view of a program from its fields at construction."""
    axioms = {atom: atom for atom in program.axioms}
    if not all(map(_is_plain, axioms)):  # as a stated conclusion is checked
        raise KernelError("an axiom of a program is an exact Atom of exact built-in values")
    rules = tuple(_PRISTINE.get(id(rule)) or _own_copy(rule) for rule in program.rules)
    transfers: dict[tuple[str, int], list[Atom]] = {}
    for a in axioms:
        if a.predicate == "transfer":
            transfers.setdefault((a.entity, a.time), []).append(a)  # type: ignore[arg-type]
    touched = {key: {name: i for i, transfer in reversed(list(enumerate(group)))  # first wins
                     for side in transfer.args[:2] for name in side.names}  # type: ignore
               for key, group in transfers.items()}
    horizon = max((a.time for a in axioms if a.time is not None), default=0) + 1
    by_id = {r.id: r for r in rules}
    if len(by_id) != len(rules):
        raise KernelError("two rules of the table share an id")
    return _Theory(axioms, by_id, horizon, {k: tuple(v) for k, v in
                   transfers.items()}, touched, ref, {}, {})


def _is_plain(atom: object) -> bool:
    """An exact, well-formed :class:`Atom` of exact built-in values (``object.__new__``
    skips the constructor's check; subclasses could redefine equality). The types are
    tested first, so no caller-defined method runs before they are known."""
    if type(atom) is not Atom:
        return False
    predicate, args = getattr(atom, "predicate", None), getattr(atom, "args", None)
    if type(predicate) is not str or type(args) is not tuple or not all(
            type(arg) is str or type(arg) is int or type(arg) is Agents
            and type(arg.names) is frozenset and all(type(n) is str for n in arg.names)
            for arg in args):
        return False
    try:
        return check_args(predicate, args, allow_unknown=False) is None
    except ValueError:
        return False


def _trusted_core() -> tuple[Callable[..., Any], ...]:
    """The only scope that can reach the registry of theorems and the minting function."""
    theories: dict[int, _Theory] = {}

    def sealed(program: object) -> _Theory | None:
        return t if (t := theories.get(id(program))) and t.program() is program else None

    def seal(program: Program) -> int:
        if not isinstance(program, Program) or id(program) in theories:
            raise KernelError("a program is sealed once, by its constructor")
        key = id(program)  # dropped when the program dies, by the kernel's own weak reference
        ref = weakref.ref(program, lambda _ref: theories.pop(key, None))
        theories[key] = theory = _theory_of(program, ref)
        return theory.horizon

    def mint(theory: _Theory, atom: Atom, rule_id: str, premises: tuple[Atom, ...]) -> Theorem:
        key = (atom, rule_id, premises)
        theorem = theory.minted.get(key)
        if theorem is None:
            theorem = theory.minted[key] = object.__new__(Theorem)
            # the slots' own setters, under the frozen class (one call each: a tenth of
            # chaining went to a loop over them)
            _SET_ATOM(theorem, atom)
            _SET_RULE_ID(theorem, rule_id)
            _SET_PREMISES(theorem, premises)
            _SET_PROGRAM(theorem, theory.program)
            theory.own[id(theorem)] = (theorem, *key)
        return theorem

    def registered(theory: _Theory, theorem: object) -> Atom | None:
        """The atom of ``theorem`` if it is the very object minted for this program, with
        the fields it was minted with (by identity), else None."""
        entry = theory.own.get(id(theorem))
        if entry is None or entry[0] is not theorem:
            return None
        _, atom, rule_id, premises = entry  # as minted (getattr: a field may be deleted)
        same = (getattr(theorem, "atom", None) is atom and getattr(theorem, "rule_id", None)
                is rule_id and getattr(theorem, "premises", None) is premises)
        return atom if same else None

    def premise_atoms(theory: _Theory, rule_id: str,
                      premises: Sequence[Theorem | Atom]) -> list[Atom] | Rejection:
        atoms: list[Atom] = []
        for index, premise in enumerate(premises, 1):
            own = registered(theory, premise) or _axiom(theory, premise)
            if own is None:
                return Rejection(rule_id, "unknown-premise", _unknown(index, premise))
            atoms.append(own)  # type: ignore[arg-type]
        return atoms

    def instance(program: Program, rule_id: object, premises: Sequence[Theorem | Atom] | None
                 ) -> tuple[_Theory, Rule, list[Atom]] | Rejection:
        """The program's view, its rule ``rule_id`` and the premises' atoms (not read when
        ``premises`` is None), or why there is none."""
        theory = sealed(program)
        if theory is None:
            return Rejection(str(rule_id), "unknown-program",
                             f"that {type(program).__name__} {_UNSEALED}")
        rule = _rule(theory, rule_id)
        if isinstance(rule, Rejection) or premises is None:
            return rule if isinstance(rule, Rejection) else (theory, rule, [])
        atoms = premise_atoms(theory, rule.id, premises)
        return atoms if isinstance(atoms, Rejection) else (theory, rule, atoms)

    def axiom(program: Program, atom: Atom) -> Theorem:
        theory = sealed(program)
        own = None if theory is None else _axiom(theory, atom)
        if own is None:
            raise KernelError(f"that {type(program).__name__} {_UNSEALED}" if theory is None
                              else _unknown(None, atom))
        return mint(theory, own, AXIOM, ())

    def check_hyperedge(program: Program, rule_id: str, premises: Sequence[Theorem | Atom],
                        conclusion: Atom) -> Theorem | Rejection:
        """Accept ``premises |- conclusion`` as an instance of rule ``rule_id`` of the
        program's table or say exactly why not.

        Premises are theorems the kernel minted for ``program`` or axioms of it, given in
        the order of the rule's premise patterns (the union rule takes n >= 2 premises).
        """
        found = instance(program, rule_id, premises)
        if isinstance(found, Rejection):
            return found
        theory, rule, atoms = found
        binding: Binding = {}
        failure = _ILL_FORMED if not _is_plain(conclusion) else (
            _bind(rule, atoms, conclusion, binding)
            or next(filter(None, (check_builtin(b, binding) for b in rule.builtins)), None)
            or _side_conditions(theory, rule, binding, conclusion))
        if failure is not None:
            return Rejection(rule.id, failure[0], failure[1]())
        return mint(theory, conclusion, rule.id, tuple(atoms))

    def conclude(program: Program, rule_id: str, premises: Sequence[Atom]) -> Atom | Rejection:
        """The conclusion rule ``rule_id`` licenses from ``premises`` (atoms, in pattern
        order), or why it licenses none. Pure: it proves nothing (see :func:`derive`)."""
        found = instance(program, rule_id, None)  # its premises are atoms, only read
        return found if isinstance(found, Rejection) else _conclude(found[0], found[1], premises)

    def derive(program: Program, rule_id: str,
               premises: Sequence[Theorem | Atom]) -> Theorem | Rejection:
        """The theorem rule ``rule_id`` concludes from ``premises`` (theorems or axioms of
        ``program``): :func:`conclude` and minting in one step, or why there is none."""
        found = instance(program, rule_id, premises)
        drawn = found if isinstance(found, Rejection) else _conclude(*found)
        if isinstance(drawn, Rejection):
            return drawn
        theory, rule, atoms = found  # type: ignore[misc]
        return mint(theory, drawn, rule.id, tuple(atoms))

    def is_minted(program: Program, theorem: object) -> bool:
        """Did the kernel mint ``theorem`` for this very ``program`` object?"""
        return (theory := sealed(program)) is not None and registered(theory, theorem) is not None

    def minted_count(program: Program) -> int:
        """How many theorems the kernel holds for ``program`` (one per hyperedge)."""
        return 0 if (theory := sealed(program)) is None else len(theory.minted)

    return seal, axiom, check_hyperedge, conclude, derive, is_minted, minted_count


_seal, axiom, check_hyperedge, conclude, derive, is_minted, minted_count = _trusted_core()
del _trusted_core


def _axiom(theory: _Theory, atom: object) -> Atom | None:
    """The program's own axiom equal to ``atom``: a value whose ``__eq__`` lies can only
    ever name a real axiom, and the kernel goes on with that axiom, not with the value."""
    try:
        return theory.axioms.get(atom)  # type: ignore[call-overload]
    except (TypeError, AttributeError):  # unhashable, or made around its constructor
        return None


def _unknown(index: int | None, premise: object) -> str:
    if isinstance(premise, Theorem):
        return f"premise {index} is not a theorem the kernel proved for this program"
    shown = repr(premise) if _is_plain(premise) else "that value"  # junk may not even print
    if index is None:
        return f"{shown} is not an axiom of the program"
    return f"premise {index} {shown} is neither an axiom nor a proved theorem"


def _rule(theory: _Theory, rule_id: object) -> Rule | Rejection:
    if not isinstance(rule_id, str):
        return Rejection(str(getattr(rule_id, "id", rule_id)), "unknown-rule",
                         f"the kernel takes a rule id, not {type(rule_id).__name__}; the "
                         "rules are the program's table")
    return theory.rules.get(rule_id) or Rejection(
        rule_id, "unknown-rule", f"unknown rule {rule_id!r}; rules are {', '.join(theory.rules)}")


def _side_conditions(theory: _Theory, rule: Rule, binding: Binding,
                     conclusion: Atom) -> Failure | None:
    blocked = rule.negation and _blocking_transfer(theory, rule.negation, binding)
    if blocked:
        return blocked
    time = conclusion.time
    if time is not None and time > theory.horizon:
        return "horizon", lambda: (f"time {time} of the conclusion is past the program's "
                                   f"horizon {theory.horizon}")
    return None


def _conclude(theory: _Theory, rule: Rule, premises: Sequence[Atom]) -> Atom | Rejection:
    binding: Binding = {}
    failure = _bind(rule, premises, None, binding) or solve(rule, binding)
    if failure is None:
        try:
            conclusion = instantiate(rule.conclusion, binding)
        except ValueError as error:  # a table without a bound: the value is no natural number
            failure = "arithmetic", lambda message=str(error): message
        else:
            failure = _side_conditions(theory, rule, binding, conclusion)
            if failure is None:
                return conclusion
    return Rejection(rule.id, failure[0], failure[1]())


def _blocking_transfer(theory: _Theory, negation: NoTransferTouching,
                       binding: Binding) -> Failure | None:
    """A transfer at the frame's time, of one of its entities, that touches one of its
    agent sets: the first such in the program's order (the one the message names) and the
    first agent set it touches, found through ``touched`` in O(agents), not O(transfers)."""
    time = binding[negation.time.name]
    agent_sets: list[Agents] = [binding[v.name] for v in negation.agents]
    for entity_var in negation.entities:
        key = (binding[entity_var.name], time)
        first = theory.touched.get(key)
        positions = [] if first is None else [
            first[name] for agents in agent_sets for name in agents.names if name in first]
        if positions:
            transfer = theory.transfers[key][min(positions)]
            agents = next(a for a in agent_sets if not a.isdisjoint(transfer.args[0])  # type: ignore
                          or not a.isdisjoint(transfer.args[1]))  # type: ignore[arg-type]
            return "frame-across-transfer", lambda a=agents, t=transfer: (
                f"the frame rule cannot carry {a!r} past {t!r}")
    return None
