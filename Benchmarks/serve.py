"""Figures for `tribeboard serve` (prints them; asserts nothing):

- steps/s over loopback through the page's socket (what the page uses once it is open), from this package's own
  load generator (`tribeboard-bench --socket-load`, beside the binary): steps going round family-admin's
  modules and back to the dashboard, 2 and 8 connections, each answer as the page gets it; and the server's CPU
  time per step (from /proc);
- the same over HTTP posts (the page's way before its socket opens, or without one), from wrk (Debian's package);
- click → new screen in the page: p95 over a journey of 200 clicks in headless Chromium, timed by the page itself
  (from the submit to the DOM change);
- the page's first load: bytes of the page, its stylesheet and its script, uncompressed.

Usage: python3 Benchmarks/serve.py .build/release/tribeboard
"""
import os
import shutil
import subprocess
import sys
import tempfile
import urllib.parse
import urllib.request

sys.path.insert(0, os.path.join(os.path.dirname(__file__), "..", "Tests", "Browser"))
from browser import Server, chrome  # noqa: E402

LUA = """
local lines = {"line=tasks", "line=home", "line=calendar", "line=home", "line=messages", "line=home",
               "line=school+run", "line=home", "line=settings", "line=home"}
local n = 0
request = function()
  n = n + 1
  return wrk.format("POST", "/s/default/input",
    {["Content-Type"] = "application/x-www-form-urlencoded", ["Accept"] = "application/vnd.tribeboard.update+html"}, lines[n % #lines + 1])
end
"""


def cpu_seconds(pid):
    with open(f"/proc/{pid}/stat") as stat:
        fields = stat.read().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def socket_load(binary):
    bench = os.path.join(os.path.dirname(binary), "tribeboard-bench")
    if not os.path.exists(bench):
        print(f"socket: {bench} not built (swift build -c release); skipped")
        return
    for connections in (2, 8):
        with Server(binary, "family-admin") as server:
            parsed = urllib.parse.urlparse(server.address)
            before = cpu_seconds(server.process.pid)
            seconds = 5
            rate = float(subprocess.run(
                [bench, "--socket-load", parsed.hostname, str(parsed.port), "/s/default/socket", str(connections),
                 str(seconds)], capture_output=True, text=True, check=True).stdout)
            cpu = cpu_seconds(server.process.pid) - before
            print(f"socket, {connections} connections: {rate:,.0f} steps/s; server CPU {cpu * 1e6 / (rate * seconds):.0f} µs "
                  "a step")


def wrk(binary):
    if not shutil.which("wrk"):
        print("wrk: not installed (apt-get install wrk); skipped")
        return
    with tempfile.NamedTemporaryFile("w", suffix=".lua", delete=False) as script:
        script.write(LUA)
    for connections in (2, 8):
        with Server(binary, "family-admin") as server:
            base = server.address.split("?")[0]
            before = cpu_seconds(server.process.pid)
            result = subprocess.run(
                ["wrk", "-t1", f"-c{connections}", "-d5s", "-s", script.name, base],
                capture_output=True, text=True,
            ).stdout
            rate = next((line.split()[1] for line in result.splitlines() if line.startswith("Requests/sec")), "?")
            latency = next((line.split()[1] for line in result.splitlines() if line.strip().startswith("Latency")), "?")
            errors = [line.strip() for line in result.splitlines() if "Non-2xx" in line or "Socket errors" in line]
            cpu = cpu_seconds(server.process.pid) - before
            per_step = f"server CPU {cpu * 1e6 / (float(rate) * 5):.0f} µs a step" if rate != "?" else ""
            print(f"HTTP (wrk), {connections} connections: {rate} steps/s; {per_step}; mean latency {latency}"
                  + (f"; {errors}" if errors else ""))
    os.unlink(script.name)


def page(binary):
    with Server(binary, "family-admin") as server:
        base = server.address.split("?")[0]
        sizes = {}
        for path in ("", "assets/app.css", "assets/app.js"):
            with urllib.request.urlopen(base + path) as response:
                sizes[path or "page"] = len(response.read())
        print(f"first load: {sum(sizes.values()):,} bytes uncompressed ({sizes})")
        driver = chrome()
        try:
            driver.get(server.address)
            script = """
              const done = arguments[0];
              const names = ["Tasks", "Today", "Calendar", "Today", "Messages", "Today", "School run",
                             "Today", "Settings", "Today"];
              let n = 0;
              async function next() {
                if (n === 200) { done(window.tribeboardTimings); return; }
                const name = names[n % names.length];
                const button = [...document.querySelectorAll('.phone.acting button')]
                  .find(b => (b.querySelector('.tab-label') || b).textContent.trim() === name);
                const before = window.tribeboardTimings.length;
                button.click();
                n += 1;
                while (window.tribeboardTimings.length === before) await new Promise(r => setTimeout(r, 0));
                next();
              }
              next();
            """
            driver.set_script_timeout(120)
            timings = sorted(driver.execute_async_script(script))
            p50 = timings[len(timings) // 2]
            p95 = timings[int(len(timings) * 0.95) - 1]
            print(f"click → new screen in the page, {len(timings)} clicks: p50 {p50:.1f} ms, p95 {p95:.1f} ms, "
                  f"max {timings[-1]:.1f} ms")
        finally:
            driver.quit()


if __name__ == "__main__":
    binary = sys.argv[1]
    page(binary)
    socket_load(binary)
    wrk(binary)
