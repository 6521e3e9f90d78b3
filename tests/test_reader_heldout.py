"""The transcript reader against the held-out set (tests/data/heldout/), written blind.

The corpus (tests/data/corpus/) has been seen by the reader's author, so it no longer
measures generalisation; this set was labelled and committed before any reader ran on it.
Precision must hold overall: no false claim accepted, no true claim rejected. Recall is
reported per style against issue 10's bar (>= 95% of gold claims read, efficiency equal on
>= 90%, every answer equal); styles below it are ``xfail(strict=False)`` with the figures
measured when the set landed. ``python bench/corpus.py --set heldout`` prints the table.
"""

from __future__ import annotations

import importlib.util
from pathlib import Path

import pytest

from vlp.checker.goldscore import Gold, GoldScore, format_table, score_rows, totals
from vlp.commands.verify import iter_jsonl

HELDOUT = Path(__file__).parent / "data" / "heldout"
PROBLEMS = {r["id"]: r for _, r, _ in iter_jsonl(HELDOUT / "problems.jsonl", "problems")
            if r is not None}
ROWS = [r for _, r, _ in iter_jsonl(HELDOUT / "transcripts.jsonl", "transcripts")
        if r is not None]
STYLES = sorted({row["style"] for row in ROWS})

# style -> its figures on main when last measured (after the precision fixes of the
# red-team, tests/test_reader_precision.py): gold claims read, efficiency equal, answers
# equal; delete an entry once its style meets the bar
BELOW_THE_BAR: dict[str, str] = {
    "bullets": "37/41 read (90%); efficiency 6/6, answers 6/6 (a bare '→ 75 + 57 = 132' "
               "sub-bullet, label lists '- 17 binders', a compeq in words)",
    "parens": "22/31 read (71%); efficiency 6/6, answers 6/6 ('17 (binders) × 11 "
              "(bookmarks per binder) = 187', 'gives away 59 (to Elof)' are not read)",
    "passive": "34/38 read (89%); efficiency 6/6, answers 6/6 ('bringing her total to "
               "132' after 'given to Gulnara by Nita' is ambiguous, '11 bookmarks are "
               "contained in each binder' is not read)",
    "prose": "39/51 read (76%); efficiency 4/6, answers 5/6 ('gives Vivek 50 (bringing "
             "him to 95)' is unparsed: 'him' may be the giver or Vivek)",
    "table": "17/30 read (57%); efficiency 5/6, answers 6/6 (rows that name an event, "
             "not a person: '| Cornel gives 70 | 141 |', '| Celestino after Dimas gives 16 | "
             "40 + 16 | 56 pogo sticks |')",
    "terse": "19/36 read (53%); efficiency 5/6, answers 4/6 ('+50 (Naoko) → 95', 'Ujjwal: "
             "71 → +70 from Cornel → 141', '× 7 footballs each → 882' are not read)",
}


@pytest.fixture(scope="module")
def scores() -> dict[str, list[GoldScore]]:
    groups = score_rows(PROBLEMS, ROWS)
    table = {style: totals(groups[style]) for style in STYLES}
    print("\n" + format_table(table))
    return groups


def _style_param(style: str):  # noqa: ANN202 - a pytest ParameterSet
    reason = BELOW_THE_BAR.get(style)
    marks = [pytest.mark.xfail(strict=False, reason=f"reader on main: {reason}")] if reason \
        else []
    return pytest.param(style, marks=marks, id=style)


def test_the_heldout_set_is_large_and_varied() -> None:
    assert len(ROWS) >= 60 and len(STYLES) >= 10
    assert len({row["id"] for row in ROWS}) == len(ROWS)
    assert {row["problem"] for row in ROWS} <= set(PROBLEMS)
    for row in ROWS:
        Gold.from_json(row["gold"], row["id"])


def test_the_heldout_file_matches_its_sources_and_the_charts() -> None:
    spec = importlib.util.spec_from_file_location("corpus_build",
                                                  HELDOUT.parent / "corpus" / "build.py")
    assert spec is not None and spec.loader is not None
    build = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(build)
    assert build.render(build.build(HELDOUT)) == (HELDOUT / "transcripts.jsonl").read_text(
        encoding="utf-8")


def test_every_style_below_the_bar_exists() -> None:
    assert set(BELOW_THE_BAR) <= set(STYLES)


def test_no_false_claim_accepted_and_no_true_claim_rejected(
    scores: dict[str, list[GoldScore]],
) -> None:
    """Precision holds on text the reader's author never saw, in every style."""
    for style in STYLES:
        total = totals(scores[style])
        assert (style, total.false_accepted, total.true_rejected) == (style, 0, 0)


@pytest.mark.parametrize("style", [_style_param(s) for s in STYLES])
def test_style_meets_the_recall_bar(style: str, scores: dict[str, list[GoldScore]]) -> None:
    total = totals(scores[style])
    assert total.read_rate is not None and total.read_rate >= 0.95, \
        f"{total.claims_read}/{total.gold_claims} gold claims read"
    assert total.efficiency_rate is not None and total.efficiency_rate >= 0.90, \
        f"efficiency equal to gold on {total.efficiency_equal}/{total.transcripts}"
    assert total.answer_equal == total.transcripts, \
        f"answer correctness equal to gold on {total.answer_equal}/{total.transcripts}"
