"""What made a run: vlp's version, the git revision of its source, the command, the times.

Recorded in ``run.json`` once per invocation (a resumed run has several sessions), so that a
result can be traced to the code and the settings that produced it.
"""

from __future__ import annotations

import shlex
import subprocess
import sys
from collections.abc import Sequence
from datetime import datetime, timezone
from functools import cache
from importlib import metadata
from pathlib import Path
from typing import Any

import vlp


def now() -> str:
    """The time in UTC, ISO 8601 to the second (``2026-12-01T09:30:00+00:00``)."""
    return datetime.now(timezone.utc).isoformat(timespec="seconds")


def vlp_version() -> str:
    try:
        return metadata.version("vlp")
    except metadata.PackageNotFoundError:  # run from a source tree that is not installed
        return vlp.__version__


@cache
def git_revision() -> str | None:
    """The commit of vlp's source tree (``+dirty`` with uncommitted changes to tracked
    files), or None when vlp is not run from a git checkout or git is missing."""
    source = Path(vlp.__file__).resolve().parent.parent

    def git(*arguments: str) -> str:
        return subprocess.run(["git", "-C", str(source), *arguments], capture_output=True,
                              text=True, timeout=10, check=True).stdout.strip()

    try:
        revision = git("rev-parse", "HEAD")
        dirty = git("status", "--porcelain", "--untracked-files=no")
    except (OSError, subprocess.SubprocessError):
        return None
    return f"{revision}+dirty" if dirty else revision


def session_record(settings: dict[str, Any], argv: Sequence[str] | None = None) -> dict[str, Any]:
    """One invocation: its start (the end is filled in when it finishes), the command line
    and every setting, including those that do not change the results (concurrency,
    timeouts, cache directory)."""
    command = ["vlp", *(sys.argv[1:] if argv is None else argv)]
    return {"started": now(), "finished": None, "command": shlex.join(command),
            "vlp_version": vlp_version(), "git_revision": git_revision(),
            "settings": settings}
