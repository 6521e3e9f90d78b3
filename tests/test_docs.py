"""The documentation site (mkdocs.yml, docs/) builds with warnings as errors: a broken link,
a page left out of the navigation or an API name that no longer exists fails here (and so
in CI). The API page reads vlp's source as installed, checker/ as vlp.checker and so on
(mkdocs_hooks.py mirrors that layout). Skipped only where MkDocs is not installed
(``pip install -e '.[docs]'``)."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]


def test_the_site_builds_strictly(tmp_path: Path) -> None:
    pytest.importorskip("mkdocs")
    pytest.importorskip("mkdocstrings")
    site = tmp_path / "site"
    done = subprocess.run([sys.executable, "-m", "mkdocs", "build", "--strict", "--quiet",
                           "--site-dir", str(site)], cwd=ROOT, capture_output=True, text=True,
                          timeout=600)
    assert done.returncode == 0, done.stdout[-3000:] + done.stderr[-3000:]
    api = (site / "api" / "index.html").read_text(encoding="utf-8")
    assert 'id="vlp.rewards"' in api and 'id="vlp.lmeval.task"' in api
    # the folders installed under vlp (checker/ as vlp.checker, ...): mkdocs_hooks.py
    for name in ("vlp.checker.verify.verify", "vlp.checker.report.Report",
                 "vlp.checker.verdicts.StepVerdict", "vlp.checker.goldscore.GoldScore",
                 "vlp.checker.references.resolve", "vlp.reading.encode.encode",
                 "vlp.records.JsonlWriter"):
        assert f'id="{name}"' in api, name
    assert (site / "proving" / "index.html").is_file()
