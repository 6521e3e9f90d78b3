"""Ray: ``vlp generate --ray``, ``verify-proof --batch --ray`` and ``vlp.ray.verify_dataset``
give what one process gives. One local Ray (2 CPUs, bound to 127.0.0.1, no dashboard) is
shared by the module and always shut down."""

from __future__ import annotations

import json
import os
import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

os.environ.setdefault("RAY_ENABLE_WINDOWS_OR_OSX_CLUSTER", "0")  # loopback only: see vlp.ray
ray = pytest.importorskip("ray")
pytest.importorskip("ray.data")

from vlp.cli import main  # noqa: E402
from vlp.lm.baselines import baseline_transcript  # noqa: E402
from vlp.rewards import score_sample  # noqa: E402


@pytest.fixture(scope="module", autouse=True)
def local_ray():
    ray.init(num_cpus=2, _node_ip_address="127.0.0.1", include_dashboard=False,
             log_to_driver=False)
    try:
        yield
    finally:
        ray.shutdown()


def test_generate_on_ray_writes_the_same_bytes(tmp_path) -> None:
    options = ["--setting", "tree", "--overlap", "agent", "-n", "20", "--seed", "4", "--quiet"]
    assert main(["generate", *options, "-o", str(tmp_path / "one.jsonl")]) == 0
    assert main(["generate", *options, "--ray", "--workers", "2",
                 "-o", str(tmp_path / "ray.jsonl")]) == 0
    assert (tmp_path / "one.jsonl").read_bytes() == (tmp_path / "ray.jsonl").read_bytes()


def test_batch_on_ray_writes_the_same_bytes(batch_problems, batch_transcripts, verify_batch,
                                            tmp_path, capsys) -> None:
    one = verify_batch(batch_problems, batch_transcripts, tmp_path / "one.jsonl")
    on_ray = verify_batch(batch_problems, batch_transcripts, tmp_path / "ray.jsonl", "--ray")
    assert one == on_ray
    first, second = capsys.readouterr().out.split("}\n")[:2]
    assert first == second


def test_verify_dataset_adds_report_reward_and_reason(batch_problems) -> None:
    from vlp.ray import verify_dataset

    records = {json.loads(line)["id"]: json.loads(line)
               for line in batch_problems.read_text().splitlines()}
    proof, _ = baseline_transcript("shortest", next(iter(records.values())))
    rows = [{"problem_id": pid, "transcript": proof} for pid in records]
    rows.append({"problem_id": "missing", "transcript": proof})
    ray.data.DataContext.get_current().execution_options.preserve_order = True
    out = verify_dataset(ray.data.from_items(rows), records).take_all()
    expected = [score_sample(records[pid], proof).reward for pid in records]
    assert [row["reward"] for row in out[:-1]] == pytest.approx(expected)
    assert expected[0] == 1.0 and all(row["reason"] is None for row in out[:-1])
    assert out[-1]["reward"] == 0.0 and "no problem with id 'missing'" in out[-1]["reason"]
    assert json.loads(out[0]["report"])["problem_id"] == rows[0]["problem_id"]


def test_the_readme_snippet_finishes_on_two_cpus(batch_problems, tmp_path) -> None:
    """The README's ``verify_dataset`` snippet, as written, run by a new Python process in
    the folder of ``problems.jsonl`` and ``transcripts.jsonl`` on a Ray of 2 CPUs (its own:
    a new user's). The verifier actors leave a CPU to the read tasks: with every CPU taken
    by actors the read is backpressured forever (the timeout only bounds a hang)."""
    readme = (Path(__file__).parents[1] / "docs" / "rewards.md").read_text(encoding="utf-8")
    snippet = next(block for block in re.findall(r"```python\n(.*?)```", readme, re.S)
                   if "vlp.ray.verify_dataset" in block)
    two_cpus = ("import vlp.ray, ray\nray.init(num_cpus=2, _node_ip_address='127.0.0.1', "
                "include_dashboard=False, log_to_driver=False)\n"
                "assert vlp.ray.default_concurrency() == 1\n")
    shutil.copy(batch_problems, tmp_path / "problems.jsonl")
    records = [json.loads(line) for line in batch_problems.read_text().splitlines()]
    rows = [{"id": record["id"], "transcript": baseline_transcript(strategy, record)[0]}
            for strategy in ("shortest", "bfs") for record in records]
    (tmp_path / "transcripts.jsonl").write_text(
        "".join(json.dumps(row) + "\n" for row in rows), encoding="utf-8")
    done = subprocess.run([sys.executable, "-c", two_cpus + snippet], capture_output=True,
                          text=True, cwd=tmp_path, timeout=600,
                          env={**os.environ, "RAY_ENABLE_WINDOWS_OR_OSX_CLUSTER": "0"})
    assert done.returncode == 0, done.stderr[-3000:]
    assert done.stdout.count("'reward':") == 3 and "'id':" in done.stdout, done.stdout


def test_ray_talks_over_loopback_only() -> None:
    if shutil.which("ss") is None:
        pytest.skip("needs ss (iproute2) to list sockets")
    ray.get(ray.remote(lambda: 1).remote())
    sockets = subprocess.run(["ss", "-tnp"], capture_output=True, text=True).stdout
    loopback = re.compile(r"^(127\.[\d.]+|\[::1\]|\[::ffff:127\.[\d.]+\]):\d+$")
    ours = [line.split() for line in sockets.splitlines()[1:]
            if re.search(r'"(raylet|gcs_server|ray::[^"]*)"', line)]
    assert ours, "no Ray socket found"
    assert [s for s in ours if not (loopback.match(s[3]) and loopback.match(s[4]))] == []
