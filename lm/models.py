"""Model names on the command line: ``provider:name``.

``openai:gpt-4o-mini``, ``anthropic:claude-sonnet-4-5``, ``local:NAME`` (any
OpenAI-compatible server; needs ``--base-url``), ``baseline:dfs|bfs|overlap|shortest``
(symbolic reasoners, no API).
"""

from __future__ import annotations

import attrs

from vlp.errors import InputError

PROVIDERS = ("openai", "anthropic", "local", "baseline")
BASELINES = ("dfs", "bfs", "overlap", "shortest")

# Environment variables holding keys. Keys are read at client construction and never
# stored, logged, cached or written to a run directory.
API_KEY_VARIABLES = {"openai": "OPENAI_API_KEY", "anthropic": "ANTHROPIC_API_KEY",
                     "local": "VLP_LOCAL_API_KEY"}


@attrs.frozen
class ModelSpec:
    provider: str
    name: str
    base_url: str | None = None

    @classmethod
    def parse(cls, text: str, base_url: str | None = None) -> ModelSpec:
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
        return cls(provider, name, base_url.rstrip("/") if base_url else None)

    @property
    def label(self) -> str:
        return f"{self.provider}:{self.name}"

    @property
    def is_baseline(self) -> bool:
        return self.provider == "baseline"

    def cache_identity(self) -> dict[str, str]:
        """What identifies the model in cache keys: a local server's URL matters (two
        servers may serve different weights under one name); a hosted API's does not."""
        identity = {"model": self.label}
        if self.provider == "local" and self.base_url:
            identity["base_url"] = self.base_url
        return identity
