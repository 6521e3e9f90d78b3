"""The lm-eval-harness task ``vlp_efficiency``: the real ``lm_eval`` command line offline on
lm-eval's own dummy model, and, through ``lm_eval.simple_evaluate``, figures equal to
``vlp report``'s for the same completions (those of a ``vlp evaluate`` baseline run)."""

from __future__ import annotations

import json
import math
import os
import subprocess
import sys
from pathlib import Path

import pytest

pytest.importorskip("lm_eval")

from lm_eval import simple_evaluate  # noqa: E402
from lm_eval.api.model import LM  # noqa: E402
from lm_eval.tasks import TaskManager  # noqa: E402

from vlp.cli import main  # noqa: E402
from vlp.lm.prompt import ANSWER_CUE  # noqa: E402
from vlp.lm.report import load_runs, scores  # noqa: E402
from vlp.lm.runner import problem_text  # noqa: E402
from vlp.lmeval import TASK_DIR, TASK_NAME  # noqa: E402

OFFLINE = {"HF_HUB_OFFLINE": "1", "HF_DATASETS_OFFLINE": "1", "TRANSFORMERS_OFFLINE": "1"}


@pytest.fixture(scope="module")
def problems(batch_problems: Path) -> Path:
    """Four several-trees problems (tests/conftest.py)."""
    return batch_problems


class Replay(LM):
    """An lm-eval model that answers each prompt with a recorded completion, found by the
    problem text the prompt ends with."""

    def __init__(self, completions: dict[str, str]) -> None:
        super().__init__()
        self.completions = completions
        self.prompts: list[str] = []

    def generate_until(self, requests, disable_tqdm: bool = False) -> list[str]:
        replies = []
        for request in requests:
            prompt, options = request.arguments
            self.prompts.append(prompt)
            assert options["until"] == ["\nQ:"] and options["do_sample"] is False
            (text,) = [t for t in self.completions if f"Q: {t}\n" in prompt.rsplit("\n\n", 1)[-1]]
            replies.append(self.completions[text])
        return replies

    def loglikelihood(self, requests, disable_tqdm: bool = False):  # pragma: no cover
        raise NotImplementedError

    def loglikelihood_rolling(self, requests, disable_tqdm: bool = False):  # pragma: no cover
        raise NotImplementedError


def test_figures_equal_vlp_reports_for_the_same_completions(problems: Path, tmp_path: Path,
                                                           capsys) -> None:
    records = [json.loads(line) for line in problems.read_text().splitlines()]
    run_dir = tmp_path / "run"
    assert main(["evaluate", "--model", "baseline:overlap", "--data", str(problems),
                 "-o", str(run_dir), "--quiet", "--no-cache"]) == 0
    assert "| Model | Problems | Accuracy" in capsys.readouterr().out
    results = [json.loads(line) for line in (run_dir / "results.jsonl").read_text().splitlines()]
    text_of = {r["id"]: problem_text(r) for r in records}
    # one wrong answer, so the means over correct answers leave a problem out
    completions = {text_of[r["problem_id"]]: f"{r['proof']}\n{ANSWER_CUE} "
                   f"{'1' if i == 0 else r['answer_text']}." for i, r in enumerate(results)}
    (run_dir / "results.jsonl").write_text("".join(
        json.dumps({**r, "answer_text": "1", "score": {**r["score"], "answer_correct": False}}
                   if i == 0 else r) + "\n" for i, r in enumerate(results)))
    model = Replay(completions)
    out = simple_evaluate(model=model, tasks=[TASK_NAME],
                          task_manager=TaskManager(include_path=str(TASK_DIR),
                                                   metadata={"data": str(problems)}))
    figures = out["results"][TASK_NAME]
    assert len(model.prompts) == len(records)
    _, rows = scores(load_runs([run_dir]))
    expected = {name: estimate.mean for _, setting, name, estimate in rows if setting == "all"}
    assert expected["accuracy"] == 0.75
    pairs = {"accuracy": "accuracy", "efficiency": "efficiency",
             "efficiency_non_axioms": "efficiency_non_axioms", "recall": "recall",
             "false_steps": "false_claims"}
    for ours, theirs in pairs.items():
        assert figures[f"{ours},none"] == pytest.approx(expected[theirs]), ours


def test_the_lm_eval_command_line_runs_offline_on_the_dummy_model(problems: Path,
                                                                 tmp_path: Path) -> None:
    env = {**os.environ, **OFFLINE}
    task_dir = subprocess.run([sys.executable, "-m", "vlp.lmeval"], capture_output=True,
                              text=True, check=True, env=env).stdout.strip()
    assert Path(task_dir) == TASK_DIR
    done = subprocess.run(
        [sys.executable, "-m", "lm_eval", "--model", "dummy", "--include_path", task_dir,
         "--tasks", TASK_NAME, "--metadata", json.dumps({"data": str(problems)}),
         "--log_samples", "--output_path", str(tmp_path / "out")],
        capture_output=True, text=True, env=env, cwd=tmp_path, timeout=600)
    assert done.returncode == 0, done.stderr[-3000:]
    assert "|vlp_efficiency|" in done.stdout and "false_steps" in done.stdout
    (results,) = tmp_path.glob("out/**/results_*.json")
    figures = json.loads(results.read_text())["results"][TASK_NAME]
    assert figures["accuracy,none"] == 0  # the dummy model answers "lol"
    assert math.isnan(float(figures["efficiency,none"]))
    (samples,) = tmp_path.glob("out/**/samples_vlp_efficiency_*.jsonl")
    logged = [json.loads(line) for line in samples.read_text().splitlines()]
    assert len(logged) == 4 and {row["accuracy"] for row in logged} == {0.0}


def test_a_missing_data_file_is_one_line(tmp_path: Path) -> None:
    from vlp.errors import InputError
    from vlp.lmeval.task import load_dataset

    with pytest.raises(InputError, match="--metadata"):
        load_dataset()
    with pytest.raises(InputError, match="no such"):
        load_dataset(data=str(tmp_path / "absent.jsonl"))
