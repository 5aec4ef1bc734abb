/// A node of a scenario's YAML document: a scalar, a mapping or a sequence, with the place it starts.
///
/// Nodes are light handles into a ``NodeTree``, which holds every node of a document in a few flat arrays
/// (``YAMLDocument`` builds it from libyaml's events). Aliases were resolved while building: an alias is the node
/// its anchor names, shared, so a problem inside aliased content is reported at the anchor.
enum Node {
  case scalar(Scalar)
  case mapping(Mapping)
  case sequence(Sequence)

  init(_ tree: NodeTree, _ index: Int) {
    switch tree.records[index].kind {
    case .scalar: self = .scalar(Scalar(tree: tree, index: index))
    case .mapping: self = .mapping(Mapping(tree: tree, index: index))
    case .sequence: self = .sequence(Sequence(tree: tree, index: index))
    }
  }

  /// The scalar, when the node is one.
  var scalar: Scalar? {
    if case .scalar(let scalar) = self { return scalar }
    return nil
  }

  /// The mapping, when the node is one.
  var mapping: Mapping? {
    if case .mapping(let mapping) = self { return mapping }
    return nil
  }

  /// The sequence, when the node is one.
  var sequence: Sequence? {
    if case .sequence(let sequence) = self { return sequence }
    return nil
  }

  /// The scalar's text, when the node is a scalar.
  var string: String? { scalar?.string }

  /// The whole document this node belongs to.
  var tree: NodeTree {
    switch self {
    case .scalar(let node): node.tree
    case .mapping(let node): node.tree
    case .sequence(let node): node.tree
    }
  }

  /// The number of nodes in the whole document this node belongs to (aliases not expanded).
  var documentNodeCount: Int { tree.records.count }

  /// The same node read through `tree`, another object holding the same document (see ``NodeTree/copy()``).
  func rebased(onto tree: NodeTree) -> Node {
    switch self {
    case .scalar(let node): Node(tree, node.index)
    case .mapping(let node): Node(tree, node.index)
    case .sequence(let node): Node(tree, node.index)
    }
  }

  /// Where the node starts (its anchor or tag, if it has one, else its content).
  var position: Position {
    switch self {
    case .scalar(let node): node.position
    case .mapping(let node): node.position
    case .sequence(let node): node.position
    }
  }

  /// How a scalar was written.
  enum Style: UInt8 {
    case any, plain, singleQuoted, doubleQuoted, literal, folded
  }

  /// A scalar: its text exactly as written (after YAML's own quoting and folding rules), never retyped.
  struct Scalar {
    let tree: NodeTree
    let index: Int

    /// The text.
    var string: String {
      let record = tree.records[index]
      return tree.bytes.withUnsafeBufferPointer {
        String(decoding: UnsafeBufferPointer(rebasing: $0[record.range]), as: UTF8.self)
      }
    }

    /// Calls `body` with the text's UTF-8 bytes, without making a string.
    func withUTF8<Result>(_ body: (UnsafeBufferPointer<UInt8>) -> Result) -> Result {
      let range = tree.records[index].range
      return tree.bytes.withUnsafeBufferPointer { body(UnsafeBufferPointer(rebasing: $0[range])) }
    }

    /// Whether the text is exactly `bytes`, compared without making a string.
    func equals(_ bytes: some Swift.Sequence<UInt8>) -> Bool {
      tree.bytes[tree.records[index].range].elementsEqual(bytes)
    }

    /// Whether the text is YAML's null written plainly: nothing, `~`, `null`, `Null` or `NULL` (the style is
    /// for the caller to check).
    var isNullLiteral: Bool {
      let range = tree.records[index].range
      switch range.count {
      case 0: return true
      case 1: return tree.bytes[range.lowerBound] == UInt8(ascii: "~")
      case 4: return ["null", "Null", "NULL"].contains { equals($0.utf8) }
      default: return false
      }
    }

    var style: Style { tree.records[index].style }
    var position: Position { tree.records[index].position }
  }

  /// A mapping's pairs, in the order written. A document with a repeated key is refused before it is read.
  struct Mapping: Swift.Sequence {
    let tree: NodeTree
    let index: Int

    /// The number of pairs.
    var count: Int { Int(tree.records[index].count) / 2 }
    var position: Position { tree.records[index].position }

    func makeIterator() -> Iterator {
      let record = tree.records[index]
      return Iterator(tree: tree, position: Int(record.start), end: record.range.upperBound)
    }

    struct Iterator: IteratorProtocol {
      let tree: NodeTree
      var position: Int
      let end: Int

      mutating func next() -> (key: Node, value: Node)? {
        guard position < end else { return nil }
        defer { position += 2 }
        return (Node(tree, Int(tree.children[position])), Node(tree, Int(tree.children[position + 1])))
      }
    }
  }

  /// A sequence's items, in order.
  struct Sequence: RandomAccessCollection {
    let tree: NodeTree
    let index: Int

    var position: Position { tree.records[index].position }
    var startIndex: Int { 0 }
    var endIndex: Int { Int(tree.records[index].count) }

    subscript(position: Int) -> Node {
      Node(tree, Int(tree.children[Int(tree.records[index].start) + position]))
    }
  }
}

/// Every node of one YAML document, in flat arrays: a ``Record`` per node, the scalars' bytes one after the other,
/// and the collections' children (node indices, a mapping's as key, value, key, value…).
///
/// About 20 bytes a node plus the scalars' text, against a few hundred for a tree of objects.
final class NodeTree: Sendable {
  enum Kind: UInt8 {
    case scalar, sequence, mapping
  }

  /// One node: a scalar's range in ``NodeTree/bytes``, or a collection's range in ``NodeTree/children``; and
  /// where the node starts.
  struct Record {
    var start: UInt32
    var count: UInt32
    var line: UInt32
    /// The column (bits 8 and up), the kind (bits 4–7) and the scalar style (bits 0–3).
    var packed: UInt32

    init(kind: Kind, style: Node.Style, line: Int, column: Int) {
      start = 0
      count = 0
      self.line = UInt32(clamping: line)
      packed = UInt32(clamping: min(column, 0xFF_FFFF)) << 8 | UInt32(kind.rawValue) << 4 | UInt32(style.rawValue)
    }

    var kind: Kind { Kind(rawValue: UInt8(packed >> 4 & 0xF)) ?? .scalar }
    var style: Node.Style { Node.Style(rawValue: UInt8(packed & 0xF)) ?? .any }
    var position: Position { Position(line: Int(line), column: Int(packed >> 8)) }
    var range: Range<Int> { Int(start)..<Int(start) + Int(count) }
  }

  let records: [Record]
  let bytes: [UInt8]
  let children: [UInt32]

  /// Another object holding the same document (sharing its storage): every node read retains its tree, so threads
  /// that read one document at once each read through their own copy, not contending for one reference count.
  func copy() -> NodeTree { NodeTree(records: records, bytes: bytes, children: children) }

  init(records: [Record], bytes: [UInt8], children: [UInt32]) {
    self.records = records
    self.bytes = bytes
    self.children = children
  }
}
