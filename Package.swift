// swift-tools-version: 6.1
import PackageDescription

let swiftSettings: [SwiftSetting] = [
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
    .library(name: "TribeBoardSimulator", targets: ["TribeBoardSimulator"]),
  ],
  dependencies: [
    .package(url: "https://github.com/apple/swift-argument-parser", from: "1.5.0"),
    .package(url: "https://github.com/jpsim/Yams", from: "6.0.0"),
  ],
  targets: [
    .target(name: "TribeBoardCore", swiftSettings: swiftSettings),
    .target(name: "TribeBoardFlow", dependencies: ["TribeBoardCore"], swiftSettings: swiftSettings),
    .target(name: "TribeBoardMocks", dependencies: ["TribeBoardCore"], swiftSettings: swiftSettings),
    .target(
      name: "TribeBoardScenarios",
      dependencies: ["TribeBoardCore", "TribeBoardMocks", .product(name: "Yams", package: "Yams")],
      swiftSettings: swiftSettings,
      plugins: ["EmbedScenariosPlugin"]
    ),
    .target(
      name: "TribeBoardSimulator",
      dependencies: ["TribeBoardCore", "TribeBoardFlow", "TribeBoardMocks", "TribeBoardScenarios"],
      swiftSettings: swiftSettings
    ),
    .executableTarget(
      name: "tribeboard",
      dependencies: [
        "TribeBoardSimulator",
        .product(name: "ArgumentParser", package: "swift-argument-parser"),
      ],
      swiftSettings: swiftSettings
    ),
    .executableTarget(name: "EmbedScenarios", swiftSettings: swiftSettings),
    .executableTarget(
      name: "tribeboard-bench", dependencies: ["TribeBoardFlow", "TribeBoardScenarios", "TribeBoardSimulator"],
      path: "Sources/TribeBoardBenchmarks", swiftSettings: swiftSettings),
    .plugin(name: "EmbedScenariosPlugin", capability: .buildTool(), dependencies: ["EmbedScenarios"]),
    .testTarget(
      name: "TribeBoardTests",
      dependencies: [
        "TribeBoardCore", "TribeBoardFlow", "TribeBoardMocks", "TribeBoardScenarios", "TribeBoardSimulator",
      ],
      swiftSettings: swiftSettings
    ),
  ]
)
