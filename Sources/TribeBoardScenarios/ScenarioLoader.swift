import Foundation

/// Reads scenario files: YAML in, a checked ``Scenario`` out, or a ``ScenarioError`` listing every problem found
/// with its file, line and column.
///
/// Loading is strict: unknown keys, wrong types, bad values and dangling references are all errors, never
/// silent defaults. Hostile input is bounded: files over ``maximumFileSize`` are refused before they are parsed,
/// and documents that expand to more than ``maximumNodeCount`` nodes through aliases are refused before they are
/// walked.
public enum ScenarioLoader {
  /// The largest scenario file accepted, in bytes (4 MiB: room for worlds of thousands of families).
  public static let maximumFileSize = 4 << 20
  /// The most YAML nodes a scenario may have, counting each alias as the nodes it expands to.
  public static let maximumNodeCount = 500_000

  /// Loads the scenario in the file at `url`.
  ///
  /// - Parameter displayPath: how diagnostics and ``Scenario/source`` name the file; the URL's path when `nil`.
  public static func load(contentsOf url: URL, displayPath: String? = nil) throws(ScenarioError) -> Scenario {
    let file = displayPath ?? (url.isFileURL ? url.relativePath : url.absoluteString)
    let data = try read(url, file: file)
    guard let text = String(validating: data, as: UTF8.self) else {
      let position = firstInvalidUTF8(in: data)
      throw ScenarioError(
        file: file, line: position.line, column: position.column,
        message: "the file is not UTF-8 text (an invalid byte is here); save it as UTF-8")
    }
    return try parse(text, source: file)
  }

  /// Parses a scenario from its YAML text.
  ///
  /// - Parameter source: where the text came from, for diagnostics and ``Scenario/source``: a file path or
  ///   `built-in:NAME`. The scenario's default name is the file name without extension (or `NAME`).
  public static func parse(_ text: String, source: String) throws(ScenarioError) -> Scenario {
    let size = text.utf8.count
    guard size <= maximumFileSize else { throw tooLarge(file: source, size: size) }
    let root = try YAMLDocument.compose(text, file: source, maximumNodeCount: maximumNodeCount)
    var scenarioReader = ScenarioReader(file: source, source: source, defaultName: defaultName(for: source))
    if let scenario = scenarioReader.read(root) { return scenario }
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

  /// The file's bytes, reading at most one byte past the limit whatever the file system says its size is.
  private static func read(_ url: URL, file: String) throws(ScenarioError) -> Data {
    func failure(_ message: String) -> ScenarioError {
      ScenarioError(file: file, line: 0, column: 0, message: message)
    }
    guard url.isFileURL else { throw failure("only local files can be loaded; give a file path") }
    var isDirectory: ObjCBool = false
    guard FileManager.default.fileExists(atPath: url.path, isDirectory: &isDirectory) else {
      throw failure("no such file; give the path of a .yaml scenario file, or a built-in scenario's name")
    }
    if isDirectory.boolValue { throw failure("this is a directory; give the path of a .yaml scenario file") }
    if let size = try? url.resourceValues(forKeys: [.fileSizeKey]).fileSize, size > maximumFileSize {
      throw tooLarge(file: file, size: size)
    }
    do {
      let handle = try FileHandle(forReadingFrom: url)
      defer { try? handle.close() }
      var data = Data()
      while data.count <= maximumFileSize,
        let chunk = try handle.read(upToCount: maximumFileSize + 1 - data.count), !chunk.isEmpty
      {
        data.append(chunk)
      }
      guard data.count <= maximumFileSize else { throw tooLarge(file: file, size: nil) }
      return data
    } catch let error as ScenarioError {
      throw error
    } catch {
      throw failure("cannot read the file: \(error.localizedDescription)")
    }
  }

  private static func tooLarge(file: String, size: Int?) -> ScenarioError {
    let found = size.map { "the file has \($0) bytes" } ?? "the file has more bytes than that"
    return ScenarioError(
      file: file, line: 1, column: 1,
      message: "scenario files are limited to \(maximumFileSize) bytes (\(maximumFileSize >> 20) MiB) and \(found); "
        + "is this really a scenario? Trim the world it describes")
  }

  /// Where the first byte that is not valid UTF-8 is.
  private static func firstInvalidUTF8(in data: Data) -> Position {
    var position = Position.start
    var bytes = data.makeIterator()
    var parser = Unicode.UTF8.ForwardParser()
    while case .valid(let encoded) = parser.parseScalar(from: &bytes) {
      if Unicode.UTF8.decode(encoded) == "\n" {
        position.line += 1
        position.column = 1
      } else {
        position.column += 1
      }
    }
    return position
  }
}
