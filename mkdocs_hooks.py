"""MkDocs hook: the source tree of package ``vlp`` as installed, for the API page.

pyproject.toml installs the top-level folders checker/, reading/, grammar/, ... as
``vlp.checker``, ``vlp.reading``, ...; mkdocstrings (griffe) finds packages by walking
folders, and vlp/ has no checker/ inside it, so ``::: vlp.checker.verify`` was "not found".
Before each build this mirrors the installed layout in build/api-source/ out of symlinks,
from pyproject.toml's ``package-dir`` (a module added anywhere shows up without an edit
here), and mkdocs.yml points the python handler's ``paths`` at it. Nothing is copied.
"""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Any

if sys.version_info >= (3, 11):
    import tomllib
else:  # the docs extra installs tomli on Python 3.10
    import tomli as tomllib

ROOT = Path(__file__).resolve().parent
MIRROR = ROOT / "build" / "api-source"


def package_dirs(root: Path = ROOT) -> dict[str, Path]:
    """Installed package name to its folder in the checkout, from pyproject.toml."""
    pyproject = tomllib.loads((root / "pyproject.toml").read_text(encoding="utf-8"))
    mapping = pyproject["tool"]["setuptools"]["package-dir"]
    return {name: root / folder for name, folder in mapping.items()}


def build_mirror(mirror: Path = MIRROR, root: Path = ROOT) -> Path:
    """``mirror/vlp/...`` laid out as the installed package: every entry of vlp/ and every
    mapped subpackage, each a symlink into the checkout. Safe to rerun (and to run from
    two builds at once): a link already right is kept, a wrong one replaced."""
    dirs = package_dirs(root)
    links: dict[Path, Path] = {}
    top = mirror / "vlp"
    for entry in dirs["vlp"].iterdir():
        if entry.name != "__pycache__":
            links[top / entry.name] = entry
    for name, folder in dirs.items():
        if name != "vlp":
            links[mirror.joinpath(*name.split("."))] = folder
    top.mkdir(parents=True, exist_ok=True)
    for link in top.iterdir():
        if link not in links:
            link.unlink()  # a module since removed from vlp/
    for link, target in links.items():
        if link.is_symlink() and link.readlink() == target:
            continue
        if link.is_symlink():
            link.unlink()
        try:
            link.symlink_to(target, target_is_directory=target.is_dir())
        except FileExistsError:
            pass  # another build made it a moment ago
    return mirror


def on_startup(**_: Any) -> None:
    build_mirror()


def on_pre_build(**_: Any) -> None:
    build_mirror()  # `mkdocs serve` rebuilds: a new module appears on the next one
