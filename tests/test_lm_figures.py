"""Report figures: absent cells drawn as n/a, n under every bar, token units, file formats."""

from __future__ import annotations

from collections import Counter
from pathlib import Path

import pytest

from vlp.cli import main
from vlp.lm.figures import (
    count_histograms,
    fig3_tokens,
    fig7_accuracy_by_overlap,
    save,
    token_counts,
)
from vlp.lm.report import OVERLAPS, SETTINGS, Run


def _record(problem: str, setting: str, overlap: str, correct: bool,
            provider_tokens: int = 0) -> dict:
    return {"problem_id": problem, "sample": 0, "setting": setting, "overlap": overlap,
            "control": False, "query_kind": "nonground",
            "usage": {"proof_output_tokens": provider_tokens},
            "score": {"answer_correct": correct, "transcript_tokens": 100,
                      "reference_tokens": 40}}


def _texts(figure) -> list[str]:
    return [t.get_text() for axis in figure.axes for t in axis.texts]


def test_fig7_draws_missing_cells_as_n_a_and_n_under_every_bar() -> None:
    records = [_record("a", "axiom", "none", True), _record("b", "axiom", "none", False),
               _record("c", "trees", "both", False)]
    figure = fig7_accuracy_by_overlap([Run("m", (), tuple(records))])
    (axis,) = figure.axes
    texts = _texts(figure)
    cells = len(SETTINGS) * len(OVERLAPS)
    assert texts.count("n/a") == cells - 2  # every cell but (axiom, none) and (trees, both)
    counts = [t.get_text() for t in axis.texts if t.get_text().isdigit()]
    assert len(counts) == cells and sorted(counts)[-2:] == ["1", "2"]
    heights = sorted(round(p.get_height(), 6) for p in axis.patches)
    assert heights == [0.0, 50.0]  # no zero-height bar for an empty cell
    figure.clear()


def test_fig3_counts_provider_tokens_when_every_record_has_them() -> None:
    with_usage = [_record("a", "trees", "none", True, 130),
                  _record("b", "trees", "none", True, 150)]
    model, reference, unit = token_counts(with_usage)
    assert model == [130.0, 150.0] and unit.startswith("tokens (provider count")
    assert reference == pytest.approx([40 * 1.4, 40 * 1.4])  # words × 280/200 tokens/word
    model, reference, unit = token_counts([_record("a", "trees", "none", True)])
    assert (model, reference, unit) == ([100.0], [40.0], "tokens (whitespace words)")
    figure = fig3_tokens([Run("api", (), tuple(with_usage)), Run("empty", (), ())])
    assert "n/a: no correct answers" in _texts(figure)
    figure.clear()


def test_figures_save_png_pdf_svg_reproducibly(tmp_path: Path) -> None:
    rows = {"base": Counter({2: 3, 5: 1}), "trees": Counter({2: 3, 5: 1}),
            "trees control": Counter({4: 2})}
    order = ("base", "trees", "trees control")
    first = save(count_histograms(rows, order, "steps"), tmp_path / "one")
    second = save(count_histograms(rows, order, "steps"), tmp_path / "two")
    assert [p.suffix for p in first] == [".png", ".pdf", ".svg"]
    assert first[0].read_bytes().startswith(b"\x89PNG")
    assert first[1].read_bytes().startswith(b"%PDF")
    for a, b in zip(first, second, strict=True):
        assert a.read_bytes() == b.read_bytes()  # no timestamps: same input, same bytes


def test_count_histograms_are_bars_one_panel_per_group() -> None:
    rows = {"base": Counter({2: 3, 5: 1}), "axiom": Counter({2: 3, 5: 1})}
    figure = count_histograms(rows, ("base", "axiom"), "derived steps")
    panels = [axis for axis in figure.axes if axis.get_visible()]
    assert [axis.get_title() for axis in panels] == ["base (n=4, mean 2.75)",
                                                     "axiom (n=4, mean 2.75)"]
    for axis in panels:  # identical groups both visible: bars at 2 and 5, nothing joined
        assert not axis.lines
        assert sorted((p.get_x() + p.get_width() / 2, p.get_height()) for p in axis.patches) \
            == [(2.0, 3.0), (5.0, 1.0)]
    figure.clear()


def test_stats_plot_writes_bar_histograms(tmp_path: Path) -> None:
    data = tmp_path / "problems.jsonl"
    assert main(["generate", "-n", "6", "--seed", "2", "--quiet", "-o", str(data)]) == 0
    assert main(["stats", str(data), "--plot", str(tmp_path / "plots")]) == 0
    for stem in ("steps", "axioms"):
        for extension in ("png", "pdf", "svg"):
            assert (tmp_path / "plots" / f"{stem}.{extension}").stat().st_size > 1000


def _searched(problem: str, distance: float) -> dict:
    record = _record(problem, "trees", "both", True)
    record["score"]["search_order"] = {"distance_dfs": distance, "distance_bfs": distance,
                                       "distance_shortest_proof": distance}
    return record


def test_fig8_reads_plainly_and_a_mean_of_too_few_has_no_interval() -> None:
    from vlp.lm.figures import N_LABEL_SIZE, fig8_search_order

    figure = fig8_search_order([Run("m", (), (_searched("a", 0.67),))])
    label = figure.get_supxlabel()
    assert label.startswith("reference order (w/ Multiple Trees problems answered correctly")
    assert "compared with;" not in label
    (axis,) = figure.axes
    assert _texts(figure).count("CI n/a") == 3  # n = 1: a bar, and no zero-width interval
    counts = [t for t in axis.texts if t.get_text() == "1"]
    assert len(counts) == 3 and {t.get_fontsize() for t in counts} == {N_LABEL_SIZE}
    figure.clear()
    many = [_searched(f"p{i}", 0.1 * i) for i in range(6)]
    figure = fig8_search_order([Run("m", (), tuple(many))])
    assert "CI n/a" not in _texts(figure)
    figure.clear()


def test_every_figure_comes_page_wide_and_a_column_wide(tmp_path: Path) -> None:
    from vlp.lm.figures import write_figures

    runs = [Run(name, (), tuple(_searched(f"{name}{i}", 0.2) for i in range(3)))
            for name in ("a", "b", "c")]
    written = write_figures(runs, tmp_path)
    stems = sorted({p.stem for p in written})
    assert stems == sorted(f"{s}{w}" for s in ("fig3_tokens", "fig7_accuracy_by_overlap",
                                               "fig8_search_order") for w in ("", "-column"))
    import matplotlib.image

    for stem in ("fig7_accuracy_by_overlap", "fig8_search_order"):
        page = matplotlib.image.imread(tmp_path / f"{stem}.png").shape[1] / 200
        column = matplotlib.image.imread(tmp_path / f"{stem}-column.png").shape[1] / 200
        assert column <= 3.6 < page  # inches at 200 dpi: a column of a two-column paper
