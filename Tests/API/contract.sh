#!/usr/bin/env bash
# TribeBoard's contract suite against a running server (Tests/API/README.md): one command, the server's address.
#
# Usage: Tests/API/contract.sh URL [MAX_EXAMPLES]
#   URL: the server (such as http://127.0.0.1:8080), its API under URL/api, with the test hook
#        POST /api/test-sessions (`tribeboard serve family-admin --test-sessions`, or your test deployment's).
#
# 1. The rules (Tests/API/contract.py, Python 3 alone): every operation as each role of two families on its own and
#    the other family's things against the permission matrix (Tests/API/rules.json, Core's), the session's life,
#    a change's identity and the input rules; then the coverage.
# 2. The document (schemathesis 4, `pip install "schemathesis>=4,<5"`): requests generated from the server's
#    /api/openapi.yaml (examples, coverage, fuzzing, stateful sequences), all its checks: no 5xx; every status,
#    content type, header and body as documented; what the document refuses is refused (400/422), what it allows is
#    never 400 (Tests/API/schemathesis.toml); a method a path lacks is 405 with Allow; no call without its token;
#    what a call created can be read. As an adult of test family one, from the test hook.
# TB_CONTRACT_TOKENS=FILE writes every token the suite used to FILE, one a line (to look for them in the server's
# log). Exits non-zero when either part failed.
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
if [[ $# -lt 1 || ! "$1" =~ ^https?:// ]]; then
  echo "usage: Tests/API/contract.sh URL [MAX_EXAMPLES]   (URL: a running server, such as http://127.0.0.1:8080)" >&2
  exit 64
fi
address="${1%/}"
examples="${2:-15}"
tokens="${TB_CONTRACT_TOKENS:-$(mktemp)}"
export TB_CONTRACT_TOKENS="$tokens"

echo "== the rules: permission matrix, session's life, change identity, input rules (Tests/API/contract.py)"
rules=0
python3 "$here/contract.py" "$address" || rules=$?
[[ $rules -ne 2 ]] || exit 2

echo "== the document: schemathesis against $address/api/openapi.yaml"
token="$(curl -fsS -X POST "$address/api/test-sessions" -H 'Content-Type: application/json' \
  -d '{"family":"one","role":"adult"}' | python3 -c 'import json, sys; print(json.load(sys.stdin)["session"]["accessToken"])')"
echo "$token" >>"$tokens"
# The control API changes the world on purpose (faults answer 5xx by design), the test hook is no part of the
# product, and sign-out, refresh and reading a session with a wrong refresh token revoke the bearer the run uses:
# part 1 checks those. No example database, so every run generates what a fresh checkout does; a family code's
# pattern (six of 32 letters and digits, spaces and dashes between) leaves hypothesis filtering many strings it makes
# for the path, which its filter_too_much health check would call an error.
document=0
schemathesis --config-file "$here/schemathesis.toml" run "$address/api/openapi.yaml" --url "$address/api" \
  -H "Authorization: Bearer $token" \
  --exclude-tag Control --exclude-tag Testing --exclude-operation-id signOut --exclude-operation-id refresh \
  --exclude-operation-id currentSession \
  --checks all --max-examples "$examples" --seed 20260302 --generation-database none \
  --suppress-health-check filter_too_much || document=$?

if [[ $rules -ne 0 || $document -ne 0 ]]; then
  echo "contract: FAILED (rules exit $rules, document exit $document)" >&2
  exit 1
fi
echo "contract: passed (the rules and the document)"
