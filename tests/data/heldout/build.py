"""Build the held-out ``transcripts.jsonl`` from ``source/`` with the corpus's builder.

Same source format and labelling as ``tests/data/corpus/build.py`` (truth and relevance
from each problem's chart and shortest proof); ``--check`` and ``--show`` as there.
"""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent


def _corpus_builder():  # noqa: ANN202 - the corpus build module
    spec = importlib.util.spec_from_file_location(
        "corpus_build", HERE.parent / "corpus" / "build.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


if __name__ == "__main__":
    sys.exit(_corpus_builder().main(sys.argv[1:], HERE))
