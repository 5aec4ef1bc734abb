"""Load: 32 simulations at once, each taking 1,000 random offered actions over HTTP (a screen's, or a row's by
the item's identity).

Checks that no answer is a 5xx, that every step is applied exactly once (each simulation's version goes up by one
per step, in order), and that memory stays bounded once the simulations are dropped (a second round ends within
25% of the first one's resident memory).

Usage: python3 Tests/Browser/load_test.py TRIBEBOARD_BINARY [SIMULATIONS STEPS]
"""
import http.client
import os
import random
import re
import subprocess
import sys
import threading
import time
import urllib.parse

sys.path.insert(0, os.path.dirname(__file__))
from update import ACCEPT, parse  # noqa: E402

ACTION = re.compile(r'<button type="submit" class="[^"]*" name="line" value="([^"]*)"')
# A row's controls: the item's identity, then each button naming an action of it.
ROW = re.compile(r'<input type="hidden" name="item" value="([^"]*)"/>(.*?)</form>', re.S)
ITEM_ACTION = re.compile(r'name="action" value="([^"]*)"')


def unescape(text):
    return text.replace("&amp;", "&").replace("&#39;", "'").replace("&quot;", '"')


def rss(pid):
    with open(f"/proc/{pid}/status") as status:
        for line in status:
            if line.startswith("VmRSS:"):
                return int(line.split()[1]) // 1024
    return 0


def run_simulation(host, port, seed, steps, failures):
    random.seed(seed)
    connection = http.client.HTTPConnection(host, port, timeout=30)
    connection.request("POST", "/new", "scenario=family-admin", {"Content-Type": "application/x-www-form-urlencoded"})
    response = connection.getresponse()
    response.read()
    if response.status != 303:
        failures.append(f"/new answered {response.status}")
        return
    base = response.getheader("Location")
    connection.request("GET", base + "/state", headers={"Accept": ACCEPT})
    state = parse(connection.getresponse().read().decode())
    version = state["version"]
    for _ in range(steps):
        acting = state["phones"].split("</section>")[0]
        offered = [{"line": unescape(a)} for a in ACTION.findall(acting)]
        for item, controls in ROW.findall(acting):
            offered += [{"action": a, "item": unescape(item)} for a in ITEM_ACTION.findall(controls)]
        fields = random.choice(offered or [{"line": "home"}])
        line = fields.get("line") or f"{fields['action']} on {fields['item']}"
        body = urllib.parse.urlencode(fields)
        connection.request(
            "POST", base + "/input", body,
            {"Content-Type": "application/x-www-form-urlencoded", "Accept": ACCEPT},
        )
        response = connection.getresponse()
        data = response.read()
        if response.status >= 500:
            failures.append(f"{base} {line!r}: {response.status}")
            return
        if response.status != 200:
            failures.append(f"{base} {line!r}: {response.status} {data[:200]!r}")
            return
        state = parse(data.decode())
        if state.get("reload"):
            connection.request("GET", base + "/state", headers={"Accept": ACCEPT})
            state = parse(connection.getresponse().read().decode())
        if state["version"] != version + 1:
            failures.append(f"{base} {line!r}: version {version} -> {state['version']}")
            return
        version = state["version"]


def round_of(host, port, simulations, steps, seed):
    failures = []
    threads = [
        threading.Thread(target=run_simulation, args=(host, port, seed + n, steps, failures))
        for n in range(simulations)
    ]
    started = time.monotonic()
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    return failures, time.monotonic() - started


def main():
    binary = sys.argv[1]
    simulations = int(sys.argv[2]) if len(sys.argv) > 2 else 32
    steps = int(sys.argv[3]) if len(sys.argv) > 3 else 1000
    server = subprocess.Popen(
        [binary, "serve", "family-admin", "--port", "0", "--idle-seconds", "1"], stdout=subprocess.PIPE, text=True
    )
    try:
        address = server.stdout.readline().strip().rsplit(" at ", 1)[1]
        parsed = urllib.parse.urlparse(address)
        rounds = []
        for number in range(2):
            failures, seconds = round_of(parsed.hostname, parsed.port, simulations, steps, seed=number * 1000)
            total = simulations * steps
            if failures:
                print("\n".join(failures[:20]))
                print(f"0 passed, 1 failed")
                sys.exit(1)
            time.sleep(1.5)
            # A request sweeps the idle simulations away.
            http.client.HTTPConnection(parsed.hostname, parsed.port).request("GET", "/s/none")
            time.sleep(0.5)
            rounds.append(rss(server.pid))
            print(
                f"round {number + 1}: {simulations} simulations × {steps} steps = {total} steps in {seconds:.1f} s "
                f"({total / seconds:,.0f} steps/s over HTTP, one connection each); no 5xx, none lost or doubled; "
                f"resident memory after dropping them: {rounds[-1]} MB"
            )
        bounded = rounds[1] <= rounds[0] * 1.25 + 8
        print(f"memory {'bounded' if bounded else 'GREW'}: {rounds[0]} MB, then {rounds[1]} MB")
        print(f"{1 if bounded else 0} passed, {0 if bounded else 1} failed")
        sys.exit(0 if bounded else 1)
    finally:
        server.terminate()
        server.wait(timeout=10)


if __name__ == "__main__":
    main()
