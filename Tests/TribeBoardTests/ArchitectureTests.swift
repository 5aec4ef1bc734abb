import Foundation
import Testing

/// `docs/architecture.md` draws the modules' layers exactly as `Package.swift` declares its targets.
@Suite struct ArchitectureTests {
  static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    .deletingLastPathComponent()

  /// Each target of the manifest (`.target`, `.executableTarget`, `.testTarget`) with the targets of this package
  /// it depends on, read from the manifest's text.
  static func manifestTargets() throws -> [String: Set<String>] {
    let text = try String(contentsOf: root.appendingPathComponent("Package.swift"), encoding: .utf8)
      .split(separator: "\n", omittingEmptySubsequences: false)
      .filter { !$0.trimmingCharacters(in: .whitespaces).hasPrefix("//") }
      .joined(separator: "\n")
    var declared: [String: [String]] = [:]
    var rest = text[...]
    while let start = rest.range(of: #"\.(target|executableTarget|testTarget)\("#, options: .regularExpression) {
      let call = balanced(rest[start.upperBound...], open: "(", close: ")")
      rest = rest[call.endIndex...]
      guard let name = firstString(after: "name:", in: call) else { continue }
      var names: [String] = []
      if let list = call.range(of: "dependencies: [") {
        var dependencies = balanced(call[list.upperBound...], open: "[", close: "]")
        // A product of another package is not a module of this one.
        while let product = dependencies.range(of: ".product(") {
          let inner = balanced(dependencies[product.upperBound...], open: "(", close: ")")
          dependencies = dependencies[..<product.lowerBound] + dependencies[inner.endIndex...]
        }
        names = strings(in: dependencies)
      }
      declared[name] = names
    }
    let modules = Set(declared.keys)
    return declared.mapValues { Set($0.filter(modules.contains)) }
  }

  /// The text up to the bracket that closes the one already open before `text`.
  static func balanced(_ text: Substring, open: Character, close: Character) -> Substring {
    var depth = 1
    var inString = false
    for index in text.indices {
      let character = text[index]
      if character == "\"" { inString.toggle() }
      if inString { continue }
      if character == open { depth += 1 }
      if character == close {
        depth -= 1
        if depth == 0 { return text[..<index] }
      }
    }
    return text
  }

  static func strings(in text: Substring) -> [String] {
    text.split(separator: "\"", omittingEmptySubsequences: false).enumerated().filter { $0.offset % 2 == 1 }
      .map { String($0.element) }
  }

  static func firstString(after label: String, in text: Substring) -> String? {
    guard let found = text.range(of: label) else { return nil }
    return strings(in: text[found.upperBound...]).first
  }

  /// The drawing's rows: module, layer and the modules it imports (short names made whole).
  static func drawnLayers() throws -> [(module: String, layer: Int, imports: Set<String>)] {
    let text = try String(contentsOf: root.appendingPathComponent("docs/architecture.md"), encoding: .utf8)
    var rows: [(module: String, layer: Int, imports: Set<String>)] = []
    for line in text.split(separator: "\n") {
      let parts = line.split(separator: "←", maxSplits: 1)
      let head = parts[0].split(separator: " ")
      guard head.count >= 2, let layer = Int(head[0]), head[1].hasPrefix("TribeBoard") || head[1] == "tribeboard"
      else { continue }
      let imports =
        parts.count == 2
        ? Set(parts[1].split(separator: ",").map { "TribeBoard" + $0.trimmingCharacters(in: .whitespaces) }) : []
      rows.append((String(head[1]), layer, imports))
    }
    return rows
  }

  @Test func theDrawingIsTheManifest() throws {
    let targets = try Self.manifestTargets()
    let drawn = try Self.drawnLayers()
    #expect(targets["TribeBoardCore"] == [], "the manifest was read")
    let libraries = Set(targets.keys.filter { $0.hasPrefix("TribeBoard") && $0 != "TribeBoardTests" })
    #expect(Set(drawn.map(\.module)) == libraries.union(["tribeboard"]), "every module is drawn once")
    #expect(drawn.count == Set(drawn.map(\.module)).count)
    var layers: [String: Int] = [:]
    for row in drawn {
      #expect(
        row.imports == targets[row.module], "\(row.module): drawn \(row.imports), declared \(targets[row.module] ?? [])"
      )
      // Drawn below what it imports, one layer above the highest of them.
      let below = row.imports.map { layers[$0] }
      #expect(!below.contains(nil), "\(row.module) is drawn above a module it imports")
      #expect(row.layer == (below.compactMap { $0 }.max() ?? -1) + 1, "\(row.module)'s layer")
      layers[row.module] = row.layer
    }
  }
}
