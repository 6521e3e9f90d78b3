"""The run viewer at paper scale: file size and first paint at 10,000 transcripts.

    python bench/viewer.py [--transcripts 10000] [--problems 250] [--seed 0]

Generates ``--problems`` several-trees problems, answers each with the four symbolic
baselines (``vlp evaluate --model baseline:...``), then grows the four runs to
``--transcripts`` transcripts in all by asking every problem again under new ids (each copy a
distinct problem to the viewer: its text carries the copy's id, so nothing is stored once
for two copies; records of one problem lie more than gzip's 32 KB window apart). Prints the
viewer's size (and the data block's before compression), the time ``vlp report --html``
takes, and, in headless Chromium (Debian's chromium and chromium-driver), the time from
navigation to the first painted content and to the first table rows. Without Chromium it
prints the sizes only.
"""

from __future__ import annotations

import argparse
import json
import shutil
import tempfile
import time
from pathlib import Path

from vlp.cli import main as vlp
from vlp.lm.report import load_runs
from vlp.lm.viewer import viewer_data, write_viewer

BASELINES = ("shortest", "bfs", "dfs", "overlap")


def build_runs(root: Path, problems: int, transcripts: int, seed: int) -> list[Path]:
    data = root / "problems.jsonl"
    assert vlp(["generate", "--setting", "trees", "--overlap", "both", "-n", str(problems),
                "--seed", str(seed), "-o", str(data), "--quiet"]) == 0
    copies = -(-transcripts // (problems * len(BASELINES)))
    runs, left = [], transcripts
    for baseline in BASELINES:
        run = root / baseline
        assert vlp(["evaluate", "--model", f"baseline:{baseline}", "--data", str(data),
                    "-o", str(run), "--quiet", "--no-cache"]) == 0
        results = run / "results.jsonl"
        records = [json.loads(line) for line in results.read_text().splitlines()]
        lines = []
        for copy in range(copies):  # copy-major: one problem's records lie far apart
            for record in records:
                if left == 0:
                    break
                problem_id = f"{record['problem_id']}-{copy}"
                prompt = dict(record.get("prompt") or {})
                prompt["problem_text"] = f"{prompt.get('problem_text', '')} ({problem_id})"
                lines.append(json.dumps({**record, "problem_id": problem_id, "prompt": prompt}))
                left -= 1
        results.write_text("\n".join(lines) + "\n", encoding="utf-8")
        runs.append(run)
    return runs


def first_paint(page: Path) -> tuple[float, float] | None:
    """(first contentful paint, first table rows) in ms after navigation, or None without
    Chromium."""
    chromium = shutil.which("chromium") or shutil.which("chromium-browser")
    driver_path = shutil.which("chromedriver")
    if not (chromium and driver_path):
        return None
    from selenium import webdriver
    from selenium.webdriver.chrome.service import Service
    from selenium.webdriver.support.ui import WebDriverWait

    options = webdriver.ChromeOptions()
    options.binary_location = chromium
    with tempfile.TemporaryDirectory(prefix="vlp-bench-chromium-") as profile:
        for flag in ("--headless", "--no-sandbox", "--disable-gpu", "--no-first-run",
                     "--disable-background-networking", "--window-size=1400,1000",
                     f"--user-data-dir={profile}"):
            options.add_argument(flag)
        driver = webdriver.Chrome(service=Service(driver_path), options=options)
        try:
            driver.get(page.as_uri())
            rows = WebDriverWait(driver, 120).until(
                lambda d: d.execute_script("return document.body.dataset.firstRows"))
            paint = driver.execute_script(
                "const e = performance.getEntriesByName('first-contentful-paint');"
                "return e.length ? e[0].startTime : null;")
        finally:
            driver.quit()
    return float(paint or 0.0), float(rows)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--transcripts", type=int, default=10_000)
    parser.add_argument("--problems", type=int, default=250)
    parser.add_argument("--seed", type=int, default=0)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory(prefix="vlp-bench-viewer-") as folder:
        root = Path(folder)
        runs = load_runs(build_runs(root, args.problems, args.transcripts, args.seed))
        count = sum(len(run.records) for run in runs)
        plain = len(json.dumps(viewer_data(runs), ensure_ascii=False,
                               separators=(",", ":")).encode("utf-8"))
        page = root / "viewer.html"
        started = time.perf_counter()
        size = write_viewer(runs, page)
        built = time.perf_counter() - started
        print(f"transcripts: {count:,} ({len(runs)} models)")
        print(f"viewer: {size / 1e6:.1f} MB ({size / count / 1e3:.2f} KB a transcript); "
              f"data block before compression {plain / 1e6:.1f} MB "
              f"({plain / max(size, 1):.1f}x the file)")
        print(f"vlp report --html: {built:.1f} s")
        timing = first_paint(page)
        if timing is None:
            print("first paint: not measured (apt-get install chromium chromium-driver)")
        else:
            paint, rows = timing
            print(f"headless Chromium: first contentful paint {paint / 1e3:.2f} s, first "
                  f"table rows {rows / 1e3:.2f} s after navigation")


if __name__ == "__main__":
    main()
