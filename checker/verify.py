"""Verify a language model's proof against a problem's logic program (DESIGN §6).

``verify(problem, transcript)`` splits the transcript into sentences, reads the claims of
each one, aligns every claim with a theorem of the program, decides its verdict (the
kernel accepts every ``derived`` step's hyperedge), extracts the answer and computes the
efficiency metrics. The per-problem work (forward chaining, the shortest proof, the
alignment index, the search-order references) is cached, so verifying many transcripts of
one problem is cheap.
"""

from __future__ import annotations

import functools
import threading
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any

import attrs

from vlp.errors import InputError
from vlp.kernel import (
    ELIMINATION,
    INTRODUCTION,
    RULES,
    UNION,
    Agents,
    Atom,
    Claim,
    Program,
    Query,
    roles,
)
from vlp.limits import check_program, check_transcript

from .align import (
    ClaimPattern,
    Misalignment,
    ProgramIndex,
    ReadClaim,
    ReadSentence,
    hyperedge_arithmetic,
    read_transcript,
    same_expression,
)
from .chaining import Chart, Hyperedge, forward_chain, matches_at_query_time
from .metrics import Tokenizer, compute_metrics, count_tokens
from .report import ARITHMETIC_MODE, CLAIMS_MODE, Report
from .saturated import SaturatedOrder
from .search_order import SearchOrder, first_occurrences, normalized_levenshtein_of_ids
from .shortest import ShortestProof, goal_of, is_unique_shortest, shortest_proof
from .verdicts import ARITHMETIC, TEMPLATE_READING, Arithmetic, Reading, Status, StepVerdict

ARITHMETIC_READING = Reading(ARITHMETIC)

MODES: tuple[str, ...] = ("auto", CLAIMS_MODE, ARITHMETIC_MODE)

# Rules whose distinguished premise (comp / transfer / rate / compeq) is eliminated: the
# steps a generator's tree makes from its axioms (for the search-order universe, App. D.4).
# (rule id -> distinguished premise) of the eliminations, and the comparison
# introductions and union rules, computed from the rule table
_ROLES = roles(RULES)
_ELIMINATION_RULES = {r.rule_id: r.distinguished for r in _ROLES.values()
                      if r.role == ELIMINATION}
_COMPARISON_INTRODUCTIONS = frozenset(r.rule_id for r in _ROLES.values()
                                      if r.role == INTRODUCTION and r.predicate == "comp")
_UNION_RULES = frozenset(r.rule_id for r in _ROLES.values() if r.role == UNION)


# --- problems -----------------------------------------------------------------------------------

@attrs.frozen
class ProblemSpec:
    """What verification needs to know about a problem, however it was given."""

    program: Program
    query: Query
    axiom_order: tuple[Atom, ...] = ()
    problem_id: str | None = None
    gold_answer: int | None = None  # defaults to the goal's quantity
    certified_proof: tuple[Hyperedge, ...] = ()  # a generated record's shortest proof
    hidden_axioms: tuple[Atom, ...] = ()  # axioms the text never states (category links)
    reference_proof: tuple[str, ...] = ()  # the verbalized shortest proof, if the record has it


class PreparedProblem:
    """The per-problem work shared by every transcript of one problem."""

    def __init__(self, program: Program, query: Query, axiom_order: tuple[Atom, ...],
                 certified_proof: tuple[Hyperedge, ...] = (),
                 hidden_axioms: tuple[Atom, ...] = ()):
        self.program = program
        self.query = query
        self.axiom_order = axiom_order
        self.chart: Chart = forward_chain(program, query, strategy="bfs",
                                          axiom_order=axiom_order or None)
        self.goal: Atom = goal_of(self.chart, query)
        self.proof: ShortestProof = (_recorded_proof(self.chart, self.goal, certified_proof)
                                     or shortest_proof(self.chart, self.goal, certify=False))
        self.index = ProgramIndex(program, self.chart, self.proof.atoms, hidden_axioms,
                                  self.chart.demand)
        self.query_pattern = ClaimPattern.of(query)
        self._reference_text: tuple[str, ...] | None = None
        self._orders: dict[str, list[Claim]] = {}
        self._universe: frozenset[Claim] | None = None
        self._builtins: list[tuple[Arithmetic, Any]] | None = None
        self._arithmetic_instances: dict[Arithmetic, Hyperedge | None] = {}
        self._saturated_order: SaturatedOrder | None = None
        self._favoured: frozenset[Atom] | None = None
        self._references: dict[str, tuple[Claim, ...]] = {}
        self.goal_text = str(self.goal)  # every report names it
        # whitespace tokens of a reference proof (per transcript otherwise, always the same)
        self.reference_tokens: dict[tuple[str, ...], int] = {}
        self._name_flags: dict[ClaimPattern, tuple[bool, str | None]] = {}
        self._counts_over_time: dict[tuple[Any, str], dict[int, int]] | None = None
        # each search reference's claims by index id, by its name (the distances compare ids)
        self.reference_ids: dict[str, list[int]] = {}

    def count_at(self, claim: Claim, cue: str | int) -> int | None:
        """The quantity the chart gives ``claim``'s agents and entity at the time ``cue``
        names (``"initial"``: the first time they have a count, ``"final"``: the last, a
        number: that time), or ``None`` when the claim is no count or the chart has none
        for them then."""
        if claim.predicate != "cont":
            return None
        if self._counts_over_time is None:
            counts: dict[tuple[Any, str], dict[int, int]] = {}
            for atom in self.chart.theorems:
                if atom.predicate == "cont":
                    counts.setdefault((atom.args[0], atom.entity), {})[atom.time] = \
                        atom.quantity
            self._counts_over_time = counts
        over_time = self._counts_over_time.get((claim.args[0], claim.entity))
        if not over_time:
            return None
        if isinstance(cue, int):
            return over_time.get(cue)
        return over_time[min(over_time) if cue == "initial" else max(over_time)]

    def name_flags(self, pattern: ClaimPattern) -> tuple[bool, str | None]:
        """Whether the template grammar misread a name or entity in ``pattern``
        (``reader.misread_names``), and the first pronoun it read as an agent: per problem,
        they depend on the pattern and the program's names alone."""
        flags = self._name_flags.get(pattern)
        if flags is None:
            from .reader import PRONOUNS, misread_names

            pronoun = next((name for a in pattern.args if isinstance(a, Agents)
                            and not PRONOUNS.isdisjoint(a.names)
                            for name in a.names if name in PRONOUNS), None)
            flags = self._name_flags[pattern] = (misread_names(pattern, self.index), pronoun)
        return flags

    @property
    def proof_claims_in_order(self) -> list[Claim]:
        proof = self.index.proof_claims  # bookkeeping claims left out
        return [atom.claim() for atom in self.proof.dfs_atoms() if atom.claim() in proof]

    def reference_text(self) -> tuple[str, ...]:
        """The shortest proof verbalized in DFS order (App. D.2), one sentence per claim."""
        if self._reference_text is None:
            from vlp.grammar import render_conclusion, render_statement

            derivation = {edge.conclusion: edge for edge in self.proof.hyperedges}
            sentences = []
            for atom in self.proof.dfs_atoms():
                edge = derivation.get(atom)
                sentences.append(render_statement(atom) if edge is None or atom in
                                 self.program.axioms else render_conclusion(edge))
            self._reference_text = tuple(sentences)
        return self._reference_text

    def pop_order(self, strategy: str) -> list[Claim]:
        """The non-axiom claims a ``strategy`` run stopped at the goal pops, in order."""
        if strategy not in self._orders:
            # chaining without saturation pops what it derives in the saturated model's
            # order and leaves out only comparisons outside the universe (tests/
            # test_chaining_pop_orders.py); the BFS run stopped at the goal is a prefix
            # of the problem's own (BFS) chart
            if strategy == self.chart.strategy and self.chart.complete:
                pops = self._pops_to_goal(self.chart)
            else:
                pops = forward_chain(self.program, self.query, strategy=strategy,
                                     axiom_order=self.axiom_order or None,
                                     stop_at_goal=True, mode="proof").pop_order
            self._orders[strategy] = [a.claim() for a in pops if a not in self.program.axioms]
        return self._orders[strategy]

    def universe(self) -> frozenset[Claim]:
        """The claims the reference orders are restricted to (App. D.4 limitation (i))."""
        if self._universe is None:
            self._universe = self._generator_universe()
        return self._universe

    def _pops_to_goal(self, chart: Chart) -> list[Atom]:
        """The pops of ``chart`` up to the first that answers the query (what a run with
        ``stop_at_goal`` pops)."""
        for position, atom in enumerate(chart.pop_order, 1):
            if matches_at_query_time(self.program, self.query, atom):
                return chart.pop_order[:position]
        return chart.pop_order

    def search_references(self) -> tuple[tuple[Claim, ...], tuple[Claim, ...],
                                          tuple[Claim, ...]]:
        """The DFS and BFS orders restricted to the generator's universe, and the shortest
        proof's non-axiom claims in DFS order (App. D.4)."""
        return (self.search_reference("dfs"), self.search_reference("bfs"),
                self.search_reference("shortest_proof"))

    def search_reference(self, name: str) -> tuple[Claim, ...]:
        """One of :meth:`search_references`: ``"dfs"``, ``"bfs"`` or ``"shortest_proof"``
        (the DFS one costs a chaining run: it is made when first asked for)."""
        if name not in self._references:
            if name == "shortest_proof":
                axioms = self.index.axiom_claims
                found = first_occurrences(self.proof_claims_in_order, lambda c: c not in axioms)
            else:
                found = first_occurrences(self.pop_order(name), self.universe().__contains__)
            self._references[name] = tuple(found)
        return self._references[name]

    def _generator_universe(self) -> frozenset[Claim]:
        """Claims a top-down generator's trees could contain: the shortest proof, and every
        conclusion that eliminates an axiom (plus the comparisons an axiom ``compeq`` names
        and the unions the query names)."""
        axioms = self.program.axioms
        compeq_pairs = {(a.args[2], a.args[3], a.args[4]) for a in axioms
                        if a.predicate == "compeq"}
        universe = set(self.index.proof_claims)
        query_agents = set(self.query.agent_sets)
        for edge in self.chart.hyperedges:
            distinguished = _ELIMINATION_RULES.get(edge.rule_id)
            conclusion = edge.conclusion
            if distinguished is not None and \
                    edge.premises[distinguished].claim() in self.index.axiom_claims:
                universe.add(conclusion.claim())
            elif edge.rule_id in _COMPARISON_INTRODUCTIONS and (conclusion.args[0],
                                                               conclusion.args[1],
                                           conclusion.args[3]) in compeq_pairs:
                universe.add(conclusion.claim())
            elif edge.rule_id in _UNION_RULES and conclusion.args[0] in query_agents:
                universe.add(conclusion.claim())
        return frozenset(c for c in universe if c not in self.index.axiom_claims
                         and c not in self.index.bookkeeping_claims)

    def builtins(self) -> list[tuple[Arithmetic, Any]]:
        """Every rule instance chaining accepted with arithmetic, shortest-proof ones first
        (those derived on demand are placed by :meth:`arithmetic_instance`)."""
        if self._builtins is None:
            found = []
            for edge in self.chart.hyperedges[:self.chart.demand.chained]:
                arithmetic = hyperedge_arithmetic(edge.rule_id, edge.premises, edge.conclusion)
                if arithmetic is not None:
                    found.append((arithmetic, edge))
            favoured = self.favoured_conclusions()
            found.sort(key=lambda item: item[1].conclusion not in favoured)
            self._builtins = found
        return self._builtins

    def favoured_conclusions(self) -> frozenset[Atom]:
        """The conclusions an expression's rule instance is preferred for: the shortest
        proof's atoms, less those whose claim restates an axiom. An expression that
        computes a stated fact again ("99 - 20 = 79" where 79 is given) concludes nothing
        new, so it does not outrank the instances concluding the proof's derived facts
        (decision 2 of issue 26: refgen traces in arithmetic mode 571 -> 595 of 598 right
        answers)."""
        if self._favoured is None:
            axioms = self.index.axiom_claims
            self._favoured = frozenset(atom for atom in self.proof.atoms
                                       if atom.claim() not in axioms)
        return self._favoured

    def arithmetic_instance(self, expression: Arithmetic) -> Hyperedge | None:
        """The rule instance ``expression`` is matched with: the first whose built-in it
        writes in the saturated model, shortest-proof conclusions first, then in
        saturation's acceptance order (:mod:`vlp.checker.saturated`: the comparisons and
        compeqs nobody stated are derived only for the instance chosen)."""
        if expression in self._arithmetic_instances:
            return self._arithmetic_instances[expression]
        matches = [edge for builtin, edge in self.builtins()
                   if same_expression(expression, builtin)]
        match = self.saturated_order().first_writing(expression, matches,
                                                       self.favoured_conclusions())
        if match is not None and not self.saturated_order().is_chained(match):
            self.index.demand_instance(match)
        self._arithmetic_instances[expression] = match
        return match

    def saturated_order(self) -> SaturatedOrder:
        if self._saturated_order is None:
            self._saturated_order = SaturatedOrder(self.chart, self.chart.demand)
        return self._saturated_order


def _recorded_proof(
    chart: Chart, goal: Atom, edges: tuple[Hyperedge, ...]
) -> ShortestProof | None:
    """A generated record's certified shortest proof (DFS post-order), if every one of its
    rule instances is in the chart (so the kernel accepted it), it proves the goal and Z3
    confirms it is the unique shortest (:func:`is_unique_shortest`: one unsat check, not
    the minimisation); otherwise ``None`` and the proof is recomputed. Nothing of the
    record is trusted: a longer or a different proof than the shortest is not used."""
    if not edges or edges[-1].conclusion != goal:
        return None
    accepted = set(chart.hyperedges)
    if not all(edge in accepted for edge in edges):
        return None
    concluded = {edge.conclusion for edge in edges}
    if not all(p in concluded or p in chart.program.axioms for e in edges for p in e.premises):
        return None
    atoms = frozenset(a for e in edges for a in (*e.premises, e.conclusion))
    claims = frozenset(a.claim() for a in atoms)
    if not is_unique_shortest(chart, goal, claims):
        return None
    return ShortestProof(goal, edges, atoms, claims, len(claims), None, True, False)


@functools.lru_cache(maxsize=256)
def _prepare(program: Program, query: Query, axiom_order: tuple[Atom, ...],
             certified_proof: tuple[Hyperedge, ...],
             hidden_axioms: tuple[Atom, ...]) -> PreparedProblem:
    check_program(program.axioms, None)
    return PreparedProblem(program, query, axiom_order, certified_proof, hidden_axioms)


class _Prepare:
    """:func:`prepare` itself: an LRU cache of 256 problems by value, and before it the
    latest call's very objects. Transcripts of one problem usually come one after another
    with the same spec, and looking the LRU up by value compares equal but distinct
    tuples of atoms and hyperedges element by element (a twentieth of a warm verification)."""

    def __init__(self) -> None:
        self._latest: tuple[tuple[Any, ...], PreparedProblem] | None = None

    def __call__(self, program: Program, query: Query, axiom_order: tuple[Atom, ...] = (),
                 certified_proof: tuple[Hyperedge, ...] = (),
                 hidden_axioms: tuple[Atom, ...] = ()) -> PreparedProblem:
        """Chain, solve and index a problem once (cached: transcripts of one problem share
        it).

        ``certified_proof``: the shortest proof a generated record carries (its uniqueness
        was certified when the problem was made); used instead of re-solving when it checks
        out. A program past the limits is refused here (a program built in Python is read,
        not parsed), once per problem: an error is not cached, so it is raised on every call.
        """
        args = (program, query, axiom_order, certified_proof, hidden_axioms)
        latest = self._latest
        if latest is not None and all(a is b for a, b in zip(args, latest[0], strict=True)):
            return latest[1]
        prepared = _prepare(*args)
        self._latest = (args, prepared)
        return prepared

    def cache_clear(self) -> None:
        self._latest = None
        _prepare.cache_clear()

    def cache_info(self) -> Any:
        return _prepare.cache_info()


prepare = _Prepare()


_TEXT_KEYS = ("problem", "text", "problem_text")
_ID_KEYS = ("id", "problem_id", "uid")
_PROOF_KEYS = ("proof_text", "reference_proof", "shortest_proof_text")


def prepared_problem(problem: Any) -> PreparedProblem:
    """The cached per-problem work for a problem in any accepted form."""
    spec = problem_spec(problem)
    return prepare(spec.program, spec.query, spec.axiom_order, spec.certified_proof,
                   spec.hidden_axioms)


def problem_spec(problem: Any, *, source: str = "<problem>") -> ProblemSpec:
    """Accept a problem in any form: a :class:`ProblemSpec`, a sampler ``Problem``, a program
    file (``ProgramFile``), a problem record (dict), a resolved
    :class:`~vlp.checker.references.Reference`, or a problem reference (a ``str`` or
    ``pathlib.Path``: ``FILE.jsonl:ID``, a ``.jsonl`` file of one record, a ``.json`` record
    or program file, a text file, or the problem's text; see :mod:`vlp.checker.references`)."""
    from .programfile import ProgramFile
    from .references import Reference, resolve

    if isinstance(problem, ProblemSpec):
        return problem
    if isinstance(problem, ProgramFile):
        return _spec_from_program_file(problem, source)
    if isinstance(problem, (str, Path)):
        problem = resolve(problem, source=source)
    if isinstance(problem, Reference):
        if problem.record is not None:
            return _record_spec(problem.record, problem.source)
        if problem.path is not None:
            return _spec_from_file(problem.path)
        return _spec_from_text(problem.text or "", problem.source)
    if isinstance(problem, Mapping):
        return _record_spec(problem, source)
    to_json = getattr(problem, "to_json", None)
    if callable(to_json):  # a sampler Problem: its record carries everything
        return _spec_from_record(to_json(), source)
    raise InputError(f"cannot read a problem from a {type(problem).__name__}", source)


_RECORD_SPECS: dict[tuple[str, str], ProblemSpec] = {}  # by the record's JSON text
_RECORD_SPECS_KEPT = 256
_RECORD_SPECS_LOCK = threading.Lock()


def _record_spec(record: Mapping[str, Any], source: str) -> ProblemSpec:
    """A problem record's spec, read once per distinct content: a caller that verifies many
    transcripts of one record passes the record each time, and reading it (its atoms, its
    proof) costs as much as verifying a transcript. Keyed by the record's JSON text, so a
    record changed in place is read again; a record JSON cannot write is read every time.
    Errors are not kept: a bad record is refused on every call."""
    from vlp.records import canonical_json

    try:
        key = (canonical_json(record), source)
    except (TypeError, ValueError, RecursionError):  # not JSON, or nested past the stack
        return _spec_from_record(record, source)
    spec = _RECORD_SPECS.get(key)
    if spec is None:
        spec = _spec_from_record(record, source)
        with _RECORD_SPECS_LOCK:  # evaluation verifies from several threads
            if len(_RECORD_SPECS) >= _RECORD_SPECS_KEPT:
                del _RECORD_SPECS[next(iter(_RECORD_SPECS))]  # the oldest first
            _RECORD_SPECS[key] = spec
    return spec


def _spec_from_file(path: Path) -> ProblemSpec:
    """A ``.json`` problem record or program file (its fields checked), else a word
    problem's text."""
    from vlp.records import load_json_text, read_text_file
    from vlp.validate import check_loose_problem

    text = read_text_file(path, "problem")
    if path.suffix.lower() != ".json":
        return _spec_from_text(text, str(path))
    record = load_json_text(text, str(path))
    if not isinstance(record, dict):
        raise InputError("a problem file holds one JSON object", f"{path}:1")
    check_loose_problem(record, str(path))
    return _spec_from_record(record, str(path))


def _spec_from_program_file(program_file: Any, source: str, **extra: Any) -> ProblemSpec:
    if program_file.query is None:
        raise InputError("the program has no query: add \"query\", e.g. "
                         "\"cont({eddie}, ?, parrots, ?)\"", source)
    order = tuple(program_file.axiom_order)
    # a word problem's category links are in the program but were never stated
    hidden = tuple(sorted(program_file.program.axioms - set(order), key=str))
    return ProblemSpec(program_file.program, program_file.query, order,
                       hidden_axioms=hidden, **extra)


def _spec_from_text(text: str, source: str, **extra: Any) -> ProblemSpec:
    from vlp.grammar import ProblemParseError, parse_problem

    if not text.strip():
        raise InputError("the problem text is empty", source)
    try:
        parsed = parse_problem(text, source=source)
    except ProblemParseError as error:  # not the template language: a real word problem?
        from vlp.reading import encode

        encoded = encode(text)
        if not hasattr(encoded, "program"):
            raise InputError(f"{error.message}; nor could it be encoded ({encoded})",
                             error.location) from None
        return ProblemSpec(encoded.program, encoded.query, encoded.axiom_order, **extra)
    if parsed.query is None:
        raise InputError("the problem asks no question", source)
    return ProblemSpec(parsed.program, parsed.query, tuple(parsed.axiom_order),
                       hidden_axioms=tuple(getattr(parsed, "category_axioms", ())), **extra)


def _first(record: Mapping[str, Any], keys: Sequence[str]) -> Any:
    return next((record[k] for k in keys if record.get(k) is not None), None)


def _spec_from_record(record: Mapping[str, Any], source: str) -> ProblemSpec:
    from .programfile import program_from_json

    identifier = _first(record, _ID_KEYS)
    answer = record.get("answer")
    if answer is not None and not (isinstance(answer, int) and not isinstance(answer, bool)):
        try:
            answer = int(str(answer).strip())
        except ValueError:
            raise InputError(f"the record's answer {answer!r} is not a whole number",
                             source) from None
    proof = _first(record, _PROOF_KEYS)
    if isinstance(proof, str):
        proof = tuple(s for s in _split_sentences(proof))
    elif isinstance(proof, list) and all(isinstance(s, str) for s in proof):
        proof = tuple(proof)
    else:
        proof = ()
    extra = {"problem_id": None if identifier is None else str(identifier),
             "gold_answer": answer, "reference_proof": proof,
             "certified_proof": _record_proof(record, source)}
    program_data = record.get("program") if isinstance(record.get("program"), Mapping) else record
    if isinstance(program_data.get("axioms"), list) and program_data["axioms"] and all(
        isinstance(a, str) or (isinstance(a, Mapping) and isinstance(a.get("atom"), str))
        for a in program_data["axioms"]
    ):
        program_file = program_from_json(dict(program_data), source)
        return _spec_from_program_file(program_file, source, **extra)
    text = _first(record, _TEXT_KEYS)
    if isinstance(text, str):
        return _spec_from_text(text, source, **extra)
    raise InputError("malformed problem record: it needs \"axioms\" and \"query\" "
                     "(canonical atoms) or the problem text under \"problem\"", source)


def _record_proof(record: Mapping[str, Any], source: str) -> tuple[Hyperedge, ...]:
    """The shortest proof a generated record carries under ``proof.hyperedges`` (schema 1),
    or ``()``. Its atoms are parsed like the axioms; bad atoms are input errors."""
    from vlp.grammar.canonical import CanonicalSyntaxError, parse_atom

    proof = record.get("proof")
    edges = proof.get("hyperedges") if isinstance(proof, Mapping) else None
    if not isinstance(edges, list) or not edges:
        return ()
    try:
        return tuple(Hyperedge(str(e["rule"]), tuple(parse_atom(p) for p in e["premises"]),
                               parse_atom(e["conclusion"])) for e in edges)
    except (CanonicalSyntaxError, KeyError, TypeError) as error:
        raise InputError(f"malformed proof in the record: {error}", source) from None


def _split_sentences(text: str) -> list[str]:
    from vlp.grammar import split_transcript

    return [getattr(step, "text", str(step)) for step in split_transcript(text)]


# --- reading the transcript ---------------------------------------------------------------------

def _is_text(transcript: str) -> bool:
    return "\x00" not in transcript


# --- verdicts -----------------------------------------------------------------------------------

class _Judge:
    """Walks a transcript's claims in order, keeping what has been stated so far."""

    def __init__(self, prepared: PreparedProblem):
        self.prepared = prepared
        self.index = prepared.index
        self.available: set[int] = self.index.initially_available()  # claim ids
        self.first: dict[int, StepVerdict] = {}  # first verdict of every true claim, by id
        self.stated: dict[Claim, None] = {}  # true claims stated so far (for alignment)
        self.false_seen: set[tuple[str, str]] = set()
        self.steps: list[StepVerdict] = []
        self.order: list[Claim] = []  # non-axiom theorems in the order first stated

    def unparsed(self, number: int, text: str, reason: str,
                 reading: Reading = TEMPLATE_READING) -> None:
        self.steps.append(StepVerdict(number, text, Status.UNPARSED, reason=reason,
                                      reading=reading))

    def judge(self, number: int, text: str, read: ReadClaim,
              reading: Reading = TEMPLATE_READING, when: str | int | None = None) -> None:
        count = len(self.steps)
        self._judge(number, text, read, when)
        if reading is not TEMPLATE_READING:
            for position in range(count, len(self.steps)):
                self.steps[position] = attrs.evolve(self.steps[position], reading=reading)

    def wrong_arithmetic(self, number: int, text: str, expression: Arithmetic) -> None:
        """An expression whose left side is not its result, in a sentence with no claim."""
        key = (str(None), str(expression))
        self.steps.append(StepVerdict(
            number, text, Status.FALSE, arithmetic=expression, duplicate=key in self.false_seen,
            reason=f"wrong arithmetic: {expression} (the left side is "
                   f"{expression.value})", reading=ARITHMETIC_READING))
        self.false_seen.add(key)

    def _judge(self, number: int, text: str, read: ReadClaim,
               when: str | int | None = None) -> None:
        index = self.index
        arithmetic = read.arithmetic
        alignment = index.align(read.pattern, self.stated)
        if when is not None and not isinstance(alignment, Misalignment):
            # "Initially Roscoe has 118 tiaras.": a theorem at some time, but the words say
            # which time, and there it is another count
            held = self.prepared.count_at(alignment.claim, when)
            if held is not None and held != alignment.claim.quantity:
                moment = "initially" if when == "initial" else "in the end" if \
                    when == "final" else "then"
                alignment = Misalignment(alignment.claim, f"wrong time: {alignment.claim} "
                                         f"holds, but {moment} the count is {held}")
        # a wrong sum makes the step false even when its result is true (DESIGN §6)
        wrong_sum = arithmetic is not None and not arithmetic.correct
        if isinstance(alignment, Misalignment) or wrong_sum:
            claim = alignment.claim
            reasons = []
            if arithmetic is not None and wrong_sum:
                reasons.append(f"wrong arithmetic: {arithmetic}, but {arithmetic.left_side} "
                               f"is {arithmetic.value}")
            if isinstance(alignment, Misalignment):
                reasons.append(alignment.reason)
            key = (str(claim if claim is not None else read.pattern), str(arithmetic))
            duplicate = key in self.false_seen
            self.false_seen.add(key)
            self.steps.append(StepVerdict(number, text, Status.FALSE, claim=claim,
                                          duplicate=duplicate, arithmetic=arithmetic,
                                          reason="; ".join(reasons)))
            return
        claim, atom, claim_id = alignment.claim, alignment.atom, alignment.id
        relevant = claim_id in index.proof_ids
        earlier = self.first.get(claim_id)
        if earlier is not None:
            self.steps.append(attrs.evolve(earlier, sentence=number, text=text, duplicate=True,
                                           arithmetic=arithmetic))
            return
        if claim_id in index.axiom_ids:
            verdict = StepVerdict(number, text, Status.AXIOM, claim=claim,
                                  atom=index.axiom_atom(claim_id),
                                  relevant=relevant, rule="axiom", arithmetic=arithmetic)
        else:
            derivation = index.derive(claim, self.available, arithmetic)
            note = None
            if arithmetic is not None and not (derivation is not None and derivation.writes(
                    arithmetic)) and not index.writes_builtin(claim, arithmetic):
                note = "the arithmetic is true but is not the rule's computation"
            if derivation is not None:
                verdict = StepVerdict(number, text, Status.DERIVED, claim=claim,
                                      atom=derivation.theorem.atom, relevant=relevant,
                                      rule=derivation.hyperedge.rule_id,
                                      premises=derivation.theorem.premises,
                                      arithmetic=arithmetic, reason=note)
            else:
                missing = index.missing_claims(claim, self.available)
                verdict = StepVerdict(number, text, Status.DERIVED_MULTI, claim=claim,
                                      atom=atom, relevant=relevant, missing=missing,
                                      arithmetic=arithmetic, reason=note)
            self.order.append(claim)
        self.first[claim_id] = verdict
        self.stated[claim] = None
        self.index.make_available(self.available, claim_id)
        self.steps.append(verdict)


def _answer_from_claims(prepared: PreparedProblem, steps: Sequence[StepVerdict]) -> int | None:
    """The quantity of the last true claim that answers the question."""
    for step in reversed(steps):
        if step.status.is_theorem and step.claim is not None and \
                prepared.query_pattern.matches(step.claim):
            return step.claim.quantity
    return None


def verify(
    problem: Any,
    transcript: str,
    *,
    answer: str | int | None = None,
    mode: str = "auto",
    tokenizer: Tokenizer | None = None,
    search_order: bool = True,
    strict: bool = False,
) -> Report:
    """Verify ``transcript`` (a model's natural-language proof) against ``problem``.

    ``problem``: a problem record (dict, e.g. a line of a dataset), a sampler ``Problem``, a
    program file (``ProgramFile`` or ``Path``), problem text (``str``) or a
    :class:`ProblemSpec`. ``answer``: the model's answer when it was asked for separately
    (the paper's second prompting step); otherwise it is read from the transcript.
    ``mode``: ``"claims"`` (parse every sentence), ``"arithmetic"`` (reasoning-model mode:
    score only the arithmetic expressions, paper App. D.4) or ``"auto"`` (claims; a sentence
    with no claim is matched by its arithmetic alone). Sentences outside the template language
    are read by the loose reader (``reader.py``); ``strict`` reads the template language only
    and switches the whole transcript to arithmetic mode when fewer than half its sentences
    can be read (the verifier before the loose reader).
    """
    if mode not in MODES:
        raise InputError(f"unknown mode {mode!r}; expected one of {', '.join(MODES)}")
    if not isinstance(transcript, str):
        raise InputError("the transcript must be text (str)")
    check_transcript(transcript)
    if not _is_text(transcript):
        raise InputError("the transcript is not text (it contains NUL bytes)")
    spec = problem if isinstance(problem, ProblemSpec) else problem_spec(problem)
    prepared = prepare(spec.program, spec.query, spec.axiom_order, spec.certified_proof,
                       spec.hidden_axioms)
    # arithmetic mode scores expressions alone: no sentence goes through the grammar
    sentences = read_transcript(transcript, claims=strict or mode != ARITHMETIC_MODE)
    notes: list[str] = []
    if strict:
        steps, order, chosen = _strict_steps(prepared, sentences, mode, notes)
    elif mode == ARITHMETIC_MODE:
        steps, order = _arithmetic_steps(prepared, sentences)
        chosen = ARITHMETIC_MODE
        notes.append(_ARITHMETIC_NOTE)
    else:
        steps, order = _read_steps(prepared, sentences, arithmetic_fallback=mode == "auto")
        chosen = CLAIMS_MODE
    if not sentences:
        notes.append("the transcript is empty")
    elif steps and all(s.status in (Status.FALSE, Status.UNPARSED) for s in steps) and any(
        s.reason and s.reason.startswith("unknown") for s in steps
    ):
        notes.append("no step matches this problem: is the transcript for another problem?")

    predicted, source = _extract_answer(prepared, transcript, steps, answer, strict=strict)
    others = _other_answers(transcript, predicted) if answer is None else ()
    if others:
        notes.append("the transcript also states the answer "
                     + ", ".join(map(str, others)) + f" (read: {predicted})")
    gold = spec.gold_answer if spec.gold_answer is not None else prepared.goal.quantity
    reference = spec.reference_proof or _safe_reference(prepared)
    metrics = _metrics(prepared, steps, chosen, transcript, reference, tokenizer)
    order_result = _search_order(prepared, order) if search_order else None
    return Report(
        problem_id=spec.problem_id,
        mode=chosen,
        goal=prepared.goal_text,
        steps=tuple(steps),
        metrics=metrics,
        predicted_answer=predicted,
        gold_answer=gold,
        answer_source=source,
        search_order=order_result,
        reference_proof=tuple(reference),
        notes=tuple(notes),
        other_answers=others,
    )


_ARITHMETIC_NOTE = ("reasoning-model mode (paper App. D.4): scored from arithmetic "
                    "expressions alone, matched against the built-ins of the program's rule "
                    "instances; axioms are never counted, so efficiency, recall and exact "
                    "match are over non-axiom claims")


def _strict_steps(
    prepared: PreparedProblem, sentences: Sequence[ReadSentence], mode: str, notes: list[str]
) -> tuple[list[StepVerdict], list[Claim], str]:
    """The template language only, with the whole-transcript switch to arithmetic mode
    (``--strict``: what the verifier read before the loose reader existed)."""
    readable = sum(1 for s in sentences if s.claims)
    statements = sum(1 for s in sentences if s.claims or s.answer is None)
    chosen = mode
    if mode == "auto":
        expressions = sum(len(s.arithmetic) for s in sentences)
        chosen = CLAIMS_MODE
        if statements and readable * 2 < statements and expressions:
            chosen = ARITHMETIC_MODE
            notes.append(f"only {readable} of {statements} sentences could be read as "
                         "claims, so the transcript was scored in reasoning-model mode")
    if chosen == ARITHMETIC_MODE:
        steps, order = _arithmetic_steps(prepared, sentences)
        notes.append(_ARITHMETIC_NOTE)
        return steps, order, chosen
    judge = _Judge(prepared)
    for number, sentence in enumerate(sentences, 1):
        if not sentence.claims and sentence.answer is not None:
            continue  # the closing "the answer is N": read by the answer extraction
        if not sentence.claims:
            judge.unparsed(number, sentence.text, sentence.reason or "no claim found")
            continue
        for read in sentence.claims:
            judge.judge(number, sentence.text, read)
    return judge.steps, judge.order, chosen


def _read_steps(
    prepared: PreparedProblem, sentences: Sequence[ReadSentence], *, arithmetic_fallback: bool
) -> tuple[list[StepVerdict], list[Claim]]:
    """Every sentence read for claims: by the template grammar, else by the loose reader
    (``reader.py``), else (``arithmetic_fallback``) by its arithmetic alone."""
    from vlp.grammar.guards import time_cue, unsafe_reason
    from vlp.grammar.loose import extract_labelled_answer

    from .reader import (
        Discourse,
        LooseArithmetic,
        LooseClaim,
        LooseGap,
        SentenceReader,
        lexicon,
        overreaching_names,
    )

    judge = _Judge(prepared)
    discourse = Discourse()
    reader = SentenceReader(lexicon(prepared.index, tuple(prepared.query.agent_sets)),
                            discourse, prepared.query_pattern)
    for number, sentence in enumerate(sentences, 1):
        if not sentence.claims and (sentence.answer is not None
                                    or extract_labelled_answer(sentence.text) is not None):
            continue  # the closing "the answer is N": read by the answer extraction
        unsafe = unsafe_reason(sentence.text)
        if unsafe is not None:  # "Roscoe has 24 tiaras, or maybe 30.": no claim for certain
            judge.unparsed(number, sentence.text, unsafe)
            continue
        when = time_cue(sentence.text)
        items = None
        misread, pronoun = False, None
        for read in sentence.claims:
            flagged, named = prepared.name_flags(read.pattern)
            misread = misread or flagged
            pronoun = named if pronoun is None else pronoun
        gap_reason = None
        if misread:
            items = reader.read(sentence.text)
            if not any(isinstance(item, LooseClaim) for item in items):
                gap_reason = next((i.reason for i in items if isinstance(i, LooseGap)), None)
                items = None
                overreach = next((name for r in sentence.claims
                                  if (name := overreaching_names(r.pattern, prepared.index))),
                                 None)
                if overreach is not None:  # "Suppose Iosefa has 126 gyms."
                    judge.unparsed(number, sentence.text, f"{overreach!r} holds a name of "
                                   "the problem and words around it that no claim states")
                    continue
        if sentence.claims and items is None:
            if pronoun is not None:  # "He has 14 parrots." with no one before it
                judge.unparsed(number, sentence.text, gap_reason or f"{pronoun!r} refers to "
                               "no one named before it")
                continue
            for read in sentence.claims:
                judge.judge(number, sentence.text, read, when=when)
                claim = judge.steps[-1].claim
                if claim is not None:
                    discourse.note_claim(claim, read.template)
            continue
        if items is None:
            items = reader.read(sentence.text)
        if any(isinstance(item, LooseClaim) for item in items):
            event_time = _event_time(prepared, sentence.text, items)
            before = sentence.text.lstrip().lower().startswith("before ")
            for item in items:
                if isinstance(item, LooseClaim):
                    at: str | int | None = when
                    if item.pattern.predicate == "cont" and (before or event_time is not None):
                        if event_time is None:  # "Before giving Cassandre 69, Roscoe had 49."
                            judge.unparsed(number, sentence.text, "the count's time (before "
                                           "an event) is not read", item.reading)
                            continue
                        at = event_time  # "After giving Cassandre 69, Roscoe has 49."
                    judge.judge(number, sentence.text, ReadClaim(item.pattern, item.arithmetic),
                                item.reading, at)
                elif isinstance(item, LooseArithmetic):
                    if arithmetic_fallback:
                        _judge_arithmetic(prepared, judge, number, sentence.text,
                                          item.expression)
                else:
                    judge.unparsed(number, sentence.text, item.reason, item.reading)
            continue
        expressions = sentence.arithmetic or _loose_arithmetic(sentence.text)
        if arithmetic_fallback and expressions:
            for expression in expressions:
                _judge_arithmetic(prepared, judge, number, sentence.text, expression)
            continue
        gaps = [item for item in items if isinstance(item, LooseGap)]
        if gaps:
            judge.unparsed(number, sentence.text, gaps[0].reason, gaps[0].reading)
        else:
            judge.unparsed(number, sentence.text, sentence.reason or "no claim found")
    return judge.steps, judge.order


def _event_time(prepared: PreparedProblem, text: str, items: Sequence[Any]) -> int | None:
    """The time a sentence opening "After <event>, ..." / "Before <event>, ..." puts its
    counts at: just after (or at) the one transfer of the program its first claim states."""
    opening = text.lstrip().lower()
    if not opening.startswith(("after ", "before ")):
        return None
    events: list[int] = []
    for item in items:
        pattern = getattr(item, "pattern", None)
        if pattern is None or pattern.predicate != "transfer":
            break  # the events end where the counts begin
        if not pattern.is_complete:
            return None
        atoms = prepared.index.atoms_by_claim.get(pattern.as_claim(), ())
        times = {a.time for a in atoms if a in prepared.program.axioms}
        if len(times) != 1:
            return None
        events.append(next(iter(times)))
    if not events:
        return None
    # after the last event ("After getting 1 and giving 76, ..."), before the first
    return max(events) + 1 if opening.startswith("after ") else min(events)


def _loose_arithmetic(text: str) -> tuple[Arithmetic, ...]:
    """Expressions the loose reader folds ("8-3, or 5"), when the strict scan finds none."""
    from vlp.grammar.loose import read_clauses

    from .reader import as_arithmetic

    found = (as_arithmetic(t) for c in read_clauses(text) for t in c.tokens)
    return tuple(e for e in found if e is not None)


def _judge_arithmetic(prepared: PreparedProblem, judge: _Judge, number: int, text: str,
                      expression: Arithmetic) -> None:
    """A sentence with nothing but arithmetic: the claim of the rule instance whose built-in
    the expression writes (shortest-proof instances first), judged like any claim."""
    if not expression.correct:
        judge.wrong_arithmetic(number, text, expression)
        return
    match = prepared.arithmetic_instance(expression)
    if match is None:
        judge.unparsed(number, text, "no rule instance of the program computes "
                       f"{expression}", ARITHMETIC_READING)
        return
    pattern = ClaimPattern.of(match.conclusion.claim())
    judge.judge(number, text, ReadClaim(pattern, expression), ARITHMETIC_READING)


def _safe_reference(prepared: PreparedProblem) -> tuple[str, ...]:
    try:
        return prepared.reference_text()
    except (ImportError, KeyError, ValueError):
        return ()


def _extract_answer(
    prepared: PreparedProblem, transcript: str, steps: Sequence[StepVerdict],
    answer: str | int | None, *, strict: bool = False,
) -> tuple[int | float | None, str | None]:
    from vlp.grammar import extract_answer
    from vlp.grammar.answers import reply_answer
    from vlp.grammar.loose import extract_closing_result, extract_labelled_answer

    if answer is not None:
        if isinstance(answer, int) and not isinstance(answer, bool):
            return answer, "given separately"
        value = reply_answer(str(answer))
        return value, "given separately" if value is not None else None
    if not strict:
        from vlp.grammar.guards import unclear_answer

        unclear = unclear_answer(transcript)
        if unclear is not None:  # "The answer is not 49.": no answer, and no fallback
            return None, f"none: {unclear}"
    value = extract_answer(transcript)
    if value is not None:
        return value, "closing sentence"
    value = None if strict else extract_labelled_answer(transcript)
    if value is not None:
        return value, "answer label"
    if not strict:
        from vlp.grammar.guards import answer_sentence

        value = answer_sentence(transcript)
        if value is not None:  # "Answer: She would have 31 stickers."
            return value, "answer label"
    value = _answer_from_claims(prepared, steps)
    if value is not None:
        return value, "last claim answering the question"
    value = None if strict or _ends_with_other_claim(prepared, steps) else \
        extract_closing_result(transcript)
    if value is not None:
        return value, "closing expression"
    return None, None


def _other_answers(transcript: str, predicted: int | float | None) -> tuple[int | float, ...]:
    """The answers the transcript's answer phrases state other than ``predicted``."""
    lowered = transcript.lower()
    if lowered.count("answer") + lowered.count("boxed{") < 2:  # one answer phrase at most
        return ()
    from vlp.grammar.transcript import stated_answers

    return tuple(dict.fromkeys(v for v in stated_answers(transcript) if v != predicted))


def _ends_with_other_claim(prepared: PreparedProblem, steps: Sequence[StepVerdict]) -> bool:
    """Does the last sentence state a claim that does not answer the question (then its
    closing "= 14" is that claim's quantity, not an answer)?"""
    if not steps:
        return False
    last = steps[-1].sentence
    return any(s.claim is not None and not prepared.query_pattern.matches(s.claim)
               for s in steps if s.sentence == last)


def _metrics(
    prepared: PreparedProblem, steps: Sequence[StepVerdict], mode: str, transcript: str,
    reference: Sequence[str], tokenizer: Tokenizer | None,
):
    index = prepared.index
    true_claims = [s.claim for s in steps if s.status.is_theorem and s.claim is not None]
    false_keys = {(str(s.claim), str(s.arithmetic), s.text if s.claim is None else "")
                  for s in steps if s.status is Status.FALSE}
    proof = index.proof_claims
    if mode == ARITHMETIC_MODE:
        proof = frozenset(c for c in proof if c not in index.axiom_claims)
    return compute_metrics(
        true_claims=true_claims,
        false_claims=len(false_keys),
        axioms=index.axiom_claims,
        proof=proof,
        steps=len(steps),
        unparsed_steps=sum(s.status is Status.UNPARSED for s in steps),
        duplicate_steps=sum(s.duplicate for s in steps),
        transcript_tokens=count_tokens(transcript, tokenizer),
        reference_tokens=_reference_tokens(prepared, tuple(reference), tokenizer),
    )


def _reference_tokens(prepared: PreparedProblem, reference: tuple[str, ...],
                      tokenizer: Tokenizer | None) -> int | None:
    if not reference:
        return None
    if tokenizer is not None:  # a caller's tokenizer is not known to be a pure function
        return count_tokens(" ".join(reference), tokenizer)
    known = prepared.reference_tokens
    if reference not in known:
        known[reference] = count_tokens(" ".join(reference))
    return known[reference]


def _search_order(prepared: PreparedProblem, order: Sequence[Claim]) -> SearchOrder:
    universe = prepared.universe()
    ids = prepared.index.claim_id
    # the transcript is compared on the same theorems as the references (App. D.4: the
    # annotated theorems); claims outside the universe have no place in any reference
    mine = tuple(first_occurrences(order, universe.__contains__))
    mine_ids = [ids[c] for c in mine]
    reference_ids = prepared.reference_ids

    def distance(name: str, reference: tuple[Claim, ...]) -> float:
        numbered = reference_ids.get(name)
        if numbered is None:  # a reference and its claims' ids never change: once each
            numbered = reference_ids[name] = [ids[c] for c in reference]
        return normalized_levenshtein_of_ids(mine_ids, numbered)

    def dfs_reference() -> tuple[tuple[Claim, ...], float]:
        dfs = prepared.search_reference("dfs")
        return dfs, distance("dfs", dfs)

    bfs, proof = prepared.search_reference("bfs"), prepared.search_reference("shortest_proof")
    return SearchOrder(mine, bfs, proof, distance("bfs", bfs), distance("shortest_proof", proof),
                       dfs_reference)


def _arithmetic_steps(
    prepared: PreparedProblem, sentences: Sequence[ReadSentence]
) -> tuple[list[StepVerdict], list[Claim]]:
    """Reasoning-model mode: each expression ``a op b = c`` is matched with the built-in of a
    rule instance of the program (shortest-proof instances first); its conclusion is the
    claim. The kernel re-checks the matched instance."""
    steps: list[StepVerdict] = []
    order: list[Claim] = []
    first: dict[Claim, StepVerdict] = {}
    false_seen: set[str] = set()
    index = prepared.index
    for number, sentence in enumerate(sentences, 1):
        for expression in sentence.arithmetic:
            if not expression.correct:
                key = str(expression)
                steps.append(StepVerdict(
                    number, sentence.text, Status.FALSE, arithmetic=expression,
                    duplicate=key in false_seen,
                    reason=f"wrong arithmetic: {expression} (the left side is "
                           f"{expression.value})", reading=ARITHMETIC_READING))
                false_seen.add(key)
                continue
            match = prepared.arithmetic_instance(expression)
            if match is None:
                steps.append(StepVerdict(number, sentence.text, Status.UNPARSED,
                                         arithmetic=expression,
                                         reason="no rule instance of the program computes this",
                                         reading=ARITHMETIC_READING))
                continue
            claim = match.conclusion.claim()
            if claim in first:
                steps.append(attrs.evolve(first[claim], sentence=number, text=sentence.text,
                                          duplicate=True, arithmetic=expression))
                continue
            theorem = index.accepted(match)
            if theorem is None:  # the chart only holds kernel-accepted instances
                raise AssertionError(f"kernel rejected chart hyperedge {match}")
            verdict = StepVerdict(number, sentence.text, Status.DERIVED, claim=claim,
                                  atom=match.conclusion, relevant=claim in index.proof_claims,
                                  rule=match.rule_id, premises=theorem.premises,
                                  arithmetic=expression, reading=ARITHMETIC_READING)
            first[claim] = verdict
            order.append(claim)
            steps.append(verdict)
    return steps, order


__all__ = [
    "MODES", "PreparedProblem", "ProblemSpec", "prepare", "prepared_problem",
    "problem_spec", "verify",
]
