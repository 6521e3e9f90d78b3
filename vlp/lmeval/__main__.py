"""``python -m vlp.lmeval``: the directory to pass to ``lm_eval --include_path``."""

from vlp.lmeval import TASK_DIR

print(TASK_DIR)
