"""The run viewer (``vlp report RUN_DIR... --html OUT.html``): one self-contained HTML file.

The page holds the report's tables, its figures (SVG as data URIs) and every transcript with
its steps coloured by verdict and the way each step was read, filterable by model, setting,
overlap, query kind, answer and verdict. No server, no network: the CSS and the script are
inline (``lm/data/viewer.html``, ``.css``, ``.js``), the records are one JSON block that the
script renders, and every string from a record is inserted as text, never as markup.
"""

from __future__ import annotations

import base64
import html
import json
from collections import Counter
from collections.abc import Sequence
from importlib import resources
from pathlib import Path
from string import Template
from typing import Any

from vlp.lm.report import Run, report_tables, summary_lines
from vlp.output import write_atomically

VERDICTS = ("relevant", "irrelevant", "false", "skipped", "unparsed")
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


def _step(step: dict[str, Any]) -> dict[str, Any]:
    detail = []
    if step.get("status") == "derived-multi" and step.get("missing"):
        detail.append("skipped: " + "; ".join(map(str, step["missing"])))
    if step.get("reason"):
        detail.append(str(step["reason"]))
    if step.get("arithmetic"):
        detail.append(f"arithmetic {step['arithmetic']}")
    if step.get("duplicate"):
        detail.append("duplicate of an earlier step")
    return {"v": verdict(step), "s": step.get("sentence"), "t": str(step.get("text") or ""),
            "c": step.get("claim") or "", "r": step.get("rule") or "",
            "d": " · ".join(detail), "read": reading(step)}


def _number(value: Any) -> float | None:
    return None if value is None else round(float(value), 4)


def _record(run_index: int, record: dict[str, Any]) -> dict[str, Any]:
    score = record.get("score") or {}
    steps = [_step(s) for s in score.get("steps") or []]
    return {
        "run": run_index, "id": str(record.get("problem_id")), "sample": record.get("sample", 0),
        "setting": record.get("setting") or "base",
        "variant": "control" if record.get("control") else
                   ("" if (record.get("setting") or "base") == "base" else "irrelevant"),
        "overlap": record.get("overlap") or "", "kind": record.get("query_kind") or "nonground",
        "correct": bool(score.get("answer_correct")),
        "predicted": score.get("predicted_answer"), "gold": score.get("gold_answer"),
        "answer": str(record.get("answer_text") or ""), "goal": score.get("goal") or "",
        "problem": str((record.get("prompt") or {}).get("problem_text") or ""),
        "mode": score.get("mode") or "", "efficiency": _number(score.get("efficiency")),
        "efficiency_non_axioms": _number(score.get("efficiency_non_axioms")),
        "notes": [str(n) for n in score.get("notes") or []],
        "reference": [str(s) for s in score.get("reference_proof") or []],
        "counts": dict(Counter(s["v"] for s in steps)), "steps": steps,
    }


def viewer_data(runs: Sequence[Run]) -> dict[str, Any]:
    return {"runs": [{"label": run.label, "paths": [str(p) for p in run.paths],
                      "records": len(run.records)} for run in runs],
            "verdicts": [{"name": v, "help": VERDICT_HELP[v]} for v in VERDICTS],
            "records": [_record(i, r) for i, run in enumerate(runs) for r in run.records]}


def _script_json(data: Any) -> str:
    """JSON safe inside ``<script>``: no ``<``, ``>`` or ``&`` can end the element."""
    text = json.dumps(data, ensure_ascii=False, separators=(",", ":"))
    return text.replace("<", "\\u003c").replace(">", "\\u003e").replace("&", "\\u0026")


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
    return Template(_asset("viewer.html")).substitute(
        title=html.escape(title), css=_asset("viewer.css"), script=_asset("viewer.js"),
        summary=summary, runs=_runs_html(runs), tables=tables, figures=figure_section,
        figure_link='<a href="#figures">Figures</a> · ' if figures else "",
        data=_script_json(viewer_data(runs)))


def write_viewer(runs: Sequence[Run], path: Path, *, seed: int = 0, setting: str = "trees",
                 figures: bool = True) -> int:
    """Write the viewer to ``path``; returns its size in bytes."""
    text = render_viewer(runs, seed=seed, setting=setting, figures=figures)
    write_atomically(path, text)
    return len(text.encode("utf-8"))
