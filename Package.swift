// swift-tools-version: 6.1
import PackageDescription

let swiftSettings: [SwiftSetting] =
  [
    .enableUpcomingFeature("NonisolatedNonsendingByDefault"),
    .enableUpcomingFeature("InferIsolatedConformances"),
  ]

let package = Package(
  name: "TribeBoard",
  platforms: [.macOS(.v15)],
  products: [
    .executable(name: "tribeboard", targets: ["tribeboard"]),
    .library(name: "TribeBoardCore", targets: ["TribeBoardCore"]),
    .library(name: "TribeBoardFlow", targets: ["TribeBoardFlow"]),
    .library(name: "TribeBoardMocks", targets: ["TribeBoardMocks"]),
    .library(name: "TribeBoardScenarios", targets: ["TribeBoardScenarios"]),
    .library(name: "TribeBoardRendering", targets: ["TribeBoardRendering"]),
    .library(name: "TribeBoardEngine", targets: ["TribeBoardEngine"]),
    .library(name: "TribeBoardTranscripts", targets: ["TribeBoardTranscripts"]),
    .library(name: "TribeBoardValidation", targets: ["TribeBoardValidation"]),
    .library(name: "TribeBoardTerminal", targets: ["TribeBoardTerminal"]),
    .library(name: "TribeBoardBrowser", targets: ["TribeBoardBrowser"]),
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
    .package(url: "https://github.com/apple/swift-http-types", from: "1.8.0"),
    .package(url: "https://github.com/apple/swift-log", from: "1.16.2"),
    .package(url: "https://github.com/swift-server/swift-service-lifecycle", from: "2.13.0"),
  ],
  targets: [
    .target(name: "TribeBoardCore", swiftSettings: swiftSettings),
    .target(name: "TribeBoardFlow", dependencies: ["TribeBoardCore"], swiftSettings: swiftSettings),
    .target(name: "TribeBoardMocks", dependencies: ["TribeBoardCore"], swiftSettings: swiftSettings),
    .target(
      name: "TribeBoardScenarios",
      // Flow for the screen ids that `expect` steps name, checked when a scenario loads.
      dependencies: [
        "TribeBoardCore", "TribeBoardFlow", "TribeBoardMocks", .product(name: "Yams", package: "Yams"),
      ],
      swiftSettings: swiftSettings,
      plugins: ["EmbedScenariosPlugin"]
    ),
    // Renderers of the one screen model (`ScreenSnapshot`): plain or styled text, and the screen-reader view.
    .target(
      name: "TribeBoardRendering", dependencies: ["TribeBoardCore", "TribeBoardFlow"], swiftSettings: swiftSettings),
    // Runs a simulation: the phones, the people, simulator commands, faults, the clock, checkpoints, save,
    // expectations. No terminal, no transcript format. Rendering for the plain text `shows`/`hides` expectations read.
    .target(
      name: "TribeBoardEngine",
      dependencies: [
        "TribeBoardCore", "TribeBoardFlow", "TribeBoardMocks", "TribeBoardScenarios", "TribeBoardRendering",
      ],
      swiftSettings: swiftSettings
    ),
    // What a session showed, as files: transcripts (record, check, diff, JUnit, shards), jsonl records, storyboards.
    .target(
      name: "TribeBoardTranscripts",
      dependencies: [
        "TribeBoardCore", "TribeBoardFlow", "TribeBoardScenarios", "TribeBoardRendering", "TribeBoardEngine",
      ],
      swiftSettings: swiftSettings
    ),
    // What product teams validate journeys with: exploration and its invariants, coverage, lint, the flow graph,
    // the permission table.
    .target(
      name: "TribeBoardValidation",
      dependencies: [
        "TribeBoardCore", "TribeBoardFlow", "TribeBoardMocks", "TribeBoardScenarios", "TribeBoardEngine",
        "TribeBoardTranscripts",
      ],
      swiftSettings: swiftSettings
    ),
    // The terminal front-end: the REPL and its line editor, the presenter, standard output.
    .target(
      name: "TribeBoardTerminal",
      dependencies: [
        "TribeBoardCore", "TribeBoardFlow", "TribeBoardScenarios", "TribeBoardRendering", "TribeBoardEngine",
        "TribeBoardTranscripts",
      ],
      swiftSettings: swiftSettings
    ),
    // The browser front-end (`tribeboard serve`): each person's phone drawn from the screen model as HTML, the
    // simulation's controls beside them, live over server-sent events.
    .target(
      name: "TribeBoardBrowser",
      dependencies: [
        "TribeBoardCore", "TribeBoardFlow", "TribeBoardScenarios", "TribeBoardRendering", "TribeBoardEngine",
        "TribeBoardMocks", "TribeBoardTranscripts", .product(name: "Hummingbird", package: "hummingbird"),
        .product(name: "HummingbirdWebSocket", package: "hummingbird-websocket"),
        .product(name: "NIOWebSocket", package: "swift-nio"), .product(name: "NIOCore", package: "swift-nio"),
        .product(name: "NIOPosix", package: "swift-nio"),
        .product(name: "HTTPTypes", package: "swift-http-types"), .product(name: "Logging", package: "swift-log"),
        .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
      ],
      swiftSettings: swiftSettings
    ),
    // Every module above in one import, for packages that depend on the `TribeBoardSimulator` product.
    .target(
      name: "TribeBoardSimulator",
      dependencies: [
        "TribeBoardRendering", "TribeBoardEngine", "TribeBoardTranscripts", "TribeBoardValidation",
        "TribeBoardTerminal",
      ],
      swiftSettings: swiftSettings
    ),
    .target(
      name: "TribeBoardTesting",
      dependencies: ["TribeBoardCore", "TribeBoardFlow", "TribeBoardScenarios", "TribeBoardSimulator"],
      swiftSettings: swiftSettings,
      plugins: ["EmbedScenariosPlugin"]
    ),
    .executableTarget(
      name: "tribeboard",
      dependencies: [
        "TribeBoardCore", "TribeBoardFlow", "TribeBoardScenarios", "TribeBoardRendering", "TribeBoardEngine",
        "TribeBoardTranscripts", "TribeBoardValidation", "TribeBoardTerminal", "TribeBoardBrowser",
        .product(name: "ArgumentParser", package: "swift-argument-parser"),
      ],
      swiftSettings: swiftSettings
    ),
    .executableTarget(name: "EmbedScenarios", swiftSettings: swiftSettings),
    .executableTarget(
      name: "tribeboard-bench",
      dependencies: [
        "TribeBoardCore", "TribeBoardFlow", "TribeBoardMocks", "TribeBoardScenarios", "TribeBoardRendering",
        "TribeBoardEngine", "TribeBoardTranscripts", "TribeBoardValidation", "TribeBoardTerminal",
        "TribeBoardBrowser",
      ],
      path: "Sources/TribeBoardBenchmarks", swiftSettings: swiftSettings),
    // The start-up floor the benchmark compares `tribeboard` with: a hello world importing Foundation.
    .executableTarget(
      name: "tribeboard-hello", path: "Sources/BenchHello", swiftSettings: swiftSettings),
    .plugin(name: "EmbedScenariosPlugin", capability: .buildTool(), dependencies: ["EmbedScenarios"]),
    .testTarget(
      name: "TribeBoardTests",
      dependencies: [
        "TribeBoardCore", "TribeBoardFlow", "TribeBoardMocks", "TribeBoardScenarios", "TribeBoardRendering",
        "TribeBoardEngine", "TribeBoardTranscripts", "TribeBoardValidation", "TribeBoardTerminal", "TribeBoardBrowser",
        "TribeBoardTesting", .product(name: "HummingbirdTesting", package: "hummingbird"),
        // For the benchmark's generated world, which `DataKindTests` checks holds every kind of data.
        "tribeboard-bench",
      ],
      swiftSettings: swiftSettings
    ),
  ]
)
