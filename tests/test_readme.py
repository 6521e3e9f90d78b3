"""The README's examples stay true: its commands exist and its Python reward example runs."""

from __future__ import annotations

import re
from pathlib import Path

from vlp.cli import build_parser

ROOT = Path(__file__).resolve().parents[1]
README = (ROOT / "README.md").read_text(encoding="utf-8")
DATA = ROOT / "tests" / "data"


def test_readme_opens_with_the_two_setup_commands() -> None:
    """The first code block installs and runs the main job, then installs and runs pytest."""
    first_block = re.search(r"```bash\n(.*?)```", README, re.S).group(1)  # type: ignore[union-attr]
    lines = [line.split("#")[0].strip() for line in first_block.strip().splitlines()]
    assert lines == ["pip install -e . && vlp demo",
                     "pip install -e '.[test]' && python -m pytest"]


def test_every_vlp_command_in_the_readme_exists() -> None:
    """Each `vlp NAME` the README mentions is a real subcommand."""
    parser = build_parser()
    known = set(parser._subparsers._group_actions[0].choices)  # type: ignore[union-attr]
    shell = "\n".join(re.findall(r"```bash\n(.*?)```", README, re.S))
    mentioned = set(re.findall(r"`vlp ([a-z]+)", README)) | set(
        re.findall(r"\bvlp ([a-z]+)", shell))
    assert mentioned and mentioned <= known, mentioned - known


def test_reward_example_runs_on_the_papers_example() -> None:
    """The README's reward function, run on App. D.3 and Llama's transcript."""
    block = next(b for b in re.findall(r"```python\n(.*?)```", README, re.S)
                 if "def reward(" in b)
    namespace: dict = {}
    exec(compile(block, "README.md", "exec"), namespace)  # noqa: S102 - our own README
    problem = (DATA / "d3.txt").read_text(encoding="utf-8")
    transcript = (DATA / "d3_llama.txt").read_text(encoding="utf-8")
    value = namespace["reward"](problem, transcript)
    assert value == 0.5 + 0.5 * 10 / 18
