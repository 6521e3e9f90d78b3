"""The result of forward chaining (:class:`Chart`: theorems, pop order, the proof forest)
and the time a query is answered at."""

from __future__ import annotations

from collections import defaultdict
from typing import TYPE_CHECKING

from vlp.kernel import SIGNATURES, Atom, Hyperedge, Program, Query, Theorem
from vlp.kernel import last_time as axioms_last_time
from vlp.reading.demand import OnDemand

if TYPE_CHECKING:  # networkx is imported where a forest is drawn (it is slow to import)
    import networkx as nx


def last_time(program: Program) -> int:
    """The time non-ground queries ask about ("queries ask about the last time").

    The latest time any axiom speaks about: a transfer at ``t`` speaks about ``t + 1``
    (its effect), every other timed axiom about its own time.
    """
    return axioms_last_time(program.axioms)


def query_time(program: Program, query: Query, last: int | None = None) -> int:
    """The time a query is answered at: its own if given, else :func:`last_time` (``last``,
    when the caller has it)."""
    kinds = _kinds(query.predicate)
    if "time" in kinds and query.args[kinds.index("time")] is not None:
        return query.args[kinds.index("time")]  # type: ignore[return-value]
    return last_time(program) if last is None else last


def _kinds(predicate: str) -> tuple[str, ...]:
    return SIGNATURES[predicate]


def matches_at_query_time(program: Program, query: Query, atom: Atom) -> bool:
    """``atom`` answers ``query``: it matches the pattern and sits at the query time."""
    if not query.matches(atom):
        return False
    return atom.time is None or atom.time == query_time(program, query)


class Chart:
    """The result of forward chaining: theorems, pop order and the proof forest.

    ``theorems`` holds every atom the kernel accepted (after a full run, all of them were
    popped, except comparisons and compeqs derived on demand); ``pop_order`` is the order
    atoms left the agenda (axioms included); ``hyperedges`` every accepted rule instance,
    in order of acceptance. In the complete mode, :meth:`proves` answers for the whole model.
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
        self._edge_positions: dict[Hyperedge, int] = {}  # the first _positioned edges
        self._positioned = 0
        self._demand: OnDemand | None = None

    @property
    def demand(self) -> OnDemand:
        """Derives the comparisons and compeqs this chart leaves out, when asked."""
        if self._demand is None:
            self._demand = OnDemand(self)
        return self._demand

    def proves(self, atom: Atom) -> bool:
        """Is ``atom`` a theorem? In the complete mode the comparisons and compeqs chaining
        left out are derived for the pair asked about, with the rule instances that use
        them (the same theorems and instances as saturation; tests/test_demand.py)."""
        if self.mode == "complete":
            args = atom.args
            if atom.predicate == "comp":
                self.demand.comparisons(args[0], args[1], args[3])  # type: ignore[arg-type]
            elif atom.predicate == "compeq":
                self.demand.compeqs(*args[:5])  # type: ignore[arg-type]
        return atom in self.theorems

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
            import networkx as nx

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
        return self._positions()[edge]

    def has_hyperedge(self, edge: Hyperedge) -> bool:
        return edge in self._positions()

    def _positions(self) -> dict[Hyperedge, int]:
        """Each hyperedge's position, indexed when first asked for (chaining itself never
        asks, and hashing every hyperedge as it is accepted was a tenth of proof mode)."""
        positions, edges = self._edge_positions, self.hyperedges
        for position in range(self._positioned, len(edges)):
            positions[edges[position]] = position
        self._positioned = len(edges)
        return positions

    def _add_hyperedge(self, edge: Hyperedge) -> None:
        self.hyperedges.append(edge)
        incoming = self._incoming[edge.conclusion]
        if not incoming and edge.conclusion not in self.theorems:
            self._add_atom_node(edge.conclusion)
        incoming.append(edge)

    def __repr__(self) -> str:
        return (f"Chart({len(self.theorems)} theorems, {len(self.hyperedges)} hyperedges, "
                f"{len(self.pop_order)} pops, strategy {self.strategy})")
