"""Consistency checks over the whole gallery (`tribeboard gallery`), each naming the entries (screen · role · state)
that break it:

- tokens: the stylesheet's components use only the design tokens' colours, type sizes and spacings (a colour, a font
  size, or a padding, margin or gap length written anywhere but a token's declaration is a stray value);
- icons: every icon is a `<use>` of a symbol of the one icon set (`icons.svg`); the only other drawings are the logo,
  the illustrations, the route map, the points board's bars and the QR code;
- targets: every control of every phone is at least 44×44 CSS pixels (measured at the phone's real size);
- axe-core 4.x (WCAG 2.2 AA and best practice) on every entry, light and dark, which includes text contrast computed
  from the rendered page;
- large text: at 200% of the app's text (the Text size control's largest), no word of any entry is broken across
  lines and no screen title is clipped.

Usage: AXE_JS=…/axe.min.js python3 Tests/Browser/gallery_consistency.py TRIBEBOARD_BINARY [--text 200] [SCENARIO …]
       python3 Tests/Browser/gallery_consistency.py TRIBEBOARD_BINARY --large-text-only [SCENARIO …]
(default: every bundled scenario; --text 200 runs the other checks with text at 200%; --large-text-only checks only
the tokens and large text, on every entry of every scenario given, in well under a minute: CI runs it on them all)
"""
import json
import os
import pathlib
import re
import shutil
import subprocess
import sys
import tempfile
import time

sys.path.insert(0, os.path.dirname(__file__))
from browser import chrome  # noqa: E402

ROOT = pathlib.Path(__file__).resolve().parents[2]
ASSETS = ROOT / "Sources" / "TribeBoardRendering" / "Assets"
DRAWINGS = {"logo", "illustration", "route-map", "qr", "score-bar"}
COLOUR = re.compile(r"#[0-9a-fA-F]{3,8}\b|\b(?:rgb|rgba|hsl|hsla|hwb|lab|lch|oklab|oklch)\(")
SPACING = re.compile(r"^(?:padding|margin)(?:-[a-z-]+)?$|^(?:row-|column-)?gap$")
LENGTH = re.compile(r"(?<![-\w(])-?\d*\.?\d+(?:em|rem|px)\b")


def stray_values(css):
    """Declarations outside a custom property that write a colour or a font size instead of naming a token."""
    css = re.sub(r"/\*.*?\*/", "", css, flags=re.S)
    found = []
    for rule in re.finditer(r"([^{}]*)\{([^{}]*)\}", css):
        selector = " ".join(rule.group(1).split())
        for declaration in rule.group(2).split(";"):
            if ":" not in declaration:
                continue
            name, value = (part.strip() for part in declaration.split(":", 1))
            if name.startswith("--"):
                continue
            if COLOUR.search(value):
                found.append(f"{selector} {{ {name}: {value} }}: a colour that is not a token")
            if name == "font-size" and not (value.startswith("var(--") or value.startswith("calc(1rem * var(--")):
                found.append(f"{selector} {{ {name}: {value} }}: a type size that is not a token")
            if SPACING.match(name) and LENGTH.search(value):
                found.append(f"{selector} {{ {name}: {value} }}: a spacing that is not a token")
    return found


ENTRIES = """
return [...document.querySelectorAll('figure.gallery-entry')].map(entry => {
  const caption = entry.querySelector('figcaption strong').textContent;
  const phones = [...entry.querySelectorAll('.phone')];
  const icons = phones.flatMap(p => [...p.querySelectorAll('svg')]).flatMap(svg => {
    const kinds = [...svg.classList];
    if (kinds.some(k => arguments[0].includes(k))) return [];
    const use = svg.querySelector('use');
    const href = use && use.getAttribute('href');
    if (!kinds.includes('icon') || !href || !href.startsWith('#icon-')) return [svg.outerHTML.slice(0, 100)];
    return document.getElementById(href.slice(1)) ? [] : [href + ' (no such symbol)'];
  });
  const small = phones.flatMap(p => [...p.querySelectorAll('button, input, select, textarea, summary, a[href]')])
    .filter(e => e.type !== 'hidden')
    .filter(e => { const r = e.getBoundingClientRect(); return r.width < 44 || r.height < 44; })
    .map(e => e.outerHTML.slice(0, 100));
  return {id: entry.id, caption: caption, icons: icons, small: small};
});
"""

# Each entry's phones are checked one at a time, alone in the page's main region (the gallery holds hundreds of
# phones; axe on the whole page takes seconds an entry), as the person's page would hold them.
KEEP = """
window.galleryEntries = [...document.querySelectorAll('figure.gallery-entry')].map(entry => ({
  id: entry.id, themes: [...entry.querySelectorAll('.gallery-themes > div')].map(theme => theme.cloneNode(true)),
}));
"""

LARGE_TEXT = """
// The phones take the text size from the gallery's main region: 200% there, whatever the page's own choice.
const main = document.querySelector('main');
const before = main.style.getPropertyValue('--text-scale');
main.style.setProperty('--text-scale', '2');
const found = [];
for (const entry of document.querySelectorAll('figure.gallery-entry')) {
  const app = entry.querySelector('.gallery-themes .app');
  if (!app) continue;
  const broken = [];
  const walker = document.createTreeWalker(app, NodeFilter.SHOW_TEXT);
  while (walker.nextNode()) {
    const node = walker.currentNode;
    const parent = node.parentElement;
    if (getComputedStyle(parent).visibility === 'hidden' || parent.closest('.visually-hidden, option, svg, [inert]')) continue;
    // A word, up to and with a hyphen or a slash: a line may end after one ("6-" "digit", a link's "join/").
    const re = /[^\\s\\-\\/]+[\\-\\/]*|[\\-\\/]+/g;
    let match;
    while ((match = re.exec(node.data))) {
      const range = document.createRange();
      range.setStart(node, match.index);
      range.setEnd(node, match.index + match[0].length);
      const tops = new Set([...range.getClientRects()].filter(r => r.width > 0).map(r => Math.round(r.top)));
      if (tops.size > 1) broken.push(match[0]);
    }
  }
  const title = app.querySelector('h3.title');
  const clipped = title && (title.scrollWidth > title.clientWidth + 1 || title.scrollHeight > title.clientHeight + 1);
  if (broken.length || clipped) found.push([entry.id, entry.querySelector('figcaption strong').textContent, broken.slice(0, 5), !!clipped]);
}
if (before) main.style.setProperty('--text-scale', before); else main.style.removeProperty('--text-scale');
return found;
"""

AXE_RUN = """
const done = arguments[arguments.length - 1];
const entry = window.galleryEntries.find(e => e.id === arguments[0]);
const main = document.querySelector('main');
const results = [];
(async () => {
  for (const theme of entry.themes) {
    const heading = document.createElement('h1');
    heading.textContent = 'TribeBoard gallery';
    main.replaceChildren(heading, theme.cloneNode(true));
    const r = await axe.run(document, {runOnly: {type: 'tag',
      values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa', 'best-practice']}});
    for (const v of r.violations) results.push([theme.className + ' ' + v.id, v.nodes.map(n => n.html.slice(0, 100)).slice(0, 2)]);
  }
  done(results);
})().catch(e => done([['error', [String(e)]]]));
"""


def main(arguments):
    if not arguments or arguments[0].startswith("-"):
        print(__doc__.strip().split("\n\n")[-2], file=sys.stderr)
        return 64
    binary, scenarios = arguments[0], arguments[1:]
    large_text_only = "--large-text-only" in scenarios
    if large_text_only:
        scenarios.remove("--large-text-only")
    text = "100"
    if "--text" in scenarios:
        at = scenarios.index("--text")
        text = scenarios[at + 1]
        del scenarios[at:at + 2]
    axe_path = os.environ.get("AXE_JS", "")
    if not large_text_only and not os.path.exists(axe_path):
        print("set AXE_JS to axe-core 4's axe.min.js (see .ci/run)", file=sys.stderr)
        return 64
    started = time.monotonic()
    problems = {}

    def say(check, where, what):
        problems.setdefault(check, []).append(f"{where}: {what}")

    for stray in stray_values((ASSETS / "app.css").read_text()):
        say("tokens", "app.css", stray)

    folder = tempfile.mkdtemp()
    try:
        subprocess.run([binary, "gallery", *scenarios, "-o", folder], check=True, capture_output=True)
        driver = chrome(width=1440, height=900)
        try:
            driver.get(pathlib.Path(folder, "index.html").as_uri() + f"#text={text}")
            # The page draws phones as they come into view: all of them, now.
            driver.execute_script("galleryDrawAll()")
            # The text size holds for the phones moved out of their entry for axe, too.
            driver.execute_script("document.querySelector('main').style.setProperty('--text-scale', arguments[0])",
                                  str(int(text) / 100))
            # The phones at their real size: the gallery shows them smaller.
            driver.execute_script("document.querySelectorAll('.gallery-themes').forEach(e => e.style.zoom = 1)")
            entries = driver.execute_script(ENTRIES, sorted(DRAWINGS))
            for entry_id, caption, broken, clipped in driver.execute_script(LARGE_TEXT):
                where = f"{caption} (#{entry_id})"
                if broken:
                    say("large text", where, f"words broken across lines at 200%: {broken}")
                if clipped:
                    say("large text", where, "the title is clipped at 200%")
            if large_text_only:
                return report(problems, f"{len(entries)} gallery entries checked (tokens, 200% text)", started)
            driver.execute_script(KEEP)
            driver.execute_script(open(axe_path, encoding="utf-8").read())
            driver.set_script_timeout(120)
            version = driver.execute_script("return axe.version")
            assert version.startswith("4."), version
            for entry in entries:
                where = f"{entry['caption']} (#{entry['id']})"
                for icon in entry["icons"]:
                    say("icons", where, icon)
                for control in entry["small"]:
                    say("targets", where, "under 44×44: " + control)
                for rule, nodes in driver.execute_async_script(AXE_RUN, entry["id"]):
                    say("axe", where, f"{rule}: {nodes}")
        finally:
            driver.quit()
    finally:
        shutil.rmtree(folder, ignore_errors=True)

    return report(problems, f"{len(entries)} gallery entries checked (tokens, icons, 44-pixel targets, 200% text, "
                  f"axe-core {version} with contrast, light and dark)", started)


def report(problems, what, started):
    print(f"{what} in {time.monotonic() - started:.0f} s")
    for check, found in problems.items():
        print(f"\n{check}: {len(found)} problem(s)")
        for line in found[:40]:
            print("  " + line)
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
