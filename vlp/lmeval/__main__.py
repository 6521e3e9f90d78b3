"""``python -m vlp.lmeval``: the directory to pass to ``lm_eval --include_path``."""

from vlp.lmeval import TASK_DIR

if __name__ == "__main__":
    print(TASK_DIR)
