"""``vlp demo`` (acceptance): offline, baselines as models, the paper's tables."""

from __future__ import annotations

from pathlib import Path

import pytest

from vlp.lm.demo import DemoDesign, demo
from vlp.lm.report import efficiency_by_setting, load_runs, table2


def test_demo_design_covers_the_papers_cells() -> None:
    jobs = DemoDesign().jobs(seed=0)
    assert len({identifier for identifier, _, _ in jobs}) == len(jobs) == 26
    cells = {(f.get("setting", "base"), f.get("overlap"), f.get("control", False),
              f.get("query_kind", "nonground")) for _, _, f in jobs}
    for setting in ("axiom", "tree", "trees"):
        for overlap in ("none", "entity", "agent", "both"):
            assert (setting, overlap, False, "nonground") in cells
        assert any(c[0] == setting and c[2] for c in cells)  # control twins
    assert any(c[3] == "ground" for c in cells) and ("base", None, False, "nonground") in cells


def test_demo_acceptance(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    design = DemoDesign(base=2, per_overlap=1, controls=0, ground=False)
    files = demo(tmp_path / "demo", seed=3, design=design, workers=2)
    printed = capsys.readouterr().out
    assert "Table 2." in printed and "Table 3." in printed and str(files.markdown) in printed
    runs = {run.label: run for run in load_runs(sorted((tmp_path / "demo" / "runs").iterdir()))}
    assert set(runs) == {"baseline:shortest", "baseline:bfs", "baseline:dfs", "baseline:overlap"}
    shortest = runs["baseline:shortest"]
    assert len(shortest.records) == 2 + 3 * 4
    assert all(r["score"]["answer_correct"] and r["score"]["efficiency"] == 1.0
               for r in shortest.records)
    _, accuracy = table2(list(runs.values()))
    assert all(row[3].mean == 1.0 for row in accuracy if row[3].n)
    _, efficiency = efficiency_by_setting([runs["baseline:bfs"]])
    by_setting = {row[1]: row[3].mean for row in efficiency if row[2] == "efficiency"}
    assert by_setting["trees"] < by_setting["base"] - 0.1
    for figure in files.figures:
        assert figure.stat().st_size > 5000
    assert "viewer (open in a browser):" in printed
    assert (tmp_path / "demo" / "report" / "viewer.html").stat().st_size > 10000
    # run.json records what vlp evaluate's does: version, revision, start and end
    import json

    record = json.loads((tmp_path / "demo" / "runs" / "baseline-bfs" / "run.json").read_text())
    assert record["vlp_version"] and "git_revision" in record
    assert record["started"] <= record["finished"]
    (session,) = record["sessions"]
    assert session["command"] == "vlp demo --seed 3" and session["results"] == 14
