"""The bottom module: reading the project's files with one wording of every error
(``FILE:LINE: problem``, exit code 2 through :class:`vlp.errors.InputError`), and the
names of the fields records carry. Below every layer: it imports nothing from vlp but
the error type, and every layer may import it.
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path
from typing import Any

from vlp.errors import InputError

# Record fields: where a transcript record keeps its text, and a record its id.
TRANSCRIPT_KEYS = ("transcript", "output", "response", "completion", "proof", "text")
ID_KEYS = ("id", "problem_id", "uid")


def read_text_file(path: Path, what: str) -> str:
    try:
        data = path.read_bytes()
    except FileNotFoundError:
        raise InputError(f"no such {what} file", str(path)) from None
    except IsADirectoryError:
        raise InputError(f"the {what} is a directory, not a file", str(path)) from None
    except OSError as error:
        raise InputError(f"cannot read the {what}: {error.strerror}", str(path)) from None
    return decode_text(data, str(path), what)


def decode_text(data: bytes, location: str, what: str) -> str:
    if b"\x00" in data:
        raise InputError(f"the {what} is a binary file, not text", location)
    try:
        return data.decode("utf-8-sig")
    except UnicodeDecodeError as error:
        line = data[: error.start].count(b"\n") + 1
        raise InputError(f"the {what} is not UTF-8 text", f"{location}:{line}") from None


def load_json_text(text: str, location: str) -> Any:
    try:
        return json.loads(text)
    except json.JSONDecodeError as error:
        raise InputError(f"not valid JSON: {error.msg}", f"{location}:{error.lineno}") from None


def iter_jsonl(path: Path, what: str) -> Iterator[tuple[int, dict[str, Any] | None, str]]:
    """(line number, object or None if the line is malformed, error message) per line.
    Read line by line: a file of any size streams."""
    try:
        handle = path.open("rb")
    except FileNotFoundError:
        raise InputError(f"no such {what} file", str(path)) from None
    except IsADirectoryError:
        raise InputError(f"the {what} is a directory, not a file", str(path)) from None
    except OSError as error:
        raise InputError(f"cannot read the {what}: {error.strerror}", str(path)) from None
    with handle:
        for number, data in enumerate(handle, 1):
            if b"\x00" in data:
                raise InputError(f"the {what} is a binary file, not text", f"{path}:{number}")
            try:
                line = data.decode("utf-8-sig")
            except UnicodeDecodeError:
                raise InputError(f"the {what} is not UTF-8 text", f"{path}:{number}") from None
            if not line.strip():
                continue
            try:
                value = json.loads(line)
            except json.JSONDecodeError as error:
                yield number, None, f"malformed JSON ({error.msg})"
                continue
            if not isinstance(value, dict):
                yield number, None, "each line must be a JSON object"
                continue
            yield number, value, ""


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
