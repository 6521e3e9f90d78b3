"""The two-step prompt of paper App. D.2 and the transcript it produces."""

from __future__ import annotations

from vlp.lm.prompt import (
    ANSWER_CUE,
    ANSWER_START,
    INSTRUCTION,
    PromptBuilder,
    clean_answer,
    clean_proof,
    join_transcript,
    load_examples,
)

PROBLEM = "Stacee owns 18 necklaces. How many necklaces does Stacee have?"


def test_five_fixed_examples_with_numbered_proofs() -> None:
    examples = load_examples()
    assert len(examples) == 5
    for example in examples:
        assert example.proof_text().startswith("1. ")
        assert str(example.answer) in example.proof[-1]  # the last step derives the answer
        assert example.proof[-1].startswith("So ")


def test_completion_prompt_layout() -> None:
    builder = PromptBuilder()
    prompt = builder.completion_proof_prompt(PROBLEM)
    assert prompt.startswith(INSTRUCTION + "\n")
    assert prompt.count("Q: ") == 6 and prompt.count(ANSWER_CUE) == 5
    assert prompt.endswith(f"Q: {PROBLEM}\n{ANSWER_START}\n")
    second = builder.completion_answer_prompt(PROBLEM, "1. Stacee owns 18 necklaces.\n")
    assert second == prompt + "1. Stacee owns 18 necklaces.\n" + ANSWER_CUE


def test_chat_prompt_alternates_turns() -> None:
    builder = PromptBuilder()
    first = builder.chat_proof_prompt(PROBLEM)
    roles = [role for role, _ in first.messages]
    assert roles == ["user", "assistant"] * 5 + ["user"]
    assert first.as_openai()[0] == {"role": "system", "content": INSTRUCTION}
    second = builder.chat_answer_prompt(PROBLEM, "")
    assert [r for r, _ in second.messages][-3:] == ["user", "assistant", "user"]
    assert second.messages[-1] == ("user", ANSWER_CUE)
    assert second.messages[-2][1]  # Anthropic rejects empty turns


def test_proof_and_answer_cleaning() -> None:
    assert clean_proof("1. A.\n2. B.\nTherefore, the answer (arabic numerals) is 3.") == \
        "1. A.\n2. B."
    assert clean_proof("1. A.\n\nQ: another problem") == "1. A."
    assert clean_answer(" 21.\n") == "21."
    assert clean_answer("Therefore, the answer (arabic numerals) is 21.") == "21."
    transcript = join_transcript("1. A.", "21", thinking="hmm")
    assert transcript == f"<think>\nhmm\n</think>\n1. A.\n{ANSWER_CUE} 21"


def test_examples_are_exact_shortest_proofs_in_dfs_and_bfs_order() -> None:
    from vlp.checker.verify import verify

    for example in load_examples():
        report = verify(example.problem, join_transcript(example.proof_text(),
                                                         str(example.answer)))
        assert report.answer_correct and report.exact_match, example.problem
        assert report.efficiency == 1.0
        order = report.search_order
        assert order is not None
        assert order.distance_shortest_proof == order.distance_dfs == order.distance_bfs == 0
