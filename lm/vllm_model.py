"""``vllm:MODEL``: vLLM's offline engine in this process, for a GPU (``pip install
'vlp[vllm]'``).

One ``LLM.generate`` call per batch, with token-id prompts (chat prompts rendered by the
model's chat template, so special tokens are not added twice) and one ``SamplingParams``
per request: temperature (0 is greedy), ``max_tokens``, stop sequences (not included in the
output) and the request's own seed, so that a sampled answer does not depend on what else
was in its batch. ``--engine-arg KEY=VALUE`` options go to ``LLM(...)``
(``tensor_parallel_size=2``, ``max_model_len=8192``, ``gpu_memory_utilization=0.8``,
``tokenizer=…`` for a GGUF file).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from vlp.errors import InputError
from vlp.lm.clients import Completion, Request, split_thinking
from vlp.lm.inprocess import check_chat_template, missing_extra, prompt_ids
from vlp.lm.models import ModelSpec


class VLLMEngine:
    def __init__(self, spec: ModelSpec, style: str) -> None:
        try:
            import vllm
        except ImportError as error:
            raise missing_extra("vllm", error) from None
        self.vllm = vllm
        try:
            self.llm = vllm.LLM(model=spec.name, **dict(spec.options))
        except (OSError, ValueError, TypeError) as error:  # no such model, a bad option
            raise InputError(f"{spec.label}: {str(error).splitlines()[0]}",
                             location="--model") from None
        self.tokenizer = self.llm.get_tokenizer()
        check_chat_template(self.tokenizer, spec, style)

    def _sampling(self, request: Request) -> Any:
        params = request.params
        return self.vllm.SamplingParams(
            n=1, temperature=params.temperature or 0.0, top_p=1.0, max_tokens=params.max_tokens,
            stop=list(params.stop) or None, seed=params.seed)

    def generate(self, requests: Sequence[Request]) -> list[Completion]:
        prompts = [{"prompt_token_ids": prompt_ids(self.tokenizer, request.prompt)}
                   for request in requests]
        outputs = self.llm.generate(prompts, [self._sampling(r) for r in requests],
                                    use_tqdm=False)
        completions = []
        for prompt, output in zip(prompts, outputs, strict=True):
            choice = output.outputs[0]
            thinking, text = split_thinking(choice.text)
            completions.append(Completion(
                text=text, thinking=thinking, input_tokens=len(prompt["prompt_token_ids"]),
                output_tokens=len(choice.token_ids), finish_reason=choice.finish_reason))
        return completions

    def close(self) -> None:
        return None
