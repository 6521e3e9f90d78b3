"""The HTML run viewer in a real headless browser (Debian's Chromium, driven by Selenium):
the page loads from a file with no console error, the filters change the visible rows, and a
transcript opens with its steps coloured by verdict. Skipped only where Chromium is absent."""

from __future__ import annotations

import shutil
import tempfile
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from tests.viewer_records import HOSTILE, RECORDS, write_runs
from vlp.cli import main

CHROMIUM = shutil.which("chromium") or shutil.which("chromium-browser")
CHROMEDRIVER = shutil.which("chromedriver")
pytestmark = pytest.mark.skipif(not (CHROMIUM and CHROMEDRIVER),
                                reason="Chromium and chromedriver are not installed "
                                       "(apt-get install chromium chromium-driver)")
# a quiet, private browser: no sandbox (CI runs as root), no network of its own, new profile
CHROMIUM_FLAGS = ("--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking",
                  "--disable-component-update", "--disable-sync", "--no-first-run",
                  "--window-size=1400,1000")


@pytest.fixture(scope="module")
def browser() -> Iterator[Any]:
    webdriver = pytest.importorskip("selenium.webdriver")
    from selenium.webdriver.chrome.service import Service

    options = webdriver.ChromeOptions()
    options.binary_location = CHROMIUM
    with tempfile.TemporaryDirectory(prefix="vlp-chromium-") as profile:
        for flag in (*CHROMIUM_FLAGS, f"--user-data-dir={profile}"):
            options.add_argument(flag)
        options.set_capability("goog:loggingPrefs", {"browser": "ALL"})
        driver = webdriver.Chrome(service=Service(CHROMEDRIVER), options=options)
        try:
            yield driver
        finally:
            driver.quit()


@pytest.fixture(scope="module")
def page(tmp_path_factory: pytest.TempPathFactory) -> Path:
    root = tmp_path_factory.mktemp("viewer")
    out = root / "view.html"
    assert main(["report", *map(str, write_runs(root / "runs")), "--html", str(out)]) == 0
    return out


def load(driver: Any, page: Path) -> None:
    """Open the page and wait for its first rows: the data block is inflated
    asynchronously, and the page marks the moment on ``body[data-first-rows]``."""
    from selenium.webdriver.support.ui import WebDriverWait

    driver.get(page.as_uri())
    WebDriverWait(driver, 60).until(
        lambda d: d.execute_script("return document.body.dataset.firstRows"))


def _filled(driver: Any) -> None:
    from selenium.webdriver.common.by import By
    from selenium.webdriver.support.ui import WebDriverWait

    WebDriverWait(driver, 30).until(
        lambda d: d.find_elements(By.CSS_SELECTOR, "tr.details td[data-filled]"))


def _visible_rows(driver: Any) -> list[Any]:
    from selenium.webdriver.common.by import By

    return [row for row in driver.find_elements(By.CSS_SELECTOR, "tr.record")
            if row.is_displayed()]


def _choose(driver: Any, name: str, value: str) -> None:
    from selenium.webdriver.common.by import By
    from selenium.webdriver.support.ui import Select

    Select(driver.find_element(By.ID, f"filter-{name}")).select_by_value(value)


def test_viewer_loads_filters_and_shows_steps(browser: Any, page: Path) -> None:
    from selenium.webdriver.common.by import By

    load(browser, page)
    total = sum(map(len, RECORDS.values()))
    assert len(_visible_rows(browser)) == total
    assert browser.find_element(By.ID, "shown").text.startswith(f"showing {total} of {total}")
    assert len(browser.find_elements(By.CSS_SELECTOR, "table.report")) == 3
    images = browser.find_elements(By.CSS_SELECTOR, "figure img")
    assert len(images) == 3
    assert all(browser.execute_script("return arguments[0].naturalWidth", i) > 0 for i in images)

    _choose(browser, "setting", "trees")
    trees = [r for records in RECORDS.values() for r in records if r["setting"] == "trees"]
    assert len(_visible_rows(browser)) == len(trees) == 4
    _choose(browser, "overlap", "both")
    assert len(_visible_rows(browser)) == 2
    _choose(browser, "kind", "ground")
    (row,) = _visible_rows(browser)
    assert "trees-both-ground" in row.text
    for name in ("setting", "overlap", "kind"):
        _choose(browser, name, "")
    _choose(browser, "verdict", "false")
    with_false = [r for records in RECORDS.values() for r in records
                  if any(s["status"] == "false" for s in r["score"]["steps"])]
    assert len(_visible_rows(browser)) == len(with_false) == 2
    _choose(browser, "variant", "-")  # base problems only: none has a false step
    assert _visible_rows(browser) == []
    _choose(browser, "variant", "")
    _choose(browser, "run", "1")  # baseline:bfs has no false step either
    assert _visible_rows(browser) == []
    _choose(browser, "run", "")

    rows = _visible_rows(browser)
    rows[0].click()  # open the transcript: its block is inflated, then the row filled
    _filled(browser)
    problem = browser.find_element(By.CSS_SELECTOR, "tr.details p.problem").text
    assert problem.startswith("Ann has 3 apples.") and problem.endswith("(trees-agent)")
    steps = browser.find_elements(By.CSS_SELECTOR, "tr.details li.step")
    assert [s.get_attribute("class").split()[1] for s in steps] == [
        "v-relevant", "v-irrelevant", "v-skipped", "v-unparsed", "v-false"]
    assert "hidden-by-verdict" not in steps[4].get_attribute("class")  # the chosen verdict
    assert "hidden-by-verdict" in steps[0].get_attribute("class")  # the others dimmed
    assert HOSTILE in steps[3].text  # record text shown as text, not run as markup
    assert "read by loose (more; he = bob)" in steps[1].text
    assert "read by arithmetic" in steps[4].text
    assert browser.title.startswith("vlp run viewer")  # the hostile onerror never ran
    assert not browser.find_elements(By.CSS_SELECTOR, "tr.details img")
    # beside the reading, the model's own text, each step's words coloured by verdict
    written = browser.find_element(By.CSS_SELECTOR, "tr.details pre.transcript")
    assert "3. **So** Ann has 9 apples." in written.text and HOSTILE in written.text
    marks = written.find_elements(By.CSS_SELECTOR, "span.said")
    assert [m.get_attribute("class").split()[1] for m in marks] == [
        "v-relevant", "v-irrelevant", "v-unparsed", "v-false"]  # step 3 is not its words
    assert marks[0].text == "Ann has 3 apples."
    _choose(browser, "verdict", "")  # the open transcript stays open through a filter
    _filled(browser)
    assert browser.find_elements(By.CSS_SELECTOR, "tr.details pre.transcript")
    rows = _visible_rows(browser)
    opened = next(r for r in rows if "open" in r.get_attribute("class"))
    opened.click()
    assert not browser.find_elements(By.CSS_SELECTOR, "tr.details")

    errors = [entry for entry in browser.get_log("browser") if entry["level"] == "SEVERE"]
    assert errors == []


def test_rows_are_built_a_page_at_a_time(browser: Any, tmp_path: Path) -> None:
    """250 transcripts: the table holds the first 100 rows; the pager shows the rest."""
    import json

    from selenium.webdriver.common.by import By

    from tests.viewer_records import record

    run = tmp_path / "run"
    run.mkdir()
    (run / "run.json").write_text(json.dumps({"model": "m", "seed": 0}), encoding="utf-8")
    (run / "results.jsonl").write_text("".join(
        json.dumps(record(f"p{i:03d}", "trees", "both", i % 2 == 0)) + "\n"
        for i in range(250)), encoding="utf-8")
    out = tmp_path / "view.html"
    assert main(["report", str(run), "--html", str(out), "--no-figures"]) == 0
    load(browser, out)
    assert len(browser.find_elements(By.CSS_SELECTOR, "tr.record")) == 100
    shown = browser.find_element(By.ID, "shown").text
    assert "showing 250 of 250 transcripts (1–100 here)" in shown
    pager = browser.find_element(By.ID, "pages")
    assert "page 1 of 3" in pager.text
    pager.find_elements(By.TAG_NAME, "button")[1].click()
    first = browser.find_element(By.CSS_SELECTOR, "tr.record").text
    assert "p100" in first and "page 2 of 3" in browser.find_element(By.ID, "pages").text
    browser.find_elements(By.CSS_SELECTOR, "tr.record")[5].click()  # the second block's
    _filled(browser)
    assert "(p105)" in browser.find_element(By.CSS_SELECTOR, "tr.details p.problem").text
    assert "Ann has 3 apples." in browser.find_element(By.CSS_SELECTOR, "pre.transcript").text
    _choose(browser, "correct", "false")  # a filter starts again at page 1 of its matches
    assert len(browser.find_elements(By.CSS_SELECTOR, "tr.record")) == 100
    assert "p001" in browser.find_element(By.CSS_SELECTOR, "tr.record").text
    assert "page 1 of 2" in browser.find_element(By.ID, "pages").text
    errors = [entry for entry in browser.get_log("browser") if entry["level"] == "SEVERE"]
    assert errors == []
