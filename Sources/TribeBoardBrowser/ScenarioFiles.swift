import Foundation

/// The scenario files a served page may open: `.yaml` files in the folder `tribeboard serve` was started in, or in
/// a folder directly inside it. Nothing outside it, and nothing is ever written.
enum ScenarioFiles {
  static let limit = 200

  /// Why `path` may not be opened from the browser, or `nil` when it may: relative, without `..`, a YAML file that
  /// exists inside `folder` (links followed).
  static func check(_ path: String, in folder: URL?) -> String? {
    guard let folder else { return "? This server opens built-in scenarios only." }
    let components = path.split(separator: "/", omittingEmptySubsequences: false)
    guard !path.hasPrefix("/"), !path.hasPrefix("~"), !components.contains("..") else {
      return "? Only files inside the folder the server was started in can be opened: give a path relative to it."
    }
    guard path.hasSuffix(".yaml") || path.hasSuffix(".yml") else {
      return "? A scenario file ends in .yaml or .yml."
    }
    let root = folder.resolvingSymlinksInPath().standardizedFileURL.path
    let file = folder.appendingPathComponent(path).resolvingSymlinksInPath().standardizedFileURL.path
    guard file.hasPrefix(root + "/") else {
      return "? Only files inside the folder the server was started in can be opened: give a path relative to it."
    }
    return nil
  }

  /// The scenario files the page lists, relative to `folder`, sorted.
  static func list(in folder: URL?) -> [String] {
    guard let folder else { return [] }
    let manager = FileManager.default
    var found: [String] = []
    let top = (try? manager.contentsOfDirectory(atPath: folder.path)) ?? []
    for name in top.sorted() where !name.hasPrefix(".") {
      if name.hasSuffix(".yaml") || name.hasSuffix(".yml") {
        found.append(name)
        continue
      }
      var isDirectory: ObjCBool = false
      guard manager.fileExists(atPath: folder.appendingPathComponent(name).path, isDirectory: &isDirectory),
        isDirectory.boolValue
      else { continue }
      let inner = (try? manager.contentsOfDirectory(atPath: folder.appendingPathComponent(name).path)) ?? []
      for file in inner.sorted() where file.hasSuffix(".yaml") || file.hasSuffix(".yml") {
        found.append("\(name)/\(file)")
      }
      if found.count >= limit { break }
    }
    return Array(found.prefix(limit))
  }
}
