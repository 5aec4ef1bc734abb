// Writes a Swift file that holds the given scenario files as raw string literals.
// Usage: EmbedScenarios OUTPUT.swift SCENARIO.yaml...
import Foundation

let arguments = CommandLine.arguments.dropFirst()
guard let output = arguments.first else {
  FileHandle.standardError.write(Data("usage: EmbedScenarios OUTPUT.swift SCENARIO.yaml...\n".utf8))
  exit(64)
}

var swift = """
  // Generated at build time from Scenarios/*.yaml by the EmbedScenarios plugin. Do not edit.

  extension BundledScenarios {
    /// The built-in scenario files: name (file name without `.yaml`) and YAML text.
    static let files: [(name: String, text: String)] = [

  """
for path in arguments.dropFirst() {
  let url = URL(fileURLWithPath: path)
  let text = try String(contentsOf: url, encoding: .utf8)
  // A raw string delimiter longer than any run of `#` in the text keeps the text verbatim.
  let longestRun = text.split(whereSeparator: { $0 != "#" }).map(\.count).max() ?? 0
  let hashes = String(repeating: "#", count: longestRun + 1)
  let name = url.deletingPathExtension().lastPathComponent
  swift += "    (\(String(reflecting: name)), \(hashes)\"\"\"\n\(text)\n\"\"\"\(hashes)),\n"
}
swift += "  ]\n}\n"
try swift.write(to: URL(fileURLWithPath: output), atomically: true, encoding: .utf8)
