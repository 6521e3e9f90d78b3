"""The paper's two-step prompt (App. D.2): five-shot proof, then the answer cue.

Step 1 shows five fixed examples of shortest proofs (DFS order) and asks for a proof of the
new problem ("A: Let's think step by step."). Step 2 repeats the conversation with the
model's proof and asks it to complete "Therefore, the answer (arabic numerals) is".

Two styles: ``completion`` (one prompt string, for base models and raw completion
endpoints, exactly the paper's layout) and ``chat`` (system instruction plus user/assistant
turns, for chat models).
"""

from __future__ import annotations

import hashlib
import json
import re
from collections.abc import Mapping
from importlib import resources
from pathlib import Path
from typing import Any

import attrs

from vlp.records import load_json_text, read_text_file

INSTRUCTION = (
    "You are a helpful assistant tasked with solving math word problems. You follow the "
    "formatting of the problems and the solutions as given in the examples below."
)
QUESTION_PREFIX = "Q: "
ANSWER_START = "A: Let's think step by step."
ANSWER_CUE = "Therefore, the answer (arabic numerals) is"
STYLES = ("chat", "completion")

# Where a proof ends: the model starting the answer sentence itself, or a new question.
# Applied to every reply, also when the server honours stop sequences, so that all
# providers are cut identically.
_PROOF_END = re.compile(r"therefore,? the answer|^\s*Q:", re.IGNORECASE | re.MULTILINE)
PROOF_STOP_SEQUENCES = ("\nQ:", "Therefore, the answer")


@attrs.frozen
class FewShotExample:
    """One in-context example: a problem, its verbalized shortest proof and the answer."""

    problem: str
    proof: tuple[str, ...] = attrs.field(converter=tuple)
    answer: int

    @classmethod
    def from_json(cls, obj: Mapping[str, Any]) -> FewShotExample:
        return cls(problem=str(obj["problem"]), proof=tuple(map(str, obj["proof"])),
                   answer=int(obj["answer"]))

    def proof_text(self) -> str:
        return "\n".join(f"{i}. {sentence}" for i, sentence in enumerate(self.proof, 1))


def load_examples(path: Path | None = None) -> tuple[FewShotExample, ...]:
    """The committed five examples (``vlp/lm/data/fewshot.json``) or those in ``path``."""
    if path is None:
        text = resources.files("vlp.lm").joinpath("data/fewshot.json").read_text("utf-8")
    else:
        text = read_text_file(Path(path), "few-shot examples")
    return tuple(FewShotExample.from_json(obj)
                 for obj in load_json_text(text, str(path))["examples"])


def clean_proof(text: str) -> str:
    """The proof part of a step-1 reply: cut where the answer sentence or a new Q starts."""
    match = _PROOF_END.search(text)
    return (text[: match.start()] if match else text).strip()


def clean_answer(text: str) -> str:
    """The step-2 reply without a repeated cue (chat models often restate it)."""
    stripped = text.strip()
    if stripped.lower().startswith(ANSWER_CUE.lower()):
        stripped = stripped[len(ANSWER_CUE):].strip()
    return stripped


def join_transcript(proof: str, answer: str, thinking: str = "") -> str:
    """The transcript that is verified: ``<think>`` block (if any), proof, answer sentence."""
    parts = [f"<think>\n{thinking.strip()}\n</think>"] if thinking.strip() else []
    parts.append(proof.strip())
    parts.append(f"{ANSWER_CUE} {clean_answer(answer)}".rstrip())
    return "\n".join(part for part in parts if part)


@attrs.frozen
class ChatPrompt:
    system: str
    messages: tuple[tuple[str, str], ...]  # (role, content), alternating user/assistant

    def as_openai(self) -> list[dict[str, str]]:
        return [{"role": "system", "content": self.system}] + [
            {"role": role, "content": content} for role, content in self.messages]

    def as_anthropic(self) -> list[dict[str, str]]:
        return [{"role": role, "content": content} for role, content in self.messages]


@attrs.frozen
class PromptBuilder:
    """Builds both steps of the two-step prompt in either style."""

    examples: tuple[FewShotExample, ...] = attrs.field(factory=load_examples)
    instruction: str = INSTRUCTION

    def _question(self, problem_text: str) -> str:
        return f"{QUESTION_PREFIX}{problem_text.strip()}\n{ANSWER_START}"

    def completion_proof_prompt(self, problem_text: str) -> str:
        shots = [f"{self._question(e.problem)}\n{e.proof_text()}\n{ANSWER_CUE} {e.answer}.\n"
                 for e in self.examples]
        return "\n".join([self.instruction, *shots, self._question(problem_text)]) + "\n"

    def completion_answer_prompt(self, problem_text: str, proof: str) -> str:
        return f"{self.completion_proof_prompt(problem_text)}{proof.strip()}\n{ANSWER_CUE}"

    def chat_proof_prompt(self, problem_text: str) -> ChatPrompt:
        turns: list[tuple[str, str]] = []
        for example in self.examples:
            turns.append(("user", self._question(example.problem)))
            turns.append(("assistant", f"{example.proof_text()}\n{ANSWER_CUE} {example.answer}."))
        turns.append(("user", self._question(problem_text)))
        return ChatPrompt(self.instruction, tuple(turns))

    def chat_answer_prompt(self, problem_text: str, proof: str) -> ChatPrompt:
        first = self.chat_proof_prompt(problem_text)
        return ChatPrompt(first.system, first.messages + (
            ("assistant", proof.strip() or "(no proof)"), ("user", ANSWER_CUE)))


# The prompt file of a run directory: the two steps' prompts with the problem and the proof
# left as slots. Each result records its problem text and proof and the hash of both prompts
# it was sent, so the exact prompts are recoverable (and checkable) from the run directory.
PROMPT_FILE = "prompt.json"
_PROBLEM_SLOT, _PROOF_SLOT = "<<PROBLEM>>", "<<PROOF>>"
_SLOTS = re.compile(f"{re.escape(_PROBLEM_SLOT)}|{re.escape(_PROOF_SLOT)}")


def prompt_json(prompt: str | ChatPrompt) -> Any:
    """A prompt as JSON: the string itself, or ``{"system": …, "messages": [[role, text]]}``."""
    if isinstance(prompt, str):
        return prompt
    return {"system": prompt.system, "messages": [list(turn) for turn in prompt.messages]}


def prompt_from_json(obj: Any) -> str | ChatPrompt:
    if isinstance(obj, str):
        return obj
    return ChatPrompt(str(obj["system"]),
                      tuple((str(role), str(text)) for role, text in obj["messages"]))


def prompt_sha256(prompt: str | ChatPrompt) -> str:
    blob = json.dumps(prompt_json(prompt), sort_keys=True, ensure_ascii=False).encode()
    return hashlib.sha256(blob).hexdigest()


def prompt_template(builder: PromptBuilder, style: str) -> dict[str, Any]:
    """What ``PROMPT_FILE`` holds for a run of this builder and style."""
    if style == "completion":
        first = builder.completion_proof_prompt(_PROBLEM_SLOT)
        second: str | ChatPrompt = builder.completion_answer_prompt(_PROBLEM_SLOT, _PROOF_SLOT)
    else:
        first = builder.chat_proof_prompt(_PROBLEM_SLOT)  # type: ignore[assignment]
        second = builder.chat_answer_prompt(_PROBLEM_SLOT, _PROOF_SLOT)
    return {"style": style, "problem_slot": _PROBLEM_SLOT, "proof_slot": _PROOF_SLOT,
            "proof_prompt": prompt_json(first), "answer_prompt": prompt_json(second)}


def fill_template(template: dict[str, Any], problem_text: str,
                  proof: str) -> tuple[str | ChatPrompt, str | ChatPrompt]:
    """The (step 1, step 2) prompts that ``template`` gives for a problem and its proof."""
    chat = template["style"] == "chat"
    values = {_PROBLEM_SLOT: problem_text.strip(),
              _PROOF_SLOT: (proof.strip() or "(no proof)") if chat else proof.strip()}

    def fill(obj: Any) -> Any:  # one pass, so slot-like text in the values stays as it is
        if isinstance(obj, str):
            return _SLOTS.sub(lambda match: values[match.group(0)], obj)
        if isinstance(obj, list):
            return [fill(item) for item in obj]
        return {key: fill(value) for key, value in obj.items()}

    return (prompt_from_json(fill(template["proof_prompt"])),
            prompt_from_json(fill(template["answer_prompt"])))
