"""Program files: a JSON list of axioms (canonical atoms) and a query.

    {"axioms": ["cont({pieter}, 20, parrots, 0)",
                {"atom": "transfer({pieter}, {yorgos}, 6, parrots, 0)",
                 "sentence": "Pieter then gives Yorgos 6 parrots."}],
     "query": "cont({eddie}, ?, parrots, ?)"}

Axioms keep their order in the file (the presentation order). Other top-level keys
(``source``, ``question``, ...) are allowed and ignored. ``.txt`` files are word
problems, read by ``vlp.grammar.parse_problem``. Every error is an
:class:`~vlp.errors.InputError` located at ``file:line``.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import attrs

from vlp.errors import InputError, shown
from vlp.grammar.canonical import CanonicalSyntaxError, parse_atom, parse_query
from vlp.kernel import Atom, Program, Query
from vlp.limits import check_program
from vlp.records import load_json_text, read_text_file

_AXIOMS_KEY = '"axioms"'
_QUERY_KEY = '"query"'


@attrs.frozen
class ProgramFile:
    """A program as read from a file: axioms in presentation order and an optional query.

    ``sentences`` is aligned with ``axiom_order`` (None where the file gives none).
    """

    program: Program
    query: Query | None
    axiom_order: tuple[Atom, ...]
    sentences: tuple[str | None, ...]

    def sentence_of(self, atom: Atom) -> str | None:
        return dict(zip(self.axiom_order, self.sentences, strict=True)).get(atom)


def load_program(path: str | Path) -> ProgramFile:
    """Read a ``.json`` program file or a ``.txt`` word problem."""
    path = Path(path)
    text = read_text_file(path, "program")  # the input layer's wording: FILE:LINE, byte offset
    if path.suffix.lower() == ".txt":
        return _load_text_problem(text, path)
    return parse_program_json(text, source=str(path))


def _load_text_problem(text: str, path: Path) -> ProgramFile:
    # imported here: the word-problem parser lives in vlp.grammar, built independently
    from vlp.grammar import parse_problem  # type: ignore[attr-defined]

    parsed = parse_problem(text, source=str(path))
    order = tuple(parsed.axiom_order)
    sentences = _aligned_sentences(parsed.sentences, order)
    return ProgramFile(parsed.program, parsed.query, order, sentences)


def _aligned_sentences(sentences: Any, order: tuple[Atom, ...]) -> tuple[str | None, ...]:
    if isinstance(sentences, dict):
        return tuple(sentences.get(atom) for atom in order)
    sentences = tuple(sentences or ())
    if len(sentences) == len(order):
        return tuple(s if isinstance(s, str) or s is None else str(s) for s in sentences)
    return (None,) * len(order)


def parse_program_json(text: str, source: str = "<json>") -> ProgramFile:
    """Parse the JSON program format; errors name ``source:line``."""
    return program_from_json(load_json_text(text, source), source, text)


def program_from_json(data: Any, source: str = "<json>", text: str = "") -> ProgramFile:
    """The program of already-decoded JSON ``data``; ``text``, the JSON it was decoded from,
    only locates errors (without it they name line 1)."""
    if not isinstance(data, dict):
        raise InputError("a program file is a JSON object with \"axioms\" and \"query\"",
                         location=f"{source}:1")
    axioms = data.get("axioms")
    if not isinstance(axioms, list) or not axioms:
        raise InputError("\"axioms\" must be a non-empty list of atoms",
                         location=f"{source}:{_line_of(text, _AXIOMS_KEY)}")
    order: list[Atom] = []
    listed: set[Atom] = set()
    sentences: list[str | None] = []
    for number, entry in enumerate(axioms, 1):
        if isinstance(entry, str):
            atom_text, sentence = entry, None
        elif isinstance(entry, dict) and isinstance(entry.get("atom"), str):
            atom_text = entry["atom"]
            sentence = entry.get("sentence")
            if sentence is not None and not isinstance(sentence, str):
                raise InputError(f"axiom {number}: \"sentence\" must be a string",
                                 location=f"{source}:{_line_of(text, atom_text)}")
        else:
            raise InputError(f"axiom {number} must be an atom string or an object with "
                             f"\"atom\"", location=f"{source}:{_line_of(text, _AXIOMS_KEY)}")
        atom = _parse(atom_text, text, source, parse_atom)
        if atom in listed:
            raise InputError(f"axiom {atom} is listed twice",
                             location=f"{source}:{_line_of(text, atom_text, occurrence=2)}")
        order.append(atom)
        listed.add(atom)
        sentences.append(sentence)
    query_text = data.get("query")
    query: Query | None = None
    if query_text is not None:
        if not isinstance(query_text, str):
            raise InputError("\"query\" must be a string such as \"cont({eddie}, ?, parrots, ?)\"",
                             location=f"{source}:{_line_of(text, _QUERY_KEY)}")
        query = _parse(query_text, text, source, parse_query)
    check_program(order, f"{source}:{_line_of(text, _AXIOMS_KEY)}")
    return ProgramFile(Program(order), query, tuple(order), tuple(sentences))


def _parse(atom_text: str, text: str, source: str, parser: Any) -> Any:
    try:
        return parser(atom_text)
    except CanonicalSyntaxError as error:
        message = str(error)
        if message.startswith("line 1, "):  # the atom's own line is the file's, not 1
            message = message[len("line 1, "):]
        raise InputError(f"bad atom {shown(atom_text, 120)}: {message}",
                         location=f"{source}:{_line_of(text, atom_text)}") from None


def _line_of(text: str, needle: str, occurrence: int = 1) -> int:
    """1-based line of the ``occurrence``-th appearance of ``needle`` in the file (else 1)."""
    encoded = json.dumps(needle)[1:-1]  # how the string is spelled inside the JSON file
    start = -1
    for _ in range(occurrence):
        found = text.find(encoded, start + 1)
        if found < 0:
            found = text.find(needle, start + 1)
        if found < 0:
            return 1 if start < 0 else text.count("\n", 0, start) + 1
        start = found
    return text.count("\n", 0, start) + 1
