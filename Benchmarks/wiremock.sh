#!/usr/bin/env bash
# This server's stateful tasks list beside WireMock's static stub of the same JSON, loaded with wrk on loopback in
# one run: requests/s and p99 latency of each, and their ratio. A benchmark to run by hand, not a timed test.
#
# Needs: wrk, a Java 17 runtime (Debian: apt-get install wrk openjdk-17-jre-headless) and the `wiremock` package
# from PyPI, which ships WireMock's standalone jar (python3 -m pip install wiremock). Installs what is missing when
# it can.
# Usage: Benchmarks/wiremock.sh [BINARY] [SECONDS] [CONNECTIONS]
#   BINARY defaults to .build/release/tribeboard (built if missing).
set -euo pipefail
cd "$(dirname "$0")/.."
binary="${1:-.build/release/tribeboard}"
seconds="${2:-10}"
connections="${3:-32}"

missing=()
command -v wrk >/dev/null 2>&1 || missing+=(wrk)
command -v java >/dev/null 2>&1 || missing+=(openjdk-17-jre-headless)
if ((${#missing[@]})); then
  { apt-get update -qq && apt-get install -y -qq "${missing[@]}" >/dev/null; } || {
    echo "error: install ${missing[*]}" >&2
    exit 1
  }
fi
jar="$(python3 - <<'PY' 2>/dev/null || true
import glob, os, wiremock
print(sorted(glob.glob(os.path.join(os.path.dirname(wiremock.__file__), "server", "wiremock*standalone*.jar")))[-1])
PY
)"
if [[ -z "$jar" ]]; then
  python3 -m pip install -q wiremock >/dev/null 2>&1 || { echo "error: python3 -m pip install wiremock" >&2; exit 1; }
  jar="$(python3 -c 'import glob, os, wiremock; print(sorted(glob.glob(os.path.join(os.path.dirname(wiremock.__file__), "server", "wiremock*standalone*.jar")))[-1])')"
fi
[[ -x "$binary" ]] || swift build -c release --product tribeboard

work="$(mktemp -d)"
pids=()
cleanup() {
  for pid in "${pids[@]}"; do kill "$pid" 2>/dev/null || true; done
  rm -rf "$work"
}
trap cleanup EXIT

# This server: the family-admin world, Mark signed in through the API.
"$binary" serve family-admin --port 0 >"$work/serve.out" 2>&1 &
pids+=($!)
for _ in $(seq 50); do grep -q "^Serving " "$work/serve.out" && break; sleep 0.2; done
address="$(sed -n 's/^Serving .* at \(http[^ ]*\)\/$/\1/p' "$work/serve.out" | head -1)"
token="$(curl -fsS -X POST "$address/api/auth/sign-in" -H 'Content-Type: application/json' \
  -d '{"provider":"google","user":"mark"}' | python3 -c 'import json, sys; print(json.load(sys.stdin)["session"]["accessToken"])')"
path=/api/families/johnsons/tasks
curl -fsS "$address$path" -H "Authorization: Bearer $token" >"$work/tasks.json"

# WireMock: a static stub answering the same path with the same JSON.
mkdir -p "$work/wiremock/mappings" "$work/wiremock/__files"
cp "$work/tasks.json" "$work/wiremock/__files/tasks.json"
cat >"$work/wiremock/mappings/tasks.json" <<JSON
{"request": {"method": "GET", "url": "$path"},
 "response": {"status": 200, "bodyFileName": "tasks.json", "headers": {"Content-Type": "application/json"}}}
JSON
wiremock_port="$(python3 -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])')"
java -jar "$jar" --port "$wiremock_port" --bind-address 127.0.0.1 --root-dir "$work/wiremock" \
  --disable-request-logging --no-request-journal >"$work/wiremock.out" 2>&1 &
pids+=($!)
for _ in $(seq 100); do curl -fsS "http://127.0.0.1:$wiremock_port$path" >/dev/null 2>&1 && break; sleep 0.3; done
cmp -s "$work/tasks.json" <(curl -fsS "http://127.0.0.1:$wiremock_port$path") \
  || { echo "error: WireMock does not answer the same JSON" >&2; exit 1; }

# wrk: requests/s, and the 99th percentile in milliseconds.
load() {
  local url="$1"
  shift
  wrk -t2 -c"$connections" -d2s "$@" "$url" >/dev/null # warm-up (the JVM's JIT, the server's caches)
  wrk -t2 -c"$connections" -d"${seconds}s" --latency "$@" "$url" | awk '
    /Requests\/sec/ { rps = $2 }
    $1 == "99%" { v = $2; unit = v; sub(/[0-9.]+/, "", unit); sub(/[a-z]+$/, "", v)
      p99 = unit == "us" ? v / 1000 : unit == "s" ? v * 1000 : v }
    / [0-9]+ requests in / { total = $1 }
    /Non-2xx/ { bad = $4 }
    END { printf "%.0f %.2f %d %d\n", rps, p99, total, bad }'
}
read -r ours_rps ours_p99 ours_total ours_bad < <(load "$address$path" -H "Authorization: Bearer $token")
read -r wm_rps wm_p99 wm_total wm_bad < <(load "http://127.0.0.1:$wiremock_port$path")

echo "GET $path ($(wc -c <"$work/tasks.json") bytes of JSON), wrk -t2 -c$connections -d${seconds}s on loopback, $(nproc) cores"
printf "%-44s %10s %10s %10s\n" "" "req/s" "p99 (ms)" "non-2xx"
printf "%-44s %10s %10s %10s\n" "tribeboard serve (stateful, token checked)" "$ours_rps" "$ours_p99" "$ours_bad"
printf "%-44s %10s %10s %10s\n" "WireMock $(basename "$jar" .jar | sed 's/wiremock-standalone-//') (static stub)" "$wm_rps" "$wm_p99" "$wm_bad"
python3 -c "print(f'ratio (tribeboard / WireMock): {$ours_rps / max($wm_rps, 1):.2f}x requests/s, p99 {$ours_p99 / max($wm_p99, 0.001):.2f}x')"
