"""Efficiency metrics over claims (paper §3.2, §5.2)."""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

from vlp.checker.metrics import compute_metrics, count_tokens, whitespace_tokens
from vlp.kernel import Claim, comp, cont, transfer


def claims(*atoms) -> list[Claim]:
    return [a.claim() for a in atoms]


AXIOMS = claims(cont("pieter", 20, "parrots", 0), transfer("pieter", "yorgos", 6, "parrots", 0),
                cont("anatola", 67, "keys", 0), comp("rahel", "anatola", 55, "keys", 0))
PROOF = claims(cont("pieter", 20, "parrots", 0), transfer("pieter", "yorgos", 6, "parrots", 0),
               cont("pieter", 14, "parrots", 1))


def metrics(true_claims, false_claims=0):
    return compute_metrics(true_claims=true_claims, false_claims=false_claims, axioms=AXIOMS,
                           proof=PROOF, steps=len(true_claims) + false_claims, unparsed_steps=0,
                           duplicate_steps=0, transcript_tokens=0, reference_tokens=None)


def test_the_shortest_proof_itself_is_efficient_and_exact() -> None:
    m = metrics(PROOF)
    assert (m.efficiency, m.efficiency_non_axioms, m.recall, m.exact_match) == (1.0, 1.0, 1.0, True)


def test_duplicates_are_ignored_and_detours_lower_efficiency() -> None:
    detour = claims(cont("anatola", 67, "keys", 0), comp("rahel", "anatola", 55, "keys", 0),
                    cont("rahel", 122, "keys", 1))
    m = metrics(PROOF + PROOF + detour)
    assert m.claims == 6 and m.relevant_claims == 3
    assert m.efficiency == 3 / 6
    assert m.efficiency_non_axioms == 1 / 2  # pieter 14 of {pieter 14, rahel 122}
    assert m.irrelevant_claims == 3
    assert m.recall == 1.0 and not m.exact_match


def test_false_claims_count_in_both_denominators_and_break_exact_match() -> None:
    m = metrics(PROOF, false_claims=1)
    assert m.efficiency == 3 / 4 and m.efficiency_non_axioms == 1 / 2
    assert m.false_claims == 1 and not m.exact_match


def test_skipped_steps_show_in_recall_not_efficiency() -> None:
    m = metrics(claims(cont("pieter", 14, "parrots", 1)))
    assert m.efficiency == 1.0 and m.recall == 1 / 3 and not m.exact_match


def test_nothing_stated_leaves_ratios_undefined() -> None:
    m = metrics([])
    assert m.efficiency is None and m.efficiency_non_axioms is None and m.recall == 0.0


def test_token_counts_are_whitespace_words_or_a_plugged_tokenizer() -> None:
    assert count_tokens("So Pieter has  20 - 6 = 14 parrots.\n") == 9
    assert whitespace_tokens("a b") == ["a", "b"]
    assert count_tokens("abc def", tokenizer=list) == 7


@given(st.lists(st.sampled_from(AXIOMS + PROOF + claims(cont("rahel", 122, "keys", 1))),
                max_size=12), st.integers(0, 3))
def test_ratios_stay_in_the_unit_interval(stated, false) -> None:
    m = metrics(stated, false)
    for value in (m.efficiency, m.efficiency_non_axioms, m.recall):
        assert value is None or 0.0 <= value <= 1.0
    assert m.relevant_claims <= min(m.claims, m.proof_claims)
