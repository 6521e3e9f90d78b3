"""Proof-efficiency metrics over claims (paper §3.2, §5.2; DESIGN §4).

Everything here counts **claims** (atoms with time erased), because language cannot tell
an atom from its frame-rule copy. Duplicates are ignored: a claim stated twice counts once.

Definitions (``stated`` = distinct claims the transcript makes, true or false;
``proof`` = claims of the unique shortest proof):

- ``efficiency = |stated ∩ proof| / |stated|``. For a transcript that proves every claim of
  the shortest proof this is the paper's ``|shortest proof| / |model's proof|``; unlike that
  ratio it stays in [0, 1] when the transcript skips steps (skips show up in ``recall``).
- ``efficiency_non_axioms``: the same over non-axiom claims only (paper §5.2, last row of
  Table 3): the model may merely restate irrelevant axioms.
- ``recall = |stated ∩ proof| / |proof|`` (the "correct theorems" of the shortest proof).
- ``exact_match``: the stated claims are exactly the shortest proof's claims.
"""

from __future__ import annotations

from collections.abc import Callable, Collection, Iterable, Sequence

import attrs

from vlp.kernel import Claim

Tokenizer = Callable[[str], Sequence[object]]


def whitespace_tokens(text: str) -> list[str]:
    """The default tokenizer: whitespace-separated words (paper Fig. 3 counts model tokens;
    plug in a model's tokenizer for those)."""
    return text.split()


def count_tokens(text: str, tokenizer: Tokenizer | None = None) -> int:
    return len((tokenizer or whitespace_tokens)(text))


def _ratio(numerator: int, denominator: int) -> float | None:
    return numerator / denominator if denominator else None


@attrs.frozen
class Metrics:
    """Counts and ratios for one transcript. Ratios are ``None`` when undefined (0/0)."""

    claims: int  # distinct claims stated (true or false)
    relevant_claims: int  # distinct stated claims on the shortest proof
    non_axiom_claims: int  # distinct stated claims that are not axioms
    relevant_non_axiom_claims: int
    proof_claims: int  # size of the shortest proof (claims)
    proof_non_axiom_claims: int
    false_claims: int
    irrelevant_claims: int  # distinct true claims off the shortest proof
    unparsed_steps: int
    duplicate_steps: int
    step_count: int  # all verdict rows, duplicates and unparsed ones included
    transcript_tokens: int
    reference_tokens: int | None
    efficiency: float | None
    efficiency_non_axioms: float | None
    recall: float | None
    exact_match: bool


def compute_metrics(
    *,
    true_claims: Iterable[Claim],
    false_claims: int,
    axioms: Collection[Claim],
    proof: Collection[Claim],
    steps: int,
    unparsed_steps: int,
    duplicate_steps: int,
    transcript_tokens: int,
    reference_tokens: int | None,
) -> Metrics:
    """Metrics from the theorem claims a transcript stated (any order, duplicates allowed)
    and the number of distinct false claims it made.

    False claims are never axioms nor on the shortest proof, but they are claims the model
    made, so they count in both denominators. ``axioms`` are the program's axiom claims and
    ``proof`` the shortest proof's claims.
    """
    stated = set(true_claims)
    proof_set = proof if isinstance(proof, (set, frozenset)) else set(proof)
    axiom_set = axioms if isinstance(axioms, (set, frozenset)) else set(axioms)
    relevant = stated & proof_set
    non_axioms = stated - axiom_set
    relevant_non_axioms = relevant - axiom_set
    proof_non_axioms = proof_set - axiom_set
    claims = len(stated) + false_claims
    non_axiom_claims = len(non_axioms) + false_claims
    return Metrics(
        claims=claims,
        relevant_claims=len(relevant),
        non_axiom_claims=non_axiom_claims,
        relevant_non_axiom_claims=len(relevant_non_axioms),
        proof_claims=len(proof_set),
        proof_non_axiom_claims=len(proof_non_axioms),
        false_claims=false_claims,
        irrelevant_claims=len(stated - proof_set),
        unparsed_steps=unparsed_steps,
        duplicate_steps=duplicate_steps,
        step_count=steps,
        transcript_tokens=transcript_tokens,
        reference_tokens=reference_tokens,
        efficiency=_ratio(len(relevant), claims),
        efficiency_non_axioms=_ratio(len(relevant_non_axioms), non_axiom_claims),
        recall=_ratio(len(relevant), len(proof_set)),
        exact_match=bool(proof_set) and stated == proof_set and false_claims == 0,
    )
