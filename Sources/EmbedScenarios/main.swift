// Writes a Swift file that holds the given files as raw string literals.
// Usage: EmbedScenarios OUTPUT.swift SCENARIO.yaml...
//        EmbedScenarios --transcripts OUTPUT.swift Scenarios/NAME/JOURNEY.transcript...
//        EmbedScenarios --assets OUTPUT.swift Sources/TribeBoardRendering/Assets/FILE...
//        EmbedScenarios --document OUTPUT.swift Sources/TribeBoardAPI/openapi.yaml
import Foundation

var arguments = CommandLine.arguments.dropFirst()
if arguments.first == "--document", arguments.count == 3 {
  let output = arguments[arguments.startIndex + 1]
  let text = try String(contentsOf: URL(fileURLWithPath: arguments[arguments.startIndex + 2]), encoding: .utf8)
  let swift = """
    // Generated at build time from Sources/TribeBoardAPI/openapi.yaml by the EmbedScenarios plugin. Do not edit.

    extension APIDocument {
      /// The OpenAPI document, as the file holds it.
      public static let yaml = \(literal(text))
    }

    """
  try swift.write(to: URL(fileURLWithPath: output), atomically: true, encoding: .utf8)
  exit(0)
}
let transcripts = arguments.first == "--transcripts"
let assets = arguments.first == "--assets"
if transcripts || assets { arguments = arguments.dropFirst() }
guard let output = arguments.first else {
  FileHandle.standardError.write(
    Data("usage: EmbedScenarios [--transcripts | --assets] OUTPUT.swift FILE...\n".utf8))
  exit(64)
}

/// `text` as a raw string literal: a delimiter longer than any run of `#` in the text keeps it verbatim.
func literal(_ text: String) -> String {
  let longestRun = text.split(whereSeparator: { $0 != "#" }).map(\.count).max() ?? 0
  let hashes = String(repeating: "#", count: longestRun + 1)
  return "\(hashes)\"\"\"\n\(text)\n\"\"\"\(hashes)"
}

var swift: String
if assets {
  swift = """
    // Generated at build time from Sources/TribeBoardRendering/Assets by the EmbedScenarios plugin. Do not edit.

    extension Assets {
      /// The page's files: name and text.
      static let files: [(name: String, text: String)] = [

    """
  for path in arguments.dropFirst() {
    let url = URL(fileURLWithPath: path)
    swift +=
      "    (\(String(reflecting: url.lastPathComponent)), \(literal(try String(contentsOf: url, encoding: .utf8)))),\n"
  }
} else if transcripts {
  swift = """
    // Generated at build time from Scenarios/*/*.transcript by the EmbedScenarios plugin. Do not edit.

    extension GoldenTranscripts {
      /// The golden transcripts: scenario name, transcript name (file name without `.transcript`) and text.
      static let files: [(scenario: String, name: String, text: String)] = [

    """
  for path in arguments.dropFirst() {
    let url = URL(fileURLWithPath: path)
    let scenario = url.deletingLastPathComponent().lastPathComponent
    let name = url.deletingPathExtension().lastPathComponent
    let text = try String(contentsOf: url, encoding: .utf8)
    swift += "    (\(String(reflecting: scenario)), \(String(reflecting: name)), \(literal(text))),\n"
  }
} else {
  swift = """
    // Generated at build time from Scenarios/*.yaml by the EmbedScenarios plugin. Do not edit.

    extension BundledScenarios {
      /// The built-in scenario files: name (file name without `.yaml`) and YAML text.
      static let files: [(name: String, text: String)] = [

    """
  for path in arguments.dropFirst() {
    let url = URL(fileURLWithPath: path)
    let name = url.deletingPathExtension().lastPathComponent
    swift += "    (\(String(reflecting: name)), \(literal(try String(contentsOf: url, encoding: .utf8)))),\n"
  }
}
swift += "  ]\n}\n"
try swift.write(to: URL(fileURLWithPath: output), atomically: true, encoding: .utf8)
