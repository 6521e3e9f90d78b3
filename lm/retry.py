"""Retries with exponential backoff for transient API failures (429, 5xx, timeouts,
dropped or truncated responses). Everything else (bad requests, auth) fails at once."""

from __future__ import annotations

import asyncio
import json
import os
import random
import re
import sys
from collections.abc import Awaitable, Callable
from typing import TypeVar

import attrs

T = TypeVar("T")

# The SDKs are slow to import (seconds), so they are imported only by the clients that use
# them; an error class can only be raised by an SDK that is already imported.
_SDKS = ("openai", "anthropic")


def _sdk_classes(*names: str) -> tuple[type[BaseException], ...]:
    return tuple(getattr(sys.modules[sdk], name) for sdk in _SDKS if sdk in sys.modules
                 for name in names)


def status_code(error: BaseException) -> int | None:
    """The HTTP status of an SDK's status error (None for other errors)."""
    return error.status_code if isinstance(error, _sdk_classes("APIStatusError")) else None


def is_transient(error: BaseException) -> bool:
    status = status_code(error)
    if status is not None:
        return status in (408, 409, 429) or status >= 500
    # connection errors include timeouts; validation errors come from mangled bodies
    return isinstance(error, (json.JSONDecodeError, *_sdk_classes(
        "APIConnectionError", "APIResponseValidationError")))


def is_connection_failure(error: BaseException) -> bool:
    """The server could not be reached at all (not a timeout: a slow server is there)."""
    return isinstance(error, _sdk_classes("APIConnectionError")) and \
        not isinstance(error, _sdk_classes("APITimeoutError"))


# Providers echo (partly masked) keys in 401 messages: "Incorrect API key provided: sk-ab***yz".
_KEY_LIKE = re.compile(r"\b(sk|key)-[A-Za-z0-9_\-*.]{4,}")
_KEY_VARIABLES = ("OPENAI_API_KEY", "ANTHROPIC_API_KEY", "VLP_LOCAL_API_KEY")


def redact(text: str) -> str:
    """``text`` without API keys (the environment's, or anything shaped like one)."""
    for variable in _KEY_VARIABLES:
        key = os.environ.get(variable)
        if key and len(key) >= 8:
            text = text.replace(key, "[key]")
    return _KEY_LIKE.sub("[key]", text)


def describe(error: BaseException) -> str:
    """A short, key-free description for logs and error records."""
    status = status_code(error)
    prefix = f"HTTP {status}" if status is not None else type(error).__name__
    return f"{prefix}: {redact(str(error))[:200]}"


def _suggested_delay(error: BaseException) -> float | None:
    response = getattr(error, "response", None)
    headers = getattr(response, "headers", None)
    if not headers:
        return None
    for name, scale in (("retry-after-ms", 0.001), ("retry-after", 1.0)):
        value = headers.get(name)
        if value is not None:
            try:
                return float(value) * scale
            except ValueError:
                return None
    return None


@attrs.frozen
class RetryPolicy:
    max_attempts: int = 6
    base_delay: float = 1.0
    max_delay: float = 60.0

    def delay(self, attempt: int, error: BaseException, rng: random.Random) -> float:
        suggested = _suggested_delay(error)
        if suggested is not None:
            return min(self.max_delay, max(0.0, suggested))
        # Full backoff with jitter, so concurrent requests do not retry in lockstep.
        return min(self.max_delay, self.base_delay * 2 ** attempt) * (0.5 + rng.random() / 2)


class RetriesExhausted(Exception):
    def __init__(self, attempts: int, last: BaseException) -> None:
        super().__init__(f"gave up after {attempts} attempts: {describe(last)}")
        self.attempts = attempts
        self.last = last


async def with_retries(call: Callable[[], Awaitable[T]], policy: RetryPolicy,
                       rng: random.Random,
                       on_retry: Callable[[int, BaseException], None] | None = None) -> T:
    """Await ``call()``; on a transient error wait and try again, up to the policy's limit."""
    for attempt in range(policy.max_attempts):
        try:
            return await call()
        except Exception as error:  # noqa: BLE001 (classified just below)
            if not is_transient(error):
                raise
            if attempt + 1 == policy.max_attempts:
                raise RetriesExhausted(attempt + 1, error) from error
            if on_retry is not None:
                on_retry(attempt + 1, error)
            await asyncio.sleep(policy.delay(attempt, error, rng))
    raise AssertionError("unreachable: the loop returns or raises")
