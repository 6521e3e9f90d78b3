"""In-process models (``hf:MODEL``, ``vllm:MODEL``): what both engines share.

The runner sends one request at a time from each of its ``--concurrency`` workers;
``BatchingClient`` gathers the requests that are waiting into one batch (same generation
parameters) and runs the engine on it in a thread, so the event loop keeps writing results
while the model works. An engine turns prompts into text the same way for both back ends:
chat prompts through the tokenizer's chat template, completion prompts as they are, and
replies cut at the first stop sequence, as the APIs do.
"""

from __future__ import annotations

import asyncio
from collections.abc import Sequence
from typing import Any, Protocol

from vlp.errors import InputError
from vlp.lm.clients import Completion, GenerationParams, Request
from vlp.lm.models import ModelSpec
from vlp.lm.prompt import ChatPrompt
from vlp.records import parse_json

# how long the batcher waits for the other workers' requests before it starts a batch
_GATHER_SECONDS = 0.005


class Engine(Protocol):
    def generate(self, requests: Sequence[Request]) -> list[Completion]:
        """Completions for requests that share their generation parameters."""
        ...

    def close(self) -> None: ...


class BatchingClient:
    """A ``ModelClient`` over a synchronous batch engine (at most ``max_batch`` a call)."""

    def __init__(self, spec: ModelSpec, engine: Engine, max_batch: int) -> None:
        self.spec = spec
        self.engine = engine
        self.max_batch = max(1, max_batch)
        self._waiting: list[tuple[Request, asyncio.Future[Completion]]] = []
        self._drainer: asyncio.Task[None] | None = None
        self.batch_sizes: list[int] = []  # for tests and benchmarks

    async def complete(self, request: Request) -> Completion:
        future: asyncio.Future[Completion] = asyncio.get_running_loop().create_future()
        self._waiting.append((request, future))
        if self._drainer is None or self._drainer.done():
            self._drainer = asyncio.create_task(self._drain())
        return await future

    def _next_batch(self) -> list[tuple[Request, asyncio.Future[Completion]]]:
        params = self._waiting[0][0].params  # the oldest request's group goes first
        batch = [item for item in self._waiting if item[0].params == params][: self.max_batch]
        taken = {id(item) for item in batch}
        self._waiting = [item for item in self._waiting if id(item) not in taken]
        return batch

    async def _drain(self) -> None:
        while self._waiting:
            await asyncio.sleep(_GATHER_SECONDS)
            batch = self._next_batch()
            self.batch_sizes.append(len(batch))
            try:
                completions = await asyncio.to_thread(self.engine.generate,
                                                      [request for request, _ in batch])
            except Exception as error:  # noqa: BLE001 (handed to every waiting caller)
                for _, future in batch:
                    if not future.done():
                        future.set_exception(error)
                continue
            for (_, future), completion in zip(batch, completions, strict=True):
                if not future.done():
                    future.set_result(completion)

    async def check_connection(self) -> None:
        return None  # the model runs in this process: nothing to reach

    async def aclose(self) -> None:
        if self._drainer is not None:
            self._drainer.cancel()
        self.engine.close()


def parse_engine_args(items: Sequence[str]) -> tuple[tuple[str, Any], ...]:
    """``KEY=VALUE`` options for the engine (``dtype=bfloat16``, ``gguf_file=m.gguf``,
    ``tensor_parallel_size=2``); a VALUE that reads as JSON (numbers, true, null) is that."""
    parsed: dict[str, Any] = {}
    for item in items:
        key, sep, text = item.partition("=")
        if not sep or not key.strip():
            raise InputError(f"engine argument {item!r}: expected KEY=VALUE",
                             location="--engine-arg")
        value, error, _ = parse_json(text)  # depth-limited: a flag cannot exhaust the stack
        parsed[key.strip()] = text if error else value
    return tuple(sorted(parsed.items()))


def missing_extra(provider: str, error: ImportError) -> InputError:
    return InputError(f"{provider}: models need the {provider} extra ({error.name} is not "
                      f"installed): pip install 'vlp[{provider}]'", location="--model")


def render_chat(tokenizer: Any, prompt: ChatPrompt) -> str:
    """A chat prompt through the tokenizer's chat template, ready for the reply. Templates
    that refuse a system turn (some Gemma versions) get the instruction in the first user
    turn instead."""
    messages = prompt.as_openai()
    try:
        return tokenizer.apply_chat_template(messages, tokenize=False,
                                             add_generation_prompt=True)
    except Exception:  # noqa: BLE001 (jinja2's TemplateError: "System role not supported")
        first, *rest = prompt.messages
        merged = [{"role": first[0], "content": f"{prompt.system}\n\n{first[1]}"}] + [
            {"role": role, "content": content} for role, content in rest]
        return tokenizer.apply_chat_template(merged, tokenize=False,
                                             add_generation_prompt=True)


def prompt_ids(tokenizer: Any, prompt: str | ChatPrompt) -> list[int]:
    """Token ids of a prompt. A rendered chat template already holds its special tokens;
    a completion prompt gets the tokenizer's own (e.g. BOS), as a server would add them."""
    if isinstance(prompt, str):
        return list(tokenizer(prompt, add_special_tokens=True)["input_ids"])
    return list(tokenizer(render_chat(tokenizer, prompt), add_special_tokens=False)["input_ids"])


def check_chat_template(tokenizer: Any, spec: ModelSpec, style: str) -> None:
    if style == "chat" and not getattr(tokenizer, "chat_template", None):
        raise InputError(f"{spec.label}: its tokenizer has no chat template (a base model?); "
                         "use --style completion", location="--style")


def cut_at_stop(text: str, params: GenerationParams) -> tuple[str, bool]:
    """(text before the first stop sequence, whether one was found)."""
    positions = [text.find(stop) for stop in params.stop if stop]
    found = [position for position in positions if position >= 0]
    return (text[: min(found)], True) if found else (text, False)
