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
