"""The gallery as a designer reviews with it, in headless Chromium: the filters and the search, the plain index without
JavaScript, nothing scrolling sideways at 390 px (text at 100% and 200%), the phones drawn as they come into view,
and `--compare` finding a change made on purpose to the stylesheet on the entries it touches and on no other.

Usage: python3 Tests/Browser/gallery_review.py TRIBEBOARD_BINARY [TEST_NAME ...]
       python3 Tests/Browser/gallery_review.py TRIBEBOARD_BINARY --time   # how long the whole gallery takes to open
Prints one line per test, then 'N passed, N failed'; exits 1 when any failed.
"""
import json
import os
import pathlib
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
import traceback

from selenium.webdriver.common.by import By
from selenium.webdriver.support.ui import Select, WebDriverWait

sys.path.insert(0, os.path.dirname(__file__))
from browser import chrome  # noqa: E402

ROOT = pathlib.Path(__file__).resolve().parents[2]
ASSETS = ROOT / "Sources" / "TribeBoardRendering" / "Assets"
BINARY = None
TESTS = []
FOLDERS = {}


def test(function):
    TESTS.append(function)
    return function


def gallery(*arguments):
    """The folder of `tribeboard gallery ARGUMENTS`, made once per run."""
    if arguments not in FOLDERS:
        folder = tempfile.mkdtemp()
        subprocess.run([BINARY, "gallery", *arguments, "-o", folder], check=True, capture_output=True)
        FOLDERS[arguments] = folder
    return FOLDERS[arguments]


def open_gallery(driver, folder, fragment=""):
    # A fresh load: a change of fragment alone would keep the page and its choice.
    driver.get("about:blank")
    driver.get(pathlib.Path(folder, "index.html").as_uri() + fragment)
    WebDriverWait(driver, 10).until(lambda d: d.execute_script("return document.readyState") == "complete")


def visible_entries(driver):
    return driver.execute_script(
        "return [...document.querySelectorAll('.gallery-entry')].filter(e => !e.hidden && e.offsetParent !== null)"
        ".map(e => ({id: e.dataset.id, screen: e.dataset.screen, state: e.dataset.state, role: e.dataset.role,"
        " caption: e.querySelector('figcaption').textContent}))")


def field(driver, label):
    """The form control labelled LABEL."""
    return driver.find_element(By.XPATH, f"//form[@role='search']//label[starts-with(normalize-space(), '{label}')]"
                                         "/*[self::select or self::input]")


def status(driver):
    return driver.find_element(By.CSS_SELECTOR, "form[role=search] [role=status]").text


@test
def the_filters_narrow_the_entries_and_the_address_keeps_them(driver):
    open_gallery(driver, gallery("family-admin"))
    total = len(visible_entries(driver))
    assert status(driver) == f"{total} of {total} entries shown", status(driver)
    Select(field(driver, "Screen")).select_by_value("tasks")
    shown = visible_entries(driver)
    assert shown and all(e["screen"] == "tasks" for e in shown), shown
    Select(field(driver, "State")).select_by_value("error")
    Select(field(driver, "Role")).select_by_value("Child")
    shown = visible_entries(driver)
    assert [(e["screen"], e["state"], e["role"]) for e in shown] == [("tasks", "error", "Child")], shown
    assert status(driver) == f"1 of {total} entries shown", status(driver)
    assert "screen=tasks" in driver.current_url and "role=Child" in driver.current_url, driver.current_url
    # The address opens the same choice.
    url = driver.current_url
    driver.get("about:blank")
    driver.get(url)
    assert len(visible_entries(driver)) == 1
    # The index counts what the filters leave.
    counts = driver.execute_script(
        "return [...document.querySelectorAll('.gallery-count-of')].filter(c => c.dataset.screen === 'tasks')"
        ".map(c => c.textContent)")
    assert counts and counts[0].startswith("(1 of "), counts


@test
def theme_and_text_size_apply_to_every_phone(driver):
    open_gallery(driver, gallery("family-admin"), "#screen=messages")
    driver.execute_script("galleryDrawAll()")
    sizes = "return [...document.querySelectorAll('.gallery-entry:not([hidden]) .app')]" \
            ".filter(a => a.offsetParent !== null).map(a => parseFloat(getComputedStyle(a).fontSize))"
    normal = driver.execute_script(sizes)
    assert len(normal) >= 4, normal
    Select(field(driver, "Text size")).select_by_value("200")
    large = driver.execute_script(sizes)
    assert len(large) == len(normal) and all(abs(b - 2 * a) < 0.5 for a, b in zip(normal, large)), (normal, large)
    Select(field(driver, "Theme")).select_by_value("dark")
    seen = driver.execute_script(
        "return [...document.querySelectorAll('.gallery-entry:not([hidden]) .gallery-themes > div')]"
        ".filter(d => d.offsetParent !== null).map(d => d.className)")
    assert seen and set(seen) == {"theme-dark"}, seen


@test
def the_search_finds_entries_by_their_words(driver):
    open_gallery(driver, gallery("family-admin"))
    box = field(driver, "Search")
    box.send_keys("noticeboard visitor")
    shown = visible_entries(driver)
    assert shown and all(e["role"] == "Visitor" for e in shown), shown
    assert {e["screen"] for e in shown} >= {"noticeboard"}, shown
    # Words on the screen count: the messages screen offers the noticeboard.
    assert all(e["screen"] in ("noticeboard", "messages") for e in shown), shown
    box.clear()
    box.send_keys("no such thing anywhere")
    assert visible_entries(driver) == [] and status(driver).startswith("0 of "), status(driver)
    hidden = driver.execute_script(
        "return [...document.querySelectorAll('.gallery-screen')].every(s => s.hidden)")
    assert hidden


@test
def the_phones_are_drawn_as_they_come_into_view(driver):
    open_gallery(driver, gallery("family-admin"))
    count = "return document.querySelectorAll('.gallery-themes[data-drawn] .phone').length"
    total = driver.execute_script("return document.querySelectorAll('.gallery-entry').length")
    WebDriverWait(driver, 5).until(lambda d: d.execute_script(count) > 0)
    first = driver.execute_script(count)
    assert first < total, (first, total)
    driver.execute_script("[...document.querySelectorAll('.gallery-entry')].pop().scrollIntoView()")
    WebDriverWait(driver, 5).until(lambda d: d.execute_script(count) > first)


@test
def without_javascript_the_page_is_a_plain_index(driver):
    folder = gallery("family-admin")
    plain = chrome(width=1280, height=900, javascript=False)
    try:
        open_gallery(plain, folder)
        assert plain.find_elements(By.CSS_SELECTOR, ".phone") == []
        assert not plain.find_element(By.CSS_SELECTOR, "form[role=search]").is_displayed()
        index = plain.find_element(By.CSS_SELECTOR, "nav[aria-label=Screens]")
        assert index.is_displayed() and len(index.find_elements(By.CSS_SELECTOR, "a[href^='#screen-']")) >= 20
        captions = plain.find_elements(By.CSS_SELECTOR, "figure figcaption")
        assert captions and all(c.is_displayed() for c in captions[:20])
        assert all(c.find_elements(By.CSS_SELECTOR, "a[href*='scenario=']") for c in captions[:20])
        assert "drawn by the page's script" in plain.find_element(By.TAG_NAME, "main").text
    finally:
        plain.quit()


@test
def nothing_scrolls_sideways_at_390_px(driver):
    narrow = chrome(width=390, height=844)
    try:
        for fragment in ("", "#text=200"):
            open_gallery(narrow, gallery(), fragment)
            narrow.execute_script("galleryDrawAll()")
            widths = narrow.execute_script(
                "return [document.documentElement.scrollWidth, document.documentElement.clientWidth]")
            assert widths[0] <= widths[1], (fragment, widths)
            wide = narrow.execute_script(
                "return [...document.querySelectorAll('main *')].filter(e => e.getBoundingClientRect().right >"
                " document.documentElement.clientWidth + 1).slice(0, 5).map(e => e.outerHTML.slice(0, 120))")
            assert wide == [], (fragment, wide)
    finally:
        narrow.quit()


def planted_assets():
    folder = tempfile.mkdtemp()
    shutil.copytree(ASSETS, folder, dirs_exist_ok=True)
    css = pathlib.Path(folder, "app.css")
    text = css.read_text()
    planted = text.replace(".own .bubble { background: var(--brand);", ".own .bubble { background: #0a7d32;", 1)
    assert planted != text, "the chat bubbles' rule moved: update the planted change"
    css.write_text(planted)
    return folder


@test
def compare_finds_a_stylesheet_change_on_the_entries_it_touches_and_no_other(driver):
    before = gallery("family-admin")
    assets = planted_assets()
    after = tempfile.mkdtemp()
    try:
        subprocess.run([BINARY, "gallery", "family-admin", "--assets", assets, "--compare", before, "-o", after],
                       check=True, capture_output=True)
        open_gallery(driver, after)
        driver.set_script_timeout(120)
        changed = driver.execute_async_script("galleryCompareAll().then(arguments[0])")
        assert changed, "nothing marked changed"
        assert all(id.startswith("messages-") for id in changed), changed
        states = driver.execute_script(
            "return [...document.querySelectorAll('.gallery-entry')].map(e => e.dataset.change)")
        assert set(states) == {"changed", "unchanged"}, set(states)
        # A changed entry shows before, after and the differences, outlined where the bubbles are.
        Select(field(driver, "Change")).select_by_value("changed")
        entry = driver.find_element(By.ID, "entry-" + changed[0])
        driver.execute_script("arguments[0].scrollIntoView()", entry)
        WebDriverWait(driver, 10).until(lambda d: len(entry.find_elements(By.CSS_SELECTOR, ".gallery-compare iframe")) >= 3)
        frames = entry.find_elements(By.CSS_SELECTOR, ".gallery-compare iframe")
        titles = [f.get_attribute("title") for f in frames]
        assert any("before" in t for t in titles) and any("differences" in t for t in titles), titles
        marked = frames[[i for i, t in enumerate(titles) if "differences" in t][0]]
        driver.switch_to.frame(marked)
        WebDriverWait(driver, 10).until(lambda d: d.find_elements(By.CSS_SELECTOR, ".difference"))
        driver.switch_to.default_content()
        # Nothing changed: nothing marked.
        same = tempfile.mkdtemp()
        subprocess.run([BINARY, "gallery", "family-admin", "--compare", os.path.join(before, "gallery.json"),
                        "-o", same], check=True, capture_output=True)
        open_gallery(driver, same)
        states = driver.execute_script(
            "return [...new Set([...document.querySelectorAll('.gallery-entry')].map(e => e.dataset.change))]")
        assert states == ["unchanged"], states
        shutil.rmtree(same, ignore_errors=True)
    finally:
        shutil.rmtree(assets, ignore_errors=True)
        shutil.rmtree(after, ignore_errors=True)


def load_times(folder, runs=5):
    """Milliseconds from navigation to the load event, for each of RUNS fresh loads of the gallery."""
    times = []
    driver = chrome(width=1280, height=900)
    try:
        for _ in range(runs):
            driver.get("about:blank")
            open_gallery(driver, folder)
            times.append(driver.execute_script(
                "const n = performance.getEntriesByType('navigation')[0]; return n.loadEventEnd - n.startTime"))
    finally:
        driver.quit()
    return times


def main(arguments):
    global BINARY
    if not arguments or arguments[0].startswith("-"):
        print(__doc__.strip().split("\n\n")[1], file=sys.stderr)
        return 64
    BINARY = os.path.abspath(arguments[0])
    if "--time" in arguments[1:]:
        started = time.monotonic()
        folder = gallery()
        made = time.monotonic() - started
        size = os.path.getsize(os.path.join(folder, "index.html"))
        with open(os.path.join(folder, "gallery.json")) as file:
            entries = len(json.load(file)["entries"])
        times = load_times(folder)
        print(f"the gallery of every bundled scenario: {entries} entries, {size / 1e6:.1f} MB, made in {made:.1f} s; "
              f"opens in Chromium in {statistics.median(times):.0f} ms (median of {len(times)} loads, navigation "
              f"to the load event: {', '.join(f'{t:.0f}' for t in times)} ms)")
        shutil.rmtree(folder, ignore_errors=True)
        return 0 if statistics.median(times) < 3000 else 1
    wanted = set(arguments[1:])
    driver = chrome(width=1280, height=900)
    passed = failed = 0
    try:
        for function in TESTS:
            if wanted and function.__name__ not in wanted:
                continue
            started = time.monotonic()
            try:
                function(driver)
                passed += 1
                print(f"✔ {function.__name__} ({time.monotonic() - started:.1f} s)", flush=True)
            except Exception:
                failed += 1
                print(f"✘ {function.__name__}", flush=True)
                traceback.print_exc()
                driver.quit()
                driver = chrome(width=1280, height=900)
    finally:
        driver.quit()
        for folder in FOLDERS.values():
            shutil.rmtree(folder, ignore_errors=True)
    print(f"{passed} passed, {failed} failed")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
