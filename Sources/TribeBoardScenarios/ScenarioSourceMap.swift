import Foundation

/// Where each value of a scenario file was written, by its path in the document: `accounts[2].id`,
/// `journeys.create-family[3]`, `families[0].members[1].role`. Lists are numbered from 0.
///
/// Made from the same node tree the scenario was read from, so tools that check a loaded ``Scenario`` (such as
/// `tribeboard lint`) can point at the line and column of what they found, without knowing YAML.
public struct ScenarioSourceMap: Sendable {
  /// A line and column in the file, both 1-based.
  public struct Location: Equatable, Sendable, CustomStringConvertible {
    public var line: Int
    public var column: Int

    public init(line: Int, column: Int) {
      self.line = line
      self.column = column
    }

    /// `line:column`.
    public var description: String { "\(line):\(column)" }
  }

  struct Entry: Sendable {
    var location: Location
    /// Where the key naming this value was written, for a mapping's value.
    var keyLocation: Location?
    /// The text of a scalar.
    var text: String?
    /// The number of items of a list, or of pairs of a mapping.
    var count: Int
    /// The keys of a mapping, in the order written.
    var keys: [String]
  }

  private(set) var entries: [String: Entry] = [:]

  /// An empty map: every lookup finds nothing.
  public init() {}

  /// The map of the document whose root is `root`.
  init(_ root: Node?) {
    guard let root else { return }
    add(root, path: "", keyLocation: nil)
  }

  private mutating func add(_ node: Node, path: String, keyLocation: Location?) {
    let position = node.position
    var entry = Entry(
      location: Location(line: position.line, column: position.column), keyLocation: keyLocation, text: nil, count: 0,
      keys: [])
    switch node {
    case .scalar(let scalar):
      entry.text = scalar.string
    case .sequence(let sequence):
      entry.count = sequence.count
      for (index, item) in sequence.enumerated() { add(item, path: "\(path)[\(index)]", keyLocation: nil) }
    case .mapping(let mapping):
      entry.count = mapping.count
      for (key, value) in mapping {
        guard let name = key.scalar?.string else { continue }
        entry.keys.append(name)
        let keyPosition = key.position
        add(
          value, path: path.isEmpty ? name : "\(path).\(name)",
          keyLocation: Location(line: keyPosition.line, column: keyPosition.column))
      }
    }
    entries[path] = entry
  }

  /// Where the value at `path` starts (`""` is the whole document).
  public func location(_ path: String) -> Location? {
    entries[path]?.location
  }

  /// Where the key naming the value at `path` was written; the value's own place for a list item.
  public func keyLocation(_ path: String) -> Location? {
    entries[path].map { $0.keyLocation ?? $0.location }
  }

  /// The text of the scalar at `path`.
  public func text(_ path: String) -> String? {
    entries[path]?.text
  }

  /// The number of items of the list at `path` (or pairs of the mapping); 0 when there is none.
  public func count(_ path: String) -> Int {
    entries[path]?.count ?? 0
  }

  /// The keys of the mapping at `path`, in the order written.
  public func keys(_ path: String) -> [String] {
    entries[path]?.keys ?? []
  }
}

extension ScenarioCatalog {
  /// Resolves `NAME|PATH` as ``resolve(_:)`` does, and also gives where each of the file's values was written.
  public static func resolveWithSourceMap(_ nameOrPath: String) throws(ScenarioError) -> (
    scenario: Scenario, sourceMap: ScenarioSourceMap
  ) {
    if isPath(nameOrPath) {
      let limits = try ScenarioLoader.resolved(nil)
      let root = try ScenarioLoader.composeFile(atPath: nameOrPath, file: nameOrPath, limits: limits)
      return (try ScenarioLoader.scenario(from: root, source: nameOrPath), ScenarioSourceMap(root))
    }
    guard let text = BundledScenarios.text(named: nameOrPath) else {
      _ = try BundledScenarios.scenario(named: nameOrPath)  // throws an unknown name's error, with its suggestion
      return (try ScenarioLoader.parse("", source: nameOrPath), ScenarioSourceMap())
    }
    return try ScenarioLoader.parseWithSourceMap(text, source: "built-in:\(nameOrPath)")
  }
}

extension ScenarioLoader {
  /// Parses a scenario from its YAML text as ``parse(_:source:limits:)`` does, and also gives where each of its
  /// values was written.
  public static func parseWithSourceMap(
    _ text: String, source: String, limits: ScenarioLimits? = nil
  ) throws(ScenarioError) -> (scenario: Scenario, sourceMap: ScenarioSourceMap) {
    let limits = try resolved(limits)
    var text = text
    let composed = text.withUTF8 { bytes in
      Result { () throws(ScenarioError) in try compose(bytes, source: source, limits: limits) }
    }
    let root = try composed.get()
    return (try scenario(from: root, source: source), ScenarioSourceMap(root))
  }
}
