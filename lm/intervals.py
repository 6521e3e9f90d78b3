"""Confidence intervals for the report: Wilson for proportions, percentile bootstrap for means.

A proportion of ``n`` independent yes/no outcomes gets a Wilson score interval, which stays
inside [0, 1] and is not degenerate at 0/n or n/n (4 of 4 is [51%, 100%], where a bootstrap
says [100%, 100%]). A mean of continuous values, or a proportion over problems with several
samples each (outcomes that are not independent), gets a percentile bootstrap that resamples
problems.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from statistics import NormalDist

import attrs
import numpy as np

BOOTSTRAP_RESAMPLES = 2000
WILSON = "wilson"
MIN_BOOTSTRAP_N = 5  # fewer values: a mean without an interval
BOOTSTRAP = "bootstrap"


@attrs.frozen
class Estimate:
    """A mean with its confidence interval over ``n`` values (problems); ``method`` says how
    the interval was computed. ``mean is None`` when there is nothing to estimate (n = 0)."""

    n: int
    mean: float | None
    low: float | None
    high: float | None
    method: str = BOOTSTRAP

    @property
    def missing(self) -> bool:
        return self.mean is None

    @property
    def has_interval(self) -> bool:
        """False for a mean of too few values to bound (``MIN_BOOTSTRAP_N``)."""
        return self.low is not None and self.high is not None

    def parts(self, percent: bool = False) -> tuple[str, str, str]:
        """Mean, lower and upper bound as printed (percent: scaled by 100, one digit); the
        bounds are "n/a" without an interval."""
        assert self.mean is not None
        scale, digits = (100.0, 1) if percent else (1.0, 2)
        if not self.has_interval:
            return f"{self.mean * scale:.{digits}f}", "n/a", "n/a"
        return tuple(f"{v * scale:.{digits}f}"  # type: ignore[return-value]
                     for v in (self.mean, self.low, self.high))

    def interval_text(self, percent: bool = False) -> str:
        """``[low, high]``, or ``[n/a]`` where too few values give no interval."""
        _, low, high = self.parts(percent)
        return f"[{low}, {high}]" if self.has_interval else "[n/a]"

    def cell(self, percent: bool = False, interval: bool = True) -> str:
        if self.mean is None:
            return "n/a"
        mean = self.parts(percent)[0]
        if not interval:
            return mean
        return f"{mean} {self.interval_text(percent)} (n={self.n})"


def _z(level: float) -> float:
    return NormalDist().inv_cdf(0.5 + level / 2)


def wilson(successes: int, n: int, level: float = 0.95) -> Estimate:
    """The proportion ``successes / n`` with its Wilson score interval."""
    if not 0 <= successes <= n:
        raise ValueError(f"need 0 <= successes <= n, got {successes} of {n}")
    if n == 0:
        return Estimate(0, None, None, None, WILSON)
    z = _z(level)
    p = successes / n
    denominator = 1 + z * z / n
    centre = (p + z * z / (2 * n)) / denominator
    half = z / denominator * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n))
    # at 0/n and n/n the bound equals the observed value exactly; keep it so (no 0.9999…)
    low = 0.0 if successes == 0 else max(0.0, centre - half)
    high = 1.0 if successes == n else min(1.0, centre + half)
    return Estimate(n, p, low, high, WILSON)


def bootstrap(values: Sequence[float], *, seed: int = 0, level: float = 0.95,
              resamples: int = BOOTSTRAP_RESAMPLES) -> Estimate:
    """Mean and percentile-bootstrap interval. Below ``MIN_BOOTSTRAP_N`` values there is
    no interval (``low``/``high`` None, printed "n/a"): resampling one value gives a
    zero-width interval, which reads as certainty, and a few give one as misleading."""
    data = np.asarray([v for v in values if v is not None and not math.isnan(v)], dtype=float)
    if data.size == 0:
        return Estimate(0, None, None, None, BOOTSTRAP)
    if data.size < MIN_BOOTSTRAP_N:
        return Estimate(int(data.size), float(data.mean()), None, None, BOOTSTRAP)
    rng = np.random.default_rng(seed)
    means = data[rng.integers(0, data.size, size=(resamples, data.size))].mean(axis=1)
    tail = (1 - level) / 2 * 100
    low, high = np.percentile(means, [tail, 100 - tail])
    return Estimate(int(data.size), float(data.mean()), float(low), float(high), BOOTSTRAP)


def proportion(per_problem: Sequence[float], *, seed: int = 0,
               level: float = 0.95) -> Estimate:
    """A binary metric, one value per problem (the mean over its samples): Wilson when every
    problem has a single 0/1 outcome, otherwise the bootstrap over problems."""
    if all(v in (0.0, 1.0) for v in per_problem):
        return wilson(int(sum(per_problem)), len(per_problem), level)
    return bootstrap(per_problem, seed=seed, level=level)
