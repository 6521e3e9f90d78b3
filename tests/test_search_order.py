"""Normalized Levenshtein distances between search orders (paper App. D.4)."""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

from vlp.checker.search_order import (
    compare_orders,
    first_occurrences,
    levenshtein,
    normalized_levenshtein,
)


def test_levenshtein_known_values() -> None:
    assert levenshtein("kitten", "sitting") == 3
    assert levenshtein("", "abc") == 3
    assert levenshtein("abc", "abc") == 0
    assert normalized_levenshtein("abcd", "abdc") == 2 / 4
    assert normalized_levenshtein("", "") == 0.0
    assert normalized_levenshtein("ab", "cd") == 1.0


@given(st.lists(st.integers(0, 4), max_size=8), st.lists(st.integers(0, 4), max_size=8),
       st.lists(st.integers(0, 4), max_size=8))
def test_levenshtein_is_a_metric(a, b, c) -> None:
    assert levenshtein(a, b) == levenshtein(b, a)
    assert (levenshtein(a, b) == 0) == (a == b)
    assert levenshtein(a, c) <= levenshtein(a, b) + levenshtein(b, c)
    assert 0.0 <= normalized_levenshtein(a, b) <= 1.0


def test_first_occurrences_drop_repeats_and_filter() -> None:
    assert first_occurrences([3, 1, 3, 2, 1]) == [3, 1, 2]
    assert first_occurrences([3, 1, 3, 2], keep=lambda x: x != 1) == [3, 2]


def test_reference_orders_are_restricted_to_the_universe() -> None:
    order = compare_orders(["b", "a"], dfs=["x", "a", "b", "a"], bfs=["b", "y", "a"],
                           shortest_proof=["a", "b"], universe={"a", "b"})
    assert order.dfs == ("a", "b") and order.bfs == ("b", "a")
    assert order.distance_bfs == 0.0 and order.distance_dfs == 1.0
    assert order.distance_shortest_proof == 1.0


def _textbook_levenshtein(first: list[int], second: list[int]) -> int:
    """The dynamic program the C implementation must agree with."""
    previous = list(range(len(second) + 1))
    for i, item in enumerate(first, 1):
        current = [i]
        for j, other in enumerate(second, 1):
            current.append(min(previous[j] + 1, current[j - 1] + 1,
                               previous[j - 1] + (item != other)))
        previous = current
    return previous[-1]


@given(st.lists(st.integers(0, 6), max_size=40), st.lists(st.integers(0, 6), max_size=40))
def test_levenshtein_equals_the_textbook_dynamic_program(a, b) -> None:
    assert levenshtein(a, b) == _textbook_levenshtein(a, b)
    # items equal but not identical (and with colliding hashes) count as the same item
    assert levenshtein([(x,) for x in a], [(x,) for x in b]) == _textbook_levenshtein(a, b)
    assert levenshtein([-1 if x == 0 else -2 if x == 1 else x for x in a],
                       [-1 if x == 0 else -2 if x == 1 else x for x in b]) \
        == _textbook_levenshtein(a, b)  # hash(-1) == hash(-2) in CPython
