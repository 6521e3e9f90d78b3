"""No module outside tests/ passes 800 lines (issue 26: short modules with one job). A module
that grows past it holds two jobs: split it along them, keeping its public names importable
(see docs/layout.md for who owns what)."""

from __future__ import annotations

from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
LIMIT = 800
# not the project's modules: tests, the docs site's build, virtual environments and caches
LEFT_OUT = {"tests", "build", "site", "node_modules", "__pycache__"}


def project_modules() -> list[Path]:
    return sorted(path for path in ROOT.rglob("*.py")
                  if not any(part in LEFT_OUT or part.startswith(".")
                             for part in path.relative_to(ROOT).parts[:-1]))


def test_the_modules_are_found() -> None:
    found = {path.relative_to(ROOT).as_posix() for path in project_modules()}
    assert {"checker/chaining.py", "checker/verify.py", "kernel/check.py", "bench/verify.py",
            "vlp/cli.py", "reading/encode.py"} <= found
    assert not any(name.startswith("tests/") for name in found)


def test_no_module_outside_tests_passes_800_lines() -> None:
    long = [f"{path.relative_to(ROOT)}: {count} lines" for path in project_modules()
            if (count := len(path.read_text(encoding="utf-8").splitlines())) > LIMIT]
    assert long == []
