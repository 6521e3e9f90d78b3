"""The loose reader reads any sentence without raising: each reading path (variable lists,
labels, events, rates, passives, conditions) is reached by random sentences made of the
reader's own cue words, a problem's names and numbers (a StopIteration in the variable-list
reader once escaped ``vlp.verify`` on a real Plan-and-Solve line)."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from vlp.checker.programfile import program_from_json
from vlp.checker.verdicts import Status
from vlp.checker.verify import verify

PROBLEM = program_from_json({"axioms": [
    "cont({farm}, 5, crates, 0)", "rate({farm}, 12, pears, crates, 0)",
    "cont({cody}, 45, dollars, 0)", "transfer({cody's family}, {cody}, 9, dollars, 0)",
    "transfer({cody}, {store}, 19, dollars, 1)", "cont({ann}, 7, pears, 0)",
], "query": "cont({cody}, ?, dollars, ?)"})

WORDS = """Number of number total Total the a an each Each per every in on at to from for by
of with and or , : = ( ) . + - * x then so if If would will had has have is are was were
there There left came went sold bought spent gave given got received ate used picked were
more fewer than new old initially In end after After before Before he she they He She
They his her Cody cody Cody's family farm store Ann crates crate pears pear dollars dollar
mp3 3D 2nd answer Answer not maybe wrong 5 9 12 19 26 45 60 7 1 0 24.5 -3""".split()


@settings(max_examples=300, deadline=None)
@given(st.lists(st.lists(st.sampled_from(WORDS), min_size=1, max_size=14), min_size=1,
                max_size=4))
def test_the_reader_reads_any_sentence_without_raising(sentences: list[list[str]]) -> None:
    """Whatever the words, every sentence gets a verdict (claims judged, or unparsed with a
    reason), and none raises."""
    transcript = "\n".join(" ".join(words) + "." for words in sentences)
    report = verify(PROBLEM, transcript)
    for step in report.steps:
        assert step.status is not Status.UNPARSED or step.reason


@settings(max_examples=300, deadline=None)
@given(st.lists(st.sampled_from(WORDS), min_size=1, max_size=6),
       st.sampled_from([":", "="]), st.sampled_from(["5", "9", "12", "19", "45", "7"]),
       st.sampled_from(["", " pears", " dollars", " crates", " apples"]))
def test_a_variable_list_line_is_read_without_raising(label: list[str], sign: str,
                                                      number: str, unit: str) -> None:
    """Any label, a colon or '=', a number and maybe a unit: a verdict, never an error."""
    verify(PROBLEM, f"{' '.join(label)}{sign} {number}{unit}.")


def test_a_total_label_with_an_event_and_no_transfer_is_unread() -> None:
    """"Total number of pears picked: 7" (no transfer of pears): unread, with a reason."""
    steps = verify(PROBLEM, "Total number of pears picked: 7.").steps
    assert [s.status for s in steps] == [Status.UNPARSED] and steps[0].reason
