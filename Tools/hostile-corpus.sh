#!/usr/bin/env bash
# The whole hostile corpus (Tests/TribeBoardTests/HostileCorpus.swift, 1,000+ files) through the release binary:
# each file given to `tribeboard play` must end in under 2 s and 200 MB, with exit 65 and a positioned diagnostic
# (FILE:LINE:COLUMN: error:) for every file that must be refused; a mutant that stays valid may exit 0, 1 or 64 (no journeys).
#   Tools/hostile-corpus.sh [OUT_DIR]
set -euo pipefail
cd "$(dirname "$0")/.."
dir="${1:-.build/hostile-corpus}"
rm -rf "$dir" && mkdir -p "$dir"

swift build -c release --product tribeboard >/dev/null
bin=.build/release/tribeboard
# The generator is Foundation-only: compile it alone with a tiny main.
mkdir -p .build/hostile-gen-src
cat > .build/hostile-gen-src/main.swift <<'SWIFT'
import Foundation
let out = CommandLine.arguments[1]
let names = ["child", "existing-user", "family-admin", "new-user", "visitor"]
let corpus = HostileCorpus(scenarios: names.map { ($0, try! String(contentsOfFile: "Scenarios/\($0).yaml", encoding: .utf8)) })
for file in corpus.files { try! Data(file.bytes).write(to: URL(fileURLWithPath: "\(out)/\(file.name)")) }
print(corpus.files.count)
SWIFT
swiftc -O Tests/TribeBoardTests/HostileCorpus.swift .build/hostile-gen-src/main.swift -o .build/hostile-gen
echo "corpus: $(.build/hostile-gen "$dir") files in $dir"

failures=0; slowest=0; biggest=0; refused=0; loaded=0
for file in "$dir"/*.yaml; do
  name=$(basename "$file")
  set +e
  /usr/bin/time -f "%e %M" -o "$dir/.time" timeout 10 "$bin" play "$file" >/dev/null 2>"$dir/.err"
  status=$?
  set -e
  read -r seconds kilobytes < <(tail -1 "$dir/.time")
  problem=""
  if [[ $name == fail-* ]]; then
    [[ $status == 65 ]] || problem="exit $status, expected 65"
    grep -qE ":[0-9]+:[0-9]+: error: " "$dir/.err" || problem+=" no positioned diagnostic"
  else
    # A mutant that stayed valid plays its journeys (0 or 1) or has none to play (64).
    [[ $status == 0 || $status == 1 || $status == 64 || $status == 65 ]] || problem="exit $status"
    [[ $status == 65 ]] && ! grep -qE ":[0-9]+:[0-9]+: error: " "$dir/.err" && problem+=" no positioned diagnostic"
  fi
  [[ $status == 65 ]] && refused=$((refused + 1)) || loaded=$((loaded + 1))
  awk -v s="$seconds" 'BEGIN { exit !(s >= 2) }' && problem+=" took ${seconds}s"
  (( kilobytes > 200 * 1024 )) && problem+=" used $((kilobytes / 1024)) MB"
  awk -v s="$seconds" -v m="$slowest" 'BEGIN { exit !(s > m) }' && slowest=$seconds
  (( kilobytes > biggest )) && biggest=$kilobytes
  if [[ -n $problem ]]; then failures=$((failures + 1)); echo "FAIL $name:$problem"; fi
done
echo "$refused refused, $loaded loaded; slowest ${slowest}s, largest $((biggest / 1024)) MB peak; $failures failures"
(( failures == 0 ))
