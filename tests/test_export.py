"""``vlp export``: training rows that TRL, verl and OpenRLHF read, scored by the adapters."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from vlp.cli import main
from vlp.lm.baselines import baseline_transcript
from vlp.lm.prompt import PromptBuilder
from vlp.lm.runner import problem_text
from vlp.rewards import TRLReward, compute_score, reward_func


@pytest.fixture(scope="module")
def problems(tmp_path_factory) -> Path:
    path = tmp_path_factory.mktemp("export") / "problems.jsonl"
    assert main(["generate", "-n", "3", "--seed", "5", "-o", str(path), "--quiet"]) == 0
    return path


def test_jsonl_rows_carry_the_paper_prompt_the_record_and_the_answer(problems, tmp_path) -> None:
    out = tmp_path / "train.jsonl"
    assert main(["export", str(problems), "-o", str(out), "--style", "completion"]) == 0
    records = [json.loads(line) for line in problems.read_text().splitlines()]
    rows = [json.loads(line) for line in out.read_text().splitlines()]
    assert len(rows) == len(records)
    for index, (row, record) in enumerate(zip(rows, records, strict=True)):
        assert row["prompt"] == PromptBuilder().completion_proof_prompt(problem_text(record))
        assert json.loads(row["problem"]) == record
        assert row["answer"] == record["answer"]
        assert row["reward_model"] == {"style": "rule", "ground_truth": str(record["answer"])}
        assert row["extra_info"] == {"index": index, "id": record["id"],
                                     "problem": row["problem"]}
        assert row["data_source"] == "vlp"


def test_parquet_loads_with_datasets_and_feeds_every_adapter(problems, tmp_path) -> None:
    datasets = pytest.importorskip("datasets")
    out = tmp_path / "train.parquet"
    assert main(["export", str(problems), "--format", "parquet", "-o", str(out)]) == 0
    dataset = datasets.Dataset.from_parquet(str(out))
    assert set(dataset.column_names) >= {"prompt", "problem", "answer", "data_source",
                                         "reward_model", "extra_info"}
    first = dataset[0]
    record = json.loads(first["problem"])
    assert first["prompt"] == PromptBuilder().chat_proof_prompt(problem_text(record)).as_openai()
    proof, _ = baseline_transcript("shortest", record)
    # TRL: every column but the prompt arrives as a list, one value per completion
    columns = {k: [first[k]] for k in dataset.column_names if k != "prompt"}
    [trl] = TRLReward()(prompts=[first["prompt"]],
                        completions=[[{"role": "assistant", "content": proof}]], **columns)
    # verl: the row's fields as its reward manager passes them
    verl = compute_score(data_source=first["data_source"], solution_str=proof,
                         ground_truth=first["reward_model"]["ground_truth"],
                         extra_info=first["extra_info"])
    # OpenRLHF: --input_key prompt (text), --label_key problem
    openrlhf = reward_func(["PROMPT" + proof], ["PROMPT"], [first["problem"]])["rewards"]
    assert trl == verl == float(openrlhf[0]) == 1.0  # the shortest proof: efficiency 1


def test_a_bad_line_is_one_line_naming_file_and_line(tmp_path, capsys) -> None:
    bad = tmp_path / "bad.jsonl"
    bad.write_text('{"id": "a", "text": "Eddie has 3 keys.", "answer": 3}\n{oops\n')
    assert main(["export", str(bad), "-o", str(tmp_path / "x.jsonl")]) == 2
    assert f"{bad}:2" in capsys.readouterr().err
    assert not (tmp_path / "x.jsonl").exists()
