"""The run viewer (``vlp report RUN_DIR... --html OUT.html``): one self-contained HTML file.

The page holds the report's tables, its figures (SVG as data URIs) and every transcript with
its steps coloured by verdict and the way each step was read, filterable by model, setting,
overlap, query kind, answer and verdict. No server, no network: the CSS and the script are
inline (``lm/data/viewer.html``, ``.css``, ``.js``), the records are one gzip-compressed JSON
block (base64) that the script inflates with the browser's ``DecompressionStream``, and every
string from a record is inserted as text, never as markup.

Paper scale (bench/viewer.py: 10,000 transcripts): the data is compressed, each problem's
text and reference proof are stored once however many models and samples answered it, a
step's text is stored only where it differs from the model's own words at its place in the
transcript, and table rows are built a page at a time, for the rows shown.
"""

from __future__ import annotations

import base64
import gzip
import html
import json
from collections.abc import Sequence
from importlib import resources
from pathlib import Path
from string import Template
from typing import Any

from vlp.checker.report import STATES_NO_CLAIM, problem_names, states_no_claim
from vlp.lm.report import Run, report_tables, summary_lines
from vlp.output import write_atomically

VERDICTS = ("relevant", "irrelevant", "false", "skipped", "unparsed")
# a step's verdict in the page's data: one letter each, a transcript's verdicts one string
VERDICT_CODES = {"relevant": "r", "irrelevant": "i", "false": "f", "skipped": "s",
                 "unparsed": "u"}
STEP_FIELDS = ("c", "r", "d", "read", "t")
VERDICT_HELP = {
    "relevant": "a theorem on the shortest proof",
    "irrelevant": "a theorem the shortest proof does not need",
    "false": "not a theorem: wrong arithmetic, wrong quantity, invented fact",
    "skipped": "a theorem, but several rule applications away (intermediate steps skipped)",
    "unparsed": "no claim could be read from the sentence",
}


def verdict(step: dict[str, Any]) -> str:
    """The step's colour: what it is (false, unparsed, skipped) or, for a theorem stated in
    one step, whether the shortest proof needs it."""
    status = step.get("status")
    if status == "false":
        return "false"
    if status == "unparsed":
        return "unparsed"
    if status == "derived-multi":
        return "skipped"
    return "relevant" if step.get("relevant") else "irrelevant"


def reading(step: dict[str, Any]) -> str:
    """How the step was read ("template", "loose (cues; he = tom)", "arithmetic"), from the
    verifier's ``reading`` (or a plain ``read_by``); "" when the record predates it."""
    read = step.get("reading", step.get("read_by"))
    if isinstance(read, str):
        return read
    if not isinstance(read, dict) or not read.get("method"):
        return ""
    details = [", ".join(map(str, read["cues"]))] if read.get("cues") else []
    resolved = read.get("resolved") or {}
    pairs = resolved.items() if isinstance(resolved, dict) else resolved
    details += [f"{said} = {meant}" for said, meant in pairs]
    return str(read["method"]) + (f" ({'; '.join(details)})" if details else "")


def _step(step: dict[str, Any], span: tuple[int, int] | None, transcript: str,
          claims: dict[str, int], names: frozenset[str]) -> dict[str, Any]:
    text = str(step.get("text") or "")
    detail = []
    if step.get("status") == "derived-multi" and step.get("missing"):
        detail.append("skipped: " + "; ".join(map(str, step["missing"])))
    if step.get("status") == "unparsed" and states_no_claim(text, names):
        detail.append(STATES_NO_CLAIM)  # filler: the reader's wording would only confuse
    elif step.get("reason"):
        detail.append(str(step["reason"]))
    if step.get("arithmetic") and str(step["arithmetic"]) not in text:  # else the text says it
        detail.append(f"arithmetic {step['arithmetic']}")
    if step.get("duplicate"):
        detail.append("duplicate of an earlier step")
    entry: dict[str, Any] = {"v": verdict(step), "s": step.get("sentence")}
    if span is not None:
        entry["a"], entry["b"] = span
    if span is None or transcript[span[0]:span[1]] != text:
        entry["t"] = text
    if step.get("claim"):  # by index into its problem's claims: every model states the same
        entry["c"] = claims.setdefault(str(step["claim"]), len(claims))
    for key, value in (("r", step.get("rule")), ("d", " · ".join(detail)),
                       ("read", reading(step))):
        if value:
            entry[key] = value
    return entry


def step_spans(transcript: str, steps: Sequence[dict[str, Any]]
               ) -> list[tuple[int, int] | None]:
    """Where each step's sentence stands in the model's own text: found in order, exactly
    or up to case, from the end of the previous one (claims of one sentence share its
    place); None where the reader's text is not the model's (markup removed, rewritten)."""
    spans: list[tuple[int, int] | None] = []
    cursor = 0
    lowered = transcript.lower()
    previous: tuple[Any, str, tuple[int, int] | None] | None = None
    for step in steps:
        text = str(step.get("text") or "").strip()
        if previous is not None and previous[0] == step.get("sentence") and previous[1] == text:
            spans.append(previous[2])
            continue
        at = transcript.find(text, cursor) if text else -1
        if at < 0 and text:
            at = lowered.find(text.lower(), cursor)
        span = (at, at + len(text)) if at >= 0 else None
        if span is not None:
            cursor = span[1]
        spans.append(span)
        previous = (step.get("sentence"), text, span)
    return spans


def _number(value: Any) -> float | None:
    return None if value is None else round(float(value), 4)


def _record(run_index: int, record: dict[str, Any], problems: dict[tuple[Any, ...], Any]
            ) -> dict[str, Any]:
    score = record.get("score") or {}
    transcript = str(record.get("transcript") or "")
    problem = (str((record.get("prompt") or {}).get("problem_text") or ""),
               str(score.get("goal") or ""), score.get("gold_answer"),
               tuple(str(s) for s in score.get("reference_proof") or []))
    index, claims = problems.setdefault(problem, (len(problems), {}))
    raw_steps = score.get("steps") or []
    names = problem_names([score.get("goal") or "",
                           *(s.get(key) or "" for s in raw_steps for key in ("claim", "atom"))])
    steps = [_step(s, span, transcript, claims, names)
             for s, span in zip(raw_steps, step_spans(transcript, raw_steps), strict=True)]
    entry = {
        "run": run_index, "id": str(record.get("problem_id")), "sample": record.get("sample", 0),
        "setting": record.get("setting") or "base",
        "variant": "control" if record.get("control") else
                   ("" if (record.get("setting") or "base") == "base" else "irrelevant"),
        "overlap": record.get("overlap") or "", "kind": record.get("query_kind") or "nonground",
        "correct": bool(score.get("answer_correct")),
        "predicted": score.get("predicted_answer"), "p": index,
        "answer": str(record.get("answer_text") or ""), "mode": score.get("mode") or "",
        "efficiency": _number(score.get("efficiency")),
        "efficiency_non_axioms": _number(score.get("efficiency_non_axioms")),
        "steps": _columns(steps), "text": transcript,
    }
    notes = [str(n) for n in score.get("notes") or []]
    if notes:
        entry["notes"] = notes
    return entry


def _columns(steps: Sequence[dict[str, Any]]) -> dict[str, Any]:
    """A transcript's steps as columns, which compress to half what a list of objects
    does: the verdicts as one string of letters, each place in the model's text as the gap
    from the end of the previous one (``a``, null where it was not found) and its length
    (``n``), then one list per field (a field no step has is left out)."""
    columns: dict[str, Any] = {"v": "".join(VERDICT_CODES[s["v"]] for s in steps),
                               "s": [s.get("s") for s in steps]}
    gaps: list[int | None] = []
    lengths: list[int | None] = []
    end = 0
    for step in steps:
        if "a" in step:
            gaps.append(step["a"] - end)
            lengths.append(step["b"] - step["a"])
            end = step["b"]
        else:
            gaps.append(None)
            lengths.append(None)
    if any(gap is not None for gap in gaps):
        columns["a"], columns["n"] = gaps, lengths
    for field in STEP_FIELDS:
        values = [s.get(field) for s in steps]
        if any(v is not None for v in values):
            columns[field] = values
    return columns


def expanded_steps(entry: dict[str, Any]) -> list[dict[str, Any]]:
    """A record's steps from the page's columns, as the script reads them: verdict ``v``,
    sentence ``s``, place ``a``..``b`` in ``entry["text"]``, and the fields present."""
    columns = entry["steps"]
    verdict_of = {code: name for name, code in VERDICT_CODES.items()}
    steps: list[dict[str, Any]] = []
    end = 0
    for i, code in enumerate(columns["v"]):
        step: dict[str, Any] = {"v": verdict_of[code], "s": columns["s"][i]}
        if columns.get("a") and columns["a"][i] is not None:
            step["a"] = end + columns["a"][i]
            step["b"] = end = step["a"] + columns["n"][i]
        for field in STEP_FIELDS:
            if columns.get(field) and columns[field][i] is not None:
                step[field] = columns[field][i]
        steps.append(step)
    return steps


def viewer_data(runs: Sequence[Run]) -> dict[str, Any]:
    """The page's data: runs, verdicts, problems (text, goal, gold answer, reference proof
    and the claims read from its transcripts; once each) and one entry per transcript,
    naming its problem (``p``) and its steps' claims by index."""
    problems: dict[tuple[Any, ...], Any] = {}
    records = [_record(i, r, problems) for i, run in enumerate(runs) for r in run.records]
    return {"runs": [{"label": run.label, "paths": [str(p) for p in run.paths],
                      "records": len(run.records)} for run in runs],
            "verdicts": [{"name": v, "help": VERDICT_HELP[v]} for v in VERDICTS],
            "problems": [{"problem": text, "goal": goal, "gold": gold, "reference": list(ref),
                          "claims": list(claims)}
                         for (text, goal, gold, ref), (_, claims) in problems.items()],
            "records": records}


DETAIL_FIELDS = ("text", "steps", "notes")  # what a page shows only for an opened transcript
CHUNK = 100  # transcripts a details block holds: inflated when one of them is opened


def split_data(data: dict[str, Any]) -> tuple[dict[str, Any], list[list[dict[str, Any]]]]:
    """(index, chunks): the index holds every record's row (with its verdict letters, for
    the bars and the verdict filter) and is inflated when the page opens; each chunk holds
    the transcripts and steps of ``CHUNK`` consecutive records, inflated when one of them
    is opened. So first rows wait for the index only, however long the transcripts."""
    rows, details = [], []
    for record in data["records"]:
        rows.append({**{k: v for k, v in record.items() if k not in DETAIL_FIELDS},
                     "v": record["steps"]["v"]})
        details.append({"text": record["text"], "notes": record.get("notes", []),
                        "steps": {k: v for k, v in record["steps"].items() if k != "v"}})
    index = {**data, "records": rows, "chunk": CHUNK}
    return index, [details[i:i + CHUNK] for i in range(0, len(details), CHUNK)]


def joined_data(index: dict[str, Any], chunks: Sequence[Sequence[dict[str, Any]]]
                ) -> dict[str, Any]:
    """:func:`split_data` undone: the data as :func:`viewer_data` made it."""
    details = [detail for chunk in chunks for detail in chunk]
    records = []
    for row, detail in zip(index["records"], details, strict=True):
        record = {k: v for k, v in row.items() if k != "v"}
        record.update(text=detail["text"], steps={"v": row["v"], **detail["steps"]})
        if detail["notes"]:
            record["notes"] = detail["notes"]
        records.append(record)
    return {**{k: v for k, v in index.items() if k != "chunk"}, "records": records}


def packed_data(data: Any) -> str:
    """The data block: JSON, gzip-compressed (no timestamp: same runs, same bytes), in
    base64, which holds no character that could end the ``<script>`` element."""
    text = json.dumps(data, ensure_ascii=False, separators=(",", ":"))
    return base64.b64encode(gzip.compress(text.encode("utf-8"), compresslevel=9,
                                          mtime=0)).decode("ascii")


def unpacked_data(block: str) -> Any:
    """:func:`packed_data` read back (tests, tools)."""
    return json.loads(gzip.decompress(base64.b64decode(block)).decode("utf-8"))


def _asset(name: str) -> str:
    return resources.files("vlp.lm").joinpath("data", name).read_text(encoding="utf-8")


def _figures_html(runs: Sequence[Run], seed: int, setting: str) -> str:
    from vlp.lm.figures import report_figures, svg

    parts = []
    for stem, caption, figure in report_figures(runs, seed, setting):
        encoded = base64.b64encode(svg(figure).encode("utf-8")).decode("ascii")
        parts.append(f'<figure id="{stem}"><img alt="{html.escape(caption)}" '
                     f'src="data:image/svg+xml;base64,{encoded}">'
                     f"<figcaption>{html.escape(caption)}</figcaption></figure>")
    return "\n".join(parts)


def _runs_html(runs: Sequence[Run]) -> str:
    """Each directory's run.json (settings, vlp version, git revision, sessions), folded."""
    parts = []
    for run in runs:
        for path, config in zip(run.paths, run.configs, strict=False):
            facts = [str(path)] + [f"{key} {config[key]}" for key in
                                   ("vlp_version", "git_revision", "started", "finished")
                                   if config.get(key)]
            parts.append(f"<details><summary><b>{html.escape(run.label)}</b>: "
                         f"{html.escape(' · '.join(facts))}</summary><pre>"
                         f"{html.escape(json.dumps(config, indent=2, ensure_ascii=False))}"
                         "</pre></details>")
    return "\n".join(parts)


def render_viewer(runs: Sequence[Run], *, seed: int = 0, setting: str = "trees",
                  figures: bool = True) -> str:
    tables = "\n".join(f'<div class="scroll">{table.html()}</div>'
                       for table, _ in report_tables(runs, seed, setting))
    summary = "".join(f"<li>{html.escape(line.removeprefix('- '))}</li>"
                      for line in summary_lines(runs))
    figure_section = (f'<section id="figures"><h2>Figures</h2>'
                      f"{_figures_html(runs, seed, setting)}</section>" if figures else "")
    title = "vlp run viewer: " + ", ".join(run.label for run in runs)
    index, chunks = split_data(viewer_data(runs))
    details = "\n".join(f'<script class="vlp-chunk" type="application/gzip;base64">'
                         f"{packed_data(chunk)}</script>" for chunk in chunks)
    return Template(_asset("viewer.html")).substitute(
        title=html.escape(title), css=_asset("viewer.css"), script=_asset("viewer.js"),
        summary=summary, runs=_runs_html(runs), tables=tables, figures=figure_section,
        figure_link='<a href="#figures">Figures</a> · ' if figures else "",
        data=packed_data(index), details=details)


def write_viewer(runs: Sequence[Run], path: Path, *, seed: int = 0, setting: str = "trees",
                 figures: bool = True) -> int:
    """Write the viewer to ``path``; returns its size in bytes."""
    text = render_viewer(runs, seed=seed, setting=setting, figures=figures)
    write_atomically(path, text)
    return len(text.encode("utf-8"))
