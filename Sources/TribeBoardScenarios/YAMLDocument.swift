import Yams

/// Turns a scenario's text into a YAML node tree with Yams, within the loader's limits, and turns Yams' errors
/// into diagnostics.
///
/// Yams replaces every alias by the node its anchor names while composing, sharing the storage, so composing a
/// "billion laughs" document is cheap and ``nodeCount(_:limit:)`` can refuse it afterwards. One thing in Yams is
/// not cheap: it hashes every mapping key to find duplicates, and a key that is (or holds) an alias is hashed
/// with its whole expansion, exponential in the number of alias levels. So when a text could hold aliases, it is
/// first composed with every `*` replaced by a character the text does not contain, which makes each alias a
/// plain scalar that still names its anchor; ``expandedNodeCount(_:placeholder:limit:)`` then counts what the
/// aliases would expand to, and only a text within the limit is composed for real.
///
/// Both passes use Yams' basic resolver, which leaves every scalar a string: the reader takes each scalar's text
/// as written (a timestamp, `012345` or `yes` are never reinterpreted), and resolving types it does not use
/// would make composing more than twice as slow.
enum YAMLDocument {
  /// The root node of `text`'s single document, or `nil` when the text holds no document.
  static func compose(_ text: String, file: String, maximumNodeCount limit: Int) throws(ScenarioError) -> Node? {
    let utf8 = text.utf8
    if utf8.contains(UInt8(ascii: "&")), utf8.contains(UInt8(ascii: "*")) {
      let placeholder = unusedScalar(in: text)
      let neutralized = String(String.UnicodeScalarView(text.unicodeScalars.map { $0 == "*" ? placeholder : $0 }))
      do {
        // The parser owns the anchors (nodes hold them weakly), so it must live while the tree is counted.
        let parser = try Parser(yaml: neutralized, resolver: .basic)
        let exceeded = try withExtendedLifetime(parser) {
          try parser.singleRoot().map { expandedNodeCount($0, placeholder: placeholder, limit: limit) > limit }
        }
        if exceeded == true { throw tooManyNodes(file: file, limit: limit) }
      } catch let error as ScenarioError {
        throw error
      } catch {
        throw ScenarioError(diagnostics: [diagnostic(for: error, text: text, file: file, placeholder: placeholder)])
      }
    }
    let root: Node?
    do {
      root = try Yams.compose(yaml: text, .basic)
    } catch {
      throw ScenarioError(diagnostics: [diagnostic(for: error, text: text, file: file)])
    }
    if let root, nodeCount(root, limit: limit) > limit { throw tooManyNodes(file: file, limit: limit) }
    return root
  }

  /// The number of nodes in a composed tree, aliases expanded (Yams already put the anchored node in their
  /// place); stops counting past `limit`.
  static func nodeCount(_ root: Node, limit: Int) -> Int {
    var count = 1
    var stack = [root]
    while let node = stack.popLast() {
      switch node {
      case .mapping(let mapping):
        count += 2 * mapping.count
        if count > limit { return count }
        for (key, value) in mapping {
          stack.append(key)
          stack.append(value)
        }
      case .sequence(let sequence):
        count += sequence.count
        if count > limit { return count }
        stack.append(contentsOf: sequence)
      case .scalar, .alias:
        break
      }
    }
    return count
  }

  /// The number of nodes a tree composed from neutralized text would have with its aliases expanded: an alias
  /// (a scalar starting with `placeholder`) counts as the node its anchor names. Any `placeholder` followed by a
  /// name inside a scalar counts too, which can only overestimate. Stops counting past `limit`.
  static func expandedNodeCount(_ root: Node, placeholder: Unicode.Scalar, limit: Int) -> Int {
    struct Frame {
      var children: [Node]
      var next = 0
      var size: Int
      var anchor: String?
    }
    var anchorSizes: [String: Int] = [:]
    var stack = [Frame(children: [root], size: 0)]
    while true {
      let top = stack.count - 1
      if stack[top].next == stack[top].children.count {
        let frame = stack.removeLast()
        if stack.isEmpty { return frame.size }
        if let anchor = frame.anchor { anchorSizes[anchor] = frame.size }
        stack[stack.count - 1].size += frame.size
        if stack[stack.count - 1].size > limit { return limit + 1 }
        continue
      }
      let child = stack[top].children[stack[top].next]
      stack[top].next += 1
      switch child {
      case .scalar(let scalar):
        let size = scalarSize(scalar.string, placeholder: placeholder, anchorSizes: anchorSizes, limit: limit)
        if let anchor = scalar.anchor { anchorSizes[anchor.rawValue] = size }
        stack[top].size += size
        if stack[top].size > limit { return limit + 1 }
      case .mapping(let mapping):
        let children = mapping.flatMap { [$0.key, $0.value] }
        stack.append(Frame(children: children, size: 1, anchor: mapping.anchor?.rawValue))
      case .sequence(let sequence):
        stack.append(Frame(children: Array(sequence), size: 1, anchor: sequence.anchor?.rawValue))
      case .alias:
        stack[top].size += 1
      }
    }
  }

  private static func scalarSize(
    _ string: String, placeholder: Unicode.Scalar, anchorSizes: [String: Int], limit: Int
  ) -> Int {
    let scalars = string.unicodeScalars
    guard scalars.contains(placeholder) else { return 1 }
    var size = scalars.first == placeholder ? 0 : 1
    var index = scalars.startIndex
    while let found = scalars[index...].firstIndex(of: placeholder) {
      let nameStart = scalars.index(after: found)
      let nameEnd = scalars[nameStart...].firstIndex { !isAnchorCharacter($0) } ?? scalars.endIndex
      size = min(size + (anchorSizes[String(scalars[nameStart..<nameEnd])] ?? 1), limit + 1)
      index = nameEnd
    }
    return max(size, 1)
  }

  /// libyaml's anchor characters: ASCII letters, digits, `-` and `_`.
  private static func isAnchorCharacter(_ scalar: Unicode.Scalar) -> Bool {
    scalar.isASCII && (scalar.properties.isAlphabetic || ("0"..."9").contains(scalar) || scalar == "-" || scalar == "_")
  }

  /// A character YAML accepts in any scalar that `text` does not contain. Only a text built to hold all of the
  /// ~137,000 private-use and supplementary characters this tries falls back to U+E000.
  private static func unusedScalar(in text: String) -> Unicode.Scalar {
    let used = Set(text.unicodeScalars.lazy.map(\.value).filter { $0 >= 0xE000 })
    for range in [UInt32(0xE000)...0xF8FF, 0x1_0000...0x10_FFFD] {
      for value in range where !used.contains(value) {
        if let scalar = Unicode.Scalar(value) { return scalar }
      }
    }
    return "\u{E000}"
  }

  static func tooManyNodes(file: String, limit: Int) -> ScenarioError {
    ScenarioError(
      file: file, line: 1, column: 1,
      message: "the document expands to more than \(limit) YAML nodes (aliases included); scenario files are "
        + "limited to \(limit) — is there an alias loop or 'billion laughs' pattern?")
  }
}
