"""Run records you can trust later: run.json provenance, stored prompts, seeds sent to the
model, shared-umask file modes, unreadable cache entries, plain progress lines, --limit."""

from __future__ import annotations

import contextlib
import io
import json
import os
import stat
import subprocess
from pathlib import Path

import pytest

from vlp.cli import main
from vlp.lm import provenance, store
from vlp.lm.clients import request_seed
from vlp.lm.prompt import (
    PROMPT_FILE,
    PromptBuilder,
    fill_template,
    prompt_sha256,
    prompt_template,
)
from vlp.lm.selection import stratified
from vlp.lm.store import read_results
from vlp.lm.stub_server import StubServer, load_recorded

RECORDED = Path(__file__).parent / "data" / "recorded"
D3 = RECORDED / "problems" / "paper_d3.jsonl"
ROOT = Path(__file__).resolve().parents[1]


def evaluate(server: StubServer, out: Path, *extra: str, model: str = "local:llama-3.1-8b",
             cache: Path | None = None) -> str:
    cache_arguments = ["--cache-dir", str(cache)] if cache else ["--no-cache"]
    url = server.root_url if model.startswith("anthropic") else server.base_url
    output = io.StringIO()
    with contextlib.redirect_stdout(output):
        assert main(["evaluate", "--model", model, "--base-url", url, "--data", str(D3),
                     "-o", str(out), "--retry-delay", "0.01", *cache_arguments, *extra]) == 0
    return output.getvalue()


def test_run_json_records_version_revision_times_command_and_settings(tmp_path: Path) -> None:
    run = tmp_path / "run"
    provenance.git_revision.cache_clear()  # computed once a process; HEAD may have moved
    with StubServer(load_recorded([RECORDED])) as server:
        evaluate(server, run, "--quiet", "--concurrency", "3")
        evaluate(server, run, "--quiet", "--concurrency", "5")  # resumed: another session
    document = json.loads((run / "run.json").read_text())
    assert document["model"] == "local:llama-3.1-8b" and document["seed"] == 0
    assert document["vlp_version"] == provenance.vlp_version()
    first, second = document["sessions"]
    assert first["command"].startswith("vlp evaluate --model local:llama-3.1-8b")
    assert first["settings"]["concurrency"] == 3 and second["settings"]["concurrency"] == 5
    assert first["settings"]["timeout"] == 120.0 and first["settings"]["data"] == str(D3)
    assert first["started"] <= first["finished"] <= second["started"] <= second["finished"]
    assert document["started"] == first["started"]
    assert document["finished"] == second["finished"]
    assert first["results"] == 1 and first["new"] == 1 and second["new"] == 0
    head = subprocess.run(["git", "-C", str(ROOT), "rev-parse", "HEAD"], capture_output=True,
                          text=True)
    if head.returncode == 0:  # run from a git checkout (CI and development)
        assert document["git_revision"].startswith(head.stdout.strip())
    else:
        assert document["git_revision"] is None


@pytest.mark.parametrize("style", ["chat", "completion"])
def test_results_point_at_the_exact_prompts_they_were_sent(tmp_path: Path, style: str) -> None:
    run = tmp_path / "run"
    with StubServer(load_recorded([RECORDED])) as server:
        evaluate(server, run, "--quiet", "--style", style)
        sent = [body for _, body in server.requests]
    template = json.loads((run / PROMPT_FILE).read_text())
    (record,) = read_results(run)
    prompts = fill_template(template, record["prompt"]["problem_text"], record["proof"])
    assert [prompt_sha256(p) for p in prompts] == [record["prompt"]["proof_sha256"],
                                                    record["prompt"]["answer_sha256"]]
    builder = PromptBuilder()
    text, proof = record["prompt"]["problem_text"], record["proof"]
    if style == "chat":
        assert prompts == (builder.chat_proof_prompt(text), builder.chat_answer_prompt(text, proof))
        assert [body["messages"] for body in sent] == [p.as_openai() for p in prompts]
    else:
        assert prompts == (builder.completion_proof_prompt(text),
                           builder.completion_answer_prompt(text, proof))
        assert [body["prompt"] for body in sent] == list(prompts)


def test_filling_a_template_leaves_slot_like_text_alone() -> None:
    template = json.loads(json.dumps(prompt_template(PromptBuilder(), "chat")))
    text, proof = "A has <<PROOF>> b. How many?", ""
    builder = PromptBuilder()
    assert fill_template(template, text, proof) == (builder.chat_proof_prompt(text),
                                                    builder.chat_answer_prompt(text, proof))


def test_seed_reaches_providers_that_take_one_and_differs_per_sample(tmp_path: Path,
                                                                     monkeypatch) -> None:
    monkeypatch.setenv("ANTHROPIC_API_KEY", "test-key")
    with StubServer(load_recorded([RECORDED])) as server:
        evaluate(server, tmp_path / "openai", "--quiet", "--seed", "7", "--samples", "2",
                 "--temperature", "1", "--concurrency", "1")
        seeds = [body["seed"] for _, body in server.requests]
        assert seeds == [request_seed(7, 0)] * 2 + [request_seed(7, 1)] * 2
        assert request_seed(7, 0) != request_seed(7, 1) != request_seed(8, 1)
        before = len(server.requests)
        evaluate(server, tmp_path / "anthropic", "--quiet", "--seed", "7",
                 model="anthropic:claude-test")
        assert all("seed" not in body for _, body in server.requests[before:])


@pytest.mark.parametrize("umask", [0o022, 0o002])
def test_files_follow_the_umask_so_a_shared_run_is_readable(tmp_path: Path, umask: int) -> None:
    previous = os.umask(umask)
    try:
        with StubServer(load_recorded([RECORDED])) as server:
            evaluate(server, tmp_path / "run", "--quiet", cache=tmp_path / "cache")
    finally:
        os.umask(previous)
    files = [p for p in [*tmp_path.joinpath("run").rglob("*"),
                         *tmp_path.joinpath("cache").rglob("*")] if p.is_file()]
    assert {p.name for p in files} >= {"run.json", "results.jsonl", PROMPT_FILE}
    assert len([p for p in files if p.parent.parent.name == "cache"]) == 2  # two steps
    for path in files:
        assert stat.S_IMODE(path.stat().st_mode) == 0o666 & ~umask, path
        assert path.stat().st_mode & stat.S_IROTH  # another user can read it


def test_unreadable_or_unwritable_cache_entries_do_not_stop_a_run(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    cache = tmp_path / "cache"
    with StubServer(load_recorded([RECORDED])) as server:
        evaluate(server, tmp_path / "first", "--quiet", cache=cache)
        assert len(server.requests) == 2
        original = Path.read_text

        def unreadable(path: Path, *args: object, **kwargs: object) -> str:
            if cache in path.parents:  # another user's entry, mode 0600
                raise PermissionError(13, "Permission denied", str(path))
            return original(path, *args, **kwargs)

        monkeypatch.setattr(Path, "read_text", unreadable)

        real_write = store.write_atomically

        def read_only_cache(path: Path, text: str) -> None:  # a cache this user cannot extend
            if cache in path.parents:
                raise PermissionError(13, "Permission denied", str(path))
            real_write(path, text)

        monkeypatch.setattr(store, "write_atomically", read_only_cache)
        out = evaluate(server, tmp_path / "second", "--quiet", cache=cache)
        assert len(server.requests) == 4 and "1 new" in out  # misses: asked again
    assert len(list(read_results(tmp_path / "second"))) == 1
    assert (tmp_path / "second" / "run.json").exists()


def test_plain_progress_lines_when_stderr_is_not_a_terminal(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    with StubServer(load_recorded([RECORDED]), delay=0.3) as server:
        evaluate(server, tmp_path / "run", "--progress-every", "0.1")
    lines = [line for line in capsys.readouterr().err.splitlines() if " done (" in line]
    assert len(lines) >= 2, lines
    assert lines[0].startswith("vlp evaluate: 0 of 1 done (0 new, 0 from cache, 0 failed)")
    assert "s elapsed" in lines[-1]


def _problem(index: int, setting: str, overlap: str | None, query_kind: str) -> dict:
    return {"id": f"p{index}", "setting": setting, "overlap": overlap, "control": False,
            "query_kind": query_kind}


def test_limit_takes_every_cell_before_a_second_of_any() -> None:
    problems = ([_problem(i, "base", None, "ground") for i in range(10)]
                + [_problem(10 + i, "tree", "agent", "ground") for i in range(10)]
                + [_problem(20 + 2 * i + k, "trees", "both", kind) for i in range(6)
                   for k, kind in enumerate(("ground", "nonground"))])
    picked = stratified(problems, limit=5)
    # round one: the first of each of the four cells; round two: the base cell's second
    assert [p["id"] for p in picked] == ["p0", "p1", "p10", "p20", "p21"]
    # a larger limit adds problems, never swaps them (a resumed run keeps its records)
    assert all(p in stratified(problems, limit=9) for p in picked)
    assert len(stratified(problems, per_cell=2)) == 8
    assert stratified(problems, limit=3, per_cell=1) == stratified(problems, limit=3)
    assert stratified(problems) == problems and stratified(problems, limit=0) == []


def test_limit_says_what_it_took(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    data = tmp_path / "problems.jsonl"
    lines = D3.read_text().splitlines()
    base = json.loads(lines[0])
    records = [{**base, "id": f"d3-{i}", "setting": setting}
               for i, setting in enumerate(["base"] * 5 + ["trees"] * 2)]
    data.write_text("".join(json.dumps(r) + "\n" for r in records))
    with contextlib.redirect_stdout(io.StringIO()):
        assert main(["evaluate", "--model", "baseline:shortest", "--data", str(data),
                     "-o", str(tmp_path / "run"), "--limit", "4", "--quiet"]) == 0
    err = capsys.readouterr().err
    assert "took 4 of 7 problems" in err and "base 2, trees 2" in err
    assert sorted(r["problem_id"] for r in read_results(tmp_path / "run")) == [
        "d3-0", "d3-1", "d3-5", "d3-6"]
