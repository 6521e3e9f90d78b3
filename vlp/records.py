"""The bottom module: reading the project's files with one wording of every error
(``FILE:LINE: problem``, exit code 2 through :class:`vlp.errors.InputError`), the one
resumable JSON-Lines writer, and the names of the fields records carry. Below every layer:
it imports nothing from vlp but the error type, and every layer may import it.
"""

from __future__ import annotations

import json
import os
import re
import stat
from collections.abc import Callable, Hashable, Iterator
from pathlib import Path
from typing import Any, BinaryIO

from vlp.errors import InputError, shown
from vlp.output import NOFOLLOW, write_failed

# Record fields: where a transcript record keeps its text, and a record its id.
TRANSCRIPT_KEYS = ("transcript", "output", "response", "completion", "proof", "text")
ID_KEYS = ("id", "problem_id", "uid")


# JSON nested deeper than this is refused before any code walks it: the records this project
# writes nest at most 4 levels, and Python's json and every recursive reader stop near 1,000.
MAX_JSON_DEPTH = 64


# What is read, bounded (README: Limits; vlp/limits.py lists them with the program limits).
# A file read whole (a program, a problem record, a run's JSON): 20,000 axioms of ~200 bytes
# each with their sentences are 4 MB.
MAX_FILE_BYTES = 32_000_000
# One line of a JSON-Lines file (a problem record, a transcript record of at most 1 MB of
# transcript, a report row): a record is held in memory whole.
MAX_LINE_BYTES = 32_000_000
# A JSON-Lines file: streamed line by line, but problems are held by id; the paper's whole
# design (500 bases, 49,000 problems) is ~250 MB.
MAX_JSONL_BYTES = 4_000_000_000


def _unreadable(path: Path, what: str, error: OSError) -> InputError:
    if isinstance(error, FileNotFoundError):
        return InputError(f"no such {what} file", str(path))
    if isinstance(error, IsADirectoryError):
        return InputError(f"is a directory, not a {what} file", str(path))
    return InputError(f"cannot read the {what}: {error.strerror}", str(path))


def _openable(path: Path, what: str) -> None:
    """Refuse a path no file can have (a NUL byte: ``open`` raises ValueError, not OSError),
    and a directory (some systems open one and fail only on read)."""
    if "\x00" in str(path):
        raise InputError(f"a {what} path cannot contain a NUL character: {shown(str(path))}")
    if path.is_dir():
        raise _unreadable(path, what, IsADirectoryError())


def open_input(path: Path, what: str, limit: int) -> BinaryIO:
    """``path`` opened for reading, if it is a regular file of at most ``limit`` bytes.
    A FIFO, socket or device is refused before a byte is read: opening or reading one may
    block forever (a FIFO no one writes) or never end (``/dev/zero``). The open itself does
    not block (``O_NONBLOCK``, which a regular file ignores)."""
    _openable(path, what)
    try:
        fd = os.open(path, os.O_RDONLY | getattr(os, "O_NONBLOCK", 0))
    except OSError as error:
        raise _unreadable(path, what, error) from None
    try:
        info = os.fstat(fd)
        if not stat.S_ISREG(info.st_mode):
            raise InputError(f"is {_kind(info.st_mode)}, not a regular file (the {what} "
                             "must be one" + ("; - reads standard input)"
                                              if what == "transcript" else ")"), str(path))
        if info.st_size > limit:
            raise InputError(too_long(what, limit, info.st_size), str(path))
    except BaseException:
        os.close(fd)
        raise
    return os.fdopen(fd, "rb")


def _kind(mode: int) -> str:
    if stat.S_ISFIFO(mode):
        return "a FIFO (a named pipe)"
    if stat.S_ISSOCK(mode):
        return "a socket"
    return "a device" if stat.S_ISCHR(mode) or stat.S_ISBLK(mode) else "a special file"


def check_input_file(path: Path, what: str, limit: int = MAX_JSONL_BYTES) -> None:
    """Refuse ``path`` as :func:`open_input` would, reading nothing (for an input that is
    hashed or counted before it is read)."""
    open_input(path, what, limit).close()


def read_text_file(path: Path, what: str, *, limit: int = MAX_FILE_BYTES) -> str:
    """The file's text; a file of more than ``limit`` bytes is refused, and no more than
    ``limit + 1`` bytes are ever read (a file that grows while read included)."""
    with open_input(path, what, limit) as handle:
        try:
            data = handle.read(limit + 1)
        except OSError as error:
            raise _unreadable(path, what, error) from None
    if len(data) > limit:
        raise InputError(too_long(what, limit), str(path))
    return decode_text(data, str(path), what)


def too_long(what: str, limit: int, size: int | None = None) -> str:
    """The refusal of an input past a documented limit (README: Limits)."""
    if size is None:
        return f"the {what} is longer than {limit:,} bytes, the most read (README: Limits)"
    return f"the {what} is {size:,} bytes; at most {limit:,} are read (README: Limits)"


def _not_text(data: bytes, location: str, what: str, offset: int = 0,
              first_line: int = 1) -> InputError | None:
    """Why ``data`` (starting at byte ``offset``, on line ``first_line`` of its file) is not
    UTF-8 text, as an error at ``location:LINE``; None if it is text."""
    zero = data.find(b"\x00")
    if zero >= 0:
        line = first_line + data.count(b"\n", 0, zero)
        return InputError(f"the {what} is a binary file, not text (a NUL byte at byte offset "
                          f"{offset + zero})", f"{location}:{line}")
    try:
        data.decode("utf-8")
    except UnicodeDecodeError as error:
        line = first_line + data.count(b"\n", 0, error.start)
        return InputError(f"not UTF-8 text: byte 0x{data[error.start]:02x} at byte offset "
                          f"{offset + error.start}", f"{location}:{line}")
    return None


def decode_text(data: bytes, location: str, what: str) -> str:
    error = _not_text(data, location, what)
    if error is not None:
        raise error
    return data.decode("utf-8-sig")


def malformed_json(error: json.JSONDecodeError) -> str:
    return f"malformed JSON: {error.msg} (column {error.colno})"


def _too_deep() -> str:
    return f"JSON nested deeper than {MAX_JSON_DEPTH} levels"


def _depth_exceeds(value: Any, limit: int) -> bool:
    """Whether ``value`` nests deeper than ``limit`` (iteratively: nothing recurses)."""
    stack = [(value, 1)]
    while stack:
        item, depth = stack.pop()
        if depth > limit:
            return True
        children = item.values() if isinstance(item, dict) else item
        stack.extend((child, depth + 1) for child in children
                     if isinstance(child, (dict, list)))
    return False


class _DuplicateKey(Exception):
    def __init__(self, key: str) -> None:
        super().__init__(key)
        self.key = key


def _object(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
    """A JSON object, refused if a key appears twice: Python's json keeps the last value
    silently, other readers the first, so the record would mean two things."""
    value = dict(pairs)
    if len(value) != len(pairs):
        seen: set[str] = set()
        for key, _ in pairs:
            if key in seen:
                raise _DuplicateKey(key)
            seen.add(key)
    return value


def _line_of_second(text: str, key: str) -> int:
    """The line where ``key`` is written the second time (as an object's key)."""
    spellings = {json.dumps(key), json.dumps(key, ensure_ascii=False)}
    found = sorted(m.start() for spelling in spellings
                   for m in re.finditer(re.escape(spelling) + r"\s*:", text))
    at = found[1] if len(found) > 1 else 0
    return text.count("\n", 0, at) + 1


def parse_json(text: str) -> tuple[Any, str, int]:
    """(value, "", 0), or (None, what is wrong, its line) for malformed JSON, JSON nested
    deeper than :data:`MAX_JSON_DEPTH`, an object with a key written twice, or a string
    holding a lone surrogate."""
    try:
        value = json.loads(text, object_pairs_hook=_object)
    except _DuplicateKey as duplicate:
        return None, f"the key {shown(duplicate.key)} appears twice in one object", \
            _line_of_second(text, duplicate.key)
    except json.JSONDecodeError as error:
        return None, malformed_json(error), error.lineno
    except RecursionError:  # deeper than the interpreter's limit (~1,000)
        return None, _too_deep(), 1
    except ValueError as error:  # a whole number past Python's 4,300 digits
        return None, f"malformed JSON: {str(error).split(':')[0].lower()}", 1
    if isinstance(value, (dict, list)) and text.count("[") + text.count("{") > MAX_JSON_DEPTH \
            and _depth_exceeds(value, MAX_JSON_DEPTH):
        return None, _too_deep(), 1
    # UTF-8 text holds no surrogate, so only a \uD800-\uDFFF escape can make one; unpaired,
    # it is no character, and every later write of the string as UTF-8 would fail
    escape = _SURROGATE_ESCAPE.search(text)
    if escape is not None:
        lone = _lone_surrogate(value)
        if lone is not None:
            return (None, f"a lone surrogate \\u{ord(lone):04x} in a JSON string is no Unicode "
                    "character", text.count("\n", 0, escape.start()) + 1)
    return value, "", 0


_SURROGATE_ESCAPE = re.compile(r"\\u[dD][89a-fA-F][0-9a-fA-F]{2}")
_SURROGATE = re.compile("[\ud800-\udfff]")


def _lone_surrogate(value: Any) -> str | None:
    """The first surrogate in a string (or a key) inside ``value`` (iteratively)."""
    stack = [value]
    while stack:
        item = stack.pop()
        if isinstance(item, str):
            found = _SURROGATE.search(item)
            if found is not None:
                return found.group()
        elif isinstance(item, dict):
            stack.extend(item.keys())
            stack.extend(item.values())
        elif isinstance(item, list):
            stack.extend(item)
    return None


def canonical_json(record: Any) -> str:
    """A record as JSON text with its keys sorted: equal records give equal text, so the
    text keys what is read once per record. Raises what ``json.dumps`` raises (``TypeError``,
    ``ValueError``, ``RecursionError``) for a value JSON cannot write."""
    return json.dumps(record, sort_keys=True, ensure_ascii=False)


def load_json_text(text: str, location: str) -> Any:
    """``text`` decoded; malformed or too deeply nested JSON is an error at
    ``location:LINE``."""
    value, error, line = parse_json(text)
    if error:
        raise InputError(error, f"{location}:{line}")
    return value


def read_json_file(path: Path, what: str) -> Any:
    return load_json_text(read_text_file(path, what), str(path))


def iter_jsonl(path: Path, what: str, *, complete_lines: bool = False,
               ) -> Iterator[tuple[int, dict[str, Any] | None, str]]:
    """(line number, object or None if the line is malformed, error message) per line.
    Read line by line, so memory holds one line; a line past :data:`MAX_LINE_BYTES` and a
    file past :data:`MAX_JSONL_BYTES` are refused (README: Limits). ``complete_lines``
    skips a last line without its newline (what a crash in the middle of a write leaves).
    Bytes that are not UTF-8 text are an error at ``FILE:LINE`` naming their byte offset."""
    handle = open_input(path, what, MAX_JSONL_BYTES)
    offset = 0
    with handle:
        for number, data in enumerate(iter(lambda: handle.readline(MAX_LINE_BYTES + 1), b""),
                                      1):
            if len(data) > MAX_LINE_BYTES:  # read no further: the line may never end
                raise InputError(f"a line longer than {MAX_LINE_BYTES:,} bytes, the most "
                                 "read (README: Limits)", f"{path}:{number}")
            if complete_lines and not data.endswith(b"\n"):
                return
            error = _not_text(data, str(path), what, offset, number)
            if error is not None:
                raise error
            offset += len(data)
            line = data.decode("utf-8-sig")
            if not line.strip():
                continue
            # without its newline: an error at the end names the line's last column
            value, message, _ = parse_json(line.rstrip("\r\n"))
            if message:
                yield number, None, message
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
    noted, in one unbuffered ``write`` (and an ``fsync`` if ``durable``; otherwise at the
    end of ``with writer:``), so a crash can only cut the last line. What was written is
    never rewritten: resuming only cuts a last line left without its newline. A write that
    fails (a full disk) is taken back and raised as one line saying how many rows are kept
    (:func:`vlp.output.write_failed`, exit code 1). New files get 0666 less the umask.

    Inside ``with writer:`` one descriptor serves every append; outside, each opens its own.
    """

    def __init__(self, path: Path, key: Callable[[dict[str, Any]], Hashable], *,
                 what: str = "results", durable: bool = False) -> None:
        self.path = Path(path)
        self.key = key
        self.what = what
        self.durable = durable
        self.done: set[Hashable] = set()
        self.rows = 0  # in the file: resumed and appended
        self._fd: int | None = None

    def resume(self, *, lenient: bool = False, restart: bool = False,
               ) -> Iterator[dict[str, Any]]:
        """The rows already written, keys noted. A last line cut off by a crash is removed
        (one that is whole but for its newline gets the newline). Strict (the default), a
        malformed complete line is an error at ``FILE:LINE``; ``lenient``, it and any row
        without a key are passed over (left in the file, never rewritten). ``restart``
        empties the file first; a lenient resume creates the file if absent."""
        self.done = set()
        self.rows = 0
        self.path.parent.mkdir(parents=True, exist_ok=True)
        if restart or (lenient and not self.path.exists()):
            self._close(os.open(self.path, os.O_WRONLY | os.O_CREAT | os.O_TRUNC | NOFOLLOW,
                                0o666), sync=False)
            return
        if not self.path.exists():
            return
        self._mend_last_line()
        if not lenient:
            for _, row in read_jsonl(self.path, self.what):
                self.done.add(self.key(row))
                self.rows += 1
                yield row
            return
        for _, row, _error in iter_jsonl(self.path, self.what):
            key = None if row is None else self.key(row)
            if key is not None:
                self.done.add(key)
                self.rows += 1
                yield row  # type: ignore[misc]

    def _mend_last_line(self) -> None:
        with os.fdopen(os.open(self.path, os.O_RDWR | NOFOLLOW), "r+b") as file:
            size = file.seek(0, os.SEEK_END)
            if size == 0:
                return
            file.seek(size - 1)
            if file.read(1) == b"\n":
                return
            # the last newline, read backwards in blocks: the file may be large
            end, cut = size, 0
            while end > 0:
                start = max(0, end - 65536)
                file.seek(start)
                block = file.read(end - start)
                found = block.rfind(b"\n")
                if found >= 0:
                    cut = start + found + 1
                    break
                end = start
            file.seek(cut)
            tail = file.read(MAX_LINE_BYTES + 1)  # a longer line is no row: never read whole
            try:
                value, error, _ = parse_json(tail.decode("utf-8"))
                whole = not error and isinstance(value, dict) and len(tail) <= MAX_LINE_BYTES
            except UnicodeDecodeError:
                whole = False
            if whole:
                file.seek(0, os.SEEK_END)
                file.write(b"\n")
            else:
                file.truncate(cut)

    def _open(self) -> int:
        return os.open(self.path, os.O_WRONLY | os.O_APPEND | os.O_CREAT | NOFOLLOW, 0o666)

    def _close(self, fd: int, *, sync: bool) -> None:
        try:
            if sync:
                os.fsync(fd)
        except OSError as error:
            raise write_failed(self.path, error, self._kept()) from None
        finally:
            os.close(fd)

    def __enter__(self) -> JsonlWriter:
        self._fd = self._open()
        return self

    def __exit__(self, *exc: object) -> None:
        fd, self._fd = self._fd, None
        if fd is not None:
            self._close(fd, sync=True)  # what a long run wrote is on disk when it ends

    def append(self, row: dict[str, Any] | str, key: Hashable | None = None) -> bool:
        """Write ``row`` (an object, or its JSON line as already serialised) unless its key
        (``key``, else the writer's key of an object) is written; True if written."""
        if key is None and isinstance(row, dict):
            key = self.key(row)
        if key is not None and key in self.done:
            return False
        line = (row if isinstance(row, str)
                else json.dumps(row, ensure_ascii=False, sort_keys=True)) + "\n"
        if self._fd is None:
            fd = self._open()
            try:
                self._write(fd, line.encode("utf-8"))
            finally:
                os.close(fd)
        else:
            self._write(self._fd, line.encode("utf-8"))
        if key is not None:
            self.done.add(key)
        self.rows += 1
        return True

    def _kept(self) -> str:
        return (f"the {self.rows} whole lines before it are kept; rerun the same command "
                "to resume")

    def _write(self, fd: int, data: bytes) -> None:
        before = os.fstat(fd).st_size
        try:
            view = memoryview(data)
            while view:
                view = view[os.write(fd, view):]
            if self.durable:
                os.fsync(fd)
        except OSError as error:
            try:  # take back a partly written line, so the file ends with a whole row
                os.ftruncate(fd, before)
            except OSError:
                pass  # the next resume cuts it
            raise write_failed(self.path, error, self._kept()) from None


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
