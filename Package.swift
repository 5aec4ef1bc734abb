// swift-tools-version: 6.1
import PackageDescription

// The modules, each importing only modules listed above it (docs/architecture.md draws these layers, and
// `ArchitectureTests` keeps the drawing and this list in step).
let modules: [Target] = [
  // Models, service protocols, errors, validation, roles and permissions: what the real app shares.
  .target(name: "TribeBoardCore"),
  // The app's state machine (screens, intents, transitions, guards), talking to services only through Core.
  .target(name: "TribeBoardFlow", dependencies: ["TribeBoardCore"]),
  // Mock services over an in-memory world: faults, latency, the simulated clock, seeded ids.
  .target(name: "TribeBoardMocks", dependencies: ["TribeBoardCore"]),
  // The services' HTTP contract: the OpenAPI document (embedded by the plugin), its JSON bodies and problems.
  .target(
    name: "TribeBoardAPI", dependencies: ["TribeBoardCore"], exclude: ["openapi.yaml"],
    plugins: ["EmbedScenariosPlugin"]
  ),
  // The YAML scenario model, loader, writer and schema; Flow for the screen ids that `expect` steps name.
  .target(
    name: "TribeBoardScenarios",
    dependencies: [
      "TribeBoardCore", "TribeBoardFlow", "TribeBoardMocks", .product(name: "Yams", package: "Yams"),
    ],
    plugins: ["EmbedScenariosPlugin"]
  ),
  // Renderers of the one screen model (`ScreenSnapshot`): plain or styled text, the screen reader, HTML.
  // The page's own stylesheet, script, icons and logo (`Assets/`) are embedded by the plugin.
  .target(
    name: "TribeBoardRendering", dependencies: ["TribeBoardCore", "TribeBoardFlow"], exclude: ["Assets"],
    plugins: ["EmbedScenariosPlugin"]
  ),
  // Runs a simulation: phones, people, simulator commands, faults, the clock, checkpoints, save, expectations.
  .target(
    name: "TribeBoardEngine",
    dependencies: [
      "TribeBoardCore", "TribeBoardFlow", "TribeBoardMocks", "TribeBoardScenarios", "TribeBoardRendering",
    ]
  ),
  // What a session showed, as files: transcripts (record, check, diff, JUnit, shards), jsonl, storyboards.
  .target(
    name: "TribeBoardTranscripts",
    dependencies: [
      "TribeBoardCore", "TribeBoardFlow", "TribeBoardScenarios", "TribeBoardRendering", "TribeBoardEngine",
    ]
  ),
  // What product teams validate journeys with: exploration (API for the calls another client makes meanwhile),
  // coverage, lint, the flow graph, the permission table, the gallery of every screen in every state.
  .target(
    name: "TribeBoardValidation",
    dependencies: [
      "TribeBoardCore", "TribeBoardFlow", "TribeBoardMocks", "TribeBoardAPI", "TribeBoardScenarios",
      "TribeBoardRendering", "TribeBoardEngine", "TribeBoardTranscripts",
    ]
  ),
  // The terminal front-end: the REPL and its line editor, the presenter, standard output.
  .target(
    name: "TribeBoardTerminal",
    dependencies: [
      "TribeBoardCore", "TribeBoardFlow", "TribeBoardScenarios", "TribeBoardRendering", "TribeBoardEngine",
      "TribeBoardTranscripts",
    ]
  ),
  // The browser front-end (`tribeboard serve`): the phones as HTML, the controls, live over a socket; the services
  // and the control API over HTTP (`/api/`).
  .target(
    name: "TribeBoardBrowser",
    dependencies: [
      "TribeBoardCore", "TribeBoardFlow", "TribeBoardScenarios", "TribeBoardRendering", "TribeBoardEngine",
      "TribeBoardMocks", "TribeBoardTranscripts", "TribeBoardAPI",
      .product(name: "Hummingbird", package: "hummingbird"),
      .product(name: "HummingbirdCore", package: "hummingbird"),
      .product(name: "HummingbirdTLS", package: "hummingbird"),
      .product(name: "NIOSSL", package: "swift-nio-ssl"),
      .product(name: "HummingbirdWebSocket", package: "hummingbird-websocket"),
      .product(name: "NIOWebSocket", package: "swift-nio"), .product(name: "NIOCore", package: "swift-nio"),
      .product(name: "NIOPosix", package: "swift-nio"),
      .product(name: "HTTPTypes", package: "swift-http-types"), .product(name: "Logging", package: "swift-log"),
      .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
    ]
  ),
  // The services over HTTP: Remote auth, data and sync services implementing Core's protocols against the API
  // (`tribeboard serve`'s, or a real backend's), on AsyncHTTPClient: connections kept and reused, TLS by NIOSSL.
  .target(
    name: "TribeBoardRemote",
    dependencies: [
      "TribeBoardCore", "TribeBoardAPI", .product(name: "AsyncHTTPClient", package: "async-http-client"),
      .product(name: "NIOCore", package: "swift-nio"), .product(name: "NIOHTTP1", package: "swift-nio"),
      .product(name: "NIOSSL", package: "swift-nio-ssl"),
    ]
  ),
  // Every module above in one import, for packages that depend on the `TribeBoardSimulator` product.
  .target(
    name: "TribeBoardSimulator",
    dependencies: [
      "TribeBoardRendering", "TribeBoardEngine", "TribeBoardTranscripts", "TribeBoardValidation",
      "TribeBoardTerminal",
    ]
  ),
  // The in-process API for other packages' tests: scenario sessions, golden transcripts.
  .target(
    name: "TribeBoardTesting",
    dependencies: ["TribeBoardCore", "TribeBoardFlow", "TribeBoardScenarios", "TribeBoardSimulator"],
    plugins: ["EmbedScenariosPlugin"]
  ),
  // The executable: argument parsing only.
  .executableTarget(
    name: "tribeboard",
    dependencies: [
      "TribeBoardCore", "TribeBoardFlow", "TribeBoardScenarios", "TribeBoardRendering", "TribeBoardEngine",
      "TribeBoardTranscripts", "TribeBoardValidation", "TribeBoardTerminal", "TribeBoardBrowser", "TribeBoardMocks",
      "TribeBoardRemote", .product(name: "ArgumentParser", package: "swift-argument-parser"),
    ]
  ),
]

// Build tools, benchmarks and tests.
let tools: [Target] = [
  // Embeds the bundled scenarios and golden transcripts into the modules that ship them.
  .executableTarget(name: "EmbedScenarios"),
  .plugin(name: "EmbedScenariosPlugin", capability: .buildTool(), dependencies: ["EmbedScenarios"]),
  // The figures users feel, each beside its ceiling (Benchmarks/README.md).
  .executableTarget(
    name: "tribeboard-bench",
    dependencies: [
      "TribeBoardCore", "TribeBoardFlow", "TribeBoardMocks", "TribeBoardScenarios", "TribeBoardRendering",
      "TribeBoardEngine", "TribeBoardTranscripts", "TribeBoardValidation", "TribeBoardTerminal",
      "TribeBoardBrowser",
    ],
    path: "Sources/TribeBoardBenchmarks"),
  // The start-up floor the benchmark compares `tribeboard` with: a hello world importing Foundation.
  .executableTarget(name: "tribeboard-hello", path: "Sources/BenchHello"),
  .testTarget(
    name: "TribeBoardTests",
    dependencies: [
      "TribeBoardCore", "TribeBoardFlow", "TribeBoardMocks", "TribeBoardScenarios", "TribeBoardRendering",
      "TribeBoardEngine", "TribeBoardTranscripts", "TribeBoardValidation", "TribeBoardTerminal", "TribeBoardBrowser",
      "TribeBoardTesting", "TribeBoardAPI", "TribeBoardRemote",
      .product(name: "HummingbirdTesting", package: "hummingbird"),
      // For `RemoteHTTPClient`'s own tests (`RemoteConnectionTests`).
      .product(name: "NIOCore", package: "swift-nio"), .product(name: "NIOHTTP1", package: "swift-nio"),
      // For the benchmark's generated world, which `DataKindTests` checks holds every kind of data.
      "tribeboard-bench",
    ]
  ),
]

let package = Package(
  name: "TribeBoard",
  platforms: [.macOS(.v15)],
  products: [
    .executable(name: "tribeboard", targets: ["tribeboard"]),
    .library(name: "TribeBoardCore", targets: ["TribeBoardCore"]),
    .library(name: "TribeBoardFlow", targets: ["TribeBoardFlow"]),
    .library(name: "TribeBoardMocks", targets: ["TribeBoardMocks"]),
    .library(name: "TribeBoardAPI", targets: ["TribeBoardAPI"]),
    .library(name: "TribeBoardScenarios", targets: ["TribeBoardScenarios"]),
    .library(name: "TribeBoardRendering", targets: ["TribeBoardRendering"]),
    .library(name: "TribeBoardEngine", targets: ["TribeBoardEngine"]),
    .library(name: "TribeBoardTranscripts", targets: ["TribeBoardTranscripts"]),
    .library(name: "TribeBoardValidation", targets: ["TribeBoardValidation"]),
    .library(name: "TribeBoardTerminal", targets: ["TribeBoardTerminal"]),
    .library(name: "TribeBoardBrowser", targets: ["TribeBoardBrowser"]),
    .library(name: "TribeBoardRemote", targets: ["TribeBoardRemote"]),
    .library(name: "TribeBoardSimulator", targets: ["TribeBoardSimulator"]),
    .library(name: "TribeBoardTesting", targets: ["TribeBoardTesting"]),
  ],
  dependencies: [
    // Pinned to a minor version: tests compare Yams' error wording and ArgumentParser's help and usage text.
    .package(url: "https://github.com/apple/swift-argument-parser", .upToNextMinor(from: "1.8.2")),
    .package(url: "https://github.com/jpsim/Yams", .upToNextMinor(from: "6.2.2")),
    // The browser front-end's HTTP server (`tribeboard serve`).
    .package(url: "https://github.com/hummingbird-project/hummingbird", from: "2.28.1"),
    .package(url: "https://github.com/hummingbird-project/hummingbird-websocket", from: "2.8.1"),
    .package(url: "https://github.com/apple/swift-nio", from: "2.101.2"),
    // The Remote services' HTTP client, and TLS for it and for `tribeboard serve --tls-certificate`.
    .package(url: "https://github.com/swift-server/async-http-client", from: "1.37.0"),
    .package(url: "https://github.com/apple/swift-nio-ssl", from: "2.37.6"),
    .package(url: "https://github.com/apple/swift-http-types", from: "1.8.0"),
    .package(url: "https://github.com/apple/swift-log", from: "1.16.2"),
    .package(url: "https://github.com/swift-server/swift-service-lifecycle", from: "2.13.0"),
  ],
  targets: modules + tools
)

// Every Swift target of the package is built with the same language settings.
for target in package.targets where target.type != .plugin {
  target.swiftSettings =
    (target.swiftSettings ?? []) + [
      .enableUpcomingFeature("NonisolatedNonsendingByDefault"),
      .enableUpcomingFeature("InferIsolatedConformances"),
    ]
}
