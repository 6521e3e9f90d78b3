"""vlp's lm-eval-harness task ``vlp_efficiency`` (``pip install 'vlp[lmeval]'``).

``python -m vlp.lmeval`` prints the task directory for ``lm_eval --include_path``; the task
(``vlp_efficiency.yaml``, its functions in ``task.py``) reads the problem file named by
``--metadata '{"data": "FILE.jsonl"}'`` and scores every completion with ``vlp.verify``.
"""

from __future__ import annotations

from pathlib import Path

TASK_DIR = Path(__file__).resolve().parent
TASK_NAME = "vlp_efficiency"

__all__ = ["TASK_DIR", "TASK_NAME"]
