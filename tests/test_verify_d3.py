"""Paper App. D.3: the Llama-3.1-8B transcript, verbatim, verified against the problem text."""

from __future__ import annotations

from pathlib import Path

import pytest

from vlp.checker.report import Report
from vlp.checker.verdicts import Status
from vlp.checker.verify import verify
from vlp.kernel import comp, compeq, cont, transfer

DATA = Path(__file__).parent / "data"
A, D, DM = Status.AXIOM, Status.DERIVED, Status.DERIVED_MULTI

# (sentence, status, claim, relevant, rule) for every claim of the transcript, DESIGN §7
EXPECTED = [
    (1, A, cont("anatola", 67, "keys", 0), False, "axiom"),
    (2, A, comp("rahel", "anatola", 55, "keys", 1), False, "axiom"),
    (3, D, cont("rahel", 122, "keys", 1), False, "1a"),
    (4, A, comp("winnah", "ichabod", 30, "packets", 0), False, "axiom"),
    (5, D, cont("winnah", 53, "packets", 0), False, "1a"),
    (6, A, comp("imogene", "clayborne", 96, "crayons", 1), False, "axiom"),
    (7, D, cont("imogene", 151, "crayons", 1), False, "1a"),
    (8, A, cont("pieter", 20, "parrots", 0), True, "axiom"),
    (9, A, transfer("pieter", "yorgos", 6, "parrots", 0), True, "axiom"),
    (10, D, cont("pieter", 14, "parrots", 1), True, "2b"),
    (11, A, compeq("edgar", "pieter", "dennie", "dianna", "parrots", 1), True, "axiom"),
    (12, A, cont("dennie", 19, "parrots", 1), True, "axiom"),
    (12, A, cont("dianna", 4, "parrots", 1), True, "axiom"),
    (13, D, comp("dennie", "dianna", 15, "parrots", 1), True, "1c"),
    (14, DM, comp("edgar", "pieter", 15, "parrots", 1), False, None),
    (15, D, cont("edgar", 29, "parrots", 1), True, "5a"),
    (16, A, comp("edgar", "eddie", 3, "parrots", 1), True, "axiom"),
    (17, D, cont("eddie", 26, "parrots", 1), True, "1b"),
]


@pytest.fixture(scope="module")
def report() -> Report:
    return verify(DATA / "d3.txt", (DATA / "d3_llama.txt").read_text(encoding="utf-8"))


def test_answer_and_efficiency_as_in_the_paper(report: Report) -> None:
    assert report.predicted_answer == 26 and report.gold_answer == 26 and report.answer_correct
    assert report.answer_source == "closing sentence"
    m = report.metrics
    assert (m.relevant_claims, m.claims) == (10, 18) and report.efficiency == 10 / 18
    assert (m.relevant_non_axiom_claims, m.non_axiom_claims) == (4, 8)
    assert report.efficiency_non_axioms == 4 / 8
    assert report.recall == 1.0 and not report.exact_match
    assert m.false_claims == 0 and m.unparsed_steps == 0 and m.duplicate_steps == 0


def test_every_step_as_design_section_7_says(report: Report) -> None:
    got = [(s.sentence, s.status, s.claim, s.relevant, s.rule) for s in report.steps]
    assert got == [(n, status, atom.claim(), relevant, rule)
                   for n, status, atom, relevant, rule in EXPECTED]
    assert not any(s.duplicate for s in report.steps)


def test_the_skipped_step_names_what_was_left_out(report: Report) -> None:
    (skipped,) = report.steps_with(Status.DERIVED_MULTI)
    assert skipped.text == "So Edgar has 15 more parrots than Pieter."
    assert skipped.missing == (cont("edgar", 29, "parrots", 1).claim(),)


def test_the_irrelevant_detour_is_derived(report: Report) -> None:
    rahel = next(s for s in report.steps if s.text == "So Rahel has 67 + 55 = 122 keys.")
    assert rahel.status is Status.DERIVED and not rahel.relevant
    assert rahel.premises == (cont("anatola", 67, "keys", 1),
                              comp("rahel", "anatola", 55, "keys", 1))


def test_search_order_distances(report: Report) -> None:
    order = report.search_order
    assert order is not None
    assert order.shortest_proof == tuple(a.claim() for a in (
        cont("pieter", 14, "parrots", 1), comp("dennie", "dianna", 15, "parrots", 1),
        cont("edgar", 29, "parrots", 1), cont("eddie", 26, "parrots", 1)))
    assert order.transcript[:3] == tuple(a.claim() for a in (
        cont("rahel", 122, "keys", 1), cont("winnah", 53, "packets", 0),
        cont("imogene", 151, "crayons", 1)))
    for distance in (order.distance_dfs, order.distance_bfs, order.distance_shortest_proof):
        assert 0.0 < distance < 1.0


def test_a_wrong_sum_is_false_even_with_the_right_result() -> None:
    text = (DATA / "d3_llama.txt").read_text(encoding="utf-8")
    broken = text.replace("20 - 6 = 14", "20 - 5 = 14")
    report = verify(DATA / "d3.txt", broken)
    pieter = next(s for s in report.steps if "20 - 5 = 14" in s.text)
    assert pieter.status is Status.FALSE
    assert pieter.reason.startswith("wrong arithmetic: 20 - 5 = 14")
    # Pieter's 14 parrots were never established, so Edgar's 29 skips a step now
    edgar = next(s for s in report.steps if s.text.startswith("Edgar has 15 + 14"))
    assert edgar.status is Status.DERIVED_MULTI
    assert report.metrics.false_claims == 1
    assert report.efficiency == 9 / 18


def test_a_wrong_result_is_false_and_says_what_is_true() -> None:
    text = (DATA / "d3_llama.txt").read_text(encoding="utf-8")
    report = verify(DATA / "d3.txt", text.replace("19 - 4 = 15", "19 - 4 = 16"))
    step = next(s for s in report.steps if "19 - 4 = 16" in s.text)
    assert step.status is Status.FALSE and "wrong arithmetic" in step.reason
    report = verify(DATA / "d3.txt", text.replace("So Pieter has 20 - 6 = 14 parrots.",
                                                   "So Pieter has 15 parrots."))
    step = next(s for s in report.steps if s.text == "So Pieter has 15 parrots.")
    assert step.status is Status.FALSE
    assert step.reason == "wrong quantity: 15 stated, the program proves 14 or 20"
