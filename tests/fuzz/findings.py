"""Findings of the fuzzer, each with the smallest input that showed it.

``OPEN``: reported and not yet fixed. Each is reproduced in test_fuzz_findings.py under a
strict xfail, and the generic fuzz tests tolerate exactly its problem line (``pattern``)
for its ``commands``. When the owner's fix lands the strict xfail fails: move the finding
to ``FIXED``, where its input stays as a regression test.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from dataclasses import dataclass

from fuzz_harness import Case
from fuzz_inputs import BY_COMMAND, Corpus

DEEP_ARRAY = b"[" * 1000 + b"]" * 1000 + b"\n"
DEEP_OBJECT = b'{"a":' * 1000 + b"1" + b"}" * 1000


@dataclass(frozen=True)
class Finding:
    name: str
    owner: str
    commands: tuple[str, ...]
    pattern: str   # regular expression over the harness's problem line
    case: Callable[[Corpus], Case]   # the smallest input that shows it


def _on(command: str, file: str, data: bytes, *rest: str) -> Callable[[Corpus], Case]:
    return lambda corpus: Case((command, file, *rest), ((file, data),), inputs=(file,))


def _edited_record(command: str, *flags: str, **fields: object) -> Callable[[Corpus], Case]:
    """``command problems.jsonl`` on the corpus's first (base) record with ``fields`` set."""
    def build(corpus: Corpus) -> Case:
        record = dict(json.loads(corpus.records[0]), **fields)
        return _on(command, "problems.jsonl", json.dumps(record).encode() + b"\n",
                   *flags)(corpus)
    return build


def _evaluate(*flags: str) -> Callable[[Corpus], Case]:
    def build(corpus: Corpus) -> Case:
        data = corpus.records[0].encode() + b"\n"
        return Case(("evaluate", "--model", "baseline:bfs", "--data", "problems.jsonl",
                     "--quiet", *flags), (("problems.jsonl", data),), inputs=("problems.jsonl",))
    return build


def _report(*flags: str) -> Callable[[Corpus], Case]:
    def build(corpus: Corpus) -> Case:
        files = tuple((f"run/{name}", data) for name, data in corpus.run_files)
        return Case(("report", "run", "--no-figures", *flags), files,
                    inputs=tuple(name for name, _ in files))
    return build


def _record_and_transcript(*argv: str, entry: str = "vlp") -> Callable[[Corpus], Case]:
    """A verify command line over a one-record problems file and a one-line transcript."""
    def build(corpus: Corpus) -> Case:
        return Case(argv, (("problems.jsonl", corpus.records[0].encode() + b"\n"),
                           ("transcript.txt", b"1. Nobody has 3 apples.\n")),
                    inputs=("problems.jsonl", "transcript.txt"), entry=entry)
    return build


OPEN: tuple[Finding, ...] = (
)

FIXED: tuple[Finding, ...] = (
    Finding("F21 a FILE:ID argument whose file part holds a NUL byte: open() raises "
            "ValueError, not OSError", "lead", ("verify",),
            r"ValueError: embedded null byte",
            _record_and_transcript("problems.jsonl:a\x00b:\x81", "transcript.txt", "--json",
                                   entry="verify-proof")),
    Finding("F20 verify FILE.jsonl:ID with a superscript digit as ID: int() refuses what "
            "str.isdigit() accepts", "lead", ("verify",),
            r"ValueError: invalid literal for int\(\)",
            _record_and_transcript("verify", "problems.jsonl:\u00b2", "transcript.txt")),
    Finding("F19 a word problem of one long line: seconds in the nearest-template search, "
            "and the error quotes the whole line", "warm", ("prove",),
            r"^stderr line of \d+ characters$",
            _on("prove", "problem.txt", b'{"axioms":[' * 10_000 + b"]}" * 10_000 + b"\n")),
    Finding("F18 an unknown argument holding a newline: the usage error spans two lines",
            "ioin", tuple(BY_COMMAND),
            r"exit 2 without one final error line: .*\(see [a-z -]+ --help\)'$",
            lambda corpus: Case(("prove", "program.json", "junk\nword"))),
    Finding("F17 report -o .: ValueError, an empty name", "ioout", ("report",),
            r"ValueError: .* has an empty name at vlp/output.py", _report("-o", ".")),
    Finding("F1 deeply nested JSON: RecursionError while decoding", "ioin", ("prove",),
            r"RecursionError", _on("prove", "program.json", DEEP_OBJECT)),
    Finding("F1 deeply nested JSON Lines: RecursionError while decoding", "ioin",
            ("certify",), r"RecursionError", _on("certify", "problems.jsonl", DEEP_ARRAY)),
    Finding("F8 generate --depth 40:40: RuntimeError, the lexicon ran out of names", "ioin",
            ("generate",), r"RuntimeError: the lexicon ran out of fresh names",
            lambda corpus: Case(("generate", "--depth", "40:40", "-n", "1", "-o", "out.jsonl",
                                 "--quiet"))),
    Finding("F10 report --seed -5: ValueError from numpy", "ioin", ("report",),
            r"ValueError: expected non-negative integer", _report("-o", "out", "--seed", "-5")),
    Finding("F15 stats on a mutated record: TypeError unhashable", "ioin", ("stats",),
            r"TypeError: unhashable type", _edited_record("stats", overlap=["x"])),
    Finding("F16 evaluate -o '': ValueError, an empty name", "ioout", ("evaluate",),
            r"ValueError: .* has an empty name", _evaluate("-o", "")),
)


def known_for(command: str) -> list[str]:
    return [finding.pattern for finding in OPEN if command in finding.commands]
