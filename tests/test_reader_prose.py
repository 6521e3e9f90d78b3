"""The loose reader on zero-shot prose (issue 21): the classes of sentence the chain-of-
thought models write in running text, each read only where its claim is a theorem of the
program (or stated word for word), else left unparsed with a reason. Problems and
sentences are written here; no reference text is used."""

from __future__ import annotations

from typing import Any

from vlp.checker.programfile import program_from_json
from vlp.checker.verify import verify


def program(*axioms: str, query: str) -> Any:
    return program_from_json({"axioms": list(axioms), "query": query})


def last(problem: Any, transcript: str) -> list[tuple[str, str | None]]:
    """(verdict, claim) of every step of the transcript's last sentence."""
    steps = verify(problem, transcript).steps
    sentence = steps[-1].sentence
    return [(s.status.value, None if s.claim is None else str(s.claim))
            for s in steps if s.sentence == sentence]


# a café's cans of tea: the program's kinds of tea are agents holding cans
TEA = program("cont({lemon tea}, 7, cans, 0)", "comp({green tea}, {lemon tea}, 50, cans, 0)",
              "cont({iced tea}, 7, cans, 0)", query="cont({green tea}, ?, cans, ?)")


def test_an_entity_of_a_thing_the_program_names_is_that_things_count() -> None:
    assert last(TEA, "They had 7 cans of lemon tea.") == [("axiom", "cont({lemon tea}, 7, cans)")]
    assert last(TEA, "The café had 57 cans of green tea and 7 cans of lemon tea.") == [
        ("derived", "cont({green tea}, 57, cans)"), ("axiom", "cont({lemon tea}, 7, cans)")]


def test_an_entity_of_a_thing_whose_count_is_no_theorem_is_not_read() -> None:
    # 7 is iced tea's count and lemon tea's, never green tea's: no claim of green tea's
    steps = last(TEA, "They had 7 cans of green tea.")
    assert all(verdict == "unparsed" for verdict, _ in steps), steps
