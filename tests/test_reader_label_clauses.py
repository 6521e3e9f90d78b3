"""Label lines whose text after the colon is a clause of its own (issue 21, "label lines
with a colon"; reading/label_clauses.py): a label that says when, or the clause's subject
as a label, before a clause; other labels stay label lines. Sentences written for these
tests."""

from __future__ import annotations

from tests.test_reader_real_text import CLASS, program, read

POND = program(  # a heron wades 30 steps and 6 more than the egret
    "cont({heron}, 30, steps, 0)", "comp({heron}, {egret}, 6, steps, 0)",
    query="cont({egret, heron}, ?, steps, ?)")


def test_a_when_label_before_a_clause_reads_the_clause() -> None:
    """'During the year: 3 students left and 42 new students came.': the label says when;
    the clause after it states the two transfers."""
    assert read(CLASS, "During the year: 3 students left and 42 new students came.") == [
        ("axiom", "transfer({fourth grade}, {elsewhere}, 3, students)", ""),
        ("axiom", "transfer({elsewhere}, {fourth grade}, 42, students)", "")]


def test_a_subject_label_before_a_verb_is_the_clause_s_subject() -> None:
    """'Heron: Waded 30 steps.' is 'Heron waded 30 steps.'; 'Egret: Waded 6 steps farther
    than the heron.' states the comparison the wrong way round: false."""
    assert read(POND, "Heron: Waded 30 steps.") == [("axiom", "cont({heron}, 30, steps)", "")]
    steps = read(POND, "Egret: Waded 6 steps farther than the heron.")
    assert [(v, c) for v, c, _ in steps] == [("false", "comp({egret}, {heron}, 6, steps)")]


def test_a_label_that_is_neither_a_time_nor_a_subject_is_no_clause() -> None:
    """'Sold: 3 students left.' names neither a time nor an agent: the line is not
    rewritten, and a label naming nothing the program counts stays unread."""
    steps = read(CLASS, "Sold: 3 students left.")
    assert [v for v, _, _ in steps] == ["unparsed"], steps
    assert "the label 'sold' names no one thing the program counts" in steps[0][2], steps


def test_a_when_label_before_a_count_without_a_verb_stays_a_label_line() -> None:
    """'During the year: 3 students.' has no verb after the colon: no clause to read, so
    the label line's own refusal stands (the label says only when)."""
    steps = read(CLASS, "During the year: 3 students.")
    assert all(c != "transfer({fourth grade}, {elsewhere}, 3, students)" for _, c, _ in steps)
