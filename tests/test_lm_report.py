"""``vlp report``: the paper's table layouts, the aggregation behind them and the plots."""

from __future__ import annotations

import csv
import json
import shutil
import subprocess
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

from vlp.cli import main
from vlp.lm.report import bootstrap, load_runs, table2, table3


def _record(problem_id: str, setting: str, control: bool, overlap: str | None, correct: bool,
            efficiency: float, kind: str = "nonground") -> dict:
    return {"problem_id": problem_id, "sample": 0, "model": "m", "setting": setting,
            "control": control, "overlap": overlap, "query_kind": kind,
            "score": {"answer_correct": correct, "efficiency": efficiency,
                      "efficiency_non_axioms": efficiency / 2, "recall": 1.0,
                      "exact_match": efficiency == 1.0, "transcript_tokens": 50,
                      "reference_tokens": 30,
                      "search_order": {"distance_dfs": 0.2, "distance_bfs": 0.4,
                                       "distance_shortest_proof": 0.0}}}


def _run_dir(path: Path, model: str, records: list[dict]) -> Path:
    path.mkdir(parents=True)
    (path / "run.json").write_text(json.dumps({"model": model}))
    (path / "results.jsonl").write_text("".join(json.dumps(r) + "\n" for r in records))
    return path


@pytest.fixture()
def runs(tmp_path: Path) -> list[Path]:
    first = [
        _record("b1", "base", False, None, True, 1.0),
        _record("b2", "base", False, None, False, 0.5),
        _record("a1", "axiom", False, "none", True, 0.8),
        _record("a2", "axiom", True, "none", True, 1.0),
        _record("t1", "trees", False, "agent", True, 0.25),
        _record("t2", "trees", False, "agent", True, 0.75),
        _record("t3", "trees", False, "agent", False, 0.1),  # wrong: not in Table 3
        _record("t4", "trees", True, "agent", True, 1.0),  # control: not in Table 3
        _record("g1", "trees", False, "both", True, 1.0, kind="ground"),
        _record("g2", "base", False, None, False, 1.0, kind="ground"),  # not in Table 2
    ]
    second = [_record("b1", "base", False, None, True, 1.0)]
    return [_run_dir(tmp_path / "one", "openai:gpt-4o-mini", first),
            _run_dir(tmp_path / "two", "baseline:shortest", second)]


def test_table2_accuracy_per_setting_and_variant(runs: list[Path]) -> None:
    header, rows = table2(load_runs(runs))
    assert header == ["model", "setting", "variant", "accuracy"]
    cells = {(r[0], r[1], r[2]): r[3] for r in rows}
    assert cells[("openai:gpt-4o-mini", "base", "")].mean == 0.5  # ground queries left out
    assert cells[("openai:gpt-4o-mini", "axiom", "irrelevant")].n == 1
    assert cells[("openai:gpt-4o-mini", "axiom", "control")].mean == 1.0
    assert cells[("openai:gpt-4o-mini", "trees", "irrelevant")].mean == pytest.approx(2 / 3)
    assert cells[("openai:gpt-4o-mini", "tree", "irrelevant")].n == 0
    assert cells[("baseline:shortest", "base", "")].mean == 1.0
    assert len(rows) == 2 * 7


def test_table3_counts_correct_irrelevant_trees_problems(runs: list[Path]) -> None:
    _, rows = table3(load_runs(runs))
    cells = {(r[0], r[1], r[2], r[3]): r[4] for r in rows}
    agent = cells[("openai:gpt-4o-mini", "efficiency", "nonground", "agent")]
    assert agent.n == 2 and agent.mean == pytest.approx(0.5)
    assert agent.low is None and agent.high is None  # n = 2: below MIN_BOOTSTRAP_N, no interval
    assert cells[("openai:gpt-4o-mini", "exact_match", "ground", "both")].mean == 1.0
    assert cells[("openai:gpt-4o-mini", "efficiency_non_axioms", "nonground", "agent")].mean \
        == pytest.approx(0.25)
    assert cells[("openai:gpt-4o-mini", "recall", "nonground", "none")].n == 0


def test_report_files_and_markdown_layout(runs: list[Path], tmp_path: Path,
                                          capsys: pytest.CaptureFixture[str]) -> None:
    out = tmp_path / "report"
    assert main(["report", *map(str, runs), "-o", str(out)]) == 0
    printed = capsys.readouterr().out
    assert ("| Model | Base | w/ Axiom: Irrelevant | Control | w/ Tree: Irrelevant | Control "
            "| w/ Multiple Trees: Irrelevant | Control |") in printed
    assert ("| Model | Metric | Non-ground: None | Entity | Agent | Both | Ground: None | Entity "
            "| Agent | Both |") in printed
    for metric in ("Efficiency", "Exact matches", "Efficiency (non-axioms)", "Correct theorems"):
        assert f"| openai:gpt-4o-mini | {metric} |" in printed
    # 1 of 1 correct: the Wilson interval, not a degenerate bootstrap [100.0, 100.0]
    assert "| baseline:shortest | 100.0 [20.7, 100.0] (n=1) | n/a | n/a |" in printed
    for stem in ("fig3_tokens", "fig7_accuracy_by_overlap", "fig8_search_order"):
        assert (out / f"{stem}.png").read_bytes().startswith(b"\x89PNG")
        assert (out / f"{stem}.pdf").read_bytes().startswith(b"%PDF")
        assert b"<svg" in (out / f"{stem}.svg").read_bytes()[:1000]
        assert (out / f"{stem}.png").stat().st_size > 5000
    with open(out / "table3_efficiency.csv", encoding="utf-8") as file:
        rows = list(csv.DictReader(file))
    assert len(rows) == 2 * 2 * 4 * 4
    assert set(rows[0]) == {"model", "metric", "query_kind", "overlap", "n", "mean", "ci_low",
                            "ci_high", "interval"}
    methods = {(r["metric"], r["interval"]) for r in rows if r["n"] != "0"}
    assert ("exact_match", "wilson") in methods and ("efficiency", "bootstrap") in methods
    assert all(r["mean"] == "" and r["interval"] == "" for r in rows if r["n"] == "0")


def test_report_needs_run_directories(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["report", str(tmp_path), "-o", str(tmp_path / "out")]) == 2
    assert "not a run directory" in capsys.readouterr().err


@given(st.lists(st.floats(0, 1), min_size=1, max_size=30), st.integers(0, 5))
def test_bootstrap_interval_contains_the_mean_and_is_reproducible(values: list[float],
                                                                  seed: int) -> None:
    from vlp.lm.intervals import MIN_BOOTSTRAP_N

    estimate = bootstrap(values, seed=seed, resamples=200)
    assert estimate.n == len(values)
    if len(values) < MIN_BOOTSTRAP_N:  # too few to bound: the mean, and "n/a" for the rest
        assert estimate.low is None and estimate.high is None
        assert estimate.cell().endswith(f"[n/a] (n={len(values)})")
    else:
        assert estimate.low <= estimate.mean + 1e-9  # type: ignore[operator]
        assert estimate.mean <= estimate.high + 1e-9  # type: ignore[operator]
    assert bootstrap(values, seed=seed, resamples=200) == estimate
    assert bootstrap([], seed=seed).mean is None


def test_samples_of_one_problem_count_once(tmp_path: Path) -> None:
    records = [dict(_record("p", "base", False, None, True, 1.0), sample=0),
               dict(_record("p", "base", False, None, False, 1.0), sample=1),
               dict(_record("q", "base", False, None, True, 1.0), sample=0)]
    (run,) = load_runs([_run_dir(tmp_path / "run", "m", records)])
    _, rows = table2([run])
    base = next(row[3] for row in rows if row[1] == "base")
    assert base.n == 2 and base.mean == pytest.approx(0.75)  # (1/2 + 1) / 2


def test_report_merges_directories_of_one_model(tmp_path: Path,
                                                capsys: pytest.CaptureFixture[str]) -> None:
    shard_a = [_record("b1", "base", False, None, True, 1.0),
               _record("b2", "base", False, None, False, 1.0)]
    shard_b = [_record("b2", "base", False, None, False, 1.0),  # the same measurement again
               _record("b3", "base", False, None, True, 1.0)]
    a = _run_dir(tmp_path / "a", "openai:gpt-4o", shard_a)
    b = _run_dir(tmp_path / "b", "openai:gpt-4o", shard_b)
    other = _run_dir(tmp_path / "c", "baseline:bfs", shard_a)
    (run, bfs) = load_runs([a, b, other])
    assert run.label == "openai:gpt-4o" and run.paths == (a, b) and run.duplicates == 1
    assert sorted(r["problem_id"] for r in run.records) == ["b1", "b2", "b3"]
    base = next(row[3] for row in table2([run, bfs])[1] if row[1] == "base")
    assert base.n == 3 and base.mean == pytest.approx(2 / 3)
    assert len(load_runs([a, b], merge=False)) == 2
    assert main(["report", str(a), str(b), "--no-figures", "-o", str(tmp_path / "out")]) == 0
    assert "openai:gpt-4o: 3 results from 2 directories (1 duplicates counted once)" in \
        capsys.readouterr().out


def test_merge_keeps_other_seeds_as_samples_and_other_settings_apart(tmp_path: Path) -> None:
    records = [_record("b1", "base", False, None, True, 1.0)]
    wrong = [_record("b1", "base", False, None, False, 1.0)]
    a = _run_dir(tmp_path / "a", "m", records)
    b = tmp_path / "b"
    _run_dir(b, "m", wrong)
    (b / "run.json").write_text(json.dumps({"model": "m", "seed": 7}))
    (run,) = load_runs([a, b])  # another seed: one more sample of the same problem
    assert len(run.records) == 2 and run.duplicates == 0
    c = _run_dir(tmp_path / "c", "m", records)
    (c / "run.json").write_text(json.dumps({"model": "m", "temperature": 0.7}))
    labels = [r.label for r in load_runs([a, c])]
    assert labels == ["m (a)", "m (c)"]


def test_merge_refuses_one_id_naming_two_problems(tmp_path: Path,
                                                  capsys: pytest.CaptureFixture[str]) -> None:
    first = _record("line-1", "base", False, None, True, 1.0)
    second = _record("line-1", "base", False, None, True, 1.0)
    first["score"]["goal"], second["score"]["goal"] = "cont({a}, 3, apples)", "cont({b}, 4, figs)"
    a = _run_dir(tmp_path / "a", "m", [first])
    b = _run_dir(tmp_path / "b", "m", [second])
    assert main(["report", str(a), str(b), "-o", str(tmp_path / "out")]) == 2
    error = capsys.readouterr().err
    assert "'line-1' is a different problem" in error and str(b) in error


def test_report_writes_latex_tables_or_prints_the_scores(runs: list[Path], tmp_path: Path,
                                                        capsys: pytest.CaptureFixture[str]
                                                        ) -> None:
    out = tmp_path / "report"
    assert main(["report", *map(str, runs), "--no-figures", "-o", str(out)]) == 0
    for name in ("table2_accuracy", "table3_efficiency", "efficiency_by_setting"):
        text = (out / f"{name}.tex").read_text(encoding="utf-8")
        assert "\\toprule" in text and "\\bottomrule" in text
    assert "n/a" in (out / "table2_accuracy.tex").read_text(encoding="utf-8")
    capsys.readouterr()
    written = sorted(p for p in tmp_path.rglob("*"))
    assert main(["report", *map(str, runs)]) == 0  # no output named: print, write nothing
    printed = capsys.readouterr().out
    assert "| Model | Problems | Accuracy | Efficiency" in printed and "n=" in printed
    assert sorted(p for p in tmp_path.rglob("*")) == written


def test_report_help_prints_a_plain_percent_sign(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit):
        main(["report", "--help"])
    text = capsys.readouterr().out
    assert "95% intervals" in text and "%%" not in text


@pytest.mark.skipif(shutil.which("pdflatex") is None, reason="pdflatex is not installed")
def test_latex_tables_compile_in_a_two_column_article(runs: list[Path], tmp_path: Path) -> None:
    out = tmp_path / "report"
    assert main(["report", *map(str, runs), "--no-figures", "-o", str(out)]) == 0
    inputs = "\n".join(f"\\input{{{out / name}.tex}}" for name in
                       ("table2_accuracy", "table3_efficiency", "efficiency_by_setting"))
    (tmp_path / "paper.tex").write_text(
        "\\documentclass[twocolumn]{article}\n\\usepackage{booktabs,graphicx}\n"
        f"\\begin{{document}}\n{inputs}\nText.\n\\end{{document}}\n", encoding="utf-8")
    done = subprocess.run(["pdflatex", "-interaction=nonstopmode", "-halt-on-error",
                           "paper.tex"], cwd=tmp_path, capture_output=True, text=True,
                          timeout=120)
    assert done.returncode == 0, done.stdout[-2000:]
    assert "Overfull \\hbox" not in done.stdout


def test_the_scores_table_has_a_row_per_setting_when_there_are_several() -> None:
    from vlp.lm.report import Run, scores, scores_table

    def record(problem: str, setting: str, correct: bool, efficiency: float) -> dict:
        return {"problem_id": problem, "setting": setting, "sample": 0,
                "score": {"answer_correct": correct, "efficiency": efficiency,
                          "efficiency_non_axioms": efficiency, "recall": 1.0,
                          "false_claims": 0 if correct else 2}}

    run = Run("m", (Path("r"),), (record("a", "tree", True, 0.5),
                                  record("b", "tree", False, 0.9),
                                  record("c", "trees", True, 0.25)))
    _, rows = scores([run])
    value = {(setting, name): estimate.mean for _, setting, name, estimate in rows}
    assert value[("all", "accuracy")] == pytest.approx(2 / 3)
    assert value[("all", "efficiency")] == pytest.approx(0.375)  # the correct answers only
    assert value[("tree", "efficiency")] == 0.5 and value[("trees", "accuracy")] == 1.0
    assert value[("all", "false_claims")] == pytest.approx(2 / 3)
    text = scores_table([run]).markdown()
    assert [line.split(" | ")[1] for line in text.splitlines() if line.startswith("| m")] == \
        ["all", "w/ Tree", "w/ Multiple Trees"]
