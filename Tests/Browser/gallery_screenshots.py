"""Screenshot regression over the gallery: every entry of `tribeboard gallery family-admin` photographed in headless
Chromium and compared with its committed baseline.

Usage:
  python3 Tests/Browser/gallery_screenshots.py TRIBEBOARD_BINARY            # check (exit 1 on a change)
  python3 Tests/Browser/gallery_screenshots.py TRIBEBOARD_BINARY --record   # re-record every baseline
  python3 Tests/Browser/gallery_screenshots.py TRIBEBOARD_BINARY --assets FOLDER   # check an edited stylesheet

An entry has changed when more than TOLERANCE of its pixels differ by more than THRESHOLD in a channel (or its size
changed). The check names every changed entry and writes a page to look at, .build/gallery-diff/index.html: each
changed entry before (its baseline), after, and the differing pixels in red over the new picture, with the entries
that are new or gone. Baselines live in Tests/Browser/gallery-baselines/, one
PNG an entry, drawn at half scale to stay small. Re-recording is a decision, like a golden
transcript's: say in the commit why the look changed.
"""
import io
import os
import pathlib
import re
import shutil
import subprocess
import sys
import tempfile
import time

from PIL import Image, ImageChops

sys.path.insert(0, os.path.dirname(__file__))
from browser import chrome  # noqa: E402

from selenium.webdriver.common.by import By  # noqa: E402

ROOT = pathlib.Path(__file__).resolve().parents[2]
BASELINES = ROOT / "Tests" / "Browser" / "gallery-baselines"
DIFFS = ROOT / ".build" / "gallery-diff"
SCENARIO = "family-admin"
# A pixel differs when a channel moves by more than THRESHOLD (of 255); an entry changed when more than TOLERANCE
# of its pixels differ. Two clean runs on one machine differ by 0 pixels (measured: see docs/browser.md).
THRESHOLD = 24
TOLERANCE = 0.0002


def name(entry):
    """The baseline's file name: the entry's id (its screen, role and state), which the gallery holds once."""
    return re.sub(r"[^a-z0-9-]+", "-", entry.get_attribute("data-id").lower()) + ".png"


def photograph(binary, assets=None):
    """Every entry of the gallery as an image, by file name."""
    folder = tempfile.mkdtemp()
    try:
        extra = ["--assets", assets] if assets else []
        subprocess.run([binary, "gallery", SCENARIO, "-o", folder, *extra], check=True, capture_output=True)
        driver = chrome(width=1280, height=900)
        # Half scale: the baselines stay small and a component's change still moves many pixels.
        driver.execute_cdp_cmd(
            "Emulation.setDeviceMetricsOverride",
            {"width": 1280, "height": 900, "deviceScaleFactor": 0.5, "mobile": False})
        driver.execute_cdp_cmd(
            "Emulation.setEmulatedMedia", {"features": [{"name": "prefers-reduced-motion", "value": "reduce"}]})
        try:
            driver.get(pathlib.Path(folder, "index.html").as_uri())
            # The page draws phones as they come into view: all of them, now.
            driver.execute_script("galleryDrawAll()")
            # The filter bar stays at the window's top as the page scrolls: out of the way of the entries' pictures.
            driver.execute_script("document.querySelector('.gallery-filters').style.position = 'static'")
            pictures = {}
            for entry in driver.find_elements(By.CSS_SELECTOR, "figure.gallery-entry"):
                driver.execute_script("arguments[0].scrollIntoView()", entry)
                image = Image.open(io.BytesIO(entry.screenshot_as_png)).convert("RGB")
                pictures[name(entry)] = image
            return pictures, driver.capabilities.get("browserVersion", "unknown")
        finally:
            driver.quit()
    finally:
        shutil.rmtree(folder, ignore_errors=True)


def difference(new, old):
    """The fraction of pixels that differ, and the mask of them (None when the sizes differ)."""
    if new.size != old.size:
        return 1.0, None
    delta = ImageChops.difference(new.convert("RGB"), old.convert("RGB"))
    mask = delta.convert("L").point(lambda value: 255 if value > THRESHOLD else 0)
    changed = mask.histogram()[255]
    return changed / (new.size[0] * new.size[1]), mask


def marked_picture(new, mask):
    """The new picture with the changed pixels in red."""
    marked = new.convert("RGB")
    if mask is not None:
        marked.paste((230, 0, 0), mask=mask)
    return marked


def comparison_page(changed, missing, stale):
    """DIFFS/index.html: each changed entry before, after and with its changed pixels in red; the new and the gone."""
    import html
    rows = []
    for file, fraction in changed:
        stem = html.escape(file[:-4])
        rows.append(f"<section><h2>{stem} <small>({fraction * 100:.2f}% of its pixels)</small></h2><div class=row>"
                    + "".join(f"<figure><img src='{stem}.{kind}.png' alt='{stem}, {label}'><figcaption>{label}"
                              "</figcaption></figure>"
                              for kind, label in (("before", "Before (the baseline)"), ("after", "After"),
                                                  ("diff", "Changed pixels in red")))
                    + "</div></section>")
    for file in missing:
        rows.append(f"<section><h2>{html.escape(file[:-4])} <small>(new: no baseline)</small></h2>"
                    f"<img src='{html.escape(file[:-4])}.after.png' alt='{html.escape(file[:-4])}, new'></section>")
    for file in stale:
        rows.append(f"<section><h2>{html.escape(file[:-4])} <small>(gone: the gallery no longer holds it)</small></h2>"
                    "</section>")
    page = ("<!DOCTYPE html><html lang=en><meta charset=utf-8><meta name=viewport content='width=device-width'>"
            "<title>Gallery: what changed</title><style>body{font-family:system-ui,sans-serif;margin:1rem}"
            ".row{display:flex;flex-wrap:wrap;gap:1rem}figure{margin:0}img{max-width:100%;border:1px solid #ccc}"
            "</style><h1>Gallery screenshots: what changed</h1>"
            f"<p>{len(changed)} changed, {len(missing)} new, {len(stale)} gone, against "
            "Tests/Browser/gallery-baselines.</p>" + "".join(rows) + "</html>\n")
    (DIFFS / "index.html").write_text(page)


def main(arguments):
    if not arguments or arguments[0].startswith("-"):
        print(__doc__.strip().split("\n\n")[1], file=sys.stderr)
        return 64
    binary, record = arguments[0], "--record" in arguments[1:]
    assets = arguments[arguments.index("--assets") + 1] if "--assets" in arguments else None
    started = time.monotonic()
    pictures, browser = photograph(binary, assets)
    version_file = BASELINES / "chromium-version.txt"
    if record:
        BASELINES.mkdir(parents=True, exist_ok=True)
        for stale in BASELINES.glob("*.png"):
            if stale.name not in pictures:
                stale.unlink()
        for file, picture in pictures.items():
            picture.save(BASELINES / file, optimize=True)
        version_file.write_text(browser + "\n")
        size = sum(path.stat().st_size for path in BASELINES.glob("*.png"))
        print(f"recorded {len(pictures)} baselines in {BASELINES.relative_to(ROOT)} ({size // 1024} KB)")
        return 0
    shutil.rmtree(DIFFS, ignore_errors=True)
    changed, missing, largest = [], [], 0.0
    for file, picture in sorted(pictures.items()):
        baseline = BASELINES / file
        if not baseline.exists():
            missing.append(file)
            continue
        old = Image.open(baseline)
        fraction, mask = difference(picture, old)
        largest = max(largest, fraction)
        if fraction > TOLERANCE:
            DIFFS.mkdir(parents=True, exist_ok=True)
            old.convert("RGB").save(DIFFS / (file[:-4] + ".before.png"))
            picture.save(DIFFS / (file[:-4] + ".after.png"))
            marked_picture(picture, mask).save(DIFFS / (file[:-4] + ".diff.png"))
            changed.append((file, fraction))
    for file in missing:
        DIFFS.mkdir(parents=True, exist_ok=True)
        pictures[file].save(DIFFS / (file[:-4] + ".after.png"))
    stale = sorted(path.name for path in BASELINES.glob("*.png") if path.name not in pictures)
    if changed or missing or stale:
        DIFFS.mkdir(parents=True, exist_ok=True)
        comparison_page(changed, missing, stale)
    seconds = time.monotonic() - started
    print(f"{len(pictures)} entries photographed and compared in {seconds:.1f} s; "
          f"largest difference {largest * 100:.3f}% of an entry's pixels (tolerance {TOLERANCE * 100:.2f}%)")
    for file, fraction in changed:
        print(f"changed: {file[:-4]} ({fraction * 100:.2f}% of its pixels)")
    for file in missing:
        print(f"new, no baseline: {file[:-4]}")
    for file in stale:
        print(f"baseline of an entry the gallery no longer holds: {file[:-4]}")
    recorded_with = version_file.read_text().strip() if version_file.exists() else "unknown"
    if (changed or missing or stale) and recorded_with != browser:
        print(f"note: the baselines were recorded with Chromium {recorded_with}, this run used {browser}: a new "
              "browser may draw text a little differently")
    if changed or missing or stale:
        print(f"what changed, before, after and the changed pixels: {DIFFS.relative_to(ROOT)}/index.html")
        print("The look changed. If that is intended, re-record with "
              "`python3 Tests/Browser/gallery_screenshots.py .build/release/tribeboard --record` "
              "and say why in the commit.")
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
