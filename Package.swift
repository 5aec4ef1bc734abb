// swift-tools-version: 6.1
import PackageDescription

let swiftSettings: [SwiftSetting] = [
  .enableUpcomingFeature("NonisolatedNonsendingByDefault"),
  .enableUpcomingFeature("InferIsolatedConformances"),
  // A generic type such as `[ScreenID: ScreenSpec]` is made by calling its metadata accessor with the conformances
  // it needs, not by demangling its name at run time: that looks each conformance up among every one in the binary,
  // which in a `--static-swift-stdlib` build (thousands of them) cost the first screen about 1.2 M instructions.
  // Release builds only: at -Onone (Swift 6.3.1) key paths made at run time come out wrong with it, so
  // `journeys.map(\.name)` crashed in a debug `tribeboard list`. Optimised code turns nearly all key paths into
  // closures; the three it keeps (FlowTable+Settings, Storyboard, StoryboardCommand) were checked in release builds.
  .unsafeFlags(
    ["-Xfrontend", "-disable-concrete-type-metadata-mangled-name-accessors"], .when(configuration: .release)),
]

// For `tribeboard` and the hello world it is measured against (so both are built the same way). A
// `--static-swift-stdlib` link exports every public symbol of the package's own modules (5,000 of them), and at start-up
// the runtime's backtracer set-up calls `dladdr`, which walks them all: 0.2 M instructions. Nothing looks them up.
let startupLinkerSettings: [LinkerSetting] = [
  .unsafeFlags(["-Xlinker", "--no-export-dynamic"], .when(platforms: [.linux]))
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
    .library(name: "TribeBoardSimulator", targets: ["TribeBoardSimulator"]),
    .library(name: "TribeBoardTesting", targets: ["TribeBoardTesting"]),
  ],
  dependencies: [
    // Pinned to a minor version: tests compare Yams' error wording and ArgumentParser's help and usage text.
    .package(url: "https://github.com/apple/swift-argument-parser", .upToNextMinor(from: "1.8.2")),
    .package(url: "https://github.com/jpsim/Yams", .upToNextMinor(from: "6.2.2")),
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
    .target(
      name: "TribeBoardSimulator",
      dependencies: ["TribeBoardCore", "TribeBoardFlow", "TribeBoardMocks", "TribeBoardScenarios"],
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
        "TribeBoardSimulator",
        .product(name: "ArgumentParser", package: "swift-argument-parser"),
      ],
      swiftSettings: swiftSettings,
      linkerSettings: startupLinkerSettings
    ),
    .executableTarget(name: "EmbedScenarios", swiftSettings: swiftSettings),
    .executableTarget(
      name: "tribeboard-bench",
      dependencies: [
        "TribeBoardCore", "TribeBoardFlow", "TribeBoardMocks", "TribeBoardScenarios", "TribeBoardSimulator",
      ],
      path: "Sources/TribeBoardBenchmarks", swiftSettings: swiftSettings),
    // The start-up floor the benchmark compares `tribeboard` with: a hello world importing Foundation.
    .executableTarget(
      name: "tribeboard-hello", path: "Sources/BenchHello", swiftSettings: swiftSettings,
      linkerSettings: startupLinkerSettings),
    .plugin(name: "EmbedScenariosPlugin", capability: .buildTool(), dependencies: ["EmbedScenarios"]),
    .testTarget(
      name: "TribeBoardTests",
      dependencies: [
        "TribeBoardCore", "TribeBoardFlow", "TribeBoardMocks", "TribeBoardScenarios", "TribeBoardSimulator",
        "TribeBoardTesting",
      ],
      swiftSettings: swiftSettings
    ),
  ]
)
