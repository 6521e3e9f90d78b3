"""Problem references: the one way every command and ``vlp.verify`` name a problem.

A problem is named by any of

* ``FILE.jsonl:ID`` -- the record of a JSON Lines file whose id is ``ID`` (else its
  ``ID``-th line, for files without ids);
* ``FILE.jsonl`` -- the file's only record (a file of several needs ``:ID``, or ``--id ID``
  on the command line);
* ``FILE.json`` -- a problem record, or a program file (canonical atoms and a query);
* any other existing file (``FILE.txt``) -- a word problem's text;
* a record (a ``dict``), in Python;
* the problem's text itself: a string with a space in it that names no file.

A string without spaces always names a file, so a mistyped name is "no such problem
file", never a word problem the grammar cannot read.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import attrs

from vlp.errors import InputError
from vlp.records import iter_jsonl, read_text_file, record_id
from vlp.validate import check_loose_problem

JSONL_SUFFIX = ".jsonl"


@attrs.frozen
class Reference:
    """What a problem reference resolved to: exactly one of ``record`` (from a ``.jsonl``
    file), ``path`` (a ``.json`` record or program file, or a text file) and ``text``.
    ``source`` names it in errors: ``FILE.jsonl:LINE``, the file or ``<problem>``."""

    source: str
    record: dict[str, Any] | None = None
    path: Path | None = None
    text: str | None = None


def is_file_name(text: str) -> bool:
    """Whether a string names a file rather than being a problem's text: a problem has
    sentences, so spaces; a file name on a command line has none (or names a file)."""
    if " " not in text:
        return True
    if len(text) > 4096:
        return False
    try:
        return Path(text).is_file()
    except (OSError, ValueError):  # a name too long, a NUL byte
        return False


def split_record_reference(text: str) -> tuple[Path, str] | None:
    """``(FILE.jsonl, ID)`` for ``FILE.jsonl:ID`` where no file of the whole name exists."""
    file_part, colon, identifier = text.rpartition(":")
    if not colon or not file_part.lower().endswith(JSONL_SUFFIX) or not identifier:
        return None
    try:
        if Path(text).exists():
            return None
    except (OSError, ValueError):
        return None
    return Path(file_part), identifier


def resolve(reference: str | Path, *, problem_id: str | None = None,
            source: str = "<problem>", what: str = "problem") -> Reference:
    """A problem reference resolved (module docstring); ``problem_id`` picks one record of
    a ``.jsonl`` file (``--id``); ``what`` names the file in errors ("no such problem
    file"). Every failure is an :class:`InputError` of one line."""
    if isinstance(reference, str) and not is_file_name(reference):
        if problem_id is not None:
            raise InputError("--id picks a record of a .jsonl file; this is a problem's text",
                             source)
        return Reference(source, text=reference)
    name = str(reference)
    split = split_record_reference(name) if isinstance(reference, str) else None
    if split is not None:
        path, identifier = split
        if problem_id is not None and problem_id != identifier:
            raise InputError(f"the reference names id {identifier!r} and --id {problem_id!r}: "
                             "give one", name)
        number, record = find_record(path, identifier)
        return Reference(f"{path}:{number}", record=record)
    path = Path(reference)
    if path.suffix.lower() == JSONL_SUFFIX:
        number, record = (find_record(path, problem_id) if problem_id is not None
                          else only_record(path))
        return Reference(f"{path}:{number}", record=record)
    if problem_id is not None:
        raise InputError("--id picks a record of a .jsonl file", name)
    if not path.is_file():
        read_text_file(path, what)  # the error that names why (absent, a directory)
    return Reference(name, path=path)


def only_record(path: Path) -> tuple[int, dict[str, Any]]:
    """(line number, record) of a ``.jsonl`` file that holds exactly one record."""
    found: list[tuple[int, dict[str, Any]]] = []
    for number, record, error in iter_jsonl(path, "problem"):
        if record is None:
            raise InputError(error, f"{path}:{number}")
        found.append((number, record))
        if len(found) > 1:
            raise InputError("the file holds several records: name one as FILE.jsonl:ID "
                             "(or with --id ID)", str(path))
    if not found:
        raise InputError("no problem records", str(path))
    number, record = found[0]
    check_loose_problem(record, f"{path}:{number}")
    return number, record


def find_record(path: Path, identifier: str) -> tuple[int, dict[str, Any]]:
    """(line number, record) of the record of ``path`` with id ``identifier`` (else the
    one on line ``identifier``), checked against the record schema."""
    found = next(((number, record) for number, record, _ in iter_jsonl(path, "problem")
                  if record is not None and record_id(record) == identifier), None)
    # a 1-based line number, for files without ids ('²'.isdigit() holds, but int() refuses it)
    if found is None and identifier.isascii() and identifier.isdigit():
        for number, record, error in iter_jsonl(path, "problem"):
            if number == int(identifier):
                if record is None:
                    raise InputError(error, f"{path}:{number}")
                found = number, record
                break
    if found is None:
        raise InputError(f"no record with id {identifier!r}", str(path))
    number, record = found
    check_loose_problem(record, f"{path}:{number}")
    return number, record
