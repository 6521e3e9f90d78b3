"""User-facing errors: one line, exit code 2, never a traceback."""

from __future__ import annotations

import re

# the user-information part of a URL (``scheme://USER:PASSWORD@host``): a secret
_URL_CREDENTIALS = re.compile(r"(?i)\b([a-z][a-z0-9+.\-]*://)[^/\s@?#]*@")


def redact_credentials(text: str) -> str:
    """``text`` with the credentials of every URL in it replaced by ``***``
    (``http://user:pw@host/v1`` -> ``http://***@host/v1``), for whatever is printed or
    stored: error lines, run records, command lines."""
    return _URL_CREDENTIALS.sub(r"\1***@", text)


class InputError(Exception):
    """Bad user input (a file, a line, an argument). Printed as one line; exit code 2.

    ``location`` is e.g. ``"problem.json:3"`` or ``"problem.json:3:14"``.
    """

    exit_code = 2

    def __init__(self, message: str, location: str | None = None):
        super().__init__(message)
        self.message = message
        self.location = location

    def __str__(self) -> str:
        return f"{self.location}: {self.message}" if self.location else self.message


def shown(value: object, limit: int = 60) -> str:
    """``value`` as an error message quotes it: its ``repr``, cut to about ``limit``
    characters (an input can be megabytes long; an error stays one readable line)."""
    try:
        text = repr(value)
    except ValueError:  # a whole number past Python's 4,300 digits
        text = "a number of more than 4,300 digits"
    if len(text) <= limit:
        return text
    return f"{text[: limit - 24]}...{text[-12:]} ({len(text):,} characters)"
