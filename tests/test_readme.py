"""The README's and the documentation pages' examples stay true: the README opens with the
two setup commands, every `vlp NAME` in the README or docs/ is a real subcommand, and the
reward example runs. Every shell command shown (the five-minute tour included) is run by
tests/test_doc_commands.py."""

from __future__ import annotations

import re
from pathlib import Path

from vlp.cli import build_parser

ROOT = Path(__file__).resolve().parents[1]
README = (ROOT / "README.md").read_text(encoding="utf-8")
PAGES = {path.name: path.read_text(encoding="utf-8")
         for path in sorted((ROOT / "docs").glob("*.md"))
         if path.name not in ("index.md", "api.md")}  # the site's own pages
EVERYTHING = "\n".join([README, *PAGES.values()])
DATA = ROOT / "tests" / "data"


def code_blocks(text: str, language: str) -> list[str]:
    return re.findall(rf"```{language}\n(.*?)```", text, re.S)


def test_readme_opens_with_the_two_setup_commands() -> None:
    """The first code block installs and runs the main job, then installs and runs pytest,
    in a virtual environment the line before it makes."""
    first_block = code_blocks(README, "bash")[0]
    lines = [line.split("#")[0].strip() for line in first_block.strip().splitlines()]
    assert lines == ["pip install -e . && vlp demo",
                     "pip install -e '.[test]' && python -m pytest"]
    before = README[:README.index("```bash")]
    assert "python3 -m venv .venv && . .venv/bin/activate" in before


def test_the_readme_is_a_newcomers_page() -> None:
    """Short, with a picture of a verified transcript near the top and a link to every
    documentation page."""
    assert len(README.splitlines()) < 120
    assert README.index("![") < README.index("## Quick tour")
    for name in PAGES:
        assert f"(docs/{name})" in README, name


def test_every_vlp_command_in_the_readme_and_docs_exists() -> None:
    """Each `vlp NAME` the README or a documentation page mentions is a real subcommand."""
    parser = build_parser()
    known = set(parser._subparsers._group_actions[0].choices)  # type: ignore[union-attr]
    shell = "\n".join(code_blocks(EVERYTHING, "bash"))
    mentioned = set(re.findall(r"`vlp ([a-z]+)", EVERYTHING)) | set(
        re.findall(r"^\s*vlp ([a-z]+)", shell, re.M))
    assert mentioned and mentioned <= known, mentioned - known


def test_reward_example_runs_on_the_papers_example() -> None:
    """The documented reward function, run on App. D.3 and Llama's transcript."""
    block = next(b for b in code_blocks(EVERYTHING, "python") if "def reward(" in b)
    namespace: dict = {}
    exec(compile(block, "docs", "exec"), namespace)  # noqa: S102 - our own documentation
    problem = (DATA / "d3.txt").read_text(encoding="utf-8")
    transcript = (DATA / "d3_llama.txt").read_text(encoding="utf-8")
    value = namespace["reward"](problem, transcript)
    assert value == 0.5 + 0.5 * 10 / 18
