// swift-tools-version: 6.1
// An example of another package testing TribeBoard journeys in-process, through the TribeBoardTesting library.
import PackageDescription

let package = Package(
  name: "FamilyJourneys",
  platforms: [.macOS(.v15)],
  dependencies: [.package(name: "TribeBoard", path: "../..")],
  targets: [
    .testTarget(
      name: "FamilyJourneysTests",
      dependencies: [.product(name: "TribeBoardTesting", package: "TribeBoard")]
    )
  ]
)
