"""On-disk state of evaluation runs: the response cache and the append-only results file.

The cache maps a request's key (model, prompt, parameters, sample number) to the model's
completion, one JSON file per key, written atomically: rerunning a finished evaluation,
even into a new run directory, sends no request.

``results.jsonl`` gets one line per (problem, sample), written by
:class:`vlp.records.JsonlWriter` with a single ``write`` and ``fsync``. A crash can only
leave a partial last line; opening the store cuts it off, so a resumed run neither loses a
finished record nor writes one twice.
"""

from __future__ import annotations

import json
import os
from collections.abc import Iterator
from pathlib import Path
from typing import Any

from vlp.errors import InputError
from vlp.lm import provenance
from vlp.lm.clients import Completion
from vlp.output import OutputError, changed_settings, output_dir, write_atomically
from vlp.records import JsonlWriter, read_json_file, read_jsonl
from vlp.validate import RESULT_FIELDS, RUN_FIELDS, check_record

RESULTS_FILE = "results.jsonl"
RUN_FILE = "run.json"
ERRORS_FILE = "errors.jsonl"
# run.json keys recording how a run was made, not what it computes: resuming ignores them
RECORD_KEYS = ("vlp_version", "git_revision", "started", "finished", "sessions")

ResultKey = tuple[str, int]


def default_cache_dir() -> Path:
    explicit = os.environ.get("VLP_CACHE_DIR")
    if explicit:
        return Path(explicit)
    base = os.environ.get("XDG_CACHE_HOME") or str(Path.home() / ".cache")
    return Path(base) / "vlp" / "responses"


def check_cache_dir(root: Path) -> Path:
    """``root`` usable as the response cache: a directory this user can create files in,
    checked by creating one (so a read-only mount or a full disk counts too, even for
    root). Refused before a run, as every completion would otherwise be paid and lost."""
    root = output_dir(root, option="--cache-dir")
    probe = root / f".write-check-{os.getpid()}"
    try:
        root.mkdir(parents=True, exist_ok=True)
        os.close(os.open(probe, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600))
        probe.unlink()
    except OSError as error:
        raise OutputError(f"cannot write the response cache: {error.strerror}; give a "
                          "writable --cache-dir, or --no-cache", f"--cache-dir {root}") from None
    return root


class ResponseCache:
    """Completions by request key; ``root=None`` disables caching."""

    def __init__(self, root: Path | None) -> None:
        self.root = root
        self.hits = 0

    def _path(self, key: str) -> Path:
        assert self.root is not None
        return self.root / key[:2] / f"{key}.json"

    def get(self, key: str) -> Completion | None:
        if self.root is None:
            return None
        path = self._path(key)
        try:
            completion = Completion.from_json(json.loads(path.read_text(encoding="utf-8")))
        except (OSError, json.JSONDecodeError, KeyError):
            # absent, unreadable (another user's entry in a shared cache) or being written
            # by another process: ask again
            return None
        self.hits += 1
        return completion

    def put(self, key: str, completion: Completion) -> None:
        if self.root is None:
            return
        try:
            write_atomically(self._path(key), json.dumps(completion.to_json()))
        except (OSError, OutputError):
            # one entry this user cannot add (a shared cache's subdirectory of another
            # user, a full disk): the result is still recorded, and the cache itself was
            # checked writable before the run (:func:`check_cache_dir`)
            pass


def result_key(record: dict[str, Any]) -> ResultKey:
    return (str(record["problem_id"]), int(record["sample"]))


class ResultStore:
    """``RUN_DIR/results.jsonl`` plus ``RUN_DIR/run.json`` (the run's configuration)."""

    def __init__(self, run_dir: Path) -> None:
        self.run_dir = Path(run_dir)
        self.results_path = self.run_dir / RESULTS_FILE
        self.run_path = self.run_dir / RUN_FILE
        self._results = JsonlWriter(self.results_path, result_key, durable=True)
        self._document: dict[str, Any] = {}

    @property
    def done(self) -> set[ResultKey]:
        return self._results.done  # type: ignore[return-value]

    def open(self, run_config: dict[str, Any],
             session: dict[str, Any] | None = None) -> list[dict[str, Any]]:
        """Create or resume the run; returns the records already written.

        ``run_config`` is what the results depend on (resuming requires the same);
        ``session`` records this invocation (``vlp.lm.provenance.session_record``).
        """
        self.run_dir.mkdir(parents=True, exist_ok=True)
        if self.run_path.exists():
            document = read_json_file(self.run_path, "run")
            if not isinstance(document, dict):  # "[]": no run record this command wrote
                raise InputError("the run record must be a JSON object",
                                 f"{self.run_path}:1")
            changed = changed_settings(document, run_config, ignore=RECORD_KEYS)
            if changed:
                raise InputError(
                    f"{self.run_dir} holds a run with different settings ({', '.join(changed)}); "
                    "resume with the same settings, use a new run directory, or --restart",
                    location=str(self.run_path))
        else:
            document = dict(run_config)
        if session is not None:
            for key in ("vlp_version", "git_revision", "started"):
                document.setdefault(key, session[key])  # those of the run's first session
            document["sessions"] = [*document.get("sessions", []), session]
        if session is not None or not self.run_path.exists():
            write_atomically(self.run_path, json.dumps(document, indent=2) + "\n")
        self._document = document
        return list(self._results.resume())

    def finish(self, **outcome: Any) -> None:
        """Record the end of this session (its time and ``outcome``, e.g. counts)."""
        document = self._document
        if not document.get("sessions"):
            return
        session = document["sessions"][-1]
        session.update(finished=provenance.now(), **outcome)
        document["finished"] = session["finished"]
        write_atomically(self.run_path, json.dumps(document, indent=2) + "\n")

    def write_once(self, name: str, text: str) -> None:
        """``RUN_DIR/name`` holds ``text``: written if absent; a resumed run with another
        text is refused (its records would point at the wrong file)."""
        path = self.run_dir / name
        if path.exists():
            if path.read_text(encoding="utf-8") != text:
                raise InputError(f"{path} differs from this run's; resume with the same "
                                 "settings or use a new run directory", location=str(path))
            return
        write_atomically(path, text)

    def append(self, record: dict[str, Any]) -> bool:
        """Write a record unless its (problem, sample) is already there; True if written."""
        return self._results.append(record)


def read_results(run_dir: Path) -> Iterator[dict[str, Any]]:
    """The records of a run directory (a partial last line, from a crash, is skipped)."""
    path = Path(run_dir) / RESULTS_FILE
    if not path.exists():
        return
    for number, record in read_jsonl(path, "results", complete_lines=True):
        check_record(record, RESULT_FIELDS, f"{path}:{number}")
        yield record


def read_run_config(run_dir: Path) -> dict[str, Any]:
    path = Path(run_dir) / RUN_FILE
    if not path.exists():
        raise InputError("not a run directory (no run.json); create one with vlp evaluate",
                         location=str(run_dir))
    config = read_json_file(path, "run")
    if not isinstance(config, dict):
        raise InputError("run.json must hold one JSON object", f"{path}:1")
    check_record(config, RUN_FIELDS, str(path))
    return config
