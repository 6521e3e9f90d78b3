"""Score a verify report against hand gold labels (how well the transcript reader reads).

Gold labels are written by a careful human reading the transcript one sentence at a time;
the same format serves the hand-written corpus (``tests/data/corpus/``) and any reference
set of real transcripts::

    {"answer_correct": true,
     "claims": [{"claim": "cont({sandy}, 6, carrots)", "relevant": true, "false": false}, ...],
     "efficiency": 1.0, ...}

Claims are in canonical atom syntax with the time erased. Other keys (``notes``,
``n_claims``, ``stated_answer`` ...) are allowed and ignored, except that ``efficiency``
must agree with the claims (relevant / distinct claims), so a mislabelled gold line is
caught when it is loaded.

What is counted, per transcript:

- a gold claim is **read** when some step of the report that is not ``unparsed`` carries
  that claim (time erased);
- a **false claim accepted** is a step judged a theorem (axiom / derived / derived-multi)
  whose claim is gold-false or is not a theorem of the problem's chart (the latter only when
  the problem is given);
- a **true claim rejected** is a step judged ``false`` whose claim is a gold-true claim;
- efficiency equals gold within 1e-9 (both undefined counts as equal), and answer
  correctness equals gold.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping, Sequence
from typing import Any

import attrs

from vlp.errors import InputError
from vlp.kernel import Claim

EFFICIENCY_TOLERANCE = 1e-9
_THEOREM_STATUSES = frozenset({"axiom", "derived", "derived-multi"})


def parse_claim(text: str) -> Claim:
    """A claim in canonical syntax with the time erased, e.g. ``cont({sam}, 3, carrots)``."""
    from vlp.grammar.canonical import parse_atom

    stripped = text.strip()
    if not stripped.endswith(")"):
        raise ValueError(f"{text!r} is not a claim: expected e.g. 'cont({{sam}}, 3, carrots)'")
    return parse_atom(stripped[:-1] + ", 0)").claim()  # any time: it is erased again


@attrs.frozen
class GoldClaim:
    claim: Claim
    relevant: bool  # on the unique shortest proof
    false: bool  # not a theorem of the problem


def _flag(item: Mapping[str, Any], key: str, where: str) -> bool:
    value = item.get(key)
    if not isinstance(value, bool):
        raise InputError(f"gold claim needs a true/false {key!r}", where)
    return value


@attrs.frozen
class Gold:
    """The gold labels of one transcript."""

    answer_correct: bool
    claims: tuple[GoldClaim, ...]
    efficiency: float | None

    @classmethod
    def from_json(cls, data: Mapping[str, Any], source: str = "<gold>") -> Gold:
        """Read and check gold labels; bad labels raise :class:`InputError` naming ``source``."""
        if not isinstance(data, Mapping):
            raise InputError("gold labels must be a JSON object", source)
        answer = data.get("answer_correct")
        if not isinstance(answer, bool):
            raise InputError("gold needs a true/false 'answer_correct'", source)
        items = data.get("claims")
        if not isinstance(items, list):
            raise InputError("gold needs a list of 'claims'", source)
        claims: list[GoldClaim] = []
        for number, item in enumerate(items, 1):
            where = f"{source}: claim {number}"
            if not isinstance(item, Mapping) or not isinstance(item.get("claim"), str):
                raise InputError("gold claim needs a 'claim' string", where)
            try:
                claim = parse_claim(item["claim"])
            except ValueError as error:
                raise InputError(f"bad gold claim {item['claim']!r}: {error}", where) from None
            relevant, false = _flag(item, "relevant", where), _flag(item, "false", where)
            if relevant and false:
                raise InputError(f"gold claim {claim} is both relevant and false", where)
            if any(c.claim == claim for c in claims):
                raise InputError(f"gold claim {claim} is listed twice", where)
            claims.append(GoldClaim(claim, relevant, false))
        gold = cls(answer, tuple(claims), None)
        expected = gold.efficiency_of_claims
        stated = data.get("efficiency", expected)
        if stated is not None and not isinstance(stated, (int, float)):
            raise InputError("gold 'efficiency' must be a number or null", source)
        if not _same_efficiency(stated, expected):
            raise InputError(f"gold efficiency {stated} disagrees with its claims "
                             f"({expected})", source)
        return attrs.evolve(gold, efficiency=stated)

    @property
    def efficiency_of_claims(self) -> float | None:
        """Relevant claims / distinct claims (false ones included), as the metrics count."""
        if not self.claims:
            return None
        return sum(c.relevant for c in self.claims) / len(self.claims)

    @property
    def true_claims(self) -> frozenset[Claim]:
        return frozenset(c.claim for c in self.claims if not c.false)

    @property
    def false_claims(self) -> frozenset[Claim]:
        return frozenset(c.claim for c in self.claims if c.false)


def _same_efficiency(a: float | None, b: float | None) -> bool:
    if a is None or b is None:
        return a is None and b is None
    return abs(a - b) <= EFFICIENCY_TOLERANCE


@attrs.frozen
class GoldScore:
    """How one report compares with its gold labels (claims as canonical strings)."""

    gold_claims: int
    read: tuple[str, ...]  # gold claims the report read
    missed: tuple[str, ...]  # gold claims it did not read
    unlabelled: tuple[str, ...]  # claims it read that the gold does not list (over-reading)
    false_accepted: tuple[str, ...]
    true_rejected: tuple[str, ...]
    efficiency: float | None
    gold_efficiency: float | None
    answer_correct: bool
    gold_answer_correct: bool
    # claims read that no gold lists and judged false: a true statement the reader misread
    # into a false claim, unless the transcript states a false claim left unread
    misread_false: tuple[str, ...] = ()

    @property
    def efficiency_equal(self) -> bool:
        return _same_efficiency(self.efficiency, self.gold_efficiency)

    @property
    def answer_equal(self) -> bool:
        return self.answer_correct == self.gold_answer_correct


def _steps(report: Any) -> list[tuple[str, Claim | None]]:
    """(status, claim) of every step, from a ``Report`` or its ``to_json()`` dict."""
    if isinstance(report, Mapping):
        return [(str(step["status"]),
                 None if step.get("claim") is None else parse_claim(step["claim"]))
                for step in report["steps"]]
    return [(step.status.value, step.claim) for step in report.steps]


def _report_value(report: Any, name: str) -> Any:
    return report[name] if isinstance(report, Mapping) else getattr(report, name)


def score(
    report: Any, gold: Gold | Mapping[str, Any], *,
    is_theorem: Callable[[Claim], bool] | None = None,
) -> GoldScore:
    """Compare ``report`` (a :class:`~vlp.checker.Report` or its JSON) with ``gold``.

    ``is_theorem`` (e.g. from :func:`theorem_test`) also counts as accepted-false any claim
    judged a theorem that the problem's chart does not prove, labelled or not.
    """
    if not isinstance(gold, Gold):
        gold = Gold.from_json(gold)
    steps = _steps(report)
    read_claims = {claim for status, claim in steps if claim is not None
                   and status != "unparsed"}
    accepted = {claim for status, claim in steps if claim is not None
                and status in _THEOREM_STATUSES}
    rejected = {claim for status, claim in steps if claim is not None and status == "false"}
    labelled = {c.claim for c in gold.claims}
    false_accepted = {c for c in accepted if c in gold.false_claims
                      or (is_theorem is not None and not is_theorem(c))}

    def names(claims: Iterable[Claim]) -> tuple[str, ...]:
        return tuple(sorted(map(str, claims)))

    return GoldScore(
        gold_claims=len(gold.claims),
        read=names(labelled & read_claims),
        missed=names(labelled - read_claims),
        unlabelled=names(read_claims - labelled),
        false_accepted=names(false_accepted),
        true_rejected=names(gold.true_claims & rejected),
        efficiency=_report_value(report, "efficiency"),
        gold_efficiency=gold.efficiency,
        answer_correct=bool(_report_value(report, "answer_correct")),
        gold_answer_correct=gold.answer_correct,
        misread_false=names(rejected - labelled),
    )


def theorem_test(problem: Any) -> Callable[[Claim], bool]:
    """Whether a claim is a theorem of ``problem`` (any form ``vlp.verify`` accepts)."""
    from .verify import prepared_problem

    # the index answers for comparisons the chart derives only when asked (reading/demand.py)
    return prepared_problem(problem).index.is_theorem


def score_problem(problem: Any, report: Any, gold: Gold | Mapping[str, Any]) -> GoldScore:
    """:func:`score` with the theorem check of ``problem``."""
    return score(report, gold, is_theorem=theorem_test(problem))


@attrs.frozen
class GoldTotals:
    """Sums over several transcripts (e.g. one style of the corpus)."""

    transcripts: int
    gold_claims: int
    claims_read: int
    false_accepted: int
    true_rejected: int
    efficiency_equal: int  # transcripts whose efficiency equals gold
    answer_equal: int  # transcripts whose answer correctness equals gold
    unlabelled: int  # claims read that no gold lists (misreads)
    misread_false: int = 0  # misreads judged false

    @property
    def read_rate(self) -> float | None:
        return self.claims_read / self.gold_claims if self.gold_claims else None

    @property
    def efficiency_rate(self) -> float | None:
        return self.efficiency_equal / self.transcripts if self.transcripts else None

    def meets(self, *, read: float = 0.95, efficiency: float = 0.90) -> bool:
        """The reader's acceptance bar: ``read`` of gold claims read, no false claim accepted,
        no true claim rejected, efficiency equal on ``efficiency`` of the transcripts, answer
        correctness equal on all."""
        return ((self.read_rate is None or self.read_rate >= read)
                and self.false_accepted == 0 and self.true_rejected == 0
                and (self.efficiency_rate is None or self.efficiency_rate >= efficiency)
                and self.answer_equal == self.transcripts)


def totals(scores: Sequence[GoldScore]) -> GoldTotals:
    return GoldTotals(
        transcripts=len(scores),
        gold_claims=sum(s.gold_claims for s in scores),
        claims_read=sum(len(s.read) for s in scores),
        false_accepted=sum(len(s.false_accepted) for s in scores),
        true_rejected=sum(len(s.true_rejected) for s in scores),
        efficiency_equal=sum(s.efficiency_equal for s in scores),
        answer_equal=sum(s.answer_equal for s in scores),
        unlabelled=sum(len(s.unlabelled) for s in scores),
        misread_false=sum(len(s.misread_false) for s in scores),
    )


def score_rows(
    problems: Mapping[str, Any], rows: Iterable[Mapping[str, Any]], *, group: str = "style",
    **verify_options: Any,
) -> dict[str, list[GoldScore]]:
    """Verify and score corpus rows (``id``, ``problem``, ``transcript``, optional
    ``answer``, ``gold``) against ``problems`` (id -> problem record), grouped by
    ``row[group]`` in first-seen order. ``verify_options`` go to ``vlp.verify``."""
    from .verify import verify

    groups: dict[str, list[GoldScore]] = {}
    for row in rows:
        problem = problems[row["problem"]]
        report = verify(problem, row["transcript"], answer=row.get("answer"),
                        **verify_options)
        gold = Gold.from_json(row["gold"], str(row.get("id", "<gold>")))
        groups.setdefault(str(row[group]), []).append(score_problem(problem, report, gold))
    return groups


TABLE_HEADER = ("group", "transcripts", "gold claims read", "false accepted",
                "true rejected", "efficiency = gold", "answer = gold", "unlabelled read",
                "misread judged false")


def table_row(name: str, total: GoldTotals) -> tuple[str, ...]:
    rate = total.read_rate
    return (
        name, str(total.transcripts),
        f"{total.claims_read}/{total.gold_claims}"
        + ("" if rate is None else f" ({100 * rate:.0f}%)"),
        str(total.false_accepted), str(total.true_rejected),
        f"{total.efficiency_equal}/{total.transcripts}",
        f"{total.answer_equal}/{total.transcripts}", str(total.unlabelled),
        str(total.misread_false),
    )


def format_table(groups: Mapping[str, GoldTotals]) -> str:
    """A plain-text table, one row per group and an ``all`` row."""
    rows = [TABLE_HEADER, *(table_row(name, t) for name, t in groups.items())]
    if len(groups) > 1:
        everything = GoldTotals(*(sum(getattr(t, f.name) for t in groups.values())
                                  for f in attrs.fields(GoldTotals)))
        rows.append(table_row("all", everything))
    widths = [max(len(row[i]) for row in rows) for i in range(len(TABLE_HEADER))]
    lines = ["  ".join(cell.ljust(w) if i == 0 else cell.rjust(w)
                       for i, (cell, w) in enumerate(zip(row, widths, strict=True)))
             for row in rows]
    lines.insert(1, "-" * len(lines[0]))
    return "\n".join(lines)


__all__ = [
    "EFFICIENCY_TOLERANCE", "Gold", "GoldClaim", "GoldScore", "GoldTotals", "format_table",
    "parse_claim", "score", "score_problem", "score_rows", "table_row", "theorem_test",
    "totals",
]
