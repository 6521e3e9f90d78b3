"""The import graph, read with ``ast`` from the sources: layers point one way
(bottom <- kernel <- grammar <- reading <- checker <- sampler <- lm <- CLI) and no module imports
itself back through others. Function-level imports count too: a deferred import is
still a dependency. Imports under ``if TYPE_CHECKING:`` do not (they never run)."""

from __future__ import annotations

import ast
import subprocess
import sys
from pathlib import Path

import networkx as nx

ROOT = Path(__file__).resolve().parent.parent
PACKAGES = {"vlp": ROOT / "vlp", "vlp.kernel": ROOT / "kernel", "vlp.grammar": ROOT / "grammar",
            "vlp.reading": ROOT / "reading", "vlp.checker": ROOT / "checker",
            "vlp.sampler": ROOT / "sampler",
            "vlp.lm": ROOT / "lm"}
# Lower layers never import higher ones. vlp.errors, vlp.output, vlp.records, vlp.validate,
# vlp.lazy and vlp.limits are the bottom every layer may use; the rest of the top-level package
# (API, CLI, commands) sits on top.
LAYERS = [("vlp.errors", "vlp.output", "vlp.records", "vlp.validate", "vlp.lazy", "vlp.limits"),
          ("vlp.kernel",),
          ("vlp.grammar",), ("vlp.reading",), ("vlp.checker",), ("vlp.sampler",), ("vlp.lm",),
          ("vlp",)]
TRUSTED_CORE = ("vlp.kernel.check", "vlp.kernel.instance", "vlp.kernel.rules",
                "vlp.kernel.terms")


def modules() -> dict[str, Path]:
    found: dict[str, Path] = {}
    for package, folder in PACKAGES.items():
        for path in folder.rglob("*.py"):
            relative = path.relative_to(folder).with_suffix("")
            parts = [p for p in relative.parts if p != "__init__"]
            if package == "vlp" and parts and parts[0] in {"kernel", "grammar", "reading",
                                                           "checker", "sampler", "lm"}:
                continue
            found[".".join([package, *parts])] = path
    return found


def _is_type_checking(node: ast.If) -> bool:
    test = node.test
    return (isinstance(test, ast.Name) and test.id == "TYPE_CHECKING") or (
        isinstance(test, ast.Attribute) and test.attr == "TYPE_CHECKING")


def imports(module: str, path: Path, known: set[str]) -> set[str]:
    tree = ast.parse(path.read_text(), str(path))
    skipped = {id(n) for node in ast.walk(tree) if isinstance(node, ast.If)
               and _is_type_checking(node) for n in ast.walk(node)}
    package = module if path.name == "__init__.py" else module.rsplit(".", 1)[0]
    targets: set[str] = set()
    for node in ast.walk(tree):
        if id(node) in skipped:
            continue
        if isinstance(node, ast.Import):
            names = [a.name for a in node.names]
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                anchor = package.split(".")
                anchor = anchor[: len(anchor) - node.level + 1]
                base = ".".join([*anchor, base] if base else anchor)
            names = [f"{base}.{a.name}" for a in node.names] + [base]
        else:
            continue
        for name in names:
            while name and name not in known:
                name = name.rpartition(".")[0]
            if name and name != module:
                targets.add(name)
    return targets


def graph() -> nx.DiGraph:
    found = modules()
    known = set(found)
    g = nx.DiGraph()
    g.add_nodes_from(known)
    for module, path in found.items():
        for target in imports(module, path, known):
            g.add_edge(module, target)
    return g


def layer(module: str) -> int:
    best = -1
    for rank, prefixes in enumerate(LAYERS):
        if any(module == p or module.startswith(p + ".") for p in prefixes):
            if best < 0 or len(prefixes[0]) > len(LAYERS[best][0]):
                best = rank
    return best


def test_layers_point_one_way() -> None:
    upward = [f"{a} -> {b}" for a, b in graph().edges
              if layer(b) > layer(a) and not b.startswith(a.split(".")[0] + ".__")
              and not (b == "vlp" or a == "vlp")]
    assert upward == []


def test_no_import_cycles() -> None:
    g = graph()
    g.remove_nodes_from([m for m in list(g) if m == "vlp" or m.count(".") == 1
                         and m.split(".")[1] in {"kernel", "grammar", "reading", "checker",
                                                 "sampler", "lm"}])
    cycles = sorted(sorted(c) for c in nx.simple_cycles(g))
    assert cycles == []


def test_the_trusted_core_imports_only_itself() -> None:
    g = graph()
    outside = [f"{a} -> {b}" for a in TRUSTED_CORE for b in g.successors(a)
               if b not in TRUSTED_CORE]
    assert outside == []


BOTTOM = LAYERS[0]


def test_the_bottom_imports_only_the_bottom() -> None:
    # `vlp` itself is exempt above (every module's package); the bottom may not use it either
    outside = [f"{a} -> {b}" for a, b in graph().edges if a in BOTTOM and b not in BOTTOM]
    assert outside == []


def test_importing_the_bottom_loads_no_layer() -> None:
    code = ("import sys, vlp.records, vlp.output, vlp.errors, vlp.lazy, vlp.validate; "
            "print(' '.join(sorted(m for m in sys.modules if m.startswith('vlp'))))")
    loaded = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                            check=True, cwd=ROOT).stdout.split()
    assert set(loaded) <= {"vlp", *BOTTOM}


def test_reading_sits_between_grammar_and_checker() -> None:
    """vlp.reading uses the grammar's lexical pieces and is used by the checker, never the
    other way round; both readers live there (problems: ``encode``; transcripts: ``reader``
    and the program index it resolves claims in), and no reading module is left in the
    checker."""
    g = graph()
    reading = [m for m in g if layer(m) == LAYERS.index(("vlp.reading",))]
    assert {"vlp.reading.encode", "vlp.reading.reader", "vlp.reading.align",
            "vlp.reading.transcript_reading", "vlp.reading.claim_guards"} <= set(reading)
    assert [m for m in g if m.startswith("vlp.checker.") and
            m.rpartition(".")[2].startswith(("reader", "discourse", "align"))] == []
    assert any(layer(b) == LAYERS.index(("vlp.grammar",)) for a in reading
               for b in g.successors(a))
    assert all(layer(b) < LAYERS.index(("vlp.checker",)) for a in reading
               for b in g.successors(a) if b != "vlp")


def test_problem_specs_and_the_chainers_parts_sit_below_judging() -> None:
    """Reading a problem into a spec needs no chaining or judging, and the chainer's parts
    (agenda, join plans, chart) need neither the chainer nor judging (issue 26's split)."""
    g = graph()
    above = {"vlp.checker.chaining", "vlp.checker.shortest", "vlp.reading.align",
             "vlp.checker.prepared", "vlp.checker.verify", "vlp.reading.reader"}
    reached = {module: sorted(nx.descendants(g, module) & above)
               for module in ("vlp.checker.problem_specs", "vlp.checker.agenda",
                              "vlp.checker.join_plans", "vlp.checker.chart")}
    assert reached == dict.fromkeys(reached, [])
    assert {"vlp.checker.problem_specs", "vlp.checker.prepared"} <= set(
        g.successors("vlp.checker.verify"))
