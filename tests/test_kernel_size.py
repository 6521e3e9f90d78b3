"""The trusted core stays small enough to read: under 700 code lines.

Code lines are the lines of kernel/{terms,rules,instance,check}.py that are neither blank,
nor comments, nor part of a docstring (docstrings document; they cannot mint anything).
"""

from __future__ import annotations

import ast
from pathlib import Path

KERNEL = Path(__file__).resolve().parents[1] / "kernel"
TRUSTED = ("terms.py", "rules.py", "instance.py", "check.py")
LIMIT = 700


def code_lines(source: str) -> int:
    docstrings: set[int] = set()
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.Module | ast.ClassDef | ast.FunctionDef | ast.AsyncFunctionDef):
            first = node.body[0] if node.body else None
            if (isinstance(first, ast.Expr) and isinstance(first.value, ast.Constant)
                    and isinstance(first.value.value, str)):
                docstrings.update(range(first.lineno, (first.end_lineno or first.lineno) + 1))
    return sum(1 for number, line in enumerate(source.splitlines(), 1)
               if line.strip() and not line.strip().startswith("#") and number not in docstrings)


def test_code_lines_counts_code_only() -> None:
    source = ('"""Doc\n\nstring."""\n\n# a comment\nx = 1\n\n\n'
              'def f():\n    """Doc."""\n    return x\n')
    assert code_lines(source) == 3


def test_the_trusted_core_is_under_700_code_lines() -> None:
    counts = {name: code_lines((KERNEL / name).read_text()) for name in TRUSTED}
    assert sum(counts.values()) < LIMIT, counts
