"""Report intervals: Wilson for proportions (textbook values), bootstrap for means."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from vlp.lm.intervals import BOOTSTRAP, WILSON, proportion, wilson


@pytest.mark.parametrize(("successes", "n", "low", "high"), [
    (4, 4, 0.5101, 1.0),  # the example: a bootstrap would say [1.0, 1.0]
    (5, 10, 0.2366, 0.7634),
    (0, 10, 0.0, 0.2775),
    (1, 1, 0.2065, 1.0),
])
def test_wilson_known_values(successes: int, n: int, low: float, high: float) -> None:
    estimate = wilson(successes, n)
    assert estimate.n == n and estimate.mean == pytest.approx(successes / n)
    assert estimate.low == pytest.approx(low, abs=1e-4)
    assert estimate.high == pytest.approx(high, abs=1e-4)
    assert estimate.method == WILSON


def test_wilson_of_nothing_is_missing_and_bad_counts_are_refused() -> None:
    assert wilson(0, 0).missing and wilson(0, 0).cell() == "n/a"
    with pytest.raises(ValueError):
        wilson(3, 2)


@given(st.integers(0, 200), st.integers(1, 200))
def test_wilson_interval_holds_the_proportion_inside_zero_one(successes: int, n: int) -> None:
    successes = min(successes, n)
    estimate = wilson(successes, n)
    assert 0.0 <= estimate.low <= estimate.mean <= estimate.high <= 1.0  # type: ignore[operator]
    assert estimate.high - estimate.low > 0  # type: ignore[operator]


def test_proportion_uses_wilson_for_single_outcomes_and_bootstrap_for_sample_means() -> None:
    assert proportion([1.0, 0.0, 1.0, 1.0]).method == WILSON
    assert proportion([1.0, 0.0, 1.0, 1.0]).low == pytest.approx(wilson(3, 4).low)
    several_samples = proportion([0.5, 1.0, 0.0], seed=1)  # a problem half right
    assert several_samples.method == BOOTSTRAP and several_samples.mean == pytest.approx(0.5)


def test_cells_print_percentages_and_intervals() -> None:
    assert wilson(4, 4).cell(percent=True) == "100.0 [51.0, 100.0] (n=4)"
    assert wilson(5, 10).cell() == "0.50 [0.24, 0.76] (n=10)"
    assert wilson(5, 10).cell(interval=False) == "0.50"
