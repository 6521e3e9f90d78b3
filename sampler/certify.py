"""Checking a problem independently of how it was generated.

:func:`certify` is the self-check run before a problem is written (and by
``vlp certify``): the kernel accepts every hyperedge of the stored proof; forward
chaining over all axioms is numerically consistent and answers the query with the goal;
Z3's shortest proof over the whole proof forest has exactly the stored proof's claims and
the runner-up is strictly larger (paper Thm. 1). :func:`recheck` adds what only a
stored record needs: the text reads back to the same program and query, the proof text
re-verbalizes identically, the certificate matches, and the overlap type holds.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from vlp.checker import NumericalInconsistencyError, forward_chain
from vlp.checker.shortest import NoProofError, runner_up_size
from vlp.kernel import Atom, Theorem, axiom, check_hyperedge

from . import verbalize
from .lexicon import Lexicon, load_lexicon
from .problem import Certificate, Problem, proof_steps_from_edges

if TYPE_CHECKING:
    from .encoded import EncodedProblem


class CertificationError(Exception):
    """A problem failed a check; the message says which."""


def certify(problem: Problem | EncodedProblem) -> Certificate:
    """Re-chain and re-solve ``problem``; raise :class:`CertificationError` on any failure."""
    program = problem.program()
    theorems: dict[Atom, Theorem] = {}
    for edge in problem.proof_edges:
        premises = [theorems.get(p) or p for p in edge.premises]
        result = check_hyperedge(program, edge.rule_id, premises, edge.conclusion)
        if not isinstance(result, Theorem):
            raise CertificationError(f"kernel rejects proof step {edge.to_json()}: {result}")
        theorems[edge.conclusion] = result
    if not problem.proof_edges:
        axiom(program, problem.goal)
    elif problem.goal not in theorems:
        raise CertificationError(f"the proof does not end in the goal {problem.goal}")
    try:
        # proof mode: the same cont theorems, answers and shortest proofs as the complete
        # model, without the comparisons no shortest proof uses (vlp.checker.chaining)
        chart = forward_chain(program, problem.query, axiom_order=problem.axiom_order(),
                              mode="proof")
    except NumericalInconsistencyError as error:
        # chaining checks every axiom and every new theorem against the kernel's
        # consistency key as it goes, so a clash among the theorems always lands here
        raise CertificationError(str(error)) from None
    answers = chart.answers(problem.query)
    if answers != [problem.goal]:
        raise CertificationError(f"the query {problem.query} is answered by "
                                 f"{', '.join(map(str, answers)) or 'nothing'}, "
                                 f"not by the goal {problem.goal}")
    claims = frozenset(problem.proof_claims)
    used = {a.claim() for e in problem.proof_edges for a in (*e.premises, e.conclusion)}
    if claims != (used or {problem.goal.claim()}):
        raise CertificationError("the proof's claims are not those of its hyperedges")
    # Z3's certificate for the proof we made (paper Thm. 1): every proof that leaves out one
    # of its claims is larger. That covers a smaller proof too (it must leave one out), so
    # no minimum needs searching for first; the runner-up is the same number a search finds.
    try:
        runner_up = runner_up_size(chart, problem.goal, claims)
    except NoProofError as error:
        raise CertificationError(str(error)) from None
    if runner_up is not None and runner_up <= len(claims):
        raise CertificationError(
            f"the generated proof ({len(claims)} claims) is not the unique shortest: another "
            f"proof has {runner_up} claims")
    return Certificate(len(claims), runner_up, True)


def overlap_failures(problem: Problem, lexicon: Lexicon | None = None) -> list[str]:
    """How the irrelevant axioms break the record's overlap type (empty: they don't).

    agent: they mention a goal agent and not the goal entity; entity: the goal entity and
    no goal agent (not even "x's son"); both: the goal entity and agents like "x's son"
    for a goal agent x, never x itself; none: neither, and entities of the goal entity's
    topic (a connected tree builds on a relevant theorem and takes its entity).
    """
    irrelevant = [a.atom for a in problem.axioms if not a.relevant]
    if problem.control or problem.setting == "base":
        return ["a base or control problem has irrelevant axioms"] if irrelevant else []
    if not irrelevant:
        return ["no irrelevant axioms"]
    lexicon = lexicon or load_lexicon()
    goal_agents = set(problem.goal.agent_sets[0].names)
    goal_entity = problem.goal.entity
    agents = {n for atom in irrelevant for s in atom.agent_sets for n in s.names}
    entities = {atom.entity for atom in irrelevant}
    relevant_entities = {a.atom.entity for a in problem.axioms if a.relevant} | {
        a.atom.args[3] for a in problem.axioms if a.relevant and a.atom.predicate == "rate"}
    possessive = {n for n in agents if any(n.startswith(f"{g}'s ") for g in goal_agents)}
    exact = agents & goal_agents
    failures = []
    mentions_entity = goal_entity in entities
    match problem.overlap:
        case "agent":
            if not exact:
                failures.append("no irrelevant axiom mentions a goal agent")
            if mentions_entity:
                failures.append("an irrelevant axiom mentions the goal entity")
        case "entity":
            if not mentions_entity:
                failures.append("no irrelevant axiom mentions the goal entity")
            if exact or possessive:
                failures.append(f"irrelevant axioms mention goal agents: "
                                f"{sorted(exact | possessive)}")
        case "both":
            if not mentions_entity:
                failures.append("no irrelevant axiom mentions the goal entity")
            if not possessive:
                failures.append("no irrelevant agent lexically contains a goal agent")
            if exact:
                failures.append(f"irrelevant axioms mention goal agents: {sorted(exact)}")
        case "none":
            if exact or possessive:
                failures.append(f"irrelevant axioms mention goal agents: "
                                f"{sorted(exact | possessive)}")
            if mentions_entity:
                failures.append("an irrelevant axiom mentions the goal entity")
            topic = lexicon.topic_of(goal_entity)
            for entity in entities:
                connected_via = problem.connection == "connected" and entity in relevant_entities
                if not connected_via and (not lexicon.is_entity(entity)
                                          or lexicon.topic_of(entity) != topic):
                    failures.append(f"irrelevant entity {entity!r} is not of topic {topic!r}")
    return failures


def claim_failures(problem: Problem) -> list[tuple[str, str]]:
    """What the record claims about its own program that does not hold, as (field, what is
    wrong): the answer is the goal's quantity, the goal fits the query (a ground query is the
    goal itself), every axiom is relevant in a base or control problem, and the proof uses
    the record's axioms. Cheap (no chaining): ``vlp evaluate`` runs it on every record."""
    failures = _goal_failures(problem)
    if (problem.query_kind == "ground") != problem.query.is_ground:
        failures.append(("query", f"a {problem.query_kind} query cannot be {problem.query}"))
    irrelevant = sum(1 for a in problem.axioms if not a.relevant)
    if (problem.setting == "base" or problem.control) and irrelevant:
        failures.append(("axioms", f"a base or control problem has {irrelevant} irrelevant "
                                   f"axioms"))
    return failures + _premise_failures(problem)


def proof_failures(problem: Problem | EncodedProblem) -> list[tuple[str, str]]:
    """The claims of :func:`claim_failures` that every record with a proof makes, generated
    or encoded: the answer is the goal's quantity, the goal fits the query, and the proof
    uses the record's axioms."""
    return _goal_failures(problem) + _premise_failures(problem)


def _goal_failures(problem: Problem | EncodedProblem) -> list[tuple[str, str]]:
    failures: list[tuple[str, str]] = []
    if problem.answer != problem.goal.quantity:
        failures.append(("answer", f"the answer {problem.answer} is not the goal's quantity "
                                   f"{problem.goal.quantity} ({problem.goal})"))
    if not problem.query.matches(problem.goal):
        failures.append(("goal", f"the goal {problem.goal} does not answer the query "
                                 f"{problem.query}"))
    return failures


def _premise_failures(problem: Problem | EncodedProblem) -> list[tuple[str, str]]:
    stated = set(problem.axiom_order())
    concluded = {e.conclusion for e in problem.proof_edges}
    for edge in problem.proof_edges:
        for premise in edge.premises:
            if premise not in stated and premise not in concluded:
                return [("proof", f"the proof uses {premise}, which is neither an axiom nor "
                                  f"concluded by the proof")]
    if not problem.proof_edges and problem.goal not in stated:
        return [("proof", f"the proof has no step, but the goal {problem.goal} is not an "
                          f"axiom")]
    return []


def recheck(problem: Problem, lexicon: Lexicon | None = None) -> list[str]:
    """Every check of a stored record; the failures as messages (empty: it passes)."""
    claims = claim_failures(problem)
    failures = [f"{field}: {message}" for field, message in claims]
    if any(field == "proof" for field, _ in claims):
        return failures  # the proof is not one of this program: nothing below can use it
    try:
        certificate = certify(problem)
        if certificate != problem.certificate:
            failures.append(f"certificate {certificate.to_json()} differs from the stored "
                            f"{problem.certificate.to_json()}")
        proof_accepted = True
    except CertificationError as error:
        failures.append(str(error))
        proof_accepted = False
    # a proof the kernel rejects has no verbalization to compare with
    failures += text_failures(problem, proof=proof_accepted)
    failures += overlap_failures(problem, lexicon)
    return failures


def text_failures(problem: Problem, *, proof: bool = True) -> list[str]:
    """The text must read back to the program, its presentation order and the query; with
    ``proof`` (a proof the kernel accepted), the proof text must re-verbalize the proof."""
    failures = []
    try:
        parsed = verbalize.parse_problem(problem.text, problem.id or "<problem>")
    except Exception as error:  # noqa: BLE001 - any parse failure is a failed check
        return [f"the text does not parse: {error}"]
    if parsed.program != problem.program():
        ours, theirs = problem.program().axioms, parsed.program.axioms
        failures.append(f"the text reads back to another program: missing "
                        f"{sorted(map(str, ours - theirs))[:3]}, extra "
                        f"{sorted(map(str, theirs - ours))[:3]}")
    if list(parsed.axiom_order) != problem.axiom_order():
        failures.append("the text states the axioms in another order")
    if parsed.query != problem.query:
        failures.append(f"the question reads back as {parsed.query}, not {problem.query}")
    if proof and proof_text_of(problem) != problem.proof_text:
        failures.append("the proof text does not re-verbalize identically")
    return failures


def proof_text_of(problem: Problem) -> str:
    """Re-verbalize the stored proof (axioms with their stated sentences)."""
    sentence = {a.atom: a.sentence for a in problem.axioms}
    lines = []
    for step in proof_steps_from_edges(list(problem.proof_edges), problem.goal):
        if isinstance(step, Atom):
            lines.append(sentence[step])
        else:
            lines.append(verbalize.render_conclusion(step.rule_id, step.premises, step.conclusion))
    return "\n".join(f"{i}. {line}" for i, line in enumerate(lines, 1))
