"""User-facing errors: one line, exit code 2, never a traceback."""

from __future__ import annotations


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
