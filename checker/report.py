"""The result of verifying one transcript, and its JSON and readable renderings."""

from __future__ import annotations

import json
import re
from collections.abc import Iterable
from typing import IO, Any

import attrs
from rich.console import Console
from rich.table import Table
from rich.text import Text

from vlp.kernel import PREDICATES

from .metrics import Metrics
from .search_order import SearchOrder
from .verdicts import Status, StepVerdict, text_of

CLAIMS_MODE = "claims"
ARITHMETIC_MODE = "arithmetic"  # reasoning-model mode (paper App. D.4)

STATUS_STYLES: dict[Status, str] = {
    Status.AXIOM: "cyan",
    Status.DERIVED: "green",
    Status.DERIVED_MULTI: "yellow",
    Status.FALSE: "bold red",
    Status.UNPARSED: "magenta",
}


@attrs.frozen
class Report:
    """Everything ``verify`` found about one transcript.

    ``answer_correct`` compares the extracted answer with the gold answer; the efficiency
    metrics are computed for every transcript (the paper reports them only for correct
    answers: filter on ``answer_correct`` when aggregating like the paper).
    """

    problem_id: str | None
    mode: str  # CLAIMS_MODE or ARITHMETIC_MODE
    goal: str  # the goal theorem, canonical form
    steps: tuple[StepVerdict, ...]
    metrics: Metrics
    predicted_answer: int | float | None  # a float only when not whole ("26.5")
    gold_answer: int | None
    answer_source: str | None  # where the answer was read from
    search_order: SearchOrder | None = None
    reference_proof: tuple[str, ...] = ()
    notes: tuple[str, ...] = ()
    # answers the transcript's answer phrases state besides the one read (a hedge: "the
    # answer is 24 ... the answer is 26"), distinct, in order
    other_answers: tuple[int | float, ...] = ()

    @property
    def answer_correct(self) -> bool:
        # a float is never whole, so never a quantity (26.000000000000001 rounds to 26.0)
        return type(self.predicted_answer) is int and self.predicted_answer == self.gold_answer

    @property
    def efficiency(self) -> float | None:
        return self.metrics.efficiency

    @property
    def efficiency_non_axioms(self) -> float | None:
        return self.metrics.efficiency_non_axioms

    @property
    def recall(self) -> float | None:
        return self.metrics.recall

    @property
    def exact_match(self) -> bool:
        return self.metrics.exact_match

    def steps_with(self, status: Status) -> list[StepVerdict]:
        return [step for step in self.steps if step.status is status]

    def to_json(self) -> dict[str, Any]:
        metrics = attrs.asdict(self.metrics)
        order = None
        if self.search_order is not None:
            order = {
                "distance_dfs": self.search_order.distance_dfs,
                "distance_bfs": self.search_order.distance_bfs,
                "distance_shortest_proof": self.search_order.distance_shortest_proof,
                "transcript": [text_of(c) for c in self.search_order.transcript],
                "dfs": [text_of(c) for c in self.search_order.dfs],
                "bfs": [text_of(c) for c in self.search_order.bfs],
                "shortest_proof": [text_of(c) for c in self.search_order.shortest_proof],
            }
        return {
            "problem_id": self.problem_id,
            "mode": self.mode,
            "goal": self.goal,
            "answer_correct": self.answer_correct,
            "predicted_answer": self.predicted_answer,
            "gold_answer": self.gold_answer,
            "answer_source": self.answer_source,
            "other_answers": list(self.other_answers),
            **metrics,
            "search_order": order,
            "reference_proof": list(self.reference_proof),
            "notes": list(self.notes),
            "steps": [step.to_json() for step in self.steps],
        }

    def to_json_line(self) -> str:
        return json.dumps(self.to_json(), ensure_ascii=False, sort_keys=False)


def _fraction(value: float | None, numerator: int, denominator: int) -> str:
    if value is None:
        return "n/a (nothing to count)"
    return f"{value:.3f} ({numerator}/{denominator})"


def render_report(
    report: Report, file: IO[str] | None = None, *, color: bool | None = None
) -> None:
    """Print a readable report: one row per step, then the metrics.

    Colour only when writing to a terminal, unless ``color`` says otherwise.
    """
    console = Console(file=file, force_terminal=color, no_color=color is False,
                      highlight=False, soft_wrap=True)
    if not console.is_terminal:
        console.width = 120  # files and pipes: wide enough that rows rarely wrap
    title = f"Problem {report.problem_id}" if report.problem_id else "Transcript"
    console.print(Text(f"{title} — goal {report.goal}", style="bold"))
    for note in report.notes:
        console.print(Text(f"note: {note}", style="italic"))
    table = Table(show_header=True, header_style="bold", expand=False, show_lines=False)
    for column in ("#", "verdict", "rel", "dup", "rule", "read", "claim / reason", "text"):
        table.add_column(column, overflow="fold")
    names = report_names(report)
    for step in report.steps:
        detail = str(step.claim) if step.claim is not None else ""
        if step.status is Status.DERIVED_MULTI and step.missing:
            detail += " — skipped: " + "; ".join(map(str, step.missing))
        if step.status is Status.UNPARSED and states_no_claim(step.text, names):
            detail = STATES_NO_CLAIM  # filler: the reader's wording would only confuse
        elif step.reason:
            detail = f"{detail} — {step.reason}" if detail else step.reason
        table.add_row(
            str(step.sentence),
            Text(step.status.value, style=STATUS_STYLES[step.status]),
            "yes" if step.relevant else "",
            "dup" if step.duplicate else "",
            step.rule or "",
            str(step.reading),
            detail,
            step.text,
        )
    console.print(table)
    m = report.metrics
    answer = "none found" if report.predicted_answer is None else str(report.predicted_answer)
    verdict = (Text("correct", style="green") if report.answer_correct
               else Text("wrong", style="red"))
    console.print(Text.assemble("answer: ", answer, f" (gold {report.gold_answer}) ", verdict))
    console.print(f"efficiency: {_fraction(m.efficiency, m.relevant_claims, m.claims)}")
    non_axioms = _fraction(m.efficiency_non_axioms, m.relevant_non_axiom_claims,
                           m.non_axiom_claims)
    console.print(f"efficiency (non-axioms): {non_axioms}")
    console.print(f"recall: {_fraction(m.recall, m.relevant_claims, m.proof_claims)}; "
                  f"exact match: {'yes' if m.exact_match else 'no'}")
    console.print(f"steps {m.step_count}: {m.claims} distinct claims, "
                  f"{m.irrelevant_claims} irrelevant, "
                  f"{m.false_claims} false, {m.unparsed_steps} unparsed, "
                  f"{m.duplicate_steps} duplicates; tokens {m.transcript_tokens} "
                  f"(reference proof {m.reference_tokens})")
    if report.search_order is not None:
        order = report.search_order
        console.print(f"search order (normalized Levenshtein): DFS {order.distance_dfs:.3f}, "
                      f"BFS {order.distance_bfs:.3f}, shortest proof "
                      f"{order.distance_shortest_proof:.3f}")


SUMMARY_FIELDS: tuple[str, ...] = (
    "efficiency", "efficiency_non_axioms", "recall",
)


class SummaryBuilder:
    """``summarize`` one row at a time (a batch of any size in constant memory)."""

    def __init__(self) -> None:
        self.transcripts = 0
        self.verified = 0
        self.correct = 0
        self.exact = 0
        self.false_claims = 0
        self.unparsed_steps = 0
        # per field: (sum, count) over correct rows and over verified rows
        self.sums = {name: [0.0, 0, 0.0, 0] for name in SUMMARY_FIELDS}

    def add(self, row: dict[str, Any]) -> None:
        self.transcripts += 1
        if "error" in row:
            return
        self.verified += 1
        correct = bool(row.get("answer_correct"))
        self.correct += correct
        self.exact += correct and bool(row.get("exact_match"))
        for name, sums in self.sums.items():
            value = row.get(name)
            if value is not None:
                sums[2] += value
                sums[3] += 1
                if correct:
                    sums[0] += value
                    sums[1] += 1
        self.false_claims += row.get("false_claims", 0)
        self.unparsed_steps += row.get("unparsed_steps", 0)

    def result(self) -> dict[str, Any]:
        summary: dict[str, Any] = {
            "transcripts": self.transcripts,
            "verified": self.verified,
            "errors": self.transcripts - self.verified,
            "accuracy": self.correct / self.verified if self.verified else None,
            "exact_match": self.exact / self.correct if self.correct else None,
        }
        for name, (correct_sum, correct_count, all_sum, all_count) in self.sums.items():
            summary[name] = correct_sum / correct_count if correct_count else None
            summary[f"{name}_all"] = all_sum / all_count if all_count else None
        summary["false_claims"] = self.false_claims
        summary["unparsed_steps"] = self.unparsed_steps
        return summary


def summarize(rows: Iterable[dict[str, Any]]) -> dict[str, Any]:
    """Aggregate report rows (``Report.to_json()`` dicts, or error rows with ``error``).

    Efficiency and recall are averaged over the transcripts with a correct answer, as in
    the paper (§5.2); ``*_all`` averages over every verified transcript.
    """
    builder = SummaryBuilder()
    for row in rows:
        builder.add(row)
    return builder.result()


# what each line of the batch summary measures (``summarize``)
SUMMARY_MEANINGS = {
    "transcripts": "rows read",
    "verified": "transcripts verified",
    "errors": "rows not verified (timeout, unknown problem, bad row): see the report",
    "accuracy": "verified transcripts with the gold answer",
    "exact_match": "of the correct ones, proofs that state exactly the shortest proof",
    "efficiency": "correct answers only (paper §5.2): shortest-proof claims / distinct "
                  "claims stated",
    "efficiency_all": "the same over every verified transcript, wrong answers included",
    "efficiency_non_axioms": "correct answers only: the same counting derived claims only",
    "efficiency_non_axioms_all": "the same over every verified transcript",
    "recall": "correct answers only: share of the shortest proof's claims stated",
    "recall_all": "the same over every verified transcript",
    "false_claims": "claims that are not theorems, all transcripts together",
    "unparsed_steps": "sentences from which no claim could be read, all together",
}


def render_summary(summary: dict[str, Any], file: IO[str] | None = None) -> None:
    console = Console(file=file, highlight=False)
    table = Table(title="verify-proof summary", show_header=True, header_style="bold")
    table.add_column("measure")
    table.add_column("value", justify="right")
    table.add_column("meaning")
    for key, value in summary.items():
        shown = ("n/a" if value is None else f"{value:.3f}" if isinstance(value, float)
                 else str(value))
        table.add_row(key.replace("_", " "), shown, SUMMARY_MEANINGS.get(key, ""))
    console.print(table)


# --- unparsed sentences that name nothing of the problem -----------------------------------

_PREDICATES = frozenset(PREDICATES)
_WORD = re.compile(r"[a-z][a-z'_-]*")


def problem_names(canonical: Iterable[str]) -> frozenset[str]:
    """The agents' and entities' names in canonical atoms or claims (the goal, the claims
    a transcript's steps were aligned to): what a sentence about the problem mentions."""
    names: set[str] = set()
    for text in canonical:
        for word in _WORD.findall(str(text).lower()):
            if word not in _PREDICATES:
                names.update(part for part in re.split(r"[_-]", word) if len(part) > 1)
    return frozenset(names)


def states_no_claim(text: str, names: frozenset[str]) -> bool:
    """Whether an unreadable sentence names nothing of the problem ("Let me think.",
    "Hmm, wait"): filler, not a claim the reader failed on. A word counts as a name also
    in its plural, possessive or capitalised form."""
    for word in _WORD.findall(text.lower()):
        stem = word.removesuffix("'s").removesuffix("'")
        if stem in names or stem.rstrip("s") in names or stem.removesuffix("es") in names:
            return False
    return True


STATES_NO_CLAIM = "states no claim"


def report_names(report: Report) -> frozenset[str]:
    return problem_names([report.goal, *(str(s.claim) for s in report.steps if s.claim),
                          *(str(s.atom) for s in report.steps if s.atom)])
