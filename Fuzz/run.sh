#!/usr/bin/env bash
# Builds a libFuzzer binary of the scenario loader (outside the package's build: every module compiled with
# -sanitize=fuzzer coverage) and runs it. Linux with the Swift toolchain only.
#   Fuzz/run.sh [SECONDS]      default 60; findings go to Fuzz/findings/, the corpus grows in Fuzz/corpus/
set -euo pipefail
cd "$(dirname "$0")/.."
seconds="${1:-60}"
out=.build/fuzz
rm -rf "$out" && mkdir -p "$out" Fuzz/corpus Fuzz/findings
swift package resolve >/dev/null
yams=.build/checkouts/Yams/Sources
flags=(-O -D SWIFT_PACKAGE -parse-as-library -sanitize=fuzzer -package-name tribeboard -I "$out" -module-cache-path "$out/cache")

echo "== embedded scenarios"
swiftc -O Sources/EmbedScenarios/main.swift -o "$out/embed"
"$out/embed" "$out/BundledScenarioFiles.swift" Scenarios/*.yaml

echo "== libyaml (C)"
for c in "$yams"/CYaml/src/*.c; do
  clang -c -O1 -fsanitize=fuzzer-no-link -DYAML_DECLARE_STATIC -I "$yams/CYaml/include" "$c" -o "$out/$(basename "$c" .c).o"
done

module() { # NAME SOURCES...
  local name=$1; shift
  echo "== $name"
  swiftc "${flags[@]}" -Xcc -DYAML_DECLARE_STATIC -Xcc -fmodule-map-file="$yams/CYaml/include/module.modulemap" \
    -module-name "$name" -emit-module -emit-module-path "$out/$name.swiftmodule" -wmo -c "$@" -o "$out/$name.o"
}
module Yams "$yams"/Yams/*.swift
module TribeBoardCore Sources/TribeBoardCore/*.swift
module TribeBoardFlow Sources/TribeBoardFlow/*.swift
module TribeBoardMocks Sources/TribeBoardMocks/*.swift
module TribeBoardScenarios Sources/TribeBoardScenarios/*.swift "$out/BundledScenarioFiles.swift"

echo "== fuzz target"
swiftc "${flags[@]}" -Xcc -fmodule-map-file="$yams/CYaml/include/module.modulemap" \
  Fuzz/ScenarioLoaderFuzz.swift "$out"/*.o -o "$out/scenario-loader-fuzz"

# Seed the corpus with the bundled scenarios.
cp -n Scenarios/*.yaml Fuzz/corpus/ 2>/dev/null || true
echo "== fuzzing for $seconds s"
"$out/scenario-loader-fuzz" Fuzz/corpus -max_total_time="$seconds" -timeout=2 -rss_limit_mb=2048 \
  -max_len=65536 -artifact_prefix=Fuzz/findings/ -print_final_stats=1
