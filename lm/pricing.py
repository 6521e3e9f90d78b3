"""Rough list prices, only for the progress bar's cost estimate (USD per million tokens).

Prices change; override with ``--price-input/--price-output``. Unknown hosted models show
no estimate rather than a wrong one. Local servers and baselines cost nothing.
"""

from __future__ import annotations

from vlp.lm.models import ModelSpec

# (input, output) USD per 1M tokens, list prices as of 2025; matched by longest name prefix.
LIST_PRICES: dict[str, tuple[float, float]] = {
    "openai:gpt-4o-mini": (0.15, 0.60),
    "openai:gpt-4o": (2.50, 10.00),
    "openai:gpt-4.1-nano": (0.10, 0.40),
    "openai:gpt-4.1-mini": (0.40, 1.60),
    "openai:gpt-4.1": (2.00, 8.00),
    "openai:o3-mini": (1.10, 4.40),
    "openai:o4-mini": (1.10, 4.40),
    "openai:o3": (2.00, 8.00),
    "anthropic:claude-3-5-haiku": (0.80, 4.00),
    "anthropic:claude-haiku-4-5": (1.00, 5.00),
    "anthropic:claude-3-7-sonnet": (3.00, 15.00),
    "anthropic:claude-sonnet-4": (3.00, 15.00),
    "anthropic:claude-opus-4": (15.00, 75.00),
}


def prices_for(spec: ModelSpec, override: tuple[float, float] | None = None
               ) -> tuple[float, float] | None:
    if override is not None:
        return override
    if spec.provider in ("local", "baseline"):
        return (0.0, 0.0)
    matches = [prefix for prefix in LIST_PRICES if spec.label.startswith(prefix)]
    return LIST_PRICES[max(matches, key=len)] if matches else None


def estimate_cost(prices: tuple[float, float] | None, input_tokens: int,
                  output_tokens: int) -> float | None:
    if prices is None:
        return None
    return (input_tokens * prices[0] + output_tokens * prices[1]) / 1e6
