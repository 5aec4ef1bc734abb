import CYaml

/// Turns a scenario's bytes into a ``NodeTree`` straight from libyaml's event stream, within the loader's limits,
/// and turns libyaml's errors into diagnostics.
///
/// One pass over the events builds the tree and enforces the format's rules on the way:
/// - every alias is the node its anchor names, shared, and counts as every node that node holds: the count of
///   nodes, aliases expanded, is kept as the events come, so a "billion laughs" is refused as soon as the count
///   passes the limit, without expanding anything;
/// - a mapping with a repeated key, and any tag (`!!str`, `!foo`), is an error at its place;
/// - a second document is an error;
/// - scalars are kept as written (no YAML typing: `012345`, `yes` and timestamps stay text).
///
/// A UTF-8 byte-order mark at the start is skipped; the input must be UTF-8 (libyaml checks every byte).
enum YAMLDocument {
  /// The root node of `text`'s single document, or `nil` when the text holds no document.
  static func compose(
    _ text: String, file: String, limits: ScenarioLimits, pipelined: Bool? = nil
  ) throws(ScenarioError) -> Node? {
    var text = text
    let result = text.withUTF8 { bytes in
      Result { () throws(ScenarioError) in try compose(bytes, file: file, limits: limits, pipelined: pipelined) }
    }
    return try result.get()
  }

  /// How big an input is at least for libyaml to parse it on a thread of its own while this one builds the tree
  /// (a 10,000-family world is 37 MB; the bundled scenarios are a few KB).
  static let pipelinedSize = 1 << 20

  /// The root node of the single document in `input` (UTF-8), or `nil` when it holds no document.
  ///
  /// - Parameter pipelined: parse on another thread, a batch of events at a time, while this one builds the tree;
  ///   when `nil`, if the input holds at least ``pipelinedSize`` bytes. The tree and the errors are the same.
  static func compose(
    _ input: UnsafeBufferPointer<UInt8>, file: String, limits: ScenarioLimits, pipelined: Bool? = nil
  ) throws(ScenarioError) -> Node? {
    var bytes = input
    if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { bytes = UnsafeBufferPointer(rebasing: bytes.dropFirst(3)) }
    guard let base = bytes.baseAddress, !bytes.isEmpty else { return nil }
    let parser = UnsafeMutablePointer<yaml_parser_t>.allocate(capacity: 1)
    defer { parser.deallocate() }
    guard yaml_parser_initialize(parser) == 1 else {
      throw ScenarioError(file: file, line: 1, column: 1, message: "could not read the YAML: out of memory")
    }
    defer { yaml_parser_delete(parser) }
    yaml_parser_set_encoding(parser, YAML_UTF8_ENCODING)
    yaml_parser_set_input_string(parser, base, bytes.count)

    var builder = TreeBuilder(file: file, limits: limits, expectedSize: bytes.count)
    var parsedAll = true
    if pipelined ?? (bytes.count >= pipelinedSize) {
      let events = EventPipe(parser)
      defer { events.stop() }
      while let batch = events.next() {
        defer { events.done(with: batch) }
        for index in 0..<batch.count { try builder.add(batch.events[index]) }
      }
      parsedAll = events.parsedAll
    } else {
      var event = yaml_event_t()
      var type = YAML_NO_EVENT
      while type != YAML_STREAM_END_EVENT {
        guard yaml_parser_parse(parser, &event) == 1 else {
          parsedAll = false
          break
        }
        defer { yaml_event_delete(&event) }
        type = event.type
        try builder.add(event)
      }
    }
    guard parsedAll else {
      throw ScenarioError(diagnostics: builder.problems + [diagnostic(for: parser.pointee, bytes: bytes, file: file)])
    }
    if !builder.problems.isEmpty { throw ScenarioError(diagnostics: builder.problems) }
    return builder.root.map { Node(builder.tree(), $0) }
  }

  static func tooManyNodes(file: String, limit: Int, byAliases: Bool) -> ScenarioError {
    let what = byAliases ? "its aliases add more than \(limit) YAML nodes" : "it has more than \(limit) YAML nodes"
    let allows = byAliases ? "SIZE/64 nodes from aliases" : "SIZE/4 nodes"
    return ScenarioError(
      file: file, line: 1, column: 1,
      message: "the document is too big once its aliases are expanded: \(what) (aliases counted as what they "
        + "expand to) — is there an alias loop or 'billion laughs' pattern? (A bigger world can raise the limit: "
        + "--max-scenario-size SIZE or \(ScenarioLimits.environmentVariable)=SIZE allows \(allows))")
  }
}

/// Builds a ``NodeTree`` from libyaml's events (see ``YAMLDocument``).
private struct TreeBuilder {
  let file: String
  let limit: Int
  let aliasLimit: Int
  var records: [NodeTree.Record] = []
  var bytes: [UInt8] = []
  var children: [UInt32] = []
  /// The nodes whose parent is still open, in order.
  var pending: [UInt32] = []
  /// The open collections.
  var open: [(record: Int, pendingStart: Int, countAtStart: Int, anchor: String?)] = []
  /// Each anchor's node and the number of nodes it expands to.
  var anchors: [String: (node: UInt32, size: Int)] = [:]
  /// Nodes so far, each alias counted as what it expands to.
  var count = 0
  /// The nodes aliases added so far.
  var aliasCount = 0
  var documents = 0
  var root: Int?
  /// Problems that do not stop the parse (tags, repeated keys), up to the diagnostic limit.
  var problems: [Diagnostic] = []

  init(file: String, limits: ScenarioLimits, expectedSize: Int) {
    self.file = file
    limit = limits.maximumNodeCount
    aliasLimit = limits.maximumAliasNodeCount
    // About one node per 8 bytes and 40% of the text in scalars in a typical scenario.
    records.reserveCapacity(min(expectedSize / 8, limit) + 16)
    children.reserveCapacity(min(expectedSize / 8, limit) + 16)
    bytes.reserveCapacity(expectedSize / 2 + 16)
  }

  func tree() -> NodeTree { NodeTree(records: records, bytes: bytes, children: children) }

  mutating func add(_ event: yaml_event_t) throws(ScenarioError) {
    let line = Int(event.start_mark.line) + 1
    let column = Int(event.start_mark.column) + 1
    switch event.type {
    case YAML_SCALAR_EVENT:
      let scalar = event.data.scalar
      if let tag = scalar.tag { reportTag(tag, line: line, column: column) }
      var record = NodeTree.Record(kind: .scalar, style: Self.style(scalar.style), line: line, column: column)
      record.start = UInt32(truncatingIfNeeded: bytes.count)
      record.count = UInt32(truncatingIfNeeded: scalar.length)
      if let value = scalar.value, scalar.length > 0 {
        bytes.append(contentsOf: UnsafeBufferPointer(start: value, count: scalar.length))
      }
      try attach(record, size: 1, anchor: scalar.anchor.map { String(cString: $0) })
    case YAML_SEQUENCE_START_EVENT:
      let start = event.data.sequence_start
      if let tag = start.tag { reportTag(tag, line: line, column: column) }
      try openCollection(.sequence, line: line, column: column, anchor: start.anchor)
    case YAML_MAPPING_START_EVENT:
      let start = event.data.mapping_start
      if let tag = start.tag { reportTag(tag, line: line, column: column) }
      try openCollection(.mapping, line: line, column: column, anchor: start.anchor)
    case YAML_SEQUENCE_END_EVENT, YAML_MAPPING_END_EVENT:
      closeCollection()
    case YAML_ALIAS_EVENT:
      let name = String(cString: event.data.alias.anchor)
      guard let anchor = anchors[name] else {
        let message =
          open.contains { $0.anchor == name }
          ? "the alias '*\(name)' is inside the node its anchor '&\(name)' names, which would make it endless; "
            + "remove the alias"
          : "the alias '*\(name)' names no anchor; define '&\(name)' on a node above it, or remove the alias"
        throw ScenarioError(
          diagnostics: problems + [Diagnostic(file: file, line: line, column: column, message: message)])
      }
      count += anchor.size
      aliasCount += anchor.size
      guard aliasCount <= aliasLimit else {
        throw YAMLDocument.tooManyNodes(file: file, limit: aliasLimit, byAliases: true)
      }
      guard count <= limit else { throw YAMLDocument.tooManyNodes(file: file, limit: limit, byAliases: false) }
      pending.append(anchor.node)
      if open.isEmpty { root = Int(anchor.node) }
    case YAML_DOCUMENT_START_EVENT:
      documents += 1
      if documents > 1 {
        throw ScenarioError(
          diagnostics: problems + [
            Diagnostic(
              file: file, line: line, column: column,
              message: "a scenario file holds a single YAML document; remove this second one (and its '---' line)")
          ])
      }
    default:
      break
    }
  }

  private mutating func openCollection(
    _ kind: NodeTree.Kind, line: Int, column: Int, anchor: UnsafeMutablePointer<yaml_char_t>?
  ) throws(ScenarioError) {
    count += 1
    guard count <= limit else { throw YAMLDocument.tooManyNodes(file: file, limit: limit, byAliases: false) }
    records.append(NodeTree.Record(kind: kind, style: .any, line: line, column: column))
    open.append((records.count - 1, pending.count, count - 1, anchor.map { String(cString: $0) }))
  }

  private mutating func closeCollection() {
    guard let collection = open.popLast() else { return }
    let index = collection.record
    if records[index].kind == .mapping { checkKeys(from: collection.pendingStart) }
    records[index].start = UInt32(truncatingIfNeeded: children.count)
    records[index].count = UInt32(truncatingIfNeeded: pending.count - collection.pendingStart)
    children.append(contentsOf: pending[collection.pendingStart...])
    pending.removeSubrange(collection.pendingStart...)
    pending.append(UInt32(truncatingIfNeeded: index))
    if let anchor = collection.anchor {
      anchors[anchor] = (UInt32(truncatingIfNeeded: index), count - collection.countAtStart)
    }
    if open.isEmpty { root = index }
  }

  /// Appends a finished scalar.
  private mutating func attach(_ record: NodeTree.Record, size: Int, anchor: String?) throws(ScenarioError) {
    count += size
    guard count <= limit else { throw YAMLDocument.tooManyNodes(file: file, limit: limit, byAliases: false) }
    records.append(record)
    let index = UInt32(truncatingIfNeeded: records.count - 1)
    pending.append(index)
    if let anchor { anchors[anchor] = (index, size) }
    if open.isEmpty { root = Int(index) }
  }

  /// Reports each key of the mapping whose pairs start at `pending[start]` that repeats an earlier one.
  private mutating func checkKeys(from start: Int) {
    let pairs = (pending.count - start) / 2
    guard pairs > 1 else { return }
    func key(_ pair: Int) -> Int { Int(pending[start + 2 * pair]) }
    if pairs <= 16 {
      for later in 1..<pairs {
        if let earlier = (0..<later).first(where: { sameKey(key($0), key(later)) }) {
          reportDuplicate(key(later), first: key(earlier))
        }
      }
    } else {
      var seen: [String: Int] = [:]
      for pair in 0..<pairs where records[key(pair)].kind == .scalar {
        let text = String(decoding: bytes[records[key(pair)].range], as: UTF8.self)
        if let first = seen[text] { reportDuplicate(key(pair), first: first) } else { seen[text] = key(pair) }
      }
    }
  }

  private func sameKey(_ a: Int, _ b: Int) -> Bool {
    if a == b { return true }
    let (first, second) = (records[a], records[b])
    guard first.kind == .scalar, second.kind == .scalar, first.count == second.count else { return false }
    return bytes[first.range].elementsEqual(bytes[second.range])
  }

  private mutating func reportDuplicate(_ key: Int, first: Int) {
    let name = records[key].kind == .scalar ? String(decoding: bytes[records[key].range], as: UTF8.self) : "?"
    let at = records[key].position
    report(
      "duplicate key \(NodeReader.quoted(name)) in this mapping (first at \(records[first].position)); each key may "
        + "appear only once, so remove or rename the repeat", line: at.line, column: at.column)
  }

  private mutating func reportTag(_ tag: UnsafeMutablePointer<yaml_char_t>, line: Int, column: Int) {
    var written = String(cString: tag)
    if written.hasPrefix("tag:yaml.org,2002:") { written = "!!" + written.dropFirst("tag:yaml.org,2002:".count) }
    report(
      "tags such as '\(written)' are not part of the scenario format, which reads every value as written; "
        + "remove '\(written)'", line: line, column: column)
  }

  private mutating func report(_ message: String, line: Int, column: Int) {
    guard problems.count < NodeReader.diagnosticLimit else { return }
    problems.append(Diagnostic(file: file, line: line, column: column, message: message))
  }

  private static func style(_ style: yaml_scalar_style_t) -> Node.Style {
    switch style {
    case YAML_PLAIN_SCALAR_STYLE: .plain
    case YAML_SINGLE_QUOTED_SCALAR_STYLE: .singleQuoted
    case YAML_DOUBLE_QUOTED_SCALAR_STYLE: .doubleQuoted
    case YAML_LITERAL_SCALAR_STYLE: .literal
    case YAML_FOLDED_SCALAR_STYLE: .folded
    default: .any
    }
  }
}
