"""Model names on the command line: ``provider:name``.

``openai:gpt-4o-mini``, ``anthropic:claude-sonnet-4-5``, ``local:NAME`` (any
OpenAI-compatible server; needs ``--base-url``), ``hf:MODEL`` and ``vllm:MODEL`` (run in
this process with transformers or vLLM; ``--engine-arg KEY=VALUE`` options),
``baseline:dfs|bfs|overlap|shortest`` (symbolic reasoners, no API).
"""

from __future__ import annotations

from typing import Any
from urllib.parse import urlsplit

import attrs

from vlp.errors import InputError

PROVIDERS = ("openai", "anthropic", "local", "hf", "vllm", "baseline")
IN_PROCESS = ("hf", "vllm")
BASELINES = ("dfs", "bfs", "overlap", "shortest")

# Environment variables holding keys. Keys are read at client construction and never
# stored, logged, cached or written to a run directory.
API_KEY_VARIABLES = {"openai": "OPENAI_API_KEY", "anthropic": "ANTHROPIC_API_KEY",
                     "local": "VLP_LOCAL_API_KEY"}


# where the SDKs send requests when no --base-url is given (their environment variables,
# OPENAI_BASE_URL and ANTHROPIC_BASE_URL, are read by the SDKs themselves)
_DEFAULT_URLS = {"openai": "https://api.openai.com/v1", "anthropic": "https://api.anthropic.com"}


def check_base_url(url: str) -> None:
    """Refuse a ``--base-url`` that is not an http(s) URL with a host (and a valid port)."""
    example = "e.g. http://127.0.0.1:8000/v1"
    try:
        parts = urlsplit(url)
        port_ok = parts.port is None or 0 < parts.port < 65536
    except ValueError as error:
        raise InputError(f"{url!r} is not a URL ({error}; {example})",
                         location="--base-url") from None
    if parts.scheme not in ("http", "https") or not parts.hostname or not port_ok:
        raise InputError(f"{url!r} is not an http:// or https:// URL with a host "
                         f"({example})", location="--base-url")


@attrs.frozen
class ModelSpec:
    provider: str
    name: str
    base_url: str | None = None
    # engine options of an in-process model (sorted KEY, VALUE pairs): they can change
    # what the model says (dtype, gguf_file), so they are part of its identity
    options: tuple[tuple[str, Any], ...] = attrs.field(default=(), converter=tuple)

    @classmethod
    def parse(cls, text: str, base_url: str | None = None,
              options: tuple[tuple[str, Any], ...] = ()) -> ModelSpec:
        provider, sep, name = text.partition(":")
        if not sep or not name.strip():
            raise InputError(f"model {text!r}: expected PROVIDER:NAME with PROVIDER one of "
                             f"{', '.join(PROVIDERS)} (e.g. openai:gpt-4o-mini)",
                             location="--model")
        provider, name = provider.strip().lower(), name.strip()
        if provider not in PROVIDERS:
            raise InputError(f"model {text!r}: unknown provider {provider!r}; expected one of "
                             f"{', '.join(PROVIDERS)}", location="--model")
        if provider == "baseline":
            if name not in BASELINES:
                raise InputError(f"model {text!r}: unknown baseline {name!r}; expected one of "
                                 f"{', '.join(BASELINES)}", location="--model")
            if base_url:
                raise InputError("baseline reasoners run locally; drop --base-url",
                                 location="--base-url")
        if provider == "local" and not base_url:
            raise InputError(f"model {text!r}: a local model needs --base-url "
                             "(e.g. http://127.0.0.1:8000/v1)", location="--base-url")
        if provider in IN_PROCESS and base_url:
            raise InputError(f"{provider}: models run in this process; drop --base-url (or "
                             "serve the model and use local:NAME)", location="--base-url")
        if options and provider not in IN_PROCESS:
            raise InputError("--engine-arg is for hf: and vllm: models", location="--engine-arg")
        if base_url is not None:
            check_base_url(base_url)
        return cls(provider, name, base_url.rstrip("/") if base_url else None, options)

    @property
    def label(self) -> str:
        return f"{self.provider}:{self.name}"

    @property
    def is_baseline(self) -> bool:
        return self.provider == "baseline"

    @property
    def in_process(self) -> bool:
        return self.provider in IN_PROCESS

    @property
    def endpoint(self) -> str:
        """The URL requests go to, for messages: ``--base-url``, else the provider's."""
        return self.base_url or _DEFAULT_URLS.get(self.provider, self.provider)

    def cache_identity(self) -> dict[str, Any]:
        """What identifies the model in cache keys: a local server's URL matters (two
        servers may serve different weights under one name); a hosted API's does not;
        an in-process model's engine options do."""
        identity: dict[str, Any] = {"model": self.label}
        if self.provider == "local" and self.base_url:
            identity["base_url"] = self.base_url
        if self.options:
            identity["engine_args"] = dict(self.options)
        return identity
