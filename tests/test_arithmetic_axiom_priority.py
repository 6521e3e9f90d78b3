"""Arithmetic mode: an instance that concludes a stated axiom loses the proof priority
(issue 26, decision 2).

In the problem below Una's answer (21 - 9 = 12) equals a stated count (Pia's 12), and Lola's
21 is 9 more than Pia's 12 as well, so ``21 - 9 = 12`` fits two rule instances: one
concluding Una's count (the query, a derived fact of the shortest proof) and one concluding
Pia's stated 12 again from Lola's count and their comparison. Pia's count is in the shortest
proof too (a premise of Rex's), so the shortest-proof priority used to pick the instance
that restates the axiom: the closing expression then claimed nothing new, the answer claim
was never made and the answer was read wrong.
"""

from __future__ import annotations

from vlp.checker.verify import verify

PROBLEM = (
    "Lola owns 6 crates. Lola owns 5 pears per crate. Lola then gives Omar 9 pears. "
    "Pia has 12 pears. Rex has 4 pears more than Pia. Sam owns 10 pears. "
    "Sam then gives Tim 3 pears. The number of pears that Lola has more than Una is the same "
    "as the difference between the number of pears that Rex has compared to Sam. "
    "How many pears does Una have in total?"
)
TRANSCRIPT = (
    "Lola owns 6 crates. Lola owns 5 pears per crate. So Lola has 6 * 5 = 30 pears. "
    "Lola then gives Omar 9 pears. So Lola has 30 - 9 = 21 pears. Pia has 12 pears. "
    "Rex has 4 pears more than Pia. So Rex has 12 + 4 = 16 pears. Sam owns 10 pears. "
    "Sam then gives Tim 3 pears. So Sam has 10 - 3 = 7 pears. "
    "So the difference between the number of pears Rex and Sam have is 16 - 7 = 9. "
    "So Una has 21 - 9 = 12 pears."
)


def test_an_expression_restating_an_axiom_gets_the_derived_facts_instance() -> None:
    report = verify({"id": "una", "problem": PROBLEM, "answer": 12}, TRANSCRIPT,
                    mode="arithmetic", search_order=False)
    last = report.steps[-1]
    assert str(last.arithmetic) == "21 - 9 = 12"
    assert str(last.claim) == "cont({una}, 12, pears)"
    assert last.relevant
    assert report.predicted_answer == 12 and report.answer_correct
    # every expression is a derived fact of the shortest proof: nothing restates an axiom
    assert [str(s.claim) for s in report.steps] == [
        "cont({lola}, 30, pears)", "cont({lola}, 21, pears)", "cont({rex}, 16, pears)",
        "cont({sam}, 7, pears)", "comp({rex}, {sam}, 9, pears)", "cont({una}, 12, pears)"]
    assert report.efficiency == 1.0


def test_auto_mode_reads_the_same_closing_claim() -> None:
    """Auto mode matches a sentence it cannot read by its arithmetic alone with the same
    instance order; here every sentence is read, and the closing one names Una."""
    report = verify({"id": "una", "problem": PROBLEM, "answer": 12}, TRANSCRIPT,
                    search_order=False)
    assert report.answer_correct
    assert str(report.steps[-1].claim) == "cont({una}, 12, pears)"
