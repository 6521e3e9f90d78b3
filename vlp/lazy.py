"""Packages whose public names load on first use, so that ``vlp --help`` (and every
start of the CLI) imports no solver, parser generator or graph library it does not run.

``install(__name__, {"name": ".module", ...})`` at the end of a package's ``__init__``:
``from package import name`` then imports ``package.module`` when first asked. A name that
is also a submodule's name (``vlp.sampler.certify``) stays the exported object, as an eager
``from .certify import certify`` would leave it, even after the submodule is imported.
"""

from __future__ import annotations

import importlib
import sys
import types
from collections.abc import Mapping
from typing import Any


class _LazyPackage(types.ModuleType):
    _lazy_exports: Mapping[str, str]

    def __getattr__(self, name: str) -> Any:
        exports = self.__dict__.get("_lazy_exports", {})
        if name not in exports:
            raise AttributeError(f"module {self.__name__!r} has no attribute {name!r}")
        value = getattr(importlib.import_module(exports[name], self.__name__), name)
        self.__dict__[name] = value
        return value

    def __setattr__(self, name: str, value: Any) -> None:
        # the import system binds a submodule on its package; keep the export of that name
        exports = self.__dict__.get("_lazy_exports", {})
        if isinstance(value, types.ModuleType) and name in exports and \
                value.__name__ == f"{self.__name__}.{name}":
            value = getattr(value, name)
        super().__setattr__(name, value)

    def __dir__(self) -> list[str]:
        return sorted({*self.__dict__, *self.__dict__.get("_lazy_exports", {})})


def install(package: str, exports: Mapping[str, str]) -> None:
    module = sys.modules[package]
    module.__class__ = _LazyPackage
    module.__dict__["_lazy_exports"] = dict(exports)
