import Foundation

/// Reads scenario files: YAML in, a checked ``Scenario`` out, or a ``ScenarioError`` listing every problem found
/// with its file, line and column.
///
/// Loading is strict: unknown keys, wrong types, bad values, tags, repeated keys and dangling references are all
/// errors, never silent defaults. Hostile input is bounded by ``ScenarioLimits``: files over the size limit are
/// refused before they are parsed, and documents that expand to more nodes than the node limit through aliases
/// are refused while they are parsed, before anything is expanded. Loading takes time and memory in proportion
/// to the file.
public enum ScenarioLoader {
  /// Loads the scenario in the file at `url`.
  ///
  /// - Parameters:
  ///   - displayPath: how diagnostics and ``Scenario/source`` name the file; the URL's path when `nil`.
  ///   - limits: the limits to load within; ``ScenarioLimits/current()`` when `nil`.
  public static func load(
    contentsOf url: URL, displayPath: String? = nil, limits: ScenarioLimits? = nil
  ) throws(ScenarioError) -> Scenario {
    let file = displayPath ?? (url.isFileURL ? url.relativePath : url.absoluteString)
    guard url.isFileURL else {
      throw ScenarioError(file: file, line: 0, column: 0, message: "only local files can be loaded; give a file path")
    }
    return try load(atPath: url.path, displayPath: file, limits: limits)
  }

  /// Loads the scenario in the file at `path`, as ``load(contentsOf:displayPath:limits:)`` does: the command line
  /// gives paths.
  public static func load(
    atPath path: String, displayPath: String? = nil, limits: ScenarioLimits? = nil
  ) throws(ScenarioError) -> Scenario {
    let file = displayPath ?? path
    let root = try composeFile(atPath: path, file: file, limits: try resolved(limits))
    return try scenario(from: root, source: file)
  }

  /// Parses a scenario from its YAML text.
  ///
  /// - Parameters:
  ///   - source: where the text came from, for diagnostics and ``Scenario/source``: a file path or
  ///     `built-in:NAME`. The scenario's default name is the file name without extension (or `NAME`).
  ///   - limits: the limits to load within; ``ScenarioLimits/current()`` when `nil`.
  ///   - lazyJourneys: read the journeys when first asked for, not now: the first screen does not need them, and
  ///     they are two thirds of the work of reading the default scenario. Only for text whose journeys are known to
  ///     be right, the built-in scenarios (see ``BundledScenarios/scenario(named:)``): a problem in them would stop
  ///     the program when they are first used instead of being reported now.
  public static func parse(
    _ text: String, source: String, limits: ScenarioLimits? = nil, lazyJourneys: Bool = false
  ) throws(ScenarioError) -> Scenario {
    let limits = try resolved(limits)
    var text = text
    let composed = text.withUTF8 { bytes in
      Result { () throws(ScenarioError) in try compose(bytes, source: source, limits: limits) }
    }
    let root = try composed.get()
    return try scenario(from: root, source: source, lazyJourneys: lazyJourneys)
  }

  static func resolved(_ limits: ScenarioLimits?) throws(ScenarioError) -> ScenarioLimits {
    if let limits { return limits }
    return try ScenarioLimits.current()
  }

  /// `path` without the slashes that end it (but `/` itself), as a file URL's path has it: `world.yaml/` names the
  /// file `world.yaml`.
  private static func withoutTrailingSlashes(_ path: String) -> String {
    var path = Substring(path)
    while path.count > 1 && path.hasSuffix("/") { path = path.dropLast() }
    return String(path)
  }

  /// The node tree of the file at `path`, within `limits`. The file's bytes are let go before the tree is read.
  static func composeFile(atPath path: String, file: String, limits: ScenarioLimits) throws(ScenarioError) -> Node? {
    let data = try read(withoutTrailingSlashes(path), file: file, limits: limits)
    let composed = data.withUnsafeBytes { raw in
      Result { () throws(ScenarioError) in try compose(raw.bindMemory(to: UInt8.self), source: file, limits: limits) }
    }
    return try composed.get()
  }

  /// The document's node tree, within `limits`.
  static func compose(
    _ bytes: UnsafeBufferPointer<UInt8>, source: String, limits: ScenarioLimits
  ) throws(ScenarioError) -> Node? {
    guard bytes.count <= limits.maximumFileSize else { throw tooLarge(file: source, size: bytes.count, limits: limits) }
    return try YAMLDocument.compose(bytes, file: source, limits: limits)
  }

  /// The scenario a document describes.
  static func scenario(from root: Node?, source: String, lazyJourneys: Bool = false) throws(ScenarioError)
    -> Scenario
  {
    var scenarioReader = ScenarioReader(file: source, source: source, defaultName: defaultName(for: source))
    if let scenario = scenarioReader.read(root, lazyJourneys: lazyJourneys) { return scenario }
    let diagnostics = scenarioReader.reader.sortedDiagnostics()
    guard !diagnostics.isEmpty else {
      throw ScenarioError(file: source, line: 1, column: 1, message: "the scenario could not be read")
    }
    throw ScenarioError(diagnostics: diagnostics)
  }

  /// The name a scenario from `source` has when its file does not give one.
  static func defaultName(for source: String) -> String {
    if source.hasPrefix("built-in:") { return String(source.dropFirst("built-in:".count)) }
    let fileName = source.split(separator: "/").last.map(String.init) ?? source
    for suffix in [".yaml", ".yml"] where fileName.hasSuffix(suffix) && fileName.count > suffix.count {
      return String(fileName.dropLast(suffix.count))
    }
    return fileName
  }

  /// The file's bytes, reading at most one byte past the limit whatever the file system says its size is. Only a
  /// regular file is read: a FIFO, a device or a socket is refused before anything waits on it.
  private static func read(_ path: String, file: String, limits: ScenarioLimits) throws(ScenarioError) -> Data {
    let maximumFileSize = min(limits.maximumFileSize, ScenarioLimits.largestFileSize)
    do {
      return try RegularFile.read(path, limit: maximumFileSize)
    } catch {
      if case .tooLarge(_, let size) = error { throw tooLarge(file: file, size: size, limits: limits) }
      let message =
        switch error {
        case .missing: "no such file; give the path of a .yaml scenario file, or a built-in scenario's name"
        case .directory: "this is a directory; give the path of a .yaml scenario file"
        case .notRegular(let kind): "this is \(kind), not a regular file; give the path of a .yaml scenario file"
        case .tooLarge, .unreadable: error.description
        }
      throw ScenarioError(file: file, line: 0, column: 0, message: message)
    }
  }

  private static func tooLarge(file: String, size: Int?, limits: ScenarioLimits) -> ScenarioError {
    let found = size.map { "the file has \($0) bytes" } ?? "the file has more bytes than that"
    return ScenarioError(
      file: file, line: 1, column: 1,
      message: "scenario files are limited to \(limits.maximumFileSize) bytes (\(limits.fileSizeDescription)) and "
        + "\(found); is this really a scenario? To load a bigger world, raise the limit with "
        + "--max-scenario-size SIZE or \(ScenarioLimits.environmentVariable)=SIZE (such as 200M)")
  }
}
