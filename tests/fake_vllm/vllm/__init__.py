"""A stand-in for the ``vllm`` package, for tests on machines without a GPU.

It is a fake of the module boundary vlp uses and nothing else: ``LLM(model, **options)``,
``LLM.get_tokenizer()``, ``LLM.generate(prompts, sampling_params, use_tqdm=...)`` and
``SamplingParams``, with vLLM's documented semantics at that boundary: token-id prompts
(``{"prompt_token_ids": [...]}``), one ``SamplingParams`` per prompt, ``max_tokens`` counted
in the model's tokens (``finish_reason`` "length"), stop strings cut out of the output
(``finish_reason`` "stop"), ``RequestOutput.outputs[0]`` with ``text``, ``token_ids`` and
``finish_reason``. What the "model" says comes from ``REPLY`` (set by the test); every call
is kept in ``CALLS`` and every engine in ``ENGINES``, for the test to inspect.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any

REPLY: Callable[[str], str] = lambda prompt: ""  # noqa: E731
CALLS: list[tuple[list[dict[str, Any]], list[SamplingParams]]] = []
ENGINES: list[LLM] = []


@dataclass
class SamplingParams:
    n: int = 1
    temperature: float = 1.0
    top_p: float = 1.0
    top_k: int = 0
    max_tokens: int | None = 16
    stop: list[str] | None = None
    seed: int | None = None
    include_stop_str_in_output: bool = False


@dataclass
class CompletionOutput:
    index: int
    text: str
    token_ids: list[int]
    finish_reason: str


@dataclass
class RequestOutput:
    prompt: str | None
    prompt_token_ids: list[int]
    outputs: list[CompletionOutput] = field(default_factory=list)


class LLM:
    def __init__(self, model: str, **options: Any) -> None:
        from transformers import AutoTokenizer

        self.model, self.options = model, options
        self._tokenizer = AutoTokenizer.from_pretrained(options.get("tokenizer", model))
        ENGINES.append(self)

    def get_tokenizer(self) -> Any:
        return self._tokenizer

    def generate(self, prompts: Sequence[dict[str, Any]],
                 sampling_params: SamplingParams | Sequence[SamplingParams] | None = None,
                 use_tqdm: bool = True) -> list[RequestOutput]:
        if sampling_params is None:
            sampling_params = SamplingParams()
        if isinstance(sampling_params, SamplingParams):
            sampling_params = [sampling_params] * len(prompts)
        if len(sampling_params) != len(prompts):
            raise ValueError("one SamplingParams per prompt, or one for all")
        CALLS.append((list(prompts), list(sampling_params)))
        return [self._one(prompt, params)
                for prompt, params in zip(prompts, sampling_params, strict=True)]

    def _one(self, prompt: dict[str, Any], params: SamplingParams) -> RequestOutput:
        ids = list(prompt["prompt_token_ids"])
        text = REPLY(self._tokenizer.decode(ids))
        finish = "stop"  # the reply ends where the model would emit its end-of-sequence
        found = [i for i in (text.find(s) for s in params.stop or ()) if i >= 0]
        if found:
            text = text[: min(found)]
        tokens = self._tokenizer(text, add_special_tokens=False)["input_ids"]
        if params.max_tokens is not None and len(tokens) > params.max_tokens:
            tokens = tokens[: params.max_tokens]
            text, finish = self._tokenizer.decode(tokens), "length"
        return RequestOutput(None, ids, [CompletionOutput(0, text, tokens, finish)])
