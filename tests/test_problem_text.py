"""Problem texts to programs: the paper's App. D.2/D.3 examples, timestamps, errors."""

from __future__ import annotations

from pathlib import Path

import pytest

from vlp.checker import load_program, solve
from vlp.errors import InputError
from vlp.grammar import (
    ProblemParseError,
    category_links,
    extract_answer,
    parse_problem,
    split_transcript,
)
from vlp.kernel import Agents, Query, comp, cont, rate, transfer

DATA = Path(__file__).parent / "data"


def test_app_d3_text_is_the_json_program_and_answers_26() -> None:
    from_text = load_program(DATA / "d3.txt")
    from_json = load_program(DATA / "d3.json")
    assert from_text.program == from_json.program
    assert from_text.axiom_order == from_json.axiom_order
    assert from_text.query == Query("cont", (Agents.of("eddie"), None, "parrots", 1))
    solution = solve(from_text.program, from_text.query)
    assert solution.answer == 26
    assert solution.proof.size == 10 and solution.proof.unique


def _d2_blocks() -> list[tuple[str, str]]:
    """(question, worked answer) pairs of the App. D.2 prompt."""
    text = (DATA / "d2.txt").read_text(encoding="utf-8")
    blocks = [b for b in text.split("Q: ") if b.strip()]
    return [tuple(b.split("A: ", 1)) for b in blocks]  # type: ignore[misc]


@pytest.mark.parametrize("index, answer", [(0, 2), (1, 21)])
def test_app_d2_worked_examples_parse_completely(index: int, answer: int) -> None:
    question, worked = _d2_blocks()[index]
    parsed = parse_problem(question, source="d2.txt")
    solution = solve(parsed.program, parsed.query)
    assert solution.answer == answer
    steps = split_transcript(worked)
    assert steps[0].kind == "unparsed"  # "Let's think step by step."
    claims = [c for s in steps[1:] for c in s.claims]
    assert all(s.kind == "claims" and s.resolved for s in steps[1:])
    assert all(c.arithmetic is None or c.arithmetic.correct for c in claims)
    # every claim of the worked proof is a theorem of the program: the proof's own claims
    theorems = {a.claim() for a in solution.chart.theorems}
    assert {c.claim for c in claims} <= theorems
    assert {c.claim for c in claims} == solution.proof.claims
    assert extract_answer(worked) == answer


def test_timestamps_follow_the_transfers_stated_before() -> None:
    parsed = parse_problem(
        "Alice has 5 apples. Alice then gives Bob 2 apples. Bob has 4 apples more than Carol. "
        "Carol then donates 1 apple to Alice. Dave has 3 apples. How many apples does Alice have?")
    assert parsed.axiom_order == (
        cont("alice", 5, "apples", 0), transfer("alice", "bob", 2, "apples", 0),
        comp("bob", "carol", 4, "apples", 1), transfer("carol", "alice", 1, "apples", 1),
        cont("dave", 3, "apples", 2))
    assert parsed.query == Query("cont", (Agents.of("alice"), None, "apples", 2))
    assert parsed.sentences[1] == "Alice then gives Bob 2 apples."


def test_last_time_counts_a_final_transfer() -> None:
    parsed = parse_problem("Alice has 5 apples. Alice then gives Bob 2 apples. "
                           "Show that Alice has 3 apples.")
    assert parsed.query == Query("cont", (Agents.of("alice"), 3, "apples", 1))
    assert solve(parsed.program, parsed.query).answer == 3


def test_merged_statements_share_their_sentence() -> None:
    parsed = parse_problem("Alice has 5 apples and Bob has 2 apples. "
                           "How many apples do Alice and Bob have combined?")
    assert parsed.sentences == ("Alice has 5 apples and Bob has 2 apples.",) * 2
    assert solve(parsed.program, parsed.query).answer == 7


@pytest.mark.parametrize("text, line, message", [
    ("Alice has 5 apples.\nAlice juggles 3 apples.\nHow many apples does Alice have?", 2,
     "nearest template"),
    ("Alice has 5 apples.", 1, "no question"),
    ("How many apples does Alice have? Alice has 5 apples.", 1, "question must come last"),
    ("Alice has 5 apples.\nAlice has 3.\nHow many apples does Alice have?", 2, "which entity"),
    ("Alice has 5 apples. How many pears does Alice have?", 1, "no statement mentions"),
    ("", 1, "empty"),
])
def test_errors_name_the_line(text: str, line: int, message: str) -> None:
    with pytest.raises(ProblemParseError) as caught:
        parse_problem(text, source="p.txt")
    assert isinstance(caught.value, InputError)
    assert caught.value.location == f"p.txt:{line}"
    assert message in caught.value.message


def test_the_nearest_template_is_the_closest_wording() -> None:
    with pytest.raises(ProblemParseError) as caught:
        parse_problem("Alice has 5 apples. Bob has 2 apples more then Alice. "
                      "How many apples does Bob have?", source="p.txt")
    assert "'Alice has 3 apples more than Bob.'" in caught.value.message


def test_category_questions_sum_each_agents_member_entity() -> None:
    text = ("Natalina has 17 plastic bags. Kyla has 3 plastic bags less than Natalina. "
            "Kyla possesses 2 spinach leaves per plastic bag. Lowell owns 16 cucumbers. "
            "Lowell has 17 cucumbers less than Kyle. Natalee has 5 cucumbers fewer than Kyle. "
            "If Kyla and Natalee sum up the vegetables that they have, what is the number of "
            "vegetables that they have in total?")
    parsed = parse_problem(text)
    assert parsed.category_axioms == (rate("kyla", 1, "vegetables", "spinach leaves", 0),
                                      rate("natalee", 1, "vegetables", "cucumbers", 0))
    assert solve(parsed.program, parsed.query).answer == 56
    # with a category map, the member entity comes from the map
    query = parsed.query
    atoms = list(parsed.axiom_order)
    assert category_links(atoms, query, 0, {"cucumbers": "vegetables",
                                         "spinach leaves": "vegetables"}) == \
        list(parsed.category_axioms)
    assert category_links(atoms, query, 0, {"cucumbers": "vegetables"}) == []


def test_text_files_load_through_the_checker(tmp_path: Path) -> None:
    path = tmp_path / "bad.txt"
    path.write_text("Alice has 5 apples.\nAlice sings.\nHow many apples does Alice have?\n")
    with pytest.raises(InputError) as caught:
        load_program(path)
    assert str(caught.value).startswith(f"{path}:2: ")


@pytest.mark.parametrize("seed, setting, overlap, connection, query_kind", [
    (0, "base", None, None, "nonground"),
    (1, "axiom", "agent", "connected", "ground"),
    (2, "tree", "both", "disconnected", "nonground"),
    (3, "trees", "both", "connected", "ground"),
    (4, "trees", "entity", "connected", "nonground"),
    (5, "tree", "none", "disconnected", "ground"),
])
def test_generated_problems_read_back_to_their_program(
    seed: int, setting: str, overlap: str | None, connection: str | None, query_kind: str,
) -> None:
    """The sampler renders with these templates; its text must read back to its program."""
    from vlp.sampler import generate_problem

    problem = generate_problem(seed, setting=setting, overlap=overlap, connection=connection,
                               control=False, query_kind=query_kind)
    parsed = parse_problem(problem.text)
    assert parsed.program == problem.program()
    assert parsed.category_axioms == ()
    steps = split_transcript(problem.proof_text)
    assert steps and all(s.kind == "claims" and s.resolved for s in steps)
    assert all(c.arithmetic is None or c.arithmetic.correct for s in steps for c in s.claims)
