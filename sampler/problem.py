"""Problem records: one generated problem, serialized as one JSON line (docs/schema.md)."""

from __future__ import annotations

import json
from typing import Any

import attrs

from vlp.kernel import Atom, Claim, Hyperedge, Program, Query, is_frame_rule
from vlp.validate import SCHEMA_VERSION


@attrs.frozen
class AxiomRecord:
    """One axiom as presented: canonical atom, its sentence, and whether it is relevant."""

    atom: Atom
    sentence: str
    relevant: bool

    def to_json(self) -> dict[str, Any]:
        return {"atom": str(self.atom), "sentence": self.sentence, "relevant": self.relevant}


@attrs.frozen
class Certificate:
    """Z3's verdict over the proof forest of the whole program (paper Thm. 1)."""

    optimal_size: int
    runner_up_size: int | None  # None: no other proof avoids any claim of the optimum
    unique: bool

    def to_json(self) -> dict[str, Any]:
        return {"optimal_size": self.optimal_size, "runner_up_size": self.runner_up_size,
                "unique": self.unique}


@attrs.frozen
class Problem:
    """A generated problem with its certified unique shortest proof."""

    id: str
    seed: int
    setting: str  # base | axiom | tree | trees
    overlap: str | None  # none | entity | agent | both (None for base)
    connection: str | None  # disconnected | connected (None for base)
    control: bool
    query_kind: str  # nonground | ground
    axioms: tuple[AxiomRecord, ...] = attrs.field(converter=tuple)
    question: str
    query: Query
    goal: Atom
    answer: int
    proof_claims: tuple[Claim, ...] = attrs.field(converter=tuple)  # DFS order
    proof_edges: tuple[Hyperedge, ...] = attrs.field(converter=tuple)  # DFS post-order
    proof_text: str
    text: str
    certificate: Certificate
    depth: int
    derived_steps: int  # non-frame hyperedges = non-axiom claims of the proof
    irrelevant_trees: int
    connected_trees: int
    base_id: str | None = None  # the base problem this one extends

    def program(self) -> Program:
        return Program(a.atom for a in self.axioms)

    def axiom_order(self) -> list[Atom]:
        return [a.atom for a in self.axioms]

    @property
    def num_axioms(self) -> int:
        return len(self.axioms)

    @property
    def num_irrelevant(self) -> int:
        return sum(1 for a in self.axioms if not a.relevant)

    def to_json(self) -> dict[str, Any]:
        return {
            "schema": SCHEMA_VERSION,
            "id": self.id,
            "seed": self.seed,
            "setting": self.setting,
            "overlap": self.overlap,
            "connection": self.connection,
            "control": self.control,
            "query_kind": self.query_kind,
            "axioms": [a.to_json() for a in self.axioms],
            "question": self.question,
            "query": str(self.query),
            "goal": str(self.goal),
            "answer": self.answer,
            "proof": {
                "claims": [str(c) for c in self.proof_claims],
                "hyperedges": [e.to_json() for e in self.proof_edges],
            },
            "proof_text": self.proof_text,
            "text": self.text,
            "certificate": self.certificate.to_json(),
            "depth": self.depth,
            "derived_steps": self.derived_steps,
            "irrelevant_trees": self.irrelevant_trees,
            "connected_trees": self.connected_trees,
            "base_id": self.base_id,
        }

    def to_line(self) -> str:
        return json.dumps(self.to_json(), ensure_ascii=False, separators=(",", ":"))

    @classmethod
    def from_json(cls, obj: dict[str, Any]) -> Problem:
        from vlp.grammar.canonical import parse_atom, parse_query

        proof = obj["proof"]
        certificate = obj["certificate"]
        return cls(
            id=obj["id"],
            seed=int(obj["seed"]),
            setting=obj["setting"],
            overlap=obj["overlap"],
            connection=obj["connection"],
            control=bool(obj["control"]),
            query_kind=obj["query_kind"],
            axioms=[AxiomRecord(parse_atom(a["atom"]), a["sentence"], bool(a["relevant"]))
                    for a in obj["axioms"]],
            question=obj["question"],
            query=parse_query(obj["query"]),
            goal=parse_atom(obj["goal"]),
            answer=int(obj["answer"]),
            proof_claims=[parse_claim(c) for c in proof["claims"]],
            proof_edges=[Hyperedge(e["rule"], [parse_atom(p) for p in e["premises"]],
                                    parse_atom(e["conclusion"])) for e in proof["hyperedges"]],
            proof_text=obj["proof_text"],
            text=obj["text"],
            certificate=Certificate(int(certificate["optimal_size"]),
                                    certificate["runner_up_size"], bool(certificate["unique"])),
            depth=int(obj["depth"]),
            derived_steps=int(obj["derived_steps"]),
            irrelevant_trees=int(obj["irrelevant_trees"]),
            connected_trees=int(obj["connected_trees"]),
            base_id=obj.get("base_id"),
        )


def parse_claim(text: str) -> Claim:
    """A claim's canonical text is an atom without its time argument."""
    from vlp.grammar.canonical import parse_query
    from vlp.kernel import SIGNATURES

    # Claims print like atoms minus the time; parse by re-inserting a placeholder time.
    predicate = text[: text.index("(")]
    if "time" not in SIGNATURES[predicate]:
        return parse_query(text).as_atom().claim()
    inner = text[text.index("(") + 1: text.rindex(")")]
    return parse_query(f"{predicate}({inner}, 0)").as_atom().claim()


def proof_steps_from_edges(edges: list[Hyperedge], goal: Atom) -> list[Atom | Hyperedge]:
    """Verbalization order (App. D.2): axioms as stated, derived claims as conclusions;
    frame-rule copies say nothing new and are left out."""
    conclusions = {e.conclusion for e in edges if not is_frame_rule(e.rule_id)}
    steps: list[Atom | Hyperedge] = []
    said: set[Claim] = set()
    for edge in edges:
        if is_frame_rule(edge.rule_id):
            continue
        for premise in edge.premises:
            if premise.claim() in said:
                continue
            said.add(premise.claim())
            if premise not in conclusions:
                steps.append(_axiom_of(premise, edges))
        said.add(edge.conclusion.claim())
        steps.append(edge)
    if not edges:
        steps.append(goal)
    return steps


def _axiom_of(atom: Atom, edges: list[Hyperedge]) -> Atom:
    """The axiom a (possibly frame-copied) premise comes from."""
    frames = {e.conclusion: e.premises[0] for e in edges if is_frame_rule(e.rule_id)}
    while atom in frames:
        atom = frames[atom]
    return atom
