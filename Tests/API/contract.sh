#!/usr/bin/env bash
# The services' HTTP contract, tested from outside against a live `tribeboard serve` (what .ci/run runs):
# - schemathesis generates requests from Sources/TribeBoardAPI/openapi.yaml (examples, coverage, fuzzing and
#   stateful sequences) and runs all its checks: no response is a 5xx; every status, content type, header and body
#   matches the document; a request the document refuses (a missing or null field, a wrong type) is refused with 400
#   or 422, and one it allows is never 400 (Tests/API/schemathesis.toml); a method a path does not have is 405 with
#   `Allow`; a call without the bearer token is refused; what a call created can be read and what it deleted can't;
# - the tokens the run used never appear in the server's output (it runs with --verbose, a line a request).
# Usage: Tests/API/contract.sh BINARY|URL [MAX_EXAMPLES]
#   BINARY: starts `BINARY serve family-admin` on a free port and checks it (and that no token reaches its output).
#   URL:    checks a server already running there (such as http://127.0.0.1:8080, whose API is under /api): a real
#           backend's test server. Its session comes from TB_TOKEN (an access token of an adult member of a family)
#           when set, else from the mock's sign-in (POST /api/auth/sign-in {"provider":"google","user":"mark"}).
set -euo pipefail
target="$1"
examples="${2:-15}"
output=""
if [[ "$target" == http://* || "$target" == https://* ]]; then
  address="${target%/}"
else
  output="$(mktemp)"
  "$target" serve family-admin --port 0 --verbose >"$output" 2>&1 &
  server=$!
  trap 'kill "$server" 2>/dev/null || true; rm -f "$output"' EXIT
  for _ in $(seq 50); do grep -q "^Serving " "$output" && break; sleep 0.2; done
  address="$(sed -n 's/^Serving .* at \(http[^ ]*\)\/$/\1/p' "$output" | head -1)"
  [[ -n "$address" ]] || { echo "error: the server did not start" >&2; cat "$output" >&2; exit 1; }
fi

token="${TB_TOKEN:-}"
if [[ -z "$token" ]]; then
  token="$(curl -fsS -X POST "$address/api/auth/sign-in" -H 'Content-Type: application/json' \
    -d '{"provider":"google","user":"mark"}' | python3 -c 'import json, sys; print(json.load(sys.stdin)["session"]["accessToken"])')"
fi

# The control API changes the world on purpose (faults answer 5xx by design) and sign-out, refresh and reading a
# session with a wrong refresh token revoke the bearer the run uses: they are tested by ServicesAPITests instead.
schemathesis --config-file "$(dirname "$0")/schemathesis.toml" run "$address/api/openapi.yaml" --url "$address/api" \
  -H "Authorization: Bearer $token" \
  --exclude-tag Control --exclude-operation-id signOut --exclude-operation-id refresh \
  --exclude-operation-id currentSession \
  --checks all --max-examples "$examples" --seed 20260302

[[ -n "$output" ]] || exit 0
if grep -qF "$token" "$output"; then
  echo "error: the access token appears in the server's output" >&2
  exit 1
fi
echo "no token in the server's output ($(wc -l <"$output") lines)"
