"""Sampler settings: every knob of problem generation in one frozen value."""

from __future__ import annotations

import functools
import hashlib

import attrs

from vlp.kernel import RULES, Rule

# the design names live in .design (no attrs: the CLI reads them); re-exported here
from .design import CONNECTIONS as CONNECTIONS
from .design import DEFAULT_PAPER_BASES as DEFAULT_PAPER_BASES
from .design import OVERLAPS as OVERLAPS
from .design import QUERY_KINDS as QUERY_KINDS
from .design import SETTINGS as SETTINGS
from .reverse import RuleBook, rule_book

# Relative weights of the reverse rules at a singleton count (paper App. D.1), by the
# predicate a rule eliminates: one weight per rule eliminating it, in table order (a
# comparison read either way, a transfer to either party, a rate, a comparison equality
# solved for its first or its second agent). A rule not covered weighs 1.
ELIMINATION_WEIGHTS: tuple[tuple[str, tuple[float, ...]], ...] = (
    ("comp", (1.0, 1.0)), ("transfer", (1.0, 1.0)), ("rate", (0.7,)), ("compeq", (0.3, 0.2)))


@functools.cache
def default_rule_weights(rules: tuple[Rule, ...]) -> tuple[tuple[str, float], ...]:
    """:data:`ELIMINATION_WEIGHTS` given to the table's reversible rules, in table order."""
    book = rule_book(rules)
    per_predicate = {p: list(w) for p, w in ELIMINATION_WEIGHTS}
    weights = []
    for rule_id, plan in book.plans.items():
        left = per_predicate.get(plan.eliminated, [])
        weights.append((rule_id, left.pop(0) if left else 1.0))
    return tuple(weights)


def _probabilities(value: tuple[float, ...]) -> tuple[float, ...]:
    value = tuple(float(v) for v in value)
    if len(value) != 4 or any(v < 0 for v in value) or sum(value) <= 0:
        raise ValueError("agent_count_probabilities needs 4 non-negative weights (|A| = 1..4)")
    return value


def _range(value: tuple[int, int]) -> tuple[int, int]:
    low, high = (int(v) for v in value)
    if low > high or low < 0:
        raise ValueError(f"bad range {value!r}: need 0 <= low <= high")
    return low, high


@attrs.frozen
class SamplerConfig:
    """How problems are sampled. Defaults follow paper §5 and App. C/D.1."""

    # |A| of the goal = 1..4 with these weights (skews proofs short, App. D.1).
    agent_count_probabilities: tuple[float, ...] = attrs.field(
        default=(0.4, 0.2, 0.2, 0.2), converter=_probabilities)
    # Depth of the relevant proof (rule levels from the goal to the axioms).
    depth: tuple[int, int] = attrs.field(default=(2, 3), converter=_range)
    # Relative weights of the reverse rules at a singleton `cont` node, by rule id (None:
    # default_rule_weights of the table).
    rule_weights: tuple[tuple[str, float], ...] | None = None
    # Axiom quantities (counts, comparisons, transfers) and rates.
    leaf_bounds: tuple[int, int] = attrs.field(default=(1, 100), converter=_range)
    rate_bounds: tuple[int, int] = attrs.field(default=(2, 20), converter=_range)
    # Derived quantities.
    inner_bounds: tuple[int, int] = attrs.field(default=(1, 5000), converter=_range)
    # Irrelevant axioms per irrelevant tree (a tree has >= 2; the `axiom` setting has 1).
    tree_axioms: tuple[int, int] = attrs.field(default=(2, 3), converter=_range)
    # Number of irrelevant trees in the `trees` setting.
    num_trees: int = 3
    # Half-widths of the random boxes tried around random targets, narrowest first.
    box_widths: tuple[int, ...] = (3, 12, 40)
    # Random boxes tried per width before widening (then no box at all).
    box_tries: int = 3
    # State comparisons and rates at a random earlier time than their use (carried by the
    # kernel's frame rules 6c/6q/6r), as the paper authors' problems do.
    early_facts: bool = True
    # Attempts before giving up on a tree whose built-ins Z3 finds unsatisfiable.
    max_tree_attempts: int = 200
    # Attempts at a problem that fails its self-check (each failure is counted: a bug).
    max_selfcheck_attempts: int = 5
    # The rule table the problems are sampled from and proved with (the kernel's).
    rules: tuple[Rule, ...] = attrs.field(default=RULES, converter=tuple)

    @property
    def book(self) -> RuleBook:
        return rule_book(self.rules)

    def resolved_weights(self) -> tuple[tuple[str, float], ...]:
        if self.rule_weights is not None:
            return self.rule_weights
        return default_rule_weights(self.rules)


def derive_seed(seed: int, *labels: object) -> int:
    """A 63-bit seed for a named sub-task: stable across processes and Python versions."""
    text = ":".join([str(seed), *map(str, labels)])
    return int.from_bytes(hashlib.sha256(text.encode()).digest()[:8], "big") >> 1
