"""Clients for hosted and local models, on the official ``openai`` and ``anthropic`` SDKs.

One request type serves both steps of the two-step prompt. Provider quirks handled here:

- OpenAI reasoning models (o1/o3/o4/gpt-5 families) reject ``temperature`` and ``max_tokens``
  and ignore ``stop``; they are known by name, and any other model that answers 400 naming
  one of these parameters is retried once without it (and remembered for the run).
- Anthropic extended thinking: ``thinking_budget`` enables it; the budget is added to
  ``max_tokens`` (which must exceed it) and temperature is not sent (the API requires 1).
- Reasoning text (Anthropic thinking blocks, vLLM's ``reasoning_content``, inline
  ``<think>`` blocks) is returned separately as ``thinking`` and kept in the transcript.

API keys are read from the environment when a client is built and passed to the SDK only.
"""

from __future__ import annotations

import hashlib
import inspect
import json
import os
import re
from typing import Any, Protocol

import attrs

from vlp.errors import InputError, redact_credentials
from vlp.lm.models import API_KEY_VARIABLES, ModelSpec
from vlp.lm.prompt import ChatPrompt
from vlp.lm.retry import status_code

_OPENAI_REASONING_MODEL = re.compile(r"^(o\d|gpt-5)", re.IGNORECASE)
_THINK_BLOCK = re.compile(r"<think>(.*?)(?:</think>|$)", re.DOTALL | re.IGNORECASE)


@attrs.frozen
class GenerationParams:
    max_tokens: int
    temperature: float | None = None
    stop: tuple[str, ...] = attrs.field(default=(), converter=tuple)
    thinking_budget: int | None = None
    # Sent to providers that take one (OpenAI and OpenAI-compatible servers, hf, vLLM).
    seed: int | None = None

    def to_json(self) -> dict[str, Any]:
        return attrs.asdict(self)


@attrs.frozen
class Request:
    """One call: a completion prompt (``str``) or a chat prompt, with its parameters.

    ``sample`` distinguishes independent draws for the same prompt, so that
    ``--samples 5`` makes five calls and the cache keeps five answers.
    """

    prompt: str | ChatPrompt
    params: GenerationParams
    sample: int = 0

    @property
    def style(self) -> str:
        return "completion" if isinstance(self.prompt, str) else "chat"

    def cache_key(self, model: ModelSpec) -> str:
        prompt: Any = self.prompt if isinstance(self.prompt, str) else attrs.asdict(
            self.prompt)
        payload = {**model.cache_identity(), "style": self.style, "prompt": prompt,
                   "params": self.params.to_json(), "sample": self.sample}
        blob = json.dumps(payload, sort_keys=True, ensure_ascii=False).encode()
        return hashlib.sha256(blob).hexdigest()


def well_formed(text: str) -> str:
    """``text`` with each lone surrogate replaced by U+FFFD, as a UTF-8 decoder replaces a
    byte it cannot read. A JSON reply may escape one (``"\\ud800"``: a server cutting an
    emoji's pair in two at a token boundary), and the SDKs hand it on as a ``str`` that no
    UTF-8 file can hold: every result of such a reply failed when stored, and again on
    every rerun. A valid pair left as two code points is joined."""
    if text.isascii():
        return text
    return text.encode("utf-16", "surrogatepass").decode("utf-16", "replace")


def _well_formed_or_none(text: str | None) -> str | None:
    return None if text is None else well_formed(text)


@attrs.frozen
class Completion:
    """A model's reply; its strings are always well-formed Unicode (:func:`well_formed`),
    whichever client or engine made it."""

    text: str = attrs.field(converter=well_formed)
    thinking: str = attrs.field(default="", converter=well_formed)
    input_tokens: int = 0
    output_tokens: int = 0
    finish_reason: str | None = attrs.field(default=None, converter=_well_formed_or_none)

    def to_json(self) -> dict[str, Any]:
        return attrs.asdict(self)

    @classmethod
    def from_json(cls, obj: dict[str, Any]) -> Completion:
        return cls(text=obj["text"], thinking=obj.get("thinking", ""),
                   input_tokens=int(obj.get("input_tokens", 0)),
                   output_tokens=int(obj.get("output_tokens", 0)),
                   finish_reason=obj.get("finish_reason"))


def request_seed(seed: int, sample: int) -> int:
    """The seed sent with sample ``sample`` of a run seeded ``seed``: a different one per
    sample (the same seed would make ``--samples 5`` five copies of one draw), below 2**31
    (what every provider accepts)."""
    digest = hashlib.sha256(f"{seed}:{sample}".encode()).digest()
    return int.from_bytes(digest[:4], "big") >> 1


def split_thinking(text: str) -> tuple[str, str]:
    """(thinking, visible text): inline ``<think>`` blocks moved out of the answer text."""
    blocks = [m.group(1).strip() for m in _THINK_BLOCK.finditer(text)]
    if not blocks:
        return "", text
    return "\n\n".join(b for b in blocks if b), _THINK_BLOCK.sub("", text).strip()


class ModelClient(Protocol):
    spec: ModelSpec

    async def complete(self, request: Request) -> Completion: ...

    async def check_connection(self) -> None:
        """Raise ``InputError`` naming the URL when the model cannot be reached."""

    async def aclose(self) -> None: ...


def api_key(spec: ModelSpec) -> str:
    """The key for ``spec``'s provider, from the environment (``InputError`` when unset)."""
    variable = API_KEY_VARIABLES[spec.provider]
    key = os.environ.get(variable)
    if spec.provider == "local":
        # Local servers usually need no key, but the SDK insists on a non-empty one.
        return key or os.environ.get("OPENAI_API_KEY") or "no-key"
    if not key:
        raise InputError(f"{spec.label}: set the {variable} environment variable",
                         location="--model")
    return key


def _unsupported_parameter(error: BaseException) -> str | None:
    """The parameter a 400 response complains about, if it is one we know how to drop."""
    if status_code(error) != 400:
        return None
    body = getattr(error, "body", None)
    param = body.get("param") if isinstance(body, dict) else None
    message = str(error).lower()
    for name in ("temperature", "max_tokens", "stop", "seed"):
        if param == name or (f"'{name}'" in message and "support" in message):
            return name
    return None


def is_reasoning_model(spec: ModelSpec) -> bool:
    """Models known to think before answering (hidden tokens count against max tokens)."""
    return spec.provider == "openai" and bool(_OPENAI_REASONING_MODEL.match(spec.name))


class OpenAIClient:
    """OpenAI and every OpenAI-compatible server (vLLM, llama.cpp server, Ollama)."""

    def __init__(self, spec: ModelSpec, *, timeout: float = 120.0) -> None:
        import openai  # slow to import: only when used

        self.spec = spec
        self._client = openai.AsyncOpenAI(api_key=api_key(spec), base_url=spec.base_url,
                                          timeout=timeout, max_retries=0)
        self._timeout = timeout
        reasoning = is_reasoning_model(spec)
        self._dropped: set[str] = {"temperature", "stop"} if reasoning else set()
        self._max_tokens_name = "max_completion_tokens" if reasoning else "max_tokens"

    async def check_connection(self) -> None:
        await check_connection(str(self._client.base_url), self._timeout,
                               "--base-url" if self.spec.base_url else "--model")

    async def complete(self, request: Request) -> Completion:
        for _ in range(5):  # at most one retry per droppable parameter
            try:
                return await self._complete_once(request)
            except Exception as error:
                _name_the_url(error, self._client.base_url)
                name = _unsupported_parameter(error)
                if name == "max_tokens" and self._max_tokens_name == "max_tokens":
                    self._max_tokens_name = "max_completion_tokens"
                elif name in ("temperature", "stop", "seed") and name not in self._dropped:
                    self._dropped.add(name)
                else:
                    raise
        raise AssertionError("unreachable: each parameter is dropped at most once")

    def _arguments(self, params: GenerationParams) -> dict[str, Any]:
        arguments: dict[str, Any] = {"model": self.spec.name,
                                     self._max_tokens_name: params.max_tokens}
        if params.temperature is not None and "temperature" not in self._dropped:
            arguments["temperature"] = params.temperature
        if params.stop and "stop" not in self._dropped:
            arguments["stop"] = list(params.stop)[:4]  # OpenAI accepts at most four
        if params.seed is not None and "seed" not in self._dropped:
            arguments["seed"] = params.seed
        return arguments

    async def _complete_once(self, request: Request) -> Completion:
        arguments = self._arguments(request.params)
        if isinstance(request.prompt, str):
            response = await self._client.completions.create(prompt=request.prompt, **arguments)
            choice = response.choices[0]
            thinking, text = split_thinking(choice.text or "")
            finish = choice.finish_reason
        else:
            response = await self._client.chat.completions.create(
                messages=request.prompt.as_openai(), **arguments)  # type: ignore[arg-type]
            choice = response.choices[0]
            message = choice.message
            extra = message.model_extra or {}
            separate = extra.get("reasoning_content") or extra.get("reasoning") or ""
            inline, text = split_thinking(message.content or "")
            thinking = "\n\n".join(t for t in (str(separate).strip(), inline) if t)
            finish = choice.finish_reason
        usage = response.usage
        return Completion(text=text, thinking=thinking,
                          input_tokens=(usage.prompt_tokens or 0) if usage else 0,
                          output_tokens=(usage.completion_tokens or 0) if usage else 0,
                          finish_reason=finish)

    async def aclose(self) -> None:
        await self._client.close()


class AnthropicClient:
    def __init__(self, spec: ModelSpec, *, timeout: float = 120.0) -> None:
        import anthropic  # slow to import: only when used

        self.spec = spec
        self._client = anthropic.AsyncAnthropic(api_key=api_key(spec), base_url=spec.base_url,
                                                timeout=timeout, max_retries=0)
        self._timeout = timeout
        # Recent SDKs dropped ``temperature`` from the signature; the API may still take it.
        create = inspect.signature(self._client.messages.create).parameters
        self._temperature_in_body = "temperature" not in create
        self._dropped: set[str] = set()

    async def check_connection(self) -> None:
        await check_connection(str(self._client.base_url), self._timeout,
                               "--base-url" if self.spec.base_url else "--model")

    async def complete(self, request: Request) -> Completion:
        for _ in range(3):  # at most one retry per droppable parameter
            try:
                return await self._complete_once(request)
            except Exception as error:
                _name_the_url(error, self._client.base_url)
                name = _unsupported_parameter(error)
                if name in ("temperature", "stop") and name not in self._dropped:
                    self._dropped.add(name)
                else:
                    raise
        raise AssertionError("unreachable: each parameter is dropped at most once")

    async def _complete_once(self, request: Request) -> Completion:
        if isinstance(request.prompt, str):
            raise InputError(f"{self.spec.label}: Anthropic models take --style chat",
                             location="--style")
        params = request.params
        arguments: dict[str, Any] = {
            "model": self.spec.name, "system": request.prompt.system,
            "messages": request.prompt.as_anthropic(), "max_tokens": params.max_tokens}
        if params.stop and "stop" not in self._dropped:
            arguments["stop_sequences"] = list(params.stop)
        if params.thinking_budget:
            arguments["thinking"] = {"type": "enabled", "budget_tokens": params.thinking_budget}
            arguments["max_tokens"] = params.max_tokens + params.thinking_budget
        elif params.temperature is not None and "temperature" not in self._dropped:
            if self._temperature_in_body:
                arguments["extra_body"] = {"temperature": params.temperature}
            else:
                arguments["temperature"] = params.temperature
        response = await self._client.messages.create(**arguments)
        texts = [block.text for block in response.content if block.type == "text"]
        thoughts = [block.thinking for block in response.content if block.type == "thinking"]
        inline, text = split_thinking("".join(texts))
        thinking = "\n\n".join(t for t in (*thoughts, inline) if t.strip())
        return Completion(text=text, thinking=thinking,
                          input_tokens=response.usage.input_tokens,
                          output_tokens=response.usage.output_tokens,
                          finish_reason=response.stop_reason)

    async def aclose(self) -> None:
        await self._client.close()


async def check_connection(url: str, timeout: float, location: str = "--base-url") -> None:
    """Refuse, in one line naming ``url``, a server that does not answer HTTP there: any
    reply (even 401 or 404) means it is reachable. Proxies are honoured as by the SDKs."""
    import httpx  # the SDKs' HTTP client

    try:
        async with httpx.AsyncClient(timeout=httpx.Timeout(min(timeout, 10.0)),
                                     trust_env=True) as client:
            await client.get(url)
    except (httpx.HTTPError, httpx.InvalidURL) as error:
        raise InputError(f"cannot reach {redact_credentials(url)}: {_reason(error)} (is the "
                         "server running, and the network up?)", location=location) from None


def _reason(error: BaseException) -> str:
    """What went wrong, from the innermost OS error when there is one ("Connection refused"
    rather than httpx's "All connection attempts failed")."""
    seen: BaseException | None = error
    while seen is not None:
        if isinstance(seen, OSError) and (seen.strerror or seen.errno):
            return os.strerror(seen.errno) if seen.errno and seen.errno > 0 else \
                str(seen.strerror)
        seen = seen.__cause__ or seen.__context__
    return str(error) or type(error).__name__


def _name_the_url(error: BaseException, url: object) -> None:
    """Give an SDK's connection error the URL it failed to reach ("Connection error." names
    none); it stays the same class, so it is still retried as a transient failure."""
    if type(error).__name__ in ("APIConnectionError", "APITimeoutError") and \
            not getattr(error, "_vlp_url", False):
        cause = error.__cause__
        detail = f" ({cause})" if cause is not None and str(cause) else ""
        error.args = (f"{error} {redact_credentials(str(url))}{detail}",)  # no password
        error.message = error.args[0]  # type: ignore[attr-defined]
        error._vlp_url = True  # type: ignore[attr-defined]


def make_client(spec: ModelSpec, *, timeout: float = 120.0) -> ModelClient:
    if spec.provider == "anthropic":
        return AnthropicClient(spec, timeout=timeout)
    if spec.provider in ("openai", "local"):
        return OpenAIClient(spec, timeout=timeout)
    raise ValueError(f"{spec.label} is not served over an API")
