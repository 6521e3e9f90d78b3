"""The commands the README and the documentation pages show, as a reader would copy them:
every ```bash block split into commands (a backslash continues a line, a here-document
belongs to its command, `A && B` is two commands, comments dropped) and every ```python
block as one snippet. tests/test_doc_commands.py runs them or says why one cannot run here."""

from __future__ import annotations

import re
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
BLOCK = re.compile(r"^```(bash|python)\n(.*?)^```", re.S | re.M)
HEREDOC = re.compile(r"<<-?\s*'?\"?(\w+)'?\"?")


@dataclass(frozen=True)
class ShownCommand:
    """One command of a page: ``key`` names it in the test's lists (a shell command's whole
    text, a Python snippet's first line); ``text`` is what runs."""

    page: str
    line: int
    language: str
    text: str

    @property
    def key(self) -> str:
        return self.text.splitlines()[0] if self.language == "python" else self.text

    @property
    def where(self) -> str:
        return f"{self.page}:{self.line}"


def pages() -> list[Path]:
    """The README and every documentation page."""
    return [ROOT / "README.md", *sorted((ROOT / "docs").glob("*.md"))]


def shown_commands(page: Path) -> list[ShownCommand]:
    """The page's commands in the order shown."""
    text = page.read_text(encoding="utf-8")
    name = page.relative_to(ROOT).as_posix()
    found: list[ShownCommand] = []
    for block in BLOCK.finditer(text):
        first_line = text.count("\n", 0, block.start(2)) + 1
        if block.group(1) == "python":
            found.append(ShownCommand(name, first_line, "python", block.group(2)))
            continue
        for offset, command in _shell_commands(block.group(2)):
            for part in _and_list(command):
                found.append(ShownCommand(name, first_line + offset, "bash", part))
    return found


def _shell_commands(block: str) -> list[tuple[int, str]]:
    """(line offset in the block, command) for each command of a shell block."""
    lines = block.splitlines()
    commands: list[tuple[int, str]] = []
    index = 0
    while index < len(lines):
        start = index
        line = without_comment(lines[index]).rstrip()
        index += 1
        while line.endswith("\\") and index < len(lines):
            line = line[:-1].rstrip() + " " + without_comment(lines[index]).strip()
            index += 1
        if not line.strip():
            continue
        heredoc = HEREDOC.search(line)
        if heredoc:
            body = []
            while index < len(lines) and lines[index].strip() != heredoc.group(1):
                body.append(lines[index])
                index += 1
            line = "\n".join([line, *body, heredoc.group(1)])
            index += 1
        commands.append((start, line.strip()))
    return commands


def without_comment(line: str) -> str:
    """``line`` without its shell comment: a ``#`` that starts a word outside quotes."""
    quote = ""
    for position, char in enumerate(line):
        if quote:
            if char == quote:
                quote = ""
        elif char in "'\"":
            quote = char
        elif char == "#" and (position == 0 or line[position - 1].isspace()):
            return line[:position]
    return line


def _and_list(command: str) -> list[str]:
    """The parts of ``A && B`` (a here-document's body is never split)."""
    head, newline, body = command.partition("\n")
    parts = [part.strip() for part in head.split(" && ")]
    parts[-1] += newline + body
    return parts
