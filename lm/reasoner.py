"""What a reasoner returns and what the runner asks of reasoners and scorers: the contract
between the runner and the things it runs (models, baselines), below both."""

from __future__ import annotations

from typing import Any, Protocol

import attrs

from vlp.lm.prompt import join_transcript


@attrs.frozen
class Attempt:
    """A reasoner's reply to one problem: its proof, its answer and what it cost."""

    proof: str
    answer: str
    thinking: str = ""
    input_tokens: int = 0
    output_tokens: int = 0
    proof_output_tokens: int = 0
    finish_reason: str | None = None
    cached: bool = False
    # what the model was shown: the problem text and the hashes of both steps' prompts
    # (the prompts themselves are RUN_DIR/prompt.json with these filled in)
    problem_text: str | None = None
    prompt_sha256: tuple[str, str] | None = None

    @property
    def transcript(self) -> str:
        return join_transcript(self.proof, self.answer, self.thinking)


class Reasoner(Protocol):
    async def attempt(self, problem: dict[str, Any], sample: int) -> Attempt: ...

    async def aclose(self) -> None: ...


class Scorer(Protocol):
    def __call__(self, problem: dict[str, Any], transcript: str,
                 answer: str) -> dict[str, Any]: ...
