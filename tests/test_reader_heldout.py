"""The transcript reader against the held-out set (tests/data/heldout/), written blind.

The corpus (tests/data/corpus/) has been seen by the reader's author, so it no longer
measures generalisation; this set was labelled and committed before any reader ran on it.
Precision must hold overall: no false claim accepted, no true claim rejected. Recall is
reported per style against issue 10's bar (>= 95% of gold claims read, efficiency equal on
>= 90%, every answer equal); styles below it are ``xfail(strict=False)`` with the figures
measured when the set landed. ``python bench/corpus.py --set heldout`` prints the table.
"""

from __future__ import annotations

import pytest
from gold_sets import DATA, GoldSet, assert_precision, assert_recall_bar, style_param

from vlp.checker.goldscore import Gold, GoldScore

HELDOUT = DATA / "heldout"
SET = GoldSet.load(HELDOUT)
PROBLEMS, ROWS, STYLES = SET.problems, SET.rows, SET.styles

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
    return SET.scores()


def test_the_heldout_set_is_large_and_varied() -> None:
    assert len(ROWS) >= 60 and len(STYLES) >= 10
    assert len({row["id"] for row in ROWS}) == len(ROWS)
    assert {row["problem"] for row in ROWS} <= set(PROBLEMS)
    for row in ROWS:
        Gold.from_json(row["gold"], row["id"])


def test_the_heldout_file_matches_its_sources_and_the_charts() -> None:
    assert SET.rebuilt() == (HELDOUT / "transcripts.jsonl").read_text(encoding="utf-8")


def test_every_style_below_the_bar_exists() -> None:
    assert set(BELOW_THE_BAR) <= set(STYLES)


def test_no_false_claim_accepted_and_no_true_claim_rejected(
    scores: dict[str, list[GoldScore]],
) -> None:
    """Precision holds on text the reader's author never saw, in every style."""
    assert_precision(scores)


@pytest.mark.parametrize("style", [style_param(s, BELOW_THE_BAR) for s in STYLES])
def test_style_meets_the_recall_bar(style: str, scores: dict[str, list[GoldScore]]) -> None:
    assert_recall_bar(scores[style])
