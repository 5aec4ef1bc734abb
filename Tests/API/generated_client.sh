#!/usr/bin/env bash
# A client generated from the server's own document by openapi-python-client (`pip install openapi-python-client`),
# as a stranger builds one: it must generate without a warning and compile without one, and then drive a journey
# (Tests/API/generated_client_journey.py: sign in, create a task, read it, complete it, sign out).
# Usage: Tests/API/generated_client.sh URL   (URL: a server running `tribeboard serve family-admin`)
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
if [[ $# -ne 1 || ! "$1" =~ ^https?:// ]]; then
  echo "usage: Tests/API/generated_client.sh URL   (URL: a running server, such as http://127.0.0.1:8080)" >&2
  exit 64
fi
address="${1%/}"
folder="$(mktemp -d)"
trap 'rm -rf "$folder"' EXIT
if ! (cd "$folder" && openapi-python-client generate --url "$address/api/openapi.yaml" --meta none \
  --output-path tribeboard_client) >"$folder/generate.log" 2>&1; then
  cat "$folder/generate.log" >&2
  echo "error: openapi-python-client could not generate a client from the document" >&2
  exit 1
fi
if grep -qi "warning" "$folder/generate.log"; then
  cat "$folder/generate.log" >&2
  echo "error: openapi-python-client warned about the document (above)" >&2
  exit 1
fi
echo "generated $(find "$folder/tribeboard_client" -name '*.py' | wc -l) Python files from $address/api/openapi.yaml, no warning"
PYTHONPATH="$folder" python3 -W error -c \
  "import compileall, sys; sys.exit(0 if compileall.compile_dir(sys.argv[1], quiet=1) else 1)" "$folder/tribeboard_client"
PYTHONPATH="$folder" python3 -W error "$here/generated_client_journey.py" "$address"
