"""Quantities for symbolic proof trees: the built-ins become Z3 constraints.

Every quantity is a Z3 integer; axioms lie within the leaf bounds (rates within the
rate bounds), derived quantities within the inner bounds; each rule's built-ins become
equations (exact sums, differences, products) and the side conditions (differences
>= 0, introduced comparisons >= 1). Z3 then picks a random model: each axiom quantity
gets a random target and a box around it, and the boxes are widened under push/pop until
the constraints are satisfiable, so no number is ever drawn and thrown away. Claims must
be distinct (a transfer chain that comes back to an earlier count would state the same
claim twice), so counts of one agent and entity are pairwise different.

:func:`rejection_sample` is the plain baseline the benchmark compares against: draw the
axiom quantities at random, compute the derived ones, retry until every built-in holds.
"""

from __future__ import annotations

import functools
import random
from collections import defaultdict
from collections.abc import Callable, Sequence
from typing import Any

import attrs
import z3
from z3 import z3core

from vlp.kernel import Rule, evaluator, patterns, to_smt
from vlp.kernel.rules import AtLeast, Equal

from .config import SamplerConfig
from .tree import QUANTIFIED, Node, walk


class Unsatisfiable(Exception):
    """The tree's built-ins have no solution within the bounds."""


@attrs.frozen
class SolveStats:
    checks: int  # Z3 check() calls
    widened: int  # boxes widened before a model was found


def _bounds(node: Node, config: SamplerConfig) -> tuple[int, int]:
    if not node.is_axiom:
        return config.inner_bounds
    if node.predicate == "rate":
        return config.rate_bounds
    low, high = config.leaf_bounds
    if node.predicate in ("comp", "transfer"):
        low = max(low, 1)  # "2 more", "gives 3": never zero
    return low, high


def _quantity_names(rule: Rule, node: Node, name: Callable[[Node], object]) -> dict[str, Any]:
    """The rule's quantity variables named after ``node`` (the conclusion) and its premise
    nodes (the union rule's repeated variable after all of them, in order)."""
    names: dict[str, Any] = {}
    for pattern, premise in zip(patterns(rule, len(node.premises)), node.premises,
                                strict=True):
        for var in pattern.args:
            if var.kind == "quantity":
                names[var.name] = ((*names.get(var.name, ()), name(premise)) if rule.repeated
                                   else name(premise))
    for var in rule.conclusion.args:
        if var.kind == "quantity":
            names[var.name] = name(node)
    return names


def _equations(rule: Rule, node: Node, name: Callable[[Node], str]) -> list[str]:
    """The built-ins of ``node``'s rule as SMT-LIB assertions over ``name(node)``."""
    terms = to_smt(rule, _quantity_names(rule, node, name))
    if not terms:
        raise ValueError(f"no built-ins for rule {node.rule}")
    return terms


def _distinct_groups(nodes: Sequence[Node]) -> list[list[Node]]:
    groups: dict[tuple, list[Node]] = defaultdict(list)
    for node in nodes:
        if node.predicate in ("cont", "comp"):
            groups[node.key()].append(node)
    return [g for g in groups.values() if len(g) > 1]


def solve_quantities(roots: Sequence[Node], config: SamplerConfig, seed: int,
                     context: z3.Context | None = None) -> SolveStats:
    """Give every unfixed quantity node under ``roots`` a value (in place).

    The constraints go to Z3 as one SMT-LIB script (much cheaper than building terms
    through the Python API); each random box is guarded by its own Boolean and tried as an
    assumption, so no push/pop is needed.
    """
    nodes = [n for n in walk(roots) if n.predicate in QUANTIFIED]
    free = [n for n in nodes if not n.fixed]
    if not free:
        return SolveStats(0, 0)
    index = {id(n): i for i, n in enumerate(free)}

    def name(node: Node) -> str:
        return str(node.quantity) if node.fixed else f"q{index[id(node)]}"

    script = [f"(declare-const q{i} Int)" for i in range(len(free))]
    for node in free:
        low, high = _bounds(node, config)
        script.append(f"(assert (and (>= {name(node)} {low}) (<= {name(node)} {high})))")
    for node in nodes:
        if not node.is_axiom and (not node.fixed or any(not p.fixed for p in node.premises
                                                         if p.predicate in QUANTIFIED)):
            rule = config.book.by_id[node.rule]  # type: ignore[index]
            script.extend(f"(assert {e})" for e in _equations(rule, node, name))
    for group in _distinct_groups(nodes):
        if any(not n.fixed for n in group):
            script.append(f"(assert (distinct {' '.join(name(n) for n in group)}))")
    # Each width is tried with fresh random targets a few times before it is widened:
    # most trees fit a narrow box somewhere, and a narrow box makes the model random.
    rng = random.Random(seed)
    axioms = [n for n in free if n.is_axiom]
    rounds = [w for w in config.box_widths for _ in range(config.box_tries)]
    for r, width in enumerate(rounds):
        box = []
        for node in axioms:
            target = rng.randint(*_bounds(node, config))
            box.append(f"(>= {name(node)} {max(0, target - width)}) "
                       f"(<= {name(node)} {target + width})")
        script.append(f"(declare-const box{r} Bool)")
        script.append(f"(assert (=> box{r} (and true {' '.join(box)})))")
    # Z3's heuristics depend on term ids, so a context shared across problems would make
    # a problem's numbers depend on the problems made before it: callers pass a context
    # private to one problem (its solves always run in the same order), else a fresh one.
    context = context or z3.Context()
    solver = z3.Solver(ctx=context)
    solver.set("random_seed", seed % (2**31))
    solver.from_string("\n".join(script))
    checks = 0
    for r in [*range(len(rounds)), None]:
        checks += 1
        if r is None:
            result = solver.check()
        else:
            result = solver.check(z3.Bool(f"box{r}", context))
        if result == z3.sat:
            values = _model_integers(solver)
            for node in free:
                node.quantity = values[name(node)]
            return SolveStats(checks, checks - 1)
    raise Unsatisfiable(f"no quantities satisfy the built-ins of a {len(nodes)}-node tree")


def _model_integers(solver: z3.Solver) -> dict[str, int]:
    """The integer constants of the solver's model, read through Z3's C API: the same
    values as ``solver.model()``, without a Python object (and its reference counting) per
    declaration and value, which made the reading cost about a sixth of a solve."""
    ref = solver.ctx.ref()
    model = z3core.Z3_solver_get_model(ref, solver.solver)
    z3core.Z3_model_inc_ref(ref, model)
    try:
        values = {}
        for i in range(z3core.Z3_model_get_num_consts(ref, model)):
            decl = z3core.Z3_model_get_const_decl(ref, model, i)
            value = z3core.Z3_model_get_const_interp(ref, model, decl)
            if z3core.Z3_get_sort_kind(ref, z3core.Z3_get_sort(ref, value)) == z3.Z3_INT_SORT:
                name = z3core.Z3_get_symbol_string(ref, z3core.Z3_get_decl_name(ref, decl))
                values[name] = int(z3core.Z3_get_numeral_string(ref, value))
        return values
    finally:
        z3core.Z3_model_dec_ref(ref, model)


@functools.cache
def _defining(rule: Rule) -> tuple[Callable[[dict[str, Any]], int], tuple[str, ...], int]:
    """How ``rule`` computes its conclusion's quantity: a function of the premises'
    quantity variables (named in premise order) and the quantity's lower bound."""
    quantity = next(v for v in rule.conclusion.args if v.kind == "quantity")
    equal = next(b for b in rule.builtins if isinstance(b, Equal) and b.var == quantity)
    bounds = [b.bound for b in rule.builtins if isinstance(b, AtLeast) and b.expr == quantity]
    names = tuple(v.name for p in rule.premises for v in p.args if v.kind == "quantity")
    return evaluator(equal.expr), names, max(bounds, default=0)


def _evaluate(rule: Rule, node: Node, values: dict[int, int]) -> int:
    function, names, _ = _defining(rule)
    premises = [values[id(x)] for x in node.premises if x.predicate in QUANTIFIED]
    if rule.repeated:
        return function({names[0]: premises})  # the union rule's one repeated variable
    return function(dict(zip(names, premises, strict=True)))


def rejection_sample(roots: Sequence[Node], config: SamplerConfig, rng: random.Random,
                     max_tries: int = 1_000_000) -> int:
    """Baseline: random axiom quantities until all built-ins hold. Returns the retries."""
    nodes = [n for n in walk(roots) if n.predicate in QUANTIFIED]
    groups = _distinct_groups(nodes)
    for attempt in range(max_tries):
        values: dict[int, int] = {}
        ok = True
        for node in nodes:  # premises come first
            if node.fixed:
                values[id(node)] = node.quantity  # type: ignore[assignment]
            elif node.is_axiom:
                values[id(node)] = rng.randint(*_bounds(node, config))
            else:
                rule = config.book.by_id[node.rule]  # type: ignore[index]
                v = _evaluate(rule, node, values)
                low, high = config.inner_bounds
                minimum = _defining(rule)[2]
                if v < max(low, minimum) or v > high:
                    ok = False
                    break
                values[id(node)] = v
        if ok and all(len({values[id(n)] for n in g}) == len(g) for g in groups):
            for node in nodes:
                node.quantity = values[id(node)]
            return attempt
    raise Unsatisfiable(f"rejection sampling gave up after {max_tries} tries")
