"""The bottom module: reading the project's files with one wording of every error
(``FILE:LINE: problem``, exit code 2 through :class:`vlp.errors.InputError`), the one
resumable JSON-Lines writer, and the names of the fields records carry. Below every layer:
it imports nothing from vlp but the error type, and every layer may import it.
"""

from __future__ import annotations

import json
import os
from collections.abc import Callable, Hashable, Iterator
from pathlib import Path
from typing import Any

from vlp.errors import InputError

# Record fields: where a transcript record keeps its text, and a record its id.
TRANSCRIPT_KEYS = ("transcript", "output", "response", "completion", "proof", "text")
ID_KEYS = ("id", "problem_id", "uid")


def _unreadable(path: Path, what: str, error: OSError) -> InputError:
    if isinstance(error, FileNotFoundError):
        return InputError(f"no such {what} file", str(path))
    if isinstance(error, IsADirectoryError):
        return InputError(f"the {what} is a directory, not a file", str(path))
    return InputError(f"cannot read the {what}: {error.strerror}", str(path))


def read_text_file(path: Path, what: str) -> str:
    try:
        data = path.read_bytes()
    except OSError as error:
        raise _unreadable(path, what, error) from None
    return decode_text(data, str(path), what)


def decode_text(data: bytes, location: str, what: str) -> str:
    if b"\x00" in data:
        raise InputError(f"the {what} is a binary file, not text", location)
    try:
        return data.decode("utf-8-sig")
    except UnicodeDecodeError as error:
        line = data[: error.start].count(b"\n") + 1
        raise InputError(f"the {what} is not UTF-8 text", f"{location}:{line}") from None


def malformed_json(error: json.JSONDecodeError) -> str:
    return f"malformed JSON: {error.msg} (column {error.colno})"


def load_json_text(text: str, location: str) -> Any:
    """``text`` decoded; malformed JSON is an error at ``location:LINE``."""
    try:
        return json.loads(text)
    except json.JSONDecodeError as error:
        raise InputError(malformed_json(error), f"{location}:{error.lineno}") from None


def read_json_file(path: Path, what: str) -> Any:
    return load_json_text(read_text_file(path, what), str(path))


def iter_jsonl(path: Path, what: str, *, complete_lines: bool = False,
               ) -> Iterator[tuple[int, dict[str, Any] | None, str]]:
    """(line number, object or None if the line is malformed, error message) per line.
    Read line by line: a file of any size streams. ``complete_lines`` skips a last line
    without its newline (what a crash in the middle of a write leaves)."""
    try:
        handle = path.open("rb")
    except OSError as error:
        raise _unreadable(path, what, error) from None
    with handle:
        for number, data in enumerate(handle, 1):
            if complete_lines and not data.endswith(b"\n"):
                return
            if b"\x00" in data:
                raise InputError(f"the {what} is a binary file, not text", f"{path}:{number}")
            try:
                line = data.decode("utf-8-sig")
            except UnicodeDecodeError:
                raise InputError(f"the {what} is not UTF-8 text", f"{path}:{number}") from None
            if not line.strip():
                continue
            try:  # without its newline: an error at the end names the line's last column
                value = json.loads(line.rstrip("\r\n"))
            except json.JSONDecodeError as error:
                yield number, None, malformed_json(error)
                continue
            if not isinstance(value, dict):
                yield number, None, "each line must be a JSON object"
                continue
            yield number, value, ""


def read_jsonl(path: Path, what: str, *, complete_lines: bool = False,
               ) -> Iterator[tuple[int, dict[str, Any]]]:
    """(line number, object) per line; a malformed line is an error at ``FILE:LINE``."""
    for number, value, error in iter_jsonl(path, what, complete_lines=complete_lines):
        if value is None:
            raise InputError(error, f"{path}:{number}")
        yield number, value


class JsonlWriter:
    """An append-only JSON-Lines file that a resumed run extends: :meth:`resume` reads the
    rows already there and notes their keys, :meth:`append` writes a row unless its key is
    noted, in one ``write`` followed by a flush (and an ``fsync`` if ``durable``), so a
    crash can only cut the last line. New files get 0666 less the umask, as ``open`` gives.

    Inside ``with writer:`` one handle serves every append; outside, each opens its own.
    """

    def __init__(self, path: Path, key: Callable[[dict[str, Any]], Hashable], *,
                 what: str = "results", durable: bool = False) -> None:
        self.path = Path(path)
        self.key = key
        self.what = what
        self.durable = durable
        self.done: set[Hashable] = set()
        self._handle: Any = None

    def resume(self, *, lenient: bool = False, restart: bool = False,
               ) -> Iterator[dict[str, Any]]:
        """The rows already written, keys noted. A last line cut off by a crash is removed.
        Strict (the default), a malformed complete line is an error at ``FILE:LINE``;
        ``lenient``, it and any row without a key are dropped and the file is rewritten
        without them (atomically, streamed). ``restart`` empties the file first; a
        lenient resume creates the file if absent."""
        self.done = set()
        self.path.parent.mkdir(parents=True, exist_ok=True)
        if restart or (lenient and not self.path.exists()):
            self.path.write_text("", encoding="utf-8")
            return
        if not self.path.exists():
            return
        if lenient:
            yield from self._rewrite_keeping_rows()
            return
        self._cut_partial_line()
        for _, row in read_jsonl(self.path, self.what, complete_lines=True):
            self.done.add(self.key(row))
            yield row

    def _cut_partial_line(self) -> None:
        with open(self.path, "r+b") as file:
            size = file.seek(0, os.SEEK_END)
            if size == 0:
                return
            file.seek(size - 1)
            if file.read(1) == b"\n":
                return
            # the last newline, read backwards in blocks: the file may be large
            end = size
            while end > 0:
                start = max(0, end - 65536)
                file.seek(start)
                block = file.read(end - start)
                cut = block.rfind(b"\n")
                if cut >= 0:
                    file.truncate(start + cut + 1)
                    return
                end = start
            file.truncate(0)

    def _rewrite_keeping_rows(self) -> Iterator[dict[str, Any]]:
        temporary = self.path.with_name(self.path.name + ".tmp")
        with self.path.open(encoding="utf-8", errors="replace") as source, \
                temporary.open("w", encoding="utf-8") as kept:
            for line in source:
                try:
                    row = json.loads(line)
                except json.JSONDecodeError:
                    continue
                key = self.key(row) if isinstance(row, dict) else None
                if key is None:
                    continue
                self.done.add(key)
                kept.write(line if line.endswith("\n") else line + "\n")
                yield row
        os.replace(temporary, self.path)

    def __enter__(self) -> JsonlWriter:
        self._handle = self.path.open("a", encoding="utf-8")
        return self

    def __exit__(self, *exc: object) -> None:
        self._handle.close()
        self._handle = None

    def append(self, row: dict[str, Any] | str, key: Hashable | None = None) -> bool:
        """Write ``row`` (an object, or its JSON line as already serialised) unless its key
        (``key``, else the writer's key of an object) is written; True if written."""
        if key is None and isinstance(row, dict):
            key = self.key(row)
        if key is not None and key in self.done:
            return False
        line = (row if isinstance(row, str)
                else json.dumps(row, ensure_ascii=False, sort_keys=True)) + "\n"
        if self._handle is None:
            with self.path.open("a", encoding="utf-8") as handle:
                self._write(handle, line)
        else:
            self._write(self._handle, line)
        if key is not None:
            self.done.add(key)
        return True

    def _write(self, handle: Any, line: str) -> None:
        handle.write(line)
        handle.flush()
        if self.durable:
            os.fsync(handle.fileno())


def record_id(record: dict[str, Any]) -> str | None:
    value = next((record[k] for k in ID_KEYS if record.get(k) is not None), None)
    return None if value is None else str(value)


def transcript_of(record: dict[str, Any]) -> tuple[str | None, Any]:
    text = next((record[k] for k in TRANSCRIPT_KEYS if isinstance(record.get(k), str)), None)
    if text is None:
        steps = record.get("steps") or record.get("trace")
        if isinstance(steps, list):
            text = " ".join(s if isinstance(s, str) else str(s.get("text", "")) for s in steps
                            if isinstance(s, (str, dict)))
    return text, record.get("answer")
