"""Generating one problem: relevant proof, irrelevant trees or control expansion, times,
text, self-check and certificate (paper §4.3, App. C; DESIGN §5)."""

from __future__ import annotations

import copy
import random

import attrs
import z3

from vlp.kernel import Agents, Atom, Claim, Hyperedge, Query, is_frame_rule

from . import verbalize
from .config import CONNECTIONS, OVERLAPS, SETTINGS, SamplerConfig, derive_seed
from .lexicon import Lexicon, load_lexicon
from .numbers import Unsatisfiable, solve_quantities
from .problem import AxiomRecord, Certificate, Problem, proof_steps_from_edges
from .reverse import PremisePlan, RuleBook
from .timeline import Timeline
from .tree import NamePool, Node, TreeSampler, single, walk


class SelfCheckError(Exception):
    """A generated problem failed its own check (a sampler bug: must never happen)."""


@attrs.frozen
class Counters:
    """What it took to make one problem."""

    unsat_trees: int = 0  # trees re-sampled because Z3 found their built-ins unsatisfiable
    selfcheck_failures: int = 0  # problems rejected by the self-check (a bug if > 0)
    z3_checks: int = 0  # solver calls for the quantities

    def __add__(self, other: Counters) -> Counters:
        return Counters(self.unsat_trees + other.unsat_trees,
                        self.selfcheck_failures + other.selfcheck_failures,
                        self.z3_checks + other.z3_checks)


@attrs.frozen
class Spec:
    """Which problem to make from a seed."""

    setting: str = "base"
    overlap: str | None = None
    connection: str | None = None
    control: bool = False

    def __attrs_post_init__(self) -> None:
        if self.setting not in SETTINGS:
            raise ValueError(f"unknown setting {self.setting!r}; one of {', '.join(SETTINGS)}")
        if self.setting != "base":
            if self.overlap not in OVERLAPS:
                raise ValueError(f"setting {self.setting} needs an overlap: {', '.join(OVERLAPS)}")
            if self.connection not in CONNECTIONS:
                raise ValueError(f"setting {self.setting} needs a connection: "
                                 f"{', '.join(CONNECTIONS)}")
        elif self.control:
            raise ValueError("a base problem has no control")

    def label(self) -> str:
        if self.setting == "base":
            return "base"
        parts = [self.setting, self.overlap, self.connection]
        return "-".join(parts) + ("-control" if self.control else "")


@attrs.frozen
class _TwinTrees:
    """What a control problem needs of its twin's irrelevant trees: how many axioms they
    add (the control expands the base proof by as many), the names they take (never
    reused by the control), what making them took, and the Z3 context they were solved in
    (the control solves its own quantities next in it, as if it had made the trees)."""

    axioms: int
    names: frozenset[str]
    counters: Counters
    context: z3.Context | None = attrs.field(eq=False)


def _irrelevant_axioms(trees: list[Node]) -> int:
    return sum(1 for t in trees for n in walk([t]) if n.is_axiom and n.tree)


def _copy_tree(root: Node) -> Node:
    """A copy of every node under ``root``, a shared premise copied once (as deepcopy
    would); the nodes' values (agents, names, numbers) are immutable and shared. Several
    times cheaper than deepcopy, which the --paper design paid for every problem."""
    copies: dict[int, Node] = {}

    def visit(node: Node) -> Node:
        done = copies.get(id(node))
        if done is None:
            done = copies[id(node)] = copy.copy(node)
            done.premises = [visit(p) for p in node.premises]
        return done

    return visit(root)


class ProblemBuilder:
    """Makes problems from seeds; holds the lexicon and the configuration."""

    def __init__(self, config: SamplerConfig | None = None, lexicon: Lexicon | None = None):
        self.config = config or SamplerConfig()
        self.lexicon = lexicon or load_lexicon()
        self.book = self.config.book
        self._entities = [n.plural for n in self.lexicon.all_nouns()]
        self._bases: dict[int, tuple[Node, Agents, str, int, NamePool, Counters]] = {}
        self._context: z3.Context | None = None
        self._twins: dict[tuple, _TwinTrees] = {}

    def _problem_context(self) -> z3.Context:
        """The Z3 context of the problem being built (see :meth:`build`)."""
        if self._context is None:
            self._context = z3.Context()
        return self._context

    # ------------------------------------------------------------------ relevant proof

    def _cached_base(self, seed: int) -> tuple[Node, Agents, str, int, NamePool, Counters]:
        """A fresh copy of the base problem of ``seed`` (the --paper design makes 49
        problems from each base; the base is deterministic, so it is sampled once)."""
        fresh = seed not in self._bases
        if fresh:
            if len(self._bases) >= 8:
                self._bases.pop(next(iter(self._bases)))
            self._bases[seed] = self._base(seed)
        root, agents, entity, depth, names, counters = self._bases[seed]
        return (_copy_tree(root), agents, entity, depth, names.copy(),
                counters if fresh else Counters())

    def _base(self, seed: int) -> tuple[Node, Agents, str, int, NamePool, Counters]:
        """The relevant proof with its numbers; re-sampled while Z3 says unsat."""
        unsat = checks = 0
        for attempt in range(self.config.max_tree_attempts):
            rng = random.Random(derive_seed(seed, "base", attempt))
            names = NamePool(self.lexicon, rng)
            count = rng.choices((1, 2, 3, 4), weights=self.config.agent_count_probabilities)[0]
            agents = Agents(frozenset(names.fresh() for _ in range(count)))
            entity = rng.choice(self._entities)
            depth = rng.randint(*self.config.depth)
            root = TreeSampler(self.config, self.lexicon, names).relevant(
                agents, entity, depth, rng)
            try:
                checks += solve_quantities([root], self.config,
                                           derive_seed(seed, "numbers", attempt)).checks
            except Unsatisfiable:
                unsat += 1
                continue
            for node in walk([root]):
                node.fixed = True
            return root, agents, entity, depth, names, Counters(unsat, 0, checks)
        raise RuntimeError(f"no satisfiable relevant proof for seed {seed}")

    # --------------------------------------------------------------- irrelevant trees

    def _irrelevant(self, seed: int, spec: Spec, attempt: int, relevant: Node, goal: Agents,
                    entity: str, names: NamePool) -> tuple[list[Node], int, Counters]:
        count = 0 if spec.setting == "base" else (
            self.config.num_trees if spec.setting == "trees" else 1)
        trees: list[Node] = []
        connected = 0
        unsat = checks = 0
        relevant_nodes = list(walk([relevant]))
        used_keys = {(n.agents[0], n.entity) for n in relevant_nodes if n.predicate == "cont"}
        relevant_entities = {n.entity for n in relevant_nodes} | {
            n.container for n in relevant_nodes if n.container}
        parents: dict[int, Node] = {}
        for node in relevant_nodes:
            for premise in node.premises:
                parents[id(premise)] = node
        for index in range(1, count + 1):
            for tree_attempt in range(self.config.max_tree_attempts):
                rng = random.Random(derive_seed(seed, "irrelevant", spec.setting, spec.overlap,
                                                spec.connection, index, attempt, tree_attempt))
                made = self._one_tree(rng, spec, index, goal, entity, names, relevant_nodes,
                                      parents, used_keys, relevant_entities)
                root, attached = made
                try:
                    checks += solve_quantities([root], self.config, rng.getrandbits(62),
                                               self._problem_context()).checks
                except Unsatisfiable:
                    unsat += 1
                    continue
                for node in walk([root]):
                    node.fixed = True
                    if node.predicate == "cont":
                        used_keys.add((node.agents[0], node.entity))
                trees.append(root)
                connected += attached
                break
            else:
                raise RuntimeError(f"no satisfiable irrelevant tree for seed {seed}")
        return trees, connected, Counters(unsat, 0, checks)

    def _one_tree(self, rng: random.Random, spec: Spec, index: int, goal: Agents, entity: str,
                  names: NamePool, relevant_nodes: list[Node], parents: dict[int, Node],
                  used_keys: set[tuple[Agents, str]],
                  relevant_entities: set[str]) -> tuple[Node, int]:
        goal_names = goal.sorted_names()
        overlap = spec.overlap
        related = [n.plural for n in self.lexicon.related_entities(entity)
                   if n.plural not in relevant_entities]
        if overlap == "both":
            def fresh() -> Agents:
                return single(names.possessive(goal_names, rng))
        else:
            def fresh() -> Agents:
                return single(names.fresh(rng))

        attach: Node | None = None
        if spec.connection == "connected":
            attach = self._attachment(rng, overlap, goal, entity, relevant_nodes, parents,
                                      used_keys)
        tree_entity = attach.entity if attach is not None else (
            entity if overlap in ("entity", "both") else rng.choice(related))
        if overlap == "agent":
            candidates = [a for a in goal_names if (single(a), tree_entity) not in used_keys]
            if not candidates:  # every goal agent already has this entity: pick another
                options = [e for e in related if any((single(a), e) not in used_keys
                                                     for a in goal_names)]
                attach = None
                tree_entity = rng.choice(options)
                candidates = [a for a in goal_names if (single(a), tree_entity) not in used_keys]
            root_agent = single(rng.choice(candidates))
        else:
            root_agent = fresh()

        if spec.setting == "axiom":
            steps = 1 if attach is not None else 0
        else:
            axioms = rng.randint(*self.config.tree_axioms)
            steps = axioms if attach is not None else axioms - 1
        root = TreeSampler(self.config, self.lexicon, names).chain(
            root_agent, tree_entity, steps, rng, tree=index, fresh=fresh, attach=attach)
        return root, int(attach is not None)

    def _attachment(self, rng: random.Random, overlap: str | None, goal: Agents, entity: str,
                    relevant_nodes: list[Node], parents: dict[int, Node],
                    used_keys: set[tuple[Agents, str]]) -> Node | None:
        """A relevant count an irrelevant tree can build on without touching the goal
        terms its overlap type excludes, or None."""
        candidates = []
        for node in relevant_nodes:
            parent = parents.get(id(node))
            if node.predicate != "cont" or parent is None:
                continue
            if _changed_by_transfer(self.book, parent, node):
                continue  # its agent's count changes later: not a fixed theorem
            if not node.agents[0].isdisjoint(goal):
                continue
            if overlap in ("entity", "both"):
                if node.entity != entity:
                    continue
            elif node.entity == entity:
                continue
            elif overlap == "agent" and all((single(a), node.entity) in used_keys
                                            for a in goal.sorted_names()):
                continue
            candidates.append(node)
        if not candidates:
            return None
        derived = [n for n in candidates if not n.is_axiom]
        return rng.choice(derived or candidates)

    # ---------------------------------------------------------------------- controls

    def _twin_trees(self, seed: int, spec: Spec, attempt: int, relevant: Node, goal: Agents,
                    entity: str, names: NamePool) -> _TwinTrees:
        """What a control takes from its twin's irrelevant trees: remembered from the twin's
        build if it ran here, else made as the twin makes them, in a fresh context. Either
        way the same: the trees depend on the seed, the spec without the control and the
        attempt only, and their context has seen exactly their solves. A remembered one is
        used once (a second build of the control must not find the first one's solve)."""
        key = (seed, spec.setting, spec.overlap, spec.connection, attempt)
        known = self._twins.pop(key, None)
        if known is not None:
            return known
        reserved = names.used
        self._context = None
        trees, _, counters = self._irrelevant(seed, spec, attempt, relevant, goal, entity, names)
        return _TwinTrees(_irrelevant_axioms(trees), names.used - reserved, counters,
                          self._context)

    def _remember_twin(self, key: tuple, twin: _TwinTrees) -> None:
        if len(self._twins) >= 64:
            self._twins.pop(next(iter(self._twins)))
        self._twins[key] = twin

    def _control(self, seed: int, attempt: int, relevant: Node, extra_axioms: int,
                 names: NamePool) -> Counters:
        """Expand axioms of the base proof until it has ``extra_axioms`` more axioms."""
        unsat = checks = 0
        snapshot = [(n, n.rule, list(n.premises)) for n in walk([relevant])]
        for control_attempt in range(self.config.max_tree_attempts):
            rng = random.Random(derive_seed(seed, "control", attempt, control_attempt))
            sampler = TreeSampler(self.config, self.lexicon, names)
            for _ in range(extra_axioms):
                role: dict[int, PremisePlan] = {}
                for node in walk([relevant]):
                    plan = self.book.plans.get(node.rule)  # type: ignore[arg-type]
                    if plan is not None:
                        for premise, premise_plan in zip(node.premises, plan.premises,
                                                         strict=True):
                            role[id(premise)] = premise_plan
                leaves = [n for n in walk([relevant]) if n.is_axiom and n.predicate == "cont"]
                leaf = rng.choice(leaves)
                leaf_role = role.get(id(leaf))
                allowed = sampler.allowed_rules(
                    leaf.entity, self.book.control,
                    in_transfer_chain=leaf_role is not None and leaf_role.changed_by_transfer,
                    rate_container=leaf_role is not None and leaf_role.beside_rate)
                rule = rng.choice(allowed)
                sampler.expand(leaf, rule, 1, rng, allowed=self.book.chain)
            try:
                checks += solve_quantities([relevant], self.config, rng.getrandbits(62),
                                           self._problem_context()).checks
            except Unsatisfiable:
                unsat += 1
                for node, rule, premises in snapshot:
                    node.rule, node.premises = rule, premises
                continue
            for node in walk([relevant]):
                node.fixed = True
            return Counters(unsat, 0, checks)
        raise RuntimeError(f"no satisfiable control expansion for seed {seed}")

    # ----------------------------------------------------------------------- problem

    def generate(self, seed: int, spec: Spec) -> tuple[Problem, Counters]:
        """A certified problem. A self-check failure is counted and the irrelevant part,
        times and wording are re-drawn (a failure is a sampler bug; expected count 0)."""
        from .certify import CertificationError, certify

        failures: list[str] = []
        for attempt in range(self.config.max_selfcheck_attempts):
            try:
                problem, counters = self.build(seed, spec, attempt)
                problem = attrs.evolve(problem, certificate=certify(problem))
            except (SelfCheckError, CertificationError) as error:
                failures.append(str(error))
                continue
            return problem, counters + Counters(0, len(failures), 0)
        raise SelfCheckError(f"seed {seed} {spec.label()}: every attempt failed its "
                             f"self-check; last: {failures[-1]}")

    def build(self, seed: int, spec: Spec, attempt: int = 0) -> tuple[Problem, Counters]:
        relevant, goal_agents, entity, depth, names, counters = self._cached_base(seed)
        # one Z3 context per problem build, made when a solve first needs it: its solves
        # always come in the same order
        self._context = None
        base_claims = None
        trees: list[Node] = []
        connected = 0
        if spec.setting != "base" and not spec.control:
            reserved = names.used
            trees, connected, more = self._irrelevant(seed, spec, attempt, relevant, goal_agents,
                                                      entity, names)
            counters = counters + more
            self._remember_twin((seed, spec.setting, spec.overlap, spec.connection, attempt),
                                _TwinTrees(_irrelevant_axioms(trees), names.used - reserved,
                                           more, self._context))
        elif spec.control:
            twin = self._twin_trees(seed, spec, attempt, relevant, goal_agents, entity, names)
            names.reserve(twin.names)
            counters = counters + twin.counters
            base_claims = {n.atom(0).claim() for n in walk([relevant])}
            for node in walk([relevant]):
                node.shared = False  # the twin's trees are not part of the control
            # the control's own solves follow the twin's in the trees' context, whether the
            # trees were made in this build or remembered from the twin's
            self._context = twin.context
            counters = counters + self._control(seed, attempt, relevant, twin.axioms, names)
        timeline = Timeline([relevant, *trees],
                            random.Random(derive_seed(seed, "time", spec.label(), attempt)),
                            self.book, early_facts=self.config.early_facts)
        text_rng = random.Random(derive_seed(seed, "text", spec.label(), attempt))
        problem = self._assemble(seed, spec, relevant, trees, timeline, goal_agents, entity,
                                 depth, connected, text_rng)
        if base_claims is not None and not base_claims <= set(problem.proof_claims):
            raise SelfCheckError("the control's proof does not contain the base proof")
        return problem, counters

    def _question(self, seed: int, spec: Spec, goal: Atom, kind: str) -> tuple[Query, str]:
        """The query at the last time ("How many ...?" or "Show that ...") and its wording."""
        agents, answer, entity, time = goal.args
        args = (agents, answer if kind == "ground" else None, entity, time)
        query = Query("cont", args)
        rng = random.Random(derive_seed(seed, "question", spec.label(), kind))
        return query, verbalize.render_question(
            query, rng.randrange(verbalize.question_variants(query)))

    def with_query_kind(self, problem: Problem, kind: str) -> Problem:
        """The same problem asked with a ground or non-ground query. Program, goal and
        proof are unchanged, so the certificate carries over (``vlp certify`` re-checks)."""
        if kind == problem.query_kind:
            return problem
        spec = Spec(problem.setting, problem.overlap, problem.connection, problem.control)
        query, question = self._question(problem.seed, spec, problem.goal, kind)
        text = " ".join([*(a.sentence for a in problem.axioms), question])
        return attrs.evolve(problem, query_kind=kind, query=query, question=question,
                            text=text)

    def _assemble(self, seed: int, spec: Spec, relevant: Node, trees: list[Node],
                  timeline: Timeline, goal_agents: Agents, entity: str, depth: int,
                  connected: int, rng: random.Random) -> Problem:
        horizon = timeline.horizon
        goal = relevant.atom(horizon)
        edges, claims = proof_edges(relevant, horizon, self.book)
        relevant_ids = {id(n) for n in walk([relevant])}
        records = []
        sentence_of: dict[Atom, str] = {}
        for node in timeline.axioms_in_order():
            atom = node.atom()
            variant = rng.randrange(verbalize.statement_variants(atom))
            sentence = verbalize.render_statement(atom, variant)
            sentence_of[atom] = sentence
            records.append(AxiomRecord(atom, sentence, id(node) in relevant_ids))
        answer = goal.quantity
        assert answer is not None
        query, question = self._question(seed, spec, goal, "nonground")
        text = " ".join([*(r.sentence for r in records), question])
        lines = []
        for step in proof_steps_from_edges(edges, goal):
            if isinstance(step, Atom):
                lines.append(sentence_of[step])
            else:
                lines.append(verbalize.render_conclusion(step.rule_id, step.premises,
                                                         step.conclusion))
        proof_text = "\n".join(f"{i}. {line}" for i, line in enumerate(lines, 1))
        derived = sum(1 for e in edges if not is_frame_rule(e.rule_id))
        return Problem(
            id="", seed=seed, setting=spec.setting, overlap=spec.overlap,
            connection=spec.connection, control=spec.control, query_kind="nonground",
            axioms=records, question=question, query=query, goal=goal, answer=answer,
            proof_claims=claims, proof_edges=edges, proof_text=proof_text, text=text,
            certificate=Certificate(len(claims), None, False), depth=depth,
            derived_steps=derived, irrelevant_trees=len(trees), connected_trees=connected,
        )


def _changed_by_transfer(book: RuleBook, parent: Node, node: Node) -> bool:
    """Is ``node`` the premise of ``parent`` whose count a transfer of the rule changes?"""
    plan = book.plans.get(parent.rule)  # type: ignore[arg-type]
    return plan is not None and any(
        premise is node and premise_plan.changed_by_transfer
        for premise, premise_plan in zip(parent.premises, plan.premises, strict=True))


def proof_edges(root: Node, horizon: int,
                book: RuleBook) -> tuple[list[Hyperedge], list[Claim]]:
    """The generated proof: hyperedges in DFS post-order (frame-rule copies included, so
    each edge is a rule instance) and its claims in order of first appearance."""
    edges: list[Hyperedge] = []
    claims: list[Claim] = []
    seen_claims: set[Claim] = set()
    done: set[int] = set()

    def note(atom: Atom) -> None:
        if atom.claim() not in seen_claims:
            seen_claims.add(atom.claim())
            claims.append(atom.claim())

    def carry(node: Node, needed: int) -> Atom:
        if node.predicate not in book.framed or node.time == needed:
            return node.atom()
        for t in range(node.time, needed):  # type: ignore[arg-type]
            edges.append(Hyperedge(book.frame_rule_for[node.predicate], (node.atom(t),),
                                   node.atom(t + 1)))
        return node.atom(needed)

    def visit(node: Node) -> None:
        if id(node) in done:
            return
        done.add(id(node))
        if node.is_axiom:
            note(node.atom())
            return
        premises: list[Atom] = []
        plan = book.plans.get(node.rule)  # type: ignore[arg-type]
        transfer = None if plan is None else plan.transfer
        for index, premise in enumerate(node.premises):
            visit(premise)
            # the premises beside a transfer are needed when it happens
            needed = node.time if transfer is None or index == transfer \
                else node.premises[transfer].tick
            premises.append(carry(premise, needed))  # type: ignore[arg-type]
        edges.append(Hyperedge(node.rule, premises, node.atom()))  # type: ignore[arg-type]
        note(node.atom())

    visit(root)
    carry(root, horizon)
    return edges, claims


_BUILDERS: dict[SamplerConfig, ProblemBuilder] = {}


def generate_problem(seed: int, *, setting: str = "base", overlap: str | None = None,
                     connection: str | None = None, control: bool = False,
                     query_kind: str = "nonground",
                     config: SamplerConfig | None = None) -> Problem:
    """One certified problem from ``seed`` (the same seed gives the same problem)."""
    config = config or SamplerConfig()
    builder = _BUILDERS.get(config)
    if builder is None:
        builder = _BUILDERS[config] = ProblemBuilder(config)
    problem, _ = builder.generate(seed, Spec(setting, overlap, connection, control))
    return builder.with_query_kind(problem, query_kind)
