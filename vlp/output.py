"""The output layer, at the bottom beside :mod:`vlp.records`: every command that writes
checks its output paths here before any work, holds an advisory lock on them while it
writes, writes whole files atomically, and turns a failed write into one line that says
what was kept.

- :func:`output_file` / :func:`output_dir`: refuse, with exit code 2, an empty path, a
  symbolic link (dangling or not: a write through it would land elsewhere), a
  directory where a file is wanted (and the reverse), a parent that is a file, a directory
  this user cannot write, a device or other special file, and an output that is one of the
  command's inputs (the same file by inode or by resolved path). Nothing is created:
  a missing directory is made when the command starts writing (:class:`OutputLock`).
- :class:`OutputLock`: ``flock`` on a lock file beside the output, so a second writer of
  the same output is refused (exit 2) instead of interleaving its lines with the first's.
- :func:`write_atomically` / :func:`atomic_file`: a temporary file in the same directory,
  fsynced, then ``os.replace``: a reader, or a crash, sees the old file or the new one.
- :func:`write_failed`: an ``OSError`` met while writing (a full disk, a quota) as an
  :class:`OutputError` with exit code 1 naming the file and what was kept.
- :func:`file_digest`, :func:`changed_settings`: what a resumable output records about its
  inputs, and the one comparison a resumed run makes against it.
"""

from __future__ import annotations

import errno
import hashlib
import os
import secrets
import stat
import sys
from collections.abc import Collection, Iterable, Iterator, Mapping
from contextlib import contextmanager
from pathlib import Path
from typing import IO, Any

from vlp.errors import InputError

try:
    import fcntl
except ImportError:  # Windows: outputs are checked and written atomically, but not locked
    fcntl = None  # type: ignore[assignment]

# errno values of a write that failed for lack of room or of a working device
WRITE_ERRNOS = frozenset({errno.ENOSPC, errno.EDQUOT, errno.EFBIG, errno.EIO, errno.EROFS})


class OutputError(InputError):
    """An output that cannot be written: exit code 2 when refused before any work, 1 when
    a write failed in the middle of a run (the message says what was kept)."""

    def __init__(self, message: str, location: str | None = None, *,
                 exit_code: int = 2) -> None:
        super().__init__(_abbreviated(message),
                         None if location is None else _abbreviated(location))
        self.exit_code = exit_code


def _abbreviated(text: str, keep: int = 120) -> str:
    """A path of thousands of characters (``a/a/a/...``) quoted by its ends only, so the
    error stays a readable line."""
    if len(text) <= 3 * keep:
        return text
    return f"{text[:keep]}...({len(text) - 2 * keep} characters)...{text[-keep:]}"


def _reason(error: OSError) -> str:
    return error.strerror or str(error)


def write_failed(path: Path | str, error: OSError, kept: str) -> OutputError:
    """A write to ``path`` that failed mid-run: one line, exit code 1."""
    return OutputError(f"cannot write: {_reason(error)}; {kept}", str(path), exit_code=1)


def _same_file(a: Path, b: Path) -> bool:
    try:
        return os.path.samefile(a, b)
    except OSError:  # one of them does not exist (yet)
        return os.path.realpath(a) == os.path.realpath(b)


def _refuse_inputs(path: Path, inputs: Iterable[Path | str], option: str) -> None:
    for source in inputs:
        if _same_file(path, Path(source)):
            raise OutputError(f"is an input of this command ({source}); writing there would "
                              f"destroy it: choose another {option}", f"{option} {path}")


def _mode(path: Path, option: str) -> int | None:
    """``path``'s file type and mode, None if it does not exist; a path that cannot be
    looked at (too long a name, a loop of links, a directory this user may not search)
    is refused."""
    try:
        return path.stat().st_mode
    except (FileNotFoundError, NotADirectoryError):
        return None  # a parent that is a file is named by the parent's check
    except OSError as error:
        raise OutputError(f"cannot use this path: {_reason(error)}", f"{option} {path}"
                          ) from None


def _writable_directory(directory: Path, option: str, shown: Path) -> None:
    """``directory``, or its nearest existing ancestor if it is missing (it is created when
    the command starts writing), is a directory this user may create files in."""
    existing = directory
    mode = _mode(existing, option)
    while mode is None and existing != existing.parent:
        if existing.is_symlink():  # a dangling link: mkdir would fail obscurely
            raise OutputError("is a broken symbolic link", f"{option} {existing}")
        existing = existing.parent
        mode = _mode(existing, option)
    if mode is None or not stat.S_ISDIR(mode):
        raise OutputError(f"{existing} is not a directory", f"{option} {shown}")
    if not os.access(existing, os.W_OK | os.X_OK):
        raise OutputError(f"cannot write in {existing}: permission denied",
                          f"{option} {shown}")


def _special(mode: int | None) -> bool:
    return mode is not None and not (stat.S_ISREG(mode) or stat.S_ISDIR(mode))


def _refuse_special(path: Path, option: str, wanted: str) -> None:
    raise OutputError(f"is a device or other special file; name {wanted}",
                      f"{option} {path}")


def _checked_name(path: Path | str, option: str) -> Path:
    if not str(path).strip():
        raise OutputError("the output path is empty", option)
    path = Path(path)
    try:
        limit = os.pathconf(_existing_ancestor(path), "PC_NAME_MAX")
    except (OSError, ValueError):
        limit = 255
    if any(len(os.fsencode(part)) > limit for part in path.parts):
        raise OutputError(f"a name in this path is longer than {limit} bytes",
                          f"{option} {path}")
    return path


def _existing_ancestor(path: Path) -> Path:
    for candidate in (path, *path.parents):
        try:
            if candidate.is_dir():
                return candidate
        except OSError:
            continue
    return Path(".")


# Where the platform has it, opening an output refuses a symbolic link in its last part.
NOFOLLOW = getattr(os, "O_NOFOLLOW", 0)


def _checked(path: Path | str, option: str, inputs: Iterable[Path | str], *,
             directory: bool) -> Path:
    path = _checked_name(path, option)
    if path.is_symlink():  # one policy for every output: no write lands where a link points
        raise OutputError("is a symbolic link; vlp writes no output through a link (name "
                          "the file or directory it points to, or remove the link)",
                          f"{option} {path}")
    mode = _mode(path, option)
    wanted = "a directory to write into" if directory else "a regular file to write"
    if _special(mode):
        _refuse_special(path, option, wanted)
    if mode is not None and stat.S_ISDIR(mode) != directory:
        kind = "a directory" if stat.S_ISDIR(mode) else "a file"
        raise OutputError(f"is {kind}; name {wanted}", f"{option} {path}")
    _refuse_inputs(path, inputs, option)
    _writable_directory(path if directory else path.parent, option, path)
    if mode is not None and not os.access(path, os.W_OK):
        raise OutputError("cannot write there: permission denied", f"{option} {path}")
    return path


def output_file(path: Path | str, *, option: str = "-o",
                inputs: Iterable[Path | str] = ()) -> Path:
    """``path`` checked as a file this command may write (see the module's docstring)."""
    return _checked(path, option, inputs, directory=False)


def output_dir(path: Path | str, *, option: str = "-o",
               inputs: Iterable[Path | str] = ()) -> Path:
    """``path`` checked as a directory to write into (made when writing starts)."""
    return _checked(path, option, inputs, directory=True)


def output_file_or_dir(path: Path | str, name: str, *, option: str = "-o",
                       inputs: Iterable[Path | str] = ()) -> Path:
    """The file to write: ``path`` itself, or ``path/name`` if ``path`` is a directory
    (one that exists, or a path ending in a slash, which is made when writing starts)."""
    text = str(path)
    checked = _checked_name(path, option)
    mode = _mode(checked, option)
    if text.endswith(("/", os.sep)) or (mode is not None and stat.S_ISDIR(mode)):
        return output_file(output_dir(checked, option=option, inputs=inputs) / name,
                           option=option, inputs=inputs)
    return output_file(checked, option=option, inputs=inputs)


class OutputLock:
    """An exclusive advisory lock on an output (a file or a directory), held while the
    command writes it, taken on a lock file beside it (``.NAME.lock``; the output's parent
    directories are made first). The lock file holds the owner's pid and is removed on
    release; one left by a killed process is locked by no one, so the next run takes it."""

    def __init__(self, output: Path | str, *, option: str = "-o") -> None:
        output = Path(output)
        self.output = output
        self.option = option
        absolute = Path(os.path.abspath(output))  # "." and "dir/.." have a name here
        self.path = (absolute.with_name(f".{absolute.name}.lock") if absolute.name
                     else absolute / ".vlp.lock")  # the root directory
        self._fd: int | None = None

    def acquire(self) -> OutputLock:
        if fcntl is None:
            return self
        while True:
            try:
                self.path.parent.mkdir(parents=True, exist_ok=True)
                fd = os.open(self.path, os.O_RDWR | os.O_CREAT | NOFOLLOW, 0o666)
            except OSError as error:
                raise OutputError(f"cannot create the lock file {self.path}: "
                                  f"{_reason(error)}", f"{self.option} {self.output}") from None
            try:
                fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
            except OSError as error:
                holder = os.pread(fd, 32, 0).decode("ascii", "replace").strip()
                os.close(fd)
                if error.errno not in (errno.EWOULDBLOCK, errno.EACCES):
                    raise OutputError(f"cannot lock: {_reason(error)}",
                                      f"{self.option} {self.output}") from None
                raise OutputError(
                    f"another vlp process{f' (pid {holder})' if holder.isdigit() else ''} "
                    f"is writing this output; wait for it to finish or choose another "
                    f"{self.option}", f"{self.option} {self.output}") from None
            # the previous holder may have removed the file between our open and flock:
            # then we hold a lock on an unlinked inode, and must lock the new file instead
            try:
                current = os.stat(self.path).st_ino
            except FileNotFoundError:
                current = None
            if current == os.fstat(fd).st_ino:
                break
            os.close(fd)
        left = os.pread(fd, 32, 0).decode("ascii", "replace").strip()
        if left.isdigit() and int(left) != os.getpid():
            # a holder releases by removing the file: this one's owner ended without that
            print(f"vlp: note: taking over {self.path}, left by process {left}, which ended "
                  "without releasing it (killed?)", file=sys.stderr)
        os.ftruncate(fd, 0)
        os.pwrite(fd, f"{os.getpid()}\n".encode(), 0)
        self._fd = fd
        return self

    def release(self) -> None:
        if self._fd is None:
            return
        try:  # removed while still held, so no one can lock the doomed inode
            self.path.unlink(missing_ok=True)
        except OSError:
            pass  # a read-only directory: a stale lock file is harmless
        os.close(self._fd)
        self._fd = None

    def __enter__(self) -> OutputLock:
        return self.acquire()

    def __exit__(self, *exc: object) -> None:
        self.release()


@contextmanager
def locked(outputs: Iterable[tuple[Path | str, str]]) -> Iterator[None]:
    """Every (output, option) of ``outputs`` locked, in order, for the body of the
    ``with``; a refusal releases the locks already taken."""
    locks: list[OutputLock] = []
    try:
        for output, option in outputs:
            locks.append(OutputLock(output, option=option).acquire())
        yield
    finally:
        for lock in reversed(locks):
            lock.release()


def _temporary_beside(path: Path) -> Path:
    return path.parent / f".tmp-{os.getpid()}-{secrets.token_hex(6)}{path.suffix}"


@contextmanager
def atomic_file(path: Path | str, mode: str = "w") -> Iterator[IO[Any]]:
    """A handle on a temporary file that replaces ``path`` when the body ends normally
    (after an fsync), and is removed otherwise. The file gets 0666 less the umask, as
    ``open`` gives (not ``mkstemp``'s 0600: run directories are shared). A failed write
    is an :class:`OutputError` (exit 1) saying ``path`` was left as it was."""
    path = Path(path)
    temporary = _temporary_beside(path)
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        fd = os.open(temporary, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o666)
        binary = "b" in mode
        with os.fdopen(fd, "wb" if binary else "w",
                       **({} if binary else {"encoding": "utf-8", "newline": ""})) as file:
            yield file
            file.flush()
            os.fsync(file.fileno())
        try:
            existing: int | None = os.stat(path).st_mode
        except FileNotFoundError:
            existing = None
        if _special(existing):  # renaming onto /dev/null would replace the device itself
            raise OutputError("is a device or other special file, not a regular file",
                              str(path))
        os.replace(temporary, path)
    except OSError as error:
        temporary.unlink(missing_ok=True)
        raise write_failed(path, error, "nothing was written there (an earlier file "
                           "of that name is unchanged)") from None
    except BaseException:
        temporary.unlink(missing_ok=True)
        raise


def write_atomically(path: Path | str, data: str | bytes) -> None:
    """Replace ``path`` by ``data`` in one step (see :func:`atomic_file`)."""
    with atomic_file(path, "wb" if isinstance(data, bytes) else "w") as file:
        file.write(data)


def file_digest(path: Path | str) -> str:
    """The SHA-256 of a file's bytes, read in blocks (inputs may be large)."""
    digest = hashlib.sha256()
    with open(path, "rb") as file:
        for block in iter(lambda: file.read(1 << 20), b""):
            digest.update(block)
    return digest.hexdigest()


def changed_settings(recorded: Mapping[str, Any], current: Mapping[str, Any],
                     ignore: Collection[str] = ()) -> list[str]:
    """The names whose values differ between what an output recorded about its inputs and
    settings and what this run has (both ways), less ``ignore``: a resumed run must find
    none, or it would mix results of different inputs in one output."""
    return sorted(name for name in (set(recorded) | set(current)) - set(ignore)
                  if recorded.get(name) != current.get(name))
