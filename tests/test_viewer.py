"""The HTML run viewer's file: self-contained, every record in it, record text kept as text."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from tests.viewer_records import HOSTILE, RECORDS, write_runs
from vlp.cli import main
from vlp.lm.viewer import (
    expanded_steps,
    joined_data,
    reading,
    step_spans,
    unpacked_data,
    verdict,
)


def test_verdicts_and_readings_of_steps() -> None:
    assert verdict({"status": "axiom", "relevant": True}) == "relevant"
    assert verdict({"status": "derived", "relevant": False}) == "irrelevant"
    assert verdict({"status": "derived-multi", "relevant": True}) == "skipped"
    assert verdict({"status": "false"}) == "false"
    assert verdict({"status": "unparsed"}) == "unparsed"
    assert reading({"reading": {"method": "loose", "cues": ["more", "than"],
                                "resolved": {"he": "tom"}}}) == "loose (more, than; he = tom)"
    assert reading({"reading": {"method": "template", "cues": [], "resolved": {}}}) == "template"
    assert reading({"read_by": "arithmetic"}) == "arithmetic"
    assert reading({}) == ""


def test_viewer_is_one_self_contained_file(tmp_path: Path,
                                           capsys: pytest.CaptureFixture[str]) -> None:
    out = tmp_path / "view.html"
    assert main(["report", *map(str, write_runs(tmp_path / "runs")), "--html", str(out)]) == 0
    assert f"viewer: {out}" in capsys.readouterr().out
    page = out.read_text(encoding="utf-8")
    # nothing to fetch: no external URL anywhere, and the page forbids loading any
    assert not re.search(r"(src|href)=[\"'](?!data:|#)", page)
    assert "http://" not in page and "https://" not in page
    assert "default-src 'none'" in page
    for name in ("table2_accuracy", "table3_efficiency", "efficiency_by_setting"):
        assert f'id="table-{name}"' in page
    assert page.count('src="data:image/svg+xml;base64,') == 3
    # the records' text cannot close the data block: the only </script> are the page's own
    # (the index, one block of transcripts, the script)
    assert page.count("</script>") == 3 and HOSTILE not in page
    block = re.search(r'<script id="vlp-data" type="application/gzip;base64">(.*?)</script>',
                      page, re.S)
    index = unpacked_data(block.group(1))  # type: ignore[union-attr]
    chunks = [unpacked_data(text) for text in re.findall(
        r'<script class="vlp-chunk" type="application/gzip;base64">(.*?)</script>', page, re.S)]
    assert "text" not in index["records"][0] and len(chunks) == 1
    data = joined_data(index, chunks)
    assert len(data["records"]) == sum(map(len, RECORDS.values()))
    assert [run["label"] for run in data["runs"]] == list(RECORDS)
    steps = [(r, s) for r in data["records"] for s in expanded_steps(r)]
    assert {s["v"] for _, s in steps} == {"relevant", "irrelevant", "false", "skipped",
                                          "unparsed"}
    # a step's text is kept only where it is not the model's own words at its place
    said = {r["text"][s["a"]:s["b"]] if "t" not in s else s["t"] for r, s in steps}
    assert HOSTILE in said and "So Ann has 9 apples." in said
    assert all("t" not in s for _, s in steps if s["s"] in (1, 2, 4))
    assert all(s.get("t") == "So Ann has 9 apples." for _, s in steps if s["s"] == 3)
    assert "loose (more; he = bob)" in {s.get("read") for _, s in steps}
    claims = {data["problems"][r["p"]]["claims"][s["c"]] for r, s in steps}
    assert "cont({a}, 3, apples)" in claims
    # each problem once, however many models answered it
    assert len(data["problems"]) == len({r["problem_id"] for rs in RECORDS.values() for r in rs})
    first = data["problems"][data["records"][0]["p"]]
    assert first["problem"].startswith("Ann has 3 apples.") and first["gold"] == 9
    assert "1 results" not in page
    runs_section = page[page.index('<section id="runs">'):]
    assert "openai-gpt-4o-mini" in runs_section and "vlp_version 0.1.0" in runs_section


def test_viewer_without_figures_and_without_tables_dir(tmp_path: Path) -> None:
    out = tmp_path / "deep" / "view.html"
    runs = write_runs(tmp_path / "runs")
    assert main(["report", *map(str, runs), "--no-figures", "--html", str(out)]) == 0
    assert "data:image/svg+xml" not in out.read_text(encoding="utf-8")
    assert not (tmp_path / "deep" / "report.md").exists()


def test_output_paths_of_the_wrong_kind_are_one_line_errors(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    runs = [str(p) for p in write_runs(tmp_path / "runs")]
    assert main(["report", *runs, "--html", str(tmp_path)]) == 2
    assert "is a directory" in capsys.readouterr().err
    file = tmp_path / "file.txt"
    file.write_text("x", encoding="utf-8")
    assert main(["report", *runs, "-o", str(file)]) == 2
    assert "is a file" in capsys.readouterr().err


def test_step_spans_find_the_models_words_in_order() -> None:
    text = "1. Ann has 3 apples.\n2. **So** ann has 9 apples. She has 9.\n3. Ann has 3 apples."
    steps = [{"sentence": 1, "text": "Ann has 3 apples."},
             {"sentence": 2, "text": "So Ann has 9 apples."},  # markdown: not the model's
             {"sentence": 3, "text": "ann has 9 apples."},  # found up to case
             {"sentence": 3, "text": "ann has 9 apples."},  # a second claim of it
             {"sentence": 4, "text": "Ann has 3 apples."}]  # the later occurrence
    spans = step_spans(text, steps)
    assert spans[1] is None and spans[2] == spans[3]
    assert [text[a:b] for a, b in (spans[0], spans[2], spans[4])] == [
        "Ann has 3 apples.", "ann has 9 apples.", "Ann has 3 apples."]
    assert spans[4][0] > spans[2][1]
