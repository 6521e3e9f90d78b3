"""Forward chaining (paper Alg. 1) with a pluggable agenda and a proof forest.

The chainer is untrusted: it only *proposes* rule instances. Every hyperedge goes
through :func:`vlp.kernel.check_hyperedge`, which mints the :class:`Theorem`. The chart
keeps every accepted hyperedge (not just the first derivation of an atom) so that
shortest proofs can choose among alternative derivations.

Agenda policies: ``"dfs"`` (stack), ``"bfs"`` (queue), ``"overlap"`` (best-first on
lexical overlap with the query), or any caller-given ``priority(atom) -> float``
(higher pops first). Axioms are pushed in ``axiom_order`` (presentation order) and are
popped in that order when nothing derived is pending, for every policy.

Union (rule 3) over every subset of agents explodes, so it is goal-directed: it only
builds target agent sets with >= 2 agents that the query or some axiom names, from any
partition of the target into blocks that each have a ``cont`` theorem at the same
entity and time.

Modes. ``"complete"`` (the default) derives the whole model: every theorem, so a checker
recognises any true statement (e.g. a comparison the problem never states). ``"proof"``
derives only what some minimum-claim proof of a ``cont`` query can use, for shortest
proofs and certification. It leaves out three kinds of steps; "stated" below means an
axiom or an axiom carried forward by frame rules only (6c/6q), which is decided before
chaining from the transfer axioms:

- (1c) unless its comp(A1, A2) names the pair (A3, A4) of some compeq axiom at the same
  entity (the only place a derived comp is needed: the comp premise of 5a/5c);
- (1a)/(1b) with a comp that is not stated: such a comp comes from (1c) at t - k (then k
  frame steps, so A1 and A2 are untouched meanwhile); the conclusion is cont(A1) or
  cont(A2) at t, which (6) already carries from the (1c) premise: the same atom, derived
  anyway, and the step adds no claim to any proof;
- (5b): it derives compeqs, which only (5a)/(5c) use, and on a derived compeq those are
  dominated by (1a)/(1b) on the comp(A1, A2) it came from (same conclusion, a subset of
  the claims) - the argument of :func:`vlp.checker.shortest._useful_ancestors`.

Numerical consistency is decided identically: the left-out atoms are comps and compeqs
(compeqs carry no quantity); two comps of a pair that disagree while the counts behind
the (1c) one hold would make (1a) on the stated one derive a clashing count, which the
proof mode derives too. So both modes raise on the same programs (possibly naming
another pair), and prove exactly the same ``cont`` atoms on consistent ones; the proof
mode's forest keeps every hyperedge ``_useful_ancestors`` would keep, and shortest proofs
and runner-ups agree (property-tested in tests/test_chaining_modes.py). A query about comp or
compeq needs the left-out steps, so it always chains completely.
"""

from __future__ import annotations

import gc
import heapq
import itertools
import re
from collections import defaultdict, deque
from collections.abc import Callable, Iterable, Iterator, Sequence
from typing import Literal

import networkx as nx

from vlp.errors import InputError
from vlp.kernel import (
    FRAME_RULE_ID,
    SIGNATURES,
    UNION_RULE_ID,
    Agents,
    Atom,
    Hyperedge,
    Program,
    Query,
    Rejection,
    Theorem,
    axiom,
    check_hyperedge,
    find_clash,
)

Strategy = Literal["dfs", "bfs", "overlap"]
STRATEGIES: tuple[str, ...] = ("dfs", "bfs", "overlap")
Mode = Literal["complete", "proof"]
MODES: tuple[str, ...] = ("complete", "proof")
Priority = Callable[[Atom], float]


class NumericalInconsistencyError(InputError):
    """The program proves two atoms that differ only in their quantity (DESIGN §3)."""

    def __init__(self, first: Atom, second: Atom, location: str | None = None):
        super().__init__(
            f"numerically inconsistent program: {first} and {second} differ only in quantity",
            location,
        )
        self.first = first
        self.second = second


class ChainingError(RuntimeError):
    """The kernel rejected a rule instance the chainer proposed: a bug in the chainer."""


def last_time(program: Program) -> int:
    """The time non-ground queries ask about ("queries ask about the last time").

    The latest time any axiom speaks about: a transfer at ``t`` speaks about ``t + 1``
    (its effect), every other timed axiom about its own time.
    """
    return program.last_time


def query_time(program: Program, query: Query) -> int:
    """The time a query is answered at: its own if given, else :func:`last_time`."""
    kinds = _kinds(query.predicate)
    if "time" in kinds and query.args[kinds.index("time")] is not None:
        return query.args[kinds.index("time")]  # type: ignore[return-value]
    return last_time(program)


def _kinds(predicate: str) -> tuple[str, ...]:
    return SIGNATURES[predicate]


def matches_at_query_time(program: Program, query: Query, atom: Atom) -> bool:
    """``atom`` answers ``query``: it matches the pattern and sits at the query time."""
    if not query.matches(atom):
        return False
    return atom.time is None or atom.time == query_time(program, query)


_WORD = re.compile(r"[a-z0-9]+")


def _words(name: str) -> set[str]:
    # "bernhard's son" -> {"bernhard", "son"}: the possessive "s" says nothing lexical
    return {w for w in _WORD.findall(name) if w != "s"}


def _atom_words(args: Iterable[object]) -> set[str]:
    words: set[str] = set()
    for arg in args:
        if isinstance(arg, Agents):
            for name in arg.names:
                words |= _words(name)
        elif isinstance(arg, str):
            words |= _words(arg)
    return words


def overlap_priority(query: Query | Atom) -> Priority:
    """Best-first priority: how many words of the query's agents and entities an atom shares."""
    query_words = _atom_words(query.args)

    def priority(atom: Atom) -> float:
        return float(len(query_words & _atom_words(atom.args)))

    return priority


class _Agenda:
    """Stack, queue or priority queue of atoms; axioms pop in presentation order."""

    def __init__(self, strategy: str, priority: Priority | None):
        self.strategy = strategy
        self.priority = priority
        self._counter = itertools.count()
        self._stack: list[Atom] = []
        self._queue: deque[Atom] = deque()
        self._heap: list[tuple[float, int, Atom]] = []

    def push_axioms(self, atoms: Sequence[Atom]) -> None:
        if self.priority is None and self.strategy == "dfs":
            # a stack pops last-in first, so push in reverse to pop in presentation order
            self._stack.extend(reversed(atoms))
        else:
            for atom in atoms:
                self.push(atom)

    def push(self, atom: Atom) -> None:
        if self.priority is not None:
            heapq.heappush(self._heap, (-self.priority(atom), next(self._counter), atom))
        elif self.strategy == "dfs":
            self._stack.append(atom)
        else:
            self._queue.append(atom)

    def pop(self) -> Atom:
        if self.priority is not None:
            return heapq.heappop(self._heap)[2]
        if self.strategy == "dfs":
            return self._stack.pop()
        return self._queue.popleft()

    def __bool__(self) -> bool:
        return bool(self._stack or self._queue or self._heap)


class Chart:
    """The result of forward chaining: theorems, pop order and the proof forest.

    ``theorems`` holds every atom the kernel accepted (after a full run, all of them were
    popped); ``pop_order`` is the order atoms left the agenda (axioms included);
    ``hyperedges`` every accepted rule instance, in order of acceptance.
    """

    def __init__(self, program: Program, query: Query | None, strategy: str,
                 mode: str = "complete"):
        self.program = program
        self.query = query
        self.strategy = strategy
        self.mode = mode
        self.theorems: dict[Atom, Theorem] = {}
        self.pop_order: list[Atom] = []
        self.hyperedges: list[Hyperedge] = []
        self.complete = False  # False when stopped at the goal before the agenda emptied
        # the networkx forest is built on first use: most callers only need the indexes
        self._forest: nx.DiGraph | None = None
        self._forest_edges = 0
        self._atom_order: list[Atom] = []
        self._incoming: dict[Atom, list[Hyperedge]] = defaultdict(list)
        self._pop_positions: dict[Atom, int] = {}
        self._edge_positions: dict[Hyperedge, int] = {}

    def incoming(self, atom: Atom) -> list[Hyperedge]:
        """Every accepted hyperedge that concludes ``atom``."""
        return list(self._incoming.get(atom, ()))

    def is_axiom(self, atom: Atom) -> bool:
        return atom in self.program.axioms

    @property
    def last_time(self) -> int:
        return last_time(self.program)

    def answers(self, query: Query | None = None) -> list[Atom]:
        """Theorems matching the query at its time (the last time for non-ground queries)."""
        query = query if query is not None else self.query
        if query is None:
            raise ValueError("this chart was built without a query; pass one")
        return sorted(a for a in self.theorems if matches_at_query_time(self.program, query, a))

    def pop_index(self, atom: Atom) -> int | None:
        """1-based position of ``atom`` in the pop order (None if never popped)."""
        if len(self._pop_positions) != len(self.pop_order):
            self._pop_positions = {a: i for i, a in enumerate(self.pop_order, 1)}
        return self._pop_positions.get(atom)

    @property
    def forest(self) -> nx.DiGraph:
        """The proof forest: atom nodes (``kind="atom"``, ``axiom``) and hyperedge nodes
        (``kind="hyperedge"``, ``rule``), premise -> hyperedge -> conclusion."""
        if self._forest is None or self._forest_edges != len(self.hyperedges):
            forest = nx.DiGraph()
            for atom in self._atom_order:
                forest.add_node(atom, kind="atom", axiom=self.is_axiom(atom))
            for edge in self.hyperedges:
                forest.add_node(edge, kind="hyperedge", rule=edge.rule_id)
                forest.add_edges_from((premise, edge) for premise in edge.premises)
                forest.add_edge(edge, edge.conclusion)
            self._forest, self._forest_edges = forest, len(self.hyperedges)
        return self._forest

    def _add_atom_node(self, atom: Atom) -> None:
        self._atom_order.append(atom)

    def acceptance_index(self, edge: Hyperedge) -> int:
        """Position of ``edge`` in ``hyperedges`` (the order the kernel accepted them)."""
        return self._edge_positions[edge]

    def _add_hyperedge(self, edge: Hyperedge) -> None:
        self._edge_positions[edge] = len(self.hyperedges)
        self.hyperedges.append(edge)
        incoming = self._incoming[edge.conclusion]
        if not incoming and edge.conclusion not in self.theorems:
            self._add_atom_node(edge.conclusion)
        incoming.append(edge)

    def __repr__(self) -> str:
        return (f"Chart({len(self.theorems)} theorems, {len(self.hyperedges)} hyperedges, "
                f"{len(self.pop_order)} pops, strategy {self.strategy})")


class _Index:
    """The chart's join indexes, keyed by (entity, time) and the agent sets in play."""

    def __init__(self) -> None:
        self.cont: dict[tuple[str, int], dict[Agents, Atom]] = defaultdict(dict)
        self.comp_by_first: dict[tuple[str, int, Agents], list[Atom]] = defaultdict(list)
        self.comp_by_second: dict[tuple[str, int, Agents], list[Atom]] = defaultdict(list)
        self.comp_by_quantity: dict[tuple[str, int, int], list[Atom]] = defaultdict(list)
        self.comp_by_pair: dict[tuple[str, int, Agents, Agents], Atom] = {}
        self.transfer_by_sender: dict[tuple[str, int, Agents], list[Atom]] = defaultdict(list)
        self.transfer_by_receiver: dict[tuple[str, int, Agents], list[Atom]] = defaultdict(list)
        self.rate_by_owner: dict[tuple[str, int, Agents], list[Atom]] = defaultdict(list)
        self.compeq_by_first: dict[tuple[str, int, Agents], list[Atom]] = defaultdict(list)
        self.compeq_by_second: dict[tuple[str, int, Agents], list[Atom]] = defaultdict(list)
        self.compeq_by_pair: dict[tuple[str, int, Agents, Agents], list[Atom]] = defaultdict(list)

    def add(self, atom: Atom) -> None:
        args = atom.args
        if atom.predicate == "cont":
            agents, _, entity, time = args
            self.cont[(entity, time)][agents] = atom
        elif atom.predicate == "comp":
            first, second, quantity, entity, time = args
            self.comp_by_first[(entity, time, first)].append(atom)
            self.comp_by_second[(entity, time, second)].append(atom)
            self.comp_by_quantity[(entity, time, quantity)].append(atom)
            self.comp_by_pair[(entity, time, first, second)] = atom
        elif atom.predicate == "transfer":
            sender, receiver, _, entity, time = args
            self.transfer_by_sender[(entity, time, sender)].append(atom)
            self.transfer_by_receiver[(entity, time, receiver)].append(atom)
        elif atom.predicate == "rate":
            agents, _, _, container, time = args
            self.rate_by_owner[(container, time, agents)].append(atom)
        elif atom.predicate == "compeq":
            first, second, third, fourth, entity, time = args
            self.compeq_by_first[(entity, time, first)].append(atom)
            self.compeq_by_second[(entity, time, second)].append(atom)
            self.compeq_by_pair[(entity, time, third, fourth)].append(atom)


class _TransferTouch:
    """Closed-world look-up for the frame rule: does a transfer at (entity, time) touch A?"""

    def __init__(self, program: Program):
        self._agents: dict[tuple[str, int], set[str]] = defaultdict(set)
        for atom in program.axioms:
            if atom.predicate == "transfer":
                sender, receiver, _, entity, time = atom.args
                self._agents[(entity, time)] |= sender.names | receiver.names  # type: ignore[union-attr]

    def touches(self, agents: Agents, entity: str, time: int) -> bool:
        touched = self._agents.get((entity, time))
        return bool(touched) and not agents.names.isdisjoint(touched)


def union_targets(program: Program, query: Query | None) -> frozenset[Agents]:
    """Agent sets with >= 2 agents named by the query or by some axiom (goal-directed union)."""
    named: set[Agents] = set()
    for atom in program.axioms:
        named.update(atom.agent_sets)
    if query is not None:
        named.update(query.agent_sets)
    return frozenset(a for a in named if len(a) >= 2)


class _Chainer:
    def __init__(
        self,
        program: Program,
        query: Query | None,
        strategy: str,
        priority: Priority | None,
        axiom_order: Sequence[Atom] | None,
        stop_at_goal: bool,
        mode: str = "complete",
    ):
        if strategy not in STRATEGIES:
            raise ValueError(f"unknown strategy {strategy!r}; expected one of {STRATEGIES}")
        if mode not in MODES:
            raise ValueError(f"unknown mode {mode!r}; expected one of {MODES}")
        if query is not None and query.predicate != "cont":
            mode = "complete"  # a comp/compeq query needs the steps the proof mode leaves out
        if priority is None and strategy == "overlap":
            if query is None:
                raise ValueError("the overlap strategy needs a query")
            priority = overlap_priority(query)
        self.program = program
        self.query = query
        self.stop_at_goal = stop_at_goal
        self.chart = Chart(program, query, strategy, mode)
        self.agenda = _Agenda(strategy, priority)
        self.index = _Index()
        self.touch = _TransferTouch(program)
        self.complete_mode = mode == "complete"
        # Frame copies past the last time answer no query; a ground query may name a later
        # time (up to the kernel's horizon), so it extends the bound.
        latest = last_time(program) if query is None else max(last_time(program),
                                                              query_time(program, query))
        self.horizon = min(program.horizon, latest)
        self.targets = union_targets(program, query)
        self._targets_by_agent: dict[str, list[Agents]] = defaultdict(list)
        for target in sorted(self.targets, key=Agents.sorted_names):
            for name in target.names:
                self._targets_by_agent[name].append(target)
        self._by_key: dict[tuple, Atom] = {}
        self._seen_edges: set[Hyperedge] = set()
        self.axiom_order = self._presentation_order(axiom_order)
        # proof mode: comps stated (axioms and their frame copies) and compeq-named pairs
        self.stated_comps = self._stated_comps()
        self.compeq_pairs = {(a.args[2], a.args[3], a.args[4]) for a in program.axioms
                             if a.predicate == "compeq"}

    def _stated_comps(self) -> set[Atom]:
        """Comp axioms and every copy the frame rule 6c makes of them (same conditions)."""
        stated: set[Atom] = set()
        for atom in self.program.axioms:
            if atom.predicate != "comp":
                continue
            first, second, quantity, entity, time = atom.args
            stated.add(atom)
            while (time + 1 <= self.horizon and not self.touch.touches(first, entity, time)
                   and not self.touch.touches(second, entity, time)):
                time += 1
                stated.add(_comp(first, second, quantity, entity, time))
        return stated

    def _useful_comp(self, comp: Atom) -> bool:
        """Proof mode: may (1a)/(1b) use ``comp``? Only a stated one (module docstring)."""
        return self.complete_mode or comp in self.stated_comps

    def _useful_derived_comp(self, first: Agents, second: Agents, entity: str) -> bool:
        """Proof mode: may (1c) derive comp(first, second)? Only for a compeq's pair."""
        return self.complete_mode or (first, second, entity) in self.compeq_pairs

    def _presentation_order(self, axiom_order: Sequence[Atom] | None) -> list[Atom]:
        if axiom_order is None:
            # no presentation order given: by time, then canonical text (deterministic)
            return sorted(self.program.axioms,
                          key=lambda a: (a.time if a.time is not None else -1, str(a)))
        order = list(dict.fromkeys(axiom_order))
        unknown = [a for a in order if a not in self.program.axioms]
        if unknown:
            raise ValueError(f"axiom_order names atoms that are not axioms: {unknown[:3]}")
        listed = set(order)
        missing = sorted((a for a in self.program.axioms if a not in listed), key=str)
        return order + missing

    def run(self) -> Chart:
        clash = find_clash(self.program.axioms)
        if clash is not None:
            raise NumericalInconsistencyError(*clash)
        for atom in self.axiom_order:
            self.chart.theorems[atom] = axiom(self.program, atom)
            self.chart._add_atom_node(atom)
            self._by_key[atom.consistency_key()] = atom
        self.agenda.push_axioms(self.axiom_order)
        popped: set[Atom] = set()
        while self.agenda:
            atom = self.agenda.pop()
            if atom in popped:
                continue
            popped.add(atom)
            self.chart.pop_order.append(atom)
            self.index.add(atom)
            for rule_id, premises, conclusion in self._instances(atom):
                self._accept(rule_id, premises, conclusion)
            if self.stop_at_goal and self.query is not None and matches_at_query_time(
                self.program, self.query, atom
            ):
                return self.chart
        self.chart.complete = True
        return self.chart

    def _accept(self, rule_id: str, premises: tuple[Atom, ...], conclusion: Atom) -> None:
        edge = Hyperedge(rule_id, premises, conclusion)
        if edge in self._seen_edges:
            return
        self._seen_edges.add(edge)
        theorems = self.chart.theorems
        verdict = check_hyperedge(self.program, rule_id, [theorems[p] for p in premises],
                                  conclusion)
        if isinstance(verdict, Rejection):
            raise ChainingError(f"kernel rejected a proposed step {edge}: {verdict}")
        self.chart._add_hyperedge(edge)
        if conclusion in theorems:
            return
        key = conclusion.consistency_key()
        other = self._by_key.get(key)
        if other is not None:
            raise NumericalInconsistencyError(other, conclusion)
        self._by_key[key] = conclusion
        theorems[conclusion] = verdict
        self.agenda.push(conclusion)

    # -- matching: every rule instance that uses the popped atom and popped theorems --

    def _instances(self, atom: Atom) -> Iterator[tuple[str, tuple[Atom, ...], Atom]]:
        predicate = atom.predicate
        if predicate == "cont":
            yield from self._with_cont(atom)
        elif predicate == "comp":
            yield from self._with_comp(atom)
        elif predicate == "transfer":
            yield from self._with_transfer(atom)
        elif predicate == "rate":
            yield from self._with_rate(atom)
        elif predicate == "compeq":
            yield from self._with_compeq(atom)

    def _with_cont(self, atom: Atom) -> Iterator[tuple[str, tuple[Atom, ...], Atom]]:
        index = self.index
        agents, quantity, entity, time = atom.args
        # (1a) cont(A2) as the first premise
        for comp in index.comp_by_second.get((entity, time, agents), ()):
            if self._useful_comp(comp):
                yield "1a", (atom, comp), _cont(comp.args[0], quantity + comp.args[2], entity,
                                                time)
        # (1b) cont(A1) as the first premise
        for comp in index.comp_by_first.get((entity, time, agents), ()):
            rest = quantity - comp.args[2]
            if rest >= 0 and self._useful_comp(comp):
                yield "1b", (atom, comp), _cont(comp.args[1], rest, entity, time)
        # (1c) with every other cont at (entity, time), in both roles
        useful = self._useful_derived_comp
        for other_agents, other in list(index.cont.get((entity, time), {}).items()):
            if other is atom or not agents.isdisjoint(other_agents):
                continue
            other_quantity = other.args[1]
            if quantity > other_quantity and useful(agents, other_agents, entity):
                yield "1c", (atom, other), _comp(agents, other_agents, quantity - other_quantity,
                                                 entity, time)
            elif other_quantity > quantity and useful(other_agents, agents, entity):
                yield "1c", (other, atom), _comp(other_agents, agents, other_quantity - quantity,
                                                 entity, time)
        # (2a) / (2b) the transferred agent moves from t to t + 1
        for transfer in index.transfer_by_receiver.get((entity, time, agents), ()):
            yield "2a", (atom, transfer), _cont(agents, quantity + transfer.args[2], entity,
                                                time + 1)
        for transfer in index.transfer_by_sender.get((entity, time, agents), ()):
            rest = quantity - transfer.args[2]
            if rest >= 0:
                yield "2b", (atom, transfer), _cont(agents, rest, entity, time + 1)
        # (3) goal-directed union: partitions of a target completed by this block
        yield from self._unions_with(atom)
        # (4) cont(A, q1, e2, t) with rate(A, q, e, e2, t)
        for rate in index.rate_by_owner.get((entity, time, agents), ()):
            yield "4", (atom, rate), _cont(agents, quantity * rate.args[1], rate.args[2], time)
        # (5a) cont(A2) as the first premise
        for compeq in index.compeq_by_second.get((entity, time, agents), ()):
            comp = index.comp_by_pair.get((entity, time, compeq.args[2], compeq.args[3]))
            if comp is not None:
                yield "5a", (atom, comp, compeq), _cont(compeq.args[0], quantity + comp.args[2],
                                                        entity, time)
        # (5c) cont(A1) as the first premise
        for compeq in index.compeq_by_first.get((entity, time, agents), ()):
            comp = index.comp_by_pair.get((entity, time, compeq.args[2], compeq.args[3]))
            if comp is not None and quantity - comp.args[2] >= 0:
                yield "5c", (atom, comp, compeq), _cont(compeq.args[1], quantity - comp.args[2],
                                                        entity, time)
        # (6) frame rule, closed world over the transfer axioms
        if time + 1 <= self.horizon and not self.touch.touches(agents, entity, time):
            yield FRAME_RULE_ID, (atom,), _cont(agents, quantity, entity, time + 1)

    def _with_comp(self, atom: Atom) -> Iterator[tuple[str, tuple[Atom, ...], Atom]]:
        index = self.index
        first, second, quantity, entity, time = atom.args
        conts = index.cont.get((entity, time), {})
        if self._useful_comp(atom):
            known = conts.get(second)
            if known is not None:
                yield "1a", (known, atom), _cont(first, known.args[1] + quantity, entity, time)
            known = conts.get(first)
            if known is not None and known.args[1] - quantity >= 0:
                yield "1b", (known, atom), _cont(second, known.args[1] - quantity, entity, time)
        for compeq in index.compeq_by_pair.get((entity, time, first, second), ()):
            known = conts.get(compeq.args[1])
            if known is not None:
                yield "5a", (known, atom, compeq), _cont(compeq.args[0],
                                                         known.args[1] + quantity, entity, time)
            known = conts.get(compeq.args[0])
            if known is not None and known.args[1] - quantity >= 0:
                yield "5c", (known, atom, compeq), _cont(compeq.args[1],
                                                         known.args[1] - quantity, entity, time)
        for other in list(index.comp_by_quantity.get((entity, time, quantity), ())):
            if other is atom or not self.complete_mode:  # (5b) only in the complete model
                continue
            o_first, o_second = other.args[0], other.args[1]
            if (o_first, o_second) == (first, second):
                continue
            yield "5b", (atom, other), _compeq(first, second, o_first, o_second, entity, time)
            yield "5b", (other, atom), _compeq(o_first, o_second, first, second, entity, time)
        # (6c) frame rule for comparisons
        if (time + 1 <= self.horizon and not self.touch.touches(first, entity, time)
                and not self.touch.touches(second, entity, time)):
            yield "6c", (atom,), _comp(first, second, quantity, entity, time + 1)

    def _with_transfer(self, atom: Atom) -> Iterator[tuple[str, tuple[Atom, ...], Atom]]:
        sender, receiver, quantity, entity, time = atom.args
        conts = self.index.cont.get((entity, time), {})
        known = conts.get(receiver)
        if known is not None:
            yield "2a", (known, atom), _cont(receiver, known.args[1] + quantity, entity, time + 1)
        known = conts.get(sender)
        if known is not None and known.args[1] - quantity >= 0:
            yield "2b", (known, atom), _cont(sender, known.args[1] - quantity, entity, time + 1)

    def _with_rate(self, atom: Atom) -> Iterator[tuple[str, tuple[Atom, ...], Atom]]:
        agents, quantity, entity, container, time = atom.args
        known = self.index.cont.get((container, time), {}).get(agents)
        if known is not None:
            yield "4", (known, atom), _cont(agents, known.args[1] * quantity, entity, time)
        # (6r) frame rule for rates: neither the contents nor the containers moved
        if (time + 1 <= self.horizon and not self.touch.touches(agents, entity, time)
                and not self.touch.touches(agents, container, time)):
            yield "6r", (atom,), Atom("rate", (agents, quantity, entity, container, time + 1))

    def _with_compeq(self, atom: Atom) -> Iterator[tuple[str, tuple[Atom, ...], Atom]]:
        first, second, third, fourth, entity, time = atom.args
        known = self.index.cont.get((entity, time), {}).get(second)
        comp = self.index.comp_by_pair.get((entity, time, third, fourth))
        if known is not None and comp is not None:
            yield "5a", (known, comp, atom), _cont(first, known.args[1] + comp.args[2], entity,
                                                   time)
        known = self.index.cont.get((entity, time), {}).get(first)
        if known is not None and comp is not None and known.args[1] - comp.args[2] >= 0:
            yield "5c", (known, comp, atom), _cont(second, known.args[1] - comp.args[2], entity,
                                                   time)
        # (6q) frame rule for comparison equalities
        if time + 1 <= self.horizon and not any(
                self.touch.touches(agents, entity, time) for agents in atom.args[:4]):
            yield "6q", (atom,), _compeq(first, second, third, fourth, entity, time + 1)

    def _unions_with(self, atom: Atom) -> Iterator[tuple[str, tuple[Atom, ...], Atom]]:
        block, _, entity, time = atom.args
        candidates: dict[Agents, None] = {}
        for name in sorted(block.names):
            for target in self._targets_by_agent.get(name, ()):
                if block.names < target.names:
                    candidates[target] = None
        if not candidates:
            return
        conts = self.index.cont.get((entity, time), {})
        for target in candidates:
            rest = target.names - block.names
            blocks = [b for b in conts if b.names <= rest]
            for partition in _partitions(rest, blocks):
                parts = sorted([block, *partition], key=Agents.sorted_names)
                premises = tuple(conts[p] for p in parts)
                total = sum(p.args[1] for p in premises)
                yield UNION_RULE_ID, premises, _cont(target, total, entity, time)


def _partitions(rest: frozenset[str], blocks: list[Agents]) -> Iterator[list[Agents]]:
    """Every way to cover ``rest`` exactly with disjoint blocks from ``blocks``."""
    if not rest:
        yield []
        return
    pivot = min(rest)
    for candidate in blocks:
        if pivot in candidate.names and candidate.names <= rest:
            for tail in _partitions(rest - candidate.names, blocks):
                yield [candidate, *tail]


def _cont(agents: Agents, quantity: int, entity: str, time: int) -> Atom:
    return Atom("cont", (agents, quantity, entity, time))


def _comp(first: Agents, second: Agents, quantity: int, entity: str, time: int) -> Atom:
    return Atom("comp", (first, second, quantity, entity, time))


def _compeq(a1: Agents, a2: Agents, a3: Agents, a4: Agents, entity: str, time: int) -> Atom:
    return Atom("compeq", (a1, a2, a3, a4, entity, time))


def forward_chain(
    program: Program,
    query: Query | Atom | None = None,
    *,
    strategy: str = "bfs",
    priority: Priority | None = None,
    axiom_order: Sequence[Atom] | None = None,
    stop_at_goal: bool = False,
    mode: str = "complete",
) -> Chart:
    """Paper Alg. 1: saturate ``program`` (or stop once the query is answered).

    ``priority`` (atom -> float, higher pops first) overrides the built-in policy of
    ``strategy``. Raises :class:`NumericalInconsistencyError` naming the two clashing
    atoms if the model proves two atoms that differ only in their quantity.
    ``mode="proof"`` leaves out steps no minimum-claim proof of a ``cont`` query uses (see
    the module docstring): same answers and shortest proofs, a smaller forest, but not the
    whole model (use the default ``"complete"`` to recognise arbitrary true statements).
    """
    if isinstance(query, Atom):
        query = Query(query.predicate, query.args)
    chainer = _Chainer(program, query, strategy, priority, axiom_order, stop_at_goal, mode)
    # The chart only grows and holds no reference cycles; the cyclic garbage collector
    # would rescan it over and over and make large runs superlinear.
    collecting = gc.isenabled()
    gc.disable()
    try:
        return chainer.run()
    finally:
        if collecting:
            gc.enable()
