"""Verbalizer disjointness (paper §4.2): the sentence sets of different claims are disjoint.

Statement: every atom has a finite set of sentences, each ending in a period; the sets of
two atoms with different claims (atoms with time erased) never share a sentence, so a
sentence determines its claim and parsing is a function: ``parse(render(a)) == a.claim()``.

Checked on the atoms of real generated problems (every setting and overlap, so agent
names like "Bernhard's son" that contain another agent's name occur) and on all
theorems forward chaining derives from them (derived comparisons, unions of agents,
compeqs), plus each atom's nearest neighbours (quantity +-1, agents of a comparison
swapped): every statement variant of every claim ends in its only period and parses to
exactly that claim; a derived step rendered with its arithmetic ("So Shanna has 24 - 5 =
19 puzzles.") parses to the step's conclusion with correct arithmetic; and no sentence is
produced by two different claims.

Break it: in grammar/templates.py give the "fewer" comparison the words and slot order of
the "less" one — ``"{B} has {q} {e} fewer than {A}", subject="B"`` ->
``"{A} has {q} {e} less than {B}", subject="A"`` — so one sentence renders two mirrored
comparisons. The generated LALR grammar then refuses to build ("Rules defined twice") and
both checks fail at their first sentence (confirmed, see proofs/README.md).
"""

from __future__ import annotations

from hypothesis import given, note

from proofs.strategies import Request, chart_of, describe, generate, requests
from vlp.checker import Hyperedge
from vlp.grammar import parse_sentence, render_conclusion, render_statement, statement_variants
from vlp.kernel import Agents, Atom, Claim


def _neighbours(atom: Atom) -> list[Atom]:
    """Atoms whose sentences are the most likely to collide with ``atom``'s."""
    near: list[Atom] = []
    if atom.quantity is not None:
        near.append(atom.with_quantity(atom.quantity + 1))
        if atom.quantity > 1:
            near.append(atom.with_quantity(atom.quantity - 1))
    if atom.predicate == "comp":
        first, second, *rest = atom.args
        near.append(Atom("comp", (second, first, *rest)))
    if atom.predicate == "cont" and len(atom.args[0]) > 1:
        names = atom.args[0].sorted_names()
        near.append(Atom("cont", (Agents(frozenset(names[:-1])), *atom.args[1:])))
    return near


def _read(sentence: str) -> list[Claim]:
    parsed = parse_sentence(sentence)
    return [c.claim for c in parsed.claims] if parsed.kind == "claims" else []


@given(requests(controls=(False, True), depths=(1, 2, 3)))
def test_render_then_parse_is_the_claim_and_sentence_sets_are_disjoint(request: Request) -> None:
    problem = generate(request)
    note(str(request))
    chart = chart_of(request)
    # one atom per claim: frame-rule copies say the same thing
    atoms = set({a.claim(): a for a in chart.theorems}.values())
    atoms |= {n for a in list(atoms) for n in _neighbours(a)}
    said_by: dict[str, Claim] = {}
    for atom in sorted(atoms, key=str):
        claim = atom.claim()
        count = statement_variants(atom)
        assert count >= 1, describe(problem, f"{atom} has no sentence")
        for variant in range(count):
            sentence = render_statement(atom, variant)
            assert sentence.endswith(".") and "." not in sentence[:-1], describe(
                problem, f"{sentence!r} must end in its only period")
            read = _read(sentence)
            assert read == [claim], describe(
                problem, f"render({atom}, variant {variant}) = {sentence!r} parses to {read}")
            other = said_by.setdefault(sentence, claim)
            assert other == claim, describe(
                problem, f"{sentence!r} renders both {other} and {claim}")


@given(requests(controls=(False, True), depths=(1, 2, 3)))
def test_derived_steps_with_inline_arithmetic_parse_to_their_conclusion(request: Request) -> None:
    problem = generate(request)
    note(str(request))
    edges: list[Hyperedge] = [e for e in chart_of(request).hyperedges if not e.is_frame]
    for edge in edges:
        sentence = render_conclusion(edge)
        parsed = parse_sentence(sentence)
        claims = [c.claim for c in parsed.claims] if parsed.kind == "claims" else []
        assert claims == [edge.conclusion.claim()], describe(
            problem, f"{edge}: {sentence!r} parses to {claims or parsed.reason}")
        for arithmetic in parsed.arithmetic:
            assert arithmetic.correct, describe(problem, f"{sentence!r}: wrong arithmetic")
