"""Align what a transcript says with the theorems of a program (DESIGN §6).

A sentence denotes a *claim* (an atom without its time), sometimes with words left out
("The difference between Dennie and Dianna is 15." has no entity). :class:`ProgramIndex`
holds a program's chart and shortest proof, indexed so that each claim pattern can be
resolved to one theorem: the shortest proof's atoms are preferred, then the earliest time.
It also answers the questions the verdicts need: which rule instances conclude a claim,
which intermediate claims a skipped step left out, and why a claim is not a theorem.
"""

from __future__ import annotations

import heapq
from collections import defaultdict
from collections.abc import Collection, Iterable, Mapping, Sequence
from types import MappingProxyType
from typing import Any, NamedTuple, Protocol

import attrs

from vlp.grammar.arithmetic import Arithmetic
from vlp.kernel import (
    AXIOM,
    SIGNATURES,
    Agents,
    Atom,
    Claim,
    Hyperedge,
    Program,
    Query,
    Theorem,
    bind,
    is_frame_rule,
)
from vlp.kernel.rules import Add, Equal, Mul, Sub, SumOf, Var
from vlp.kernel.rules import rule as rule_by_id

from .demand import OnDemand
from .postorder import post_order


class ChartLike(Protocol):
    theorems: dict[Atom, Theorem]

    def incoming(self, atom: Atom) -> Iterable[Hyperedge]: ...


@attrs.frozen(cache_hash=True)  # patterns key the per-problem memos
class ClaimPattern:
    """A claim whose ``None`` arguments were left out by the sentence (time is always erased)."""

    predicate: str
    args: tuple[Any, ...] = attrs.field(converter=tuple)

    @classmethod
    def of(cls, value: Claim | Atom | Query | ClaimPattern) -> ClaimPattern:
        """From a claim, an atom or a query (their time argument, if any, is dropped)."""
        if isinstance(value, ClaimPattern):
            return value
        if isinstance(value, Claim):
            return cls(value.predicate, value.args)
        kinds = SIGNATURES[value.predicate]
        return cls(value.predicate,
                   tuple(a for k, a in zip(kinds, value.args, strict=True) if k != "time"))

    @property
    def kinds(self) -> tuple[str, ...]:
        return _CLAIM_KINDS[self.predicate]

    @property
    def is_complete(self) -> bool:
        return all(a is not None for a in self.args)

    def as_claim(self) -> Claim:
        return Claim(self.predicate, self.args)

    def matches(self, claim: Claim) -> bool:
        return claim.predicate == self.predicate and all(
            mine is None or mine == theirs
            for mine, theirs in zip(self.args, claim.args, strict=True)
        )

    def __str__(self) -> str:
        shown = ("?" if a is None else repr(a) if isinstance(a, Agents) else str(a)
                 for a in self.args)
        return f"{self.predicate}({', '.join(shown)})"


_CLAIM_KINDS = {predicate: tuple(k for k in kinds if k != "time")
                for predicate, kinds in SIGNATURES.items()}


_UNKNOWN = object()  # not looked up yet (None is an answer: no arithmetic)


def claim_of(atom: Atom) -> Claim:
    return atom.claim()


# --- the arithmetic of a rule instance -------------------------------------------------------

_OPERATORS = {Add: "+", Sub: "-", Mul: "*"}


def hyperedge_arithmetic(
    rule_id: str, premises: Sequence[Atom], conclusion: Atom
) -> Arithmetic | None:
    """The quantity built-in of a rule instance as an expression, e.g. ``20 - 6 = 14``.

    Read from the rule table, so it follows the table if a rule changes. ``None`` for
    rules without arithmetic on quantities (1c computes a difference and has one; 5b and
    the frame rule have none).
    """
    rule = rule_by_id(rule_id)
    if is_frame_rule(rule_id):
        return None
    binding = bind(rule, premises, conclusion)
    if not isinstance(binding, dict):
        return None  # not an instance of the rule: no built-in to show
    for builtin in rule.builtins:
        if not (isinstance(builtin, Equal) and builtin.var.kind == "quantity"):
            continue
        expr = builtin.expr
        if isinstance(expr, SumOf):
            return Arithmetic.single("+", tuple(binding[expr.var.name]),
                                     binding[builtin.var.name])
        operator = _OPERATORS.get(type(expr))
        if operator is None or not all(isinstance(side, Var) for side in (expr.left, expr.right)):
            continue
        operands = (binding[expr.left.name], binding[expr.right.name])  # type: ignore[union-attr]
        return Arithmetic.single(operator, operands, binding[builtin.var.name])
    return None


def same_expression(stated: Arithmetic, builtin: Arithmetic | None) -> bool:
    """Does the text's expression write this built-in? Order is free for + and *. An
    instance without a quantity built-in (``None``) writes no expression."""
    if builtin is None or stated.operator != builtin.operator or \
            stated.result != builtin.result:
        return False
    if stated.operator == "-":
        return stated.operands == builtin.operands
    return sorted(stated.operands) == sorted(builtin.operands)


# --- the index ---------------------------------------------------------------------------------

@attrs.frozen
class Alignment:
    """A claim pattern resolved to a theorem of the program."""

    claim: Claim
    atom: Atom  # the preferred theorem with this claim (shortest-proof atom, earliest time)
    atoms: tuple[Atom, ...]  # every theorem with this claim, preferred first
    id: int  # the claim's id in the index


@attrs.frozen
class Misalignment:
    """A claim pattern that denotes no theorem, and why."""

    claim: Claim | None
    reason: str


@attrs.frozen
class Derivation:
    """A rule instance (kernel-accepted) that concludes a claim from available claims."""

    theorem: Theorem
    hyperedge: Hyperedge
    arithmetic: Arithmetic | None = None  # the instance's quantity built-in, if it has one

    def writes(self, stated: Arithmetic | None) -> bool:
        """Is ``stated`` this instance's built-in?"""
        return stated is not None and same_expression(stated, self.arithmetic)


class _ClaimEdge:
    """A non-frame rule instance over claim ids (premise ids in pattern order, deduplicated).

    Its arithmetic is read from the rule table when first asked for: most instances derived
    on demand are never asked, and reading it cost an eighth of a problem's first transcript.
    """

    __slots__ = ("edge", "head", "premises", "_arithmetic")

    def __init__(self, edge: Hyperedge, head: int, premises: tuple[int, ...]):
        self.edge = edge
        self.head = head
        self.premises = premises
        self._arithmetic: Any = _UNKNOWN

    @property
    def arithmetic(self) -> Arithmetic | None:
        if self._arithmetic is _UNKNOWN:
            edge = self.edge
            self._arithmetic = hyperedge_arithmetic(edge.rule_id, edge.premises,
                                                    edge.conclusion)
        return self._arithmetic  # type: ignore[no-any-return]


class _Graph(NamedTuple):
    """Every non-frame rule instance of the index, numbered in head-claim order, for the
    skipped-step search (``ProgramIndex._graph``)."""

    records: list[_ClaimEdge]  # the rule instances, numbered
    consumers: dict[int, list[int]]  # claim id -> numbers of the instances using it
    premise_counts: list[int]  # distinct premises of each numbered instance


class ProgramIndex:
    """A program's chart and shortest proof, indexed for alignment (built once per problem).

    Claims get small integer ids so that the per-transcript work (which claims are
    available, which rule instances apply) is set arithmetic on ints.
    """

    def __init__(self, program: Program, chart: ChartLike, proof_atoms: Collection[Atom],
                 hidden_axioms: Collection[Atom] = (), demand: OnDemand | None = None):
        self.program = program
        self.chart = chart
        # comparisons and compeqs the chart leaves out, derived for the claims asked about
        self.demand = demand
        self._arithmetic_done: set[tuple[Claim, Arithmetic]] = set()
        self.proof_atoms = frozenset(proof_atoms)
        self.axiom_claims = frozenset(claim_of(a) for a in program.axioms)
        # Axioms the problem text never states (the unit rates that read a question about a
        # category, see vlp.grammar.category_links) and the conversions they license are
        # bookkeeping: free for the model, like frame-rule copies, and never counted.
        hidden = frozenset(hidden_axioms)
        conversions = [e for atom in chart.theorems for e in chart.incoming(atom)
                       if any(p in hidden for p in e.premises)]
        self.bookkeeping_claims = frozenset(
            [claim_of(a) for a in hidden] + [claim_of(e.conclusion) for e in conversions])
        self.proof_claims = frozenset(claim_of(a) for a in self.proof_atoms) \
            - self.bookkeeping_claims
        atom_claim: dict[Atom, Claim] = {atom: claim_of(atom) for atom in chart.theorems}
        self._atom_claim = atom_claim
        atoms_by_claim: dict[Claim, list[Atom]] = {}
        for atom, claim in atom_claim.items():
            atoms_by_claim.setdefault(claim, []).append(atom)

        def preference(atom: Atom) -> tuple[int, int]:
            return (atom not in self.proof_atoms, atom.time if atom.time is not None else -1)

        self.atoms_by_claim: dict[Claim, tuple[Atom, ...]] = {
            claim: tuple(sorted(atoms, key=preference)) for claim, atoms in atoms_by_claim.items()
        }
        self.claims: list[Claim] = sorted(self.atoms_by_claim, key=str)
        self.claim_id: dict[Claim, int] = {c: i for i, c in enumerate(self.claims)}
        # the same (equal) sets, of the index's own claim objects: an aligned claim is one
        # of them, so the per-transcript set operations meet identical objects
        self.axiom_claims = self._canonical(self.axiom_claims)
        self.bookkeeping_claims = self._canonical(self.bookkeeping_claims)
        self.proof_claims = self._canonical(self.proof_claims)
        self.axiom_ids = frozenset(self.claim_id[c] for c in self.axiom_claims)
        self.bookkeeping_ids = frozenset(self.claim_id[c] for c in self.bookkeeping_claims
                                         if c in self.claim_id)
        self._free: dict[int, list[int]] = {}  # claim id -> conversions it licenses for free
        self._initially_available: frozenset[int] | None = None
        for edge in conversions:
            for premise in edge.premises:
                if premise not in hidden:
                    self._free.setdefault(self.claim_id[claim_of(premise)], []).append(
                        self.claim_id[claim_of(edge.conclusion)])
        self.proof_ids = frozenset(self.claim_id[c] for c in self.proof_claims)
        self.atoms_by_id = [self.atoms_by_claim[c] for c in self.claims]
        # the skipped steps of a claim, by the claims available
        self._missing_cache: dict[tuple[int, frozenset[int]], tuple[Claim, ...]] = {}
        # a complete pattern's alignment depends on the index alone (not on the context)
        self._aligned: dict[ClaimPattern, Alignment | Misalignment] = {}
        self._aligned_to: dict[int, list[ClaimPattern]] = {}  # claim id -> its patterns there
        self._misaligned: list[ClaimPattern] = []  # the patterns there that name no theorem
        self._axiom_atom: dict[int, Atom] = {}
        # each atom's records, and how many of the chart's instances concluding it they read
        self._by_atom: dict[Atom, tuple[list[int], list[_ClaimEdge]]] = {}
        # every non-frame rule instance, by head claim (preferred atoms first) and by premise
        self._incoming: dict[int, list[_ClaimEdge]] = {}
        # claims whose instances demand added: their records are rebuilt when next read (a
        # count gains instances at many additions in a row, and is read far fewer times)
        self._stale: set[int] = set()
        for claim in self.claims:
            records = self._records(claim)
            if records:
                self._incoming[self.claim_id[claim]] = records
        self._graph_cache: _Graph | None = None  # built when first searched, kept till demand adds
        self._accepted: dict[Hyperedge, Theorem] = {}  # kernel-accepted instances
        # claims by predicate, for patterns with omitted words and for diagnoses
        self._by_predicate: dict[str, list[Claim]] = {}
        for claim in self.claims:
            self._by_predicate.setdefault(claim.predicate, []).append(claim)
        self.agent_names = frozenset(
            name for atom in program.axioms for agents in atom.agent_sets for name in agents.names
        )
        self.entities = frozenset(
            value for atom in program.axioms
            for kind, value in zip(SIGNATURES[atom.predicate], atom.args, strict=True)
            if kind == "entity"
        )

    def _canonical(self, claims: frozenset[Claim]) -> frozenset[Claim]:
        ids = self.claim_id
        return frozenset(self.claims[ids[c]] if c in ids else c for c in claims)

    def claim_of_atom(self, atom: Atom) -> Claim:
        """``atom``'s claim: the index's own object when the atom is indexed."""
        claim = self._atom_claim.get(atom)
        return atom.claim() if claim is None else claim

    def make_available(self, available: set[int], claim_id: int) -> None:
        """Add a stated claim, and the bookkeeping conversions it licenses, to ``available``."""
        if not self._free:  # no hidden axioms (most problems): nothing else comes with it
            available.add(claim_id)
            return
        pending = [claim_id]
        while pending:
            current = pending.pop()
            if current not in available:
                available.add(current)
                pending.extend(self._free.get(current, ()))

    def initially_available(self) -> set[int]:
        """The axioms (and their bookkeeping conversions): premises a step may always use
        (a new set each time: the caller adds what a transcript states)."""
        if self._initially_available is None:
            available: set[int] = set()
            for claim_id in self.axiom_ids:
                self.make_available(available, claim_id)
            # the axioms and the conversions they license never change after indexing
            self._initially_available = frozenset(available)
        return set(self._initially_available)

    def ids(self, claims: Iterable[Claim]) -> set[int]:
        """The ids of the given claims that are theorems."""
        return {self.claim_id[c] for c in claims if self._known(c)}

    def _known(self, claim: Claim) -> bool:
        """Is ``claim`` indexed (after deriving it on demand if it is a comparison)?"""
        if claim not in self.claim_id:
            self._demand(ClaimPattern.of(claim))
        return claim in self.claim_id

    def _records(self, claim: Claim) -> list[_ClaimEdge]:
        """The non-frame rule instances concluding ``claim``, preferred atoms first."""
        head = self.claim_id[claim]
        records: list[_ClaimEdge] = []
        for atom in self.atoms_by_claim[claim]:
            records.extend(self._atom_records(atom, head))
        return records

    def _atom_records(self, atom: Atom, head: int) -> list[_ClaimEdge]:
        """The records of the chart's instances concluding ``atom``, in the chart's order:
        kept per atom and extended by the instances added since (the chart only appends),
        so that a claim's records are rebuilt without reading each instance again."""
        kept = self._by_atom.get(atom)
        if kept is None:
            kept = self._by_atom[atom] = ([0], [])
        seen, records = kept
        edges = self.chart.incoming(atom)
        if len(edges) > seen[0]:
            for edge in edges[seen[0]:]:
                record = self._record(edge, head)
                if record is not None:
                    records.append(record)
            seen[0] = len(edges)
        return records

    def _records_of(self, index: int) -> list[_ClaimEdge]:
        """The records of claim ``index``, rebuilt first if demand added to them."""
        if index in self._stale:
            self._stale.discard(index)
            self._incoming[index] = self._records(self.claims[index])
        return self._incoming.get(index, [])

    def _refresh(self) -> None:
        """Rebuild every stale claim's records (a search reads many claims' records)."""
        for index in self._stale:
            self._incoming[index] = self._records(self.claims[index])
        self._stale.clear()

    def _record(self, edge: Hyperedge, head: int) -> _ClaimEdge | None:
        """``edge`` as a record (None for an axiom or frame instance): fixed once its atoms
        have ids, which never change."""
        if edge.rule_id == AXIOM or is_frame_rule(edge.rule_id):
            return None
        ids, claim_of_atom = self.claim_id, self._atom_claim
        premise_ids: list[int] = []
        for premise in edge.premises:  # in pattern order, each once
            number = ids[claim_of_atom[premise]]
            if number not in premise_ids:
                premise_ids.append(number)
        return _ClaimEdge(edge, head, tuple(premise_ids))

    # -- comparisons and compeqs on demand (vlp.reading.demand) --

    def _demand(self, pattern: ClaimPattern) -> None:
        """Derive the comparisons / compeqs ``pattern`` could denote (both directions, every
        quantity, so that diagnoses see them too) and index what was added."""
        demand = self.demand
        if demand is None or pattern.predicate not in ("comp", "compeq", "cont"):
            return
        added: list[Hyperedge] = []
        if pattern.predicate == "cont":
            # "Roscoe and his stepfather have 161 tiaras": a union no one named, by rule 3
            group, _quantity, entity = pattern.args
            if isinstance(group, Agents) and len(group) > 1 and entity is not None:
                self._register(demand.unions(group, entity))
            return
        if pattern.predicate == "comp":
            first, second, _quantity, entity = pattern.args
            if first is not None and second is not None:
                for each in [entity] if entity is not None else demand.entities_of(first):
                    added += demand.comparisons(first, second, each)
                    added += demand.comparisons(second, first, each)
            else:  # a missing agent: every count of the entity is a candidate
                for (each, _time), counts in sorted(demand.by_time.items(),
                                                    key=lambda item: (item[0][0], item[0][1])):
                    if entity is not None and each != entity:
                        continue
                    known = first if first is not None else second
                    others = sorted(counts, key=Agents.sorted_names)
                    pairs = [(known, o) for o in others] if known is not None else \
                        [(a, b) for a in others for b in others if a != b]
                    for a, b in pairs:
                        added += demand.comparisons(a, b, each)
                        added += demand.comparisons(b, a, each)
        else:
            *agents, entity = pattern.args
            if all(a is not None for a in agents):
                for each in [entity] if entity is not None else demand.entities_of(agents[0]):
                    added += demand.compeqs(*agents, each)
        self._register(added)

    def _demand_for_arithmetic(self, claim: Claim, stated: Arithmetic) -> None:
        """Comparisons a count's stated ``a + b = c`` / ``a - b = c`` may have used: with
        every count at the same entity and time whose quantity the expression names."""
        demand = self.demand
        if demand is None or claim.predicate != "cont" or len(stated.operands) != 2 \
                or stated.operator not in "+-" or (claim, stated) in self._arithmetic_done:
            return
        self._arithmetic_done.add((claim, stated))
        numbers = {*stated.operands, stated.result}
        added: list[Hyperedge] = []
        for atom in self.atoms_by_claim.get(claim, ()):
            agents, _, entity, time = atom.args
            for other, count in sorted(demand.by_time.get((entity, time), {}).items(),
                                       key=lambda item: item[0].sorted_names()):
                if count.args[1] in numbers and other != agents:
                    added += demand.comparisons(agents, other, entity)
                    added += demand.comparisons(other, agents, entity)
        self._register(added)

    def demand_instance(self, edge: Hyperedge) -> None:
        """Derive the comparison or compeq the saturated model's instance ``edge``
        concludes or uses (reasoning-model mode chose it) and index what was added."""
        if self.demand is not None:
            self._register(self.demand.instances_for(edge))

    def _register(self, edges: Sequence[Hyperedge]) -> None:
        """Index rule instances added to the chart after the index was built."""
        if not edges:
            return
        changed: set[Claim] = set()
        new_atoms: dict[Claim, list[Atom]] = {}
        atom_claim, claim_id = self._atom_claim, self.claim_id
        for edge in edges:
            conclusion = edge.conclusion
            # most premises (and a use's conclusion) are counts the index has already
            for atom in (*edge.premises, conclusion):
                if atom in atom_claim:
                    continue
                claim = atom_claim[atom] = claim_of(atom)
                if claim not in claim_id:
                    claim_id[claim] = len(self.claims)
                    self.claims.append(claim)
                    self.atoms_by_id.append(())
                    self._by_predicate.setdefault(claim.predicate, []).append(claim)
                new_atoms.setdefault(claim, []).append(atom)
            changed.add(atom_claim[conclusion])
        # one stable sort per claim (a comparison carried over many ticks gains many atoms)
        for claim, atoms in new_atoms.items():
            ordered = sorted((*self.atoms_by_claim.get(claim, ()), *atoms), key=lambda a: (
                a not in self.proof_atoms, a.time if a.time is not None else -1))
            self.atoms_by_claim[claim] = self.atoms_by_id[self.claim_id[claim]] = \
                tuple(ordered)
        self._stale.update(self.claim_id[c] for c in changed)
        self._forget({self.claim_id[c] for c in changed},
                     {self.claim_id[c] for c in new_atoms})

    def _forget(self, new_instances: set[int], new_atoms: set[int]) -> None:
        """Drop what the newly registered instances and atoms make stale, and only that:
        each memo depends on the records of some claims or on one claim's atoms (dropping
        every memo at each addition made every transcript of a problem recompute them)."""
        if new_instances:  # the search graph and what was found on it
            self._graph_cache = None
            self._missing_cache.clear()
        for claim_id in new_atoms.intersection(self._axiom_atom):
            del self._axiom_atom[claim_id]
        # an alignment reads its claim's atoms; a misalignment's diagnosis the whole index
        aligned = self._aligned
        for claim_id in new_atoms.intersection(self._aligned_to):
            for pattern in self._aligned_to.pop(claim_id):
                aligned.pop(pattern, None)
        for pattern in self._misaligned:
            aligned.pop(pattern, None)
        self._misaligned.clear()

    # -- alignment --

    def is_theorem(self, claim: Claim) -> bool:
        self._demand(ClaimPattern.of(claim))
        return claim in self.atoms_by_claim

    def align(
        self, pattern: ClaimPattern, context: Collection[Claim] = ()
    ) -> Alignment | Misalignment:
        """Resolve a claim pattern to a theorem (or say why it is not one).

        Among several theorems that fit a pattern with omitted words, prefer a shortest-proof
        claim, then one already in ``context`` (claims stated so far), then the earliest.
        """
        known = self._aligned.get(pattern)
        if known is not None:
            return known
        self._demand(pattern)  # may register instances, which prune ``_aligned``
        if pattern.is_complete:
            claim = pattern.as_claim()
            index = self.claim_id.get(claim)
            if index is not None:
                # the index's own (equal) claim: later look-ups of it are identity hits
                atoms = self.atoms_by_id[index]
                found: Alignment | Misalignment = Alignment(self.claims[index], atoms[0],
                                                            atoms, index)
                self._aligned_to.setdefault(index, []).append(pattern)
            else:
                found = Misalignment(claim, self.diagnose(pattern))
                self._misaligned.append(pattern)
            self._aligned[pattern] = found
            return found
        candidates = [
            c for c in self._by_predicate.get(pattern.predicate, ()) if pattern.matches(c)
        ]
        if not candidates:
            return Misalignment(None, self.diagnose(pattern))

        def preference(claim: Claim) -> tuple[bool, bool, int]:
            first = self.atoms_by_claim[claim][0]
            return (claim not in self.proof_claims, claim not in context,
                    first.time if first.time is not None else -1)

        claim = min(candidates, key=lambda c: (preference(c), str(c)))
        atoms = self.atoms_by_claim[claim]
        return Alignment(claim, atoms[0], atoms, self.claim_id[claim])

    def axiom_atom(self, claim_id: int) -> Atom:
        """The axiom stating an axiom claim (the preferred one, if several times state it)."""
        found = self._axiom_atom.get(claim_id)
        if found is None:
            atoms = self.atoms_by_id[claim_id]
            axioms = self.program.axioms
            found = self._axiom_atom[claim_id] = next((a for a in atoms if a in axioms),
                                                      atoms[0])
        return found

    def claims_by_predicate(self) -> Mapping[str, Sequence[Claim]]:
        """The claims indexed so far, by predicate, read-only: nothing is derived on demand
        (unlike :meth:`candidates`), so a caller listing theorems adds none."""
        return MappingProxyType(self._by_predicate)

    def candidates(self, pattern: ClaimPattern) -> list[Claim]:
        """Every theorem's claim that fits a pattern with omitted words."""
        self._demand(pattern)
        return [c for c in self._by_predicate.get(pattern.predicate, ()) if pattern.matches(c)]

    def diagnose(self, pattern: ClaimPattern) -> str:
        """Why a claim is not a theorem: unknown names, or a quantity that is not the true one."""
        self._demand(pattern)
        unknown_agents = sorted(
            name for value in pattern.args if isinstance(value, Agents)
            for name in value.names if name not in self.agent_names
        )
        if unknown_agents:
            return "unknown agent" + ("s " if len(unknown_agents) > 1 else " ") + ", ".join(
                unknown_agents)
        unknown_entities = sorted(
            value for kind, value in zip(pattern.kinds, pattern.args, strict=False)
            if kind == "entity" and value is not None and value not in self.entities
        )
        if unknown_entities:
            return "unknown entity " + ", ".join(unknown_entities)
        if "quantity" in pattern.kinds:
            position = pattern.kinds.index("quantity")
            stated = pattern.args[position]
            loose = ClaimPattern(pattern.predicate, tuple(
                None if i == position else a for i, a in enumerate(pattern.args)))
            truths = sorted({c.args[position] for c in self._by_predicate.get(pattern.predicate, ())
                             if loose.matches(c)})
            if truths and stated is not None:
                shown = " or ".join(map(str, truths))
                return f"wrong quantity: {stated} stated, the program proves {shown}"
        if pattern.predicate == "comp":
            first, second = pattern.args[0], pattern.args[1]
            if any(c.args[0] == second and c.args[1] == first
                   for c in self._by_predicate.get("comp", ())):
                return "wrong direction: the comparison holds the other way round"
        if pattern.predicate in ("transfer", "rate", "compeq"):
            return "not a fact of the problem"
        return "not a theorem of the program"

    # -- derivations --

    def incoming(self, claim: Claim) -> list[tuple[Hyperedge, Arithmetic | None]]:
        """Rule instances (no frame-rule copies) concluding any atom of ``claim``, with their
        arithmetic; preferred atoms first."""
        index = self.claim_id[claim] if self._known(claim) else None
        return [(r.edge, r.arithmetic) for r in self._records_of(index)] \
            if index is not None else []

    def derive(
        self, claim: Claim, available: Collection[int], stated: Arithmetic | None = None
    ) -> Derivation | None:
        """One rule instance concluding ``claim`` whose premises are all available (claim
        ids; a premise may be a frame-rule copy of an available claim), accepted by the
        kernel. With a stated expression, instances whose built-in it writes are tried first.
        """
        index = self.claim_id[claim] if self._known(claim) else None
        if index is None:
            return None
        ordered = self._records_of(index)
        if isinstance(available, (set, frozenset)):  # one C-level subset test per record
            records = [r for r in ordered if available.issuperset(r.premises)]
        else:
            records = [r for r in ordered if all(p in available for p in r.premises)]
        if stated is not None and records:
            # those whose built-in the expression writes first, in their order (the built-ins
            # of the instances whose premises are available only, and only up to the first
            # the kernel accepts that writes it: most are never asked)
            others = []
            for record in records:
                if not same_expression(stated, record.arithmetic):
                    others.append(record)
                    continue
                theorem = self.accepted(record.edge)
                if theorem is not None:
                    return Derivation(theorem, record.edge, record.arithmetic)
            records = others
        for record in records:
            theorem = self.accepted(record.edge)
            if theorem is not None:
                return Derivation(theorem, record.edge, record.arithmetic)
        return None

    def accepted(self, edge: Hyperedge) -> Theorem | None:
        """The kernel's theorem for a rule instance of the chart, or None if it rejects it:
        asked once per instance, since the kernel's verdict on one never changes."""
        theorem = self._accepted.get(edge)
        if theorem is None and self.demand is not None:  # derived on demand: minted then
            theorem = self.demand.minted(edge)
        if theorem is None:
            premises = [self.chart.theorems[p] for p in edge.premises]
            theorem = check_with_kernel(self.program, edge, premises)
            if theorem is not None:
                self._accepted[edge] = theorem
        return theorem

    def writes_builtin(self, claim: Claim, stated: Arithmetic) -> bool:
        """Is the stated expression the built-in of some rule instance concluding ``claim``?"""
        def written() -> bool:
            index = self.claim_id[claim] if self._known(claim) else None
            return index is not None and any(
                same_expression(stated, r.arithmetic) for r in self._records_of(index))

        if written():
            return True
        self._demand_for_arithmetic(claim, stated)  # a comparison nobody stated, perhaps
        return written()

    def _graph(self) -> _Graph:
        """Every rule instance of the index, numbered, by premise, in head-claim order: one
        graph for every claim searched until demand adds instances (a claim's ancestors were
        most of the index, and were gathered again for each claim searched)."""
        found = self._graph_cache
        if found is None:
            self._refresh()
            incoming = self._incoming
            records: list[_ClaimEdge] = []
            for head in sorted(incoming):
                records.extend(incoming[head])
            consumers: dict[int, list[int]] = defaultdict(list)
            for number, record in enumerate(records):
                for premise in record.premises:
                    consumers[premise].append(number)
            found = self._graph_cache = _Graph(records, consumers,
                                               [len(r.premises) for r in records])
        return found

    def forget_transcripts(self) -> None:
        """Drop what is kept per set of stated claims (the skipped steps of a derivation), the
        one memo a transcript's own content keys: the index then treats every transcript as
        new (``bench/verify.py`` measures the case where none was seen before)."""
        self._missing_cache.clear()

    def missing_claims(self, claim: Claim, available: Collection[int]) -> tuple[Claim, ...]:
        """The fewest unstated intermediate claims a derivation of ``claim`` needs.

        Knuth's lightest derivation over the chart: an available claim costs 0, any other
        claim 1 plus the costs of its cheapest rule instance's premises (counted as a tree,
        which can over-count shared sub-derivations but names a valid set of skipped steps).
        A rule instance is weighed once, when the last of its premises is settled (a count of
        unsettled premises per instance, not a test of all of them at each settling). The
        search runs on the whole index's graph: a claim no derivation of ``claim`` passes
        through only ever weighs instances concluding such claims, so the target's costs
        and cheapest instances are those of a search on its own ancestors.
        """
        target = self.claim_id[claim] if self._known(claim) else None
        if target is None:
            return ()
        start = frozenset(available)
        key = (target, start)
        cached = self._missing_cache.get(key)
        if cached is not None:
            return cached
        graph = self._graph()
        records, consumers = graph.records, graph.consumers
        unsettled = list(graph.premise_counts)
        cost: dict[int, int] = {c: 0 for c in start}
        cost_of = cost.__getitem__
        best: dict[int, _ClaimEdge] = {}
        heap: list[tuple[int, int]] = [(0, c) for c in cost]
        heapq.heapify(heap)
        done: set[int] = set()
        found = False
        while heap and not found:
            value, current = heapq.heappop(heap)
            if current in done or cost.get(current) != value:
                continue
            done.add(current)
            if current == target:
                break
            for number in consumers.get(current, ()):
                unsettled[number] -= 1
                if unsettled[number]:
                    continue
                record = records[number]
                head = record.head
                if head in done:
                    continue
                total = 1 + sum(map(cost_of, record.premises))
                if total < cost.get(head, 1 << 30):
                    cost[head] = total
                    best[head] = record
                    heapq.heappush(heap, (total, head))
                    # nothing weighed after this one can be lighter than ``value`` + 1 (its
                    # last premise settles at ``value`` or later): the target is settled
                    if head == target and total == value + 1:
                        found = True
                        break
        if target not in done and not found:
            self._missing_cache[key] = ()
            return ()
        # the derivation's claims premises first (the chain is as long as the time line)
        order = post_order(target, lambda c: best[c].premises if cost.get(c, 0) else ())
        self._missing_cache[key] = tuple(
            self.claims[c] for c in order if cost.get(c, 0) and c != target
            and c not in self.bookkeeping_ids)
        return self._missing_cache[key]


def check_with_kernel(
    program: Program, edge: Hyperedge, premises: Sequence[Theorem]
) -> Theorem | None:
    from vlp.kernel import Rejection, check_hyperedge

    result = check_hyperedge(program, edge.rule_id, premises, edge.conclusion)
    return None if isinstance(result, Rejection) else result
