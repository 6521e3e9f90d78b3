"""A clause whose verb no word list holds reads only the one theorem it fits (issue 21).

Statement: on generated problems, a stated fact (a possession or a transfer of the program)
written with a verb the reader has never seen ("Lib zorbled 20 puzzles.", "Lib zorbled 20
puzzles to Mo.") reads to that fact's claim, judged a theorem, or to nothing; never to
another claim and never to a step judged false. The same sentence with its number changed
to one no theorem has is never read as true.

Break it: in reading/reader_hypotheses.py let ``_fits`` accept a count whose owner is any
superset of the named participants, or drop the check that exactly one theorem fits: the
property fails on the first problem where a group's count or a second transfer has the same
number.
"""

from __future__ import annotations

from hypothesis import given, note
from hypothesis import strategies as st

from proofs.strategies import describe, stated_facts, unproved_quantity
from vlp.checker.verify import verify
from vlp.grammar import agent_list
from vlp.kernel import Atom

_UNSEEN_VERBS = ("zorbled", "quindled", "frabbed")


def _sentence(draw: st.DrawFn, atom: Atom, quantity: int) -> str:
    verb = draw(st.sampled_from(_UNSEEN_VERBS))
    lead = draw(st.sampled_from(["", "Then, ", "So "]))
    entity = atom.claim().entity
    first = agent_list(atom.args[0].sorted_names())
    if atom.predicate == "cont":
        return f"{lead}{first} {verb} {quantity} {entity}."
    second = agent_list(atom.args[1].sorted_names())
    return f"{lead}{first} {verb} {quantity} {entity} to {second}."


@st.composite
def cases(draw: st.DrawFn):
    problem, prepared, atom = draw(stated_facts(("cont", "transfer")))
    changed = unproved_quantity(prepared, atom)
    return problem, atom, _sentence(draw, atom, atom.quantity), _sentence(draw, atom, changed)


@given(cases())
def test_an_unseen_verb_reads_the_fact_or_nothing(case) -> None:
    problem, atom, sentence, _changed = case
    note(describe(problem, f"transcript: {sentence!r}", f"stated: {atom.claim()}"))
    steps = verify(problem, sentence).steps
    read = [(s.claim, s.status) for s in steps if s.claim is not None]
    assert all(claim == atom.claim() and status.is_theorem for claim, status in read), \
        [(str(c), s.value) for c, s in read]


@given(cases())
def test_an_unseen_verb_with_a_changed_number_is_never_true(case) -> None:
    problem, _atom, _sentence, changed = case
    note(describe(problem, f"transcript: {changed!r}"))
    assert not any(s.status.is_theorem for s in verify(problem, changed).steps)
