#!/usr/bin/env bash
# What swift-openapi-generator would add to the package's cold builds (docs/api.md, "How it is built").
#
# Makes two scratch packages in a temporary folder, each one executable target that serves with Hummingbird and
# calls with AsyncHTTPClient, as TribeBoardBrowser and TribeBoardRemote did when it was measured (TribeBoardRemote
# has since left AsyncHTTPClient for the start-up: Benchmarks/README.md, "The HTTP client"):
# - "plain": hummingbird and async-http-client only (what the package built then);
# - "generated": the same, plus swift-openapi-generator's build plugin over Sources/TribeBoardAPI/openapi.yaml
#   (types, server and client), swift-openapi-runtime, swift-openapi-hummingbird and
#   swift-openapi-async-http-client; its main.swift makes the generated client and names the generated server's
#   protocol (every generated file is compiled whether or not it is used).
# Builds each from an empty .build, debug then release, as CI does, and prints the wall times, the load beside each,
# the lines the plugin generated, and the time to rebuild after an edit to the target (main.swift touched, debug).
# Usage: Benchmarks/openapi-generator.sh [WORK_FOLDER]   (about 40 minutes on 2 cores shared with other builds)
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
work="${1:-$(mktemp -d)}"
mkdir -p "$work"
echo "scratch packages in $work; swift: $(swift --version 2>&1 | head -1)"

common_dependencies='
    .package(url: "https://github.com/hummingbird-project/hummingbird", from: "2.28.1"),
    .package(url: "https://github.com/swift-server/async-http-client", from: "1.37.0"),'
common_products='
        .product(name: "Hummingbird", package: "hummingbird"),
        .product(name: "AsyncHTTPClient", package: "async-http-client"),'

make_package() {  # NAME EXTRA_DEPENDENCIES EXTRA_PRODUCTS PLUGINS MAIN
  local dir="$work/$1"
  mkdir -p "$dir/Sources/Scratch"
  cat >"$dir/Package.swift" <<EOF
// swift-tools-version: 6.1
import PackageDescription

let package = Package(
  name: "$1",
  platforms: [.macOS(.v15)],
  dependencies: [$common_dependencies$2
  ],
  targets: [
    .executableTarget(
      name: "Scratch",
      dependencies: [$common_products$3
      ]$4
    )
  ]
)
EOF
  printf '%s\n' "$5" >"$dir/Sources/Scratch/main.swift"
}

make_package plain "" "" "" '
import AsyncHTTPClient
import Hummingbird

let router = Router()
router.get("/api/health") { _, _ in "ok" }
let app = Application(router: router, configuration: .init(address: .hostname("127.0.0.1", port: 0)))
let client = HTTPClient(eventLoopGroupProvider: .singleton)
print(type(of: app), type(of: client))
try await client.shutdown()'

make_package generated '
    .package(url: "https://github.com/apple/swift-openapi-generator", from: "1.14.3"),
    .package(url: "https://github.com/apple/swift-openapi-runtime", from: "1.13.4"),
    .package(url: "https://github.com/hummingbird-project/swift-openapi-hummingbird", from: "2.1.0"),
    .package(url: "https://github.com/swift-server/swift-openapi-async-http-client", from: "1.5.0"),' '
        .product(name: "OpenAPIRuntime", package: "swift-openapi-runtime"),
        .product(name: "OpenAPIHummingbird", package: "swift-openapi-hummingbird"),
        .product(name: "OpenAPIAsyncHTTPClient", package: "swift-openapi-async-http-client"),' ',
      plugins: [.plugin(name: "OpenAPIGenerator", package: "swift-openapi-generator")]' '
import AsyncHTTPClient
import Foundation
import Hummingbird
import OpenAPIAsyncHTTPClient
import OpenAPIHummingbird
import OpenAPIRuntime

let router = Router()
let app = Application(router: router, configuration: .init(address: .hostname("127.0.0.1", port: 0)))
let client = Client(serverURL: URL(string: "http://127.0.0.1:8080/api")!, transport: AsyncHTTPClientTransport())
print(type(of: app), type(of: client), (any APIProtocol).self, Components.Schemas.self)'
cp "$root/Sources/TribeBoardAPI/openapi.yaml" "$work/generated/Sources/Scratch/openapi.yaml"
cat >"$work/generated/Sources/Scratch/openapi-generator-config.yaml" <<'EOF'
generate:
  - types
  - server
  - client
EOF

timed() {  # LABEL COMMAND...: runs it, prints the wall time and the load average before it
  local label="$1" load start end
  shift
  load="$(cut -d' ' -f1-3 /proc/loadavg)"
  start="$(date +%s.%N)"
  if ! "$@" >"$work/last.log" 2>&1; then
    echo "error: $label failed; its output:" >&2
    tail -40 "$work/last.log" >&2
    exit 1
  fi
  end="$(date +%s.%N)"
  printf '%-44s %7.1f s   (load average before: %s)\n' "$label" "$(awk "BEGIN { print $end - $start }")" "$load"
}

cold() {  # NAME CONFIGURATION: from an empty .build (package sources from the local cache, not timed)
  cd "$work/$1"
  rm -rf .build
  swift package resolve >/dev/null 2>&1
  timed "$1: cold swift build -c $2" swift build -c "$2"
}

cold plain debug
touch Sources/Scratch/main.swift
timed "plain: rebuild after main.swift (debug)" swift build -c debug
cold plain release

cold generated debug
generated_dir="$(find .build/plugins/outputs -type d -name OpenAPIGenerator | head -1)"
echo "generated code ($generated_dir):"
find "$generated_dir" -name '*.swift' -print0 | xargs -0 wc -l | sed 's/^/  /'
touch Sources/Scratch/main.swift
timed "generated: rebuild after main.swift (debug)" swift build -c debug
cold generated release
