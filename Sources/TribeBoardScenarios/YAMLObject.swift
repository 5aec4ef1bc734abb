/// A YAML mapping read against a schema: its keys were checked, so a lookup of a known key is all that is left.
struct YAMLObject {
  /// The keys a mapping of one kind may have, which of them it must have, and where it sits in the file.
  ///
  /// A class, so that an object read against it holds one reference, not a copy of each array.
  final class Schema: Sendable {
    /// Where such a mapping is, for messages: `in a family`; `nil` at the top level.
    let place: String?
    /// Every key allowed, in the order messages list them.
    let keys: [String]
    /// The keys that must be present, each with a short explanation for the "missing key" message.
    let required: [(key: String, hint: String)]
    /// Each key's UTF-8 bytes, to match a mapping's keys without making strings.
    let keyBytes: [[UInt8]]
    /// The index in ``keys`` of each required key, in the order of ``required``.
    let requiredIndices: [Int]

    init(_ place: String?, keys: [String], required: [(key: String, hint: String)] = []) {
      self.place = place
      self.keys = keys
      self.required = required
      keyBytes = keys.map { Array($0.utf8) }
      requiredIndices = required.map { required in keys.firstIndex(of: required.key) ?? 0 }
    }

    /// The index in ``keys`` of the key `scalar` spells, if it is one.
    func index(of scalar: Node.Scalar) -> Int? {
      keyBytes.firstIndex { scalar.equals($0) }
    }

    /// The index in ``keys`` of `key`, comparing lengths first (lookups are the reader's most frequent call).
    func index(of key: String) -> Int? {
      let count = key.utf8.count
      return keyBytes.indices.first { keyBytes[$0].count == count && keys[$0] == key }
    }
  }

  /// Where the mapping starts.
  var position: Position
  /// The schema read against.
  let schema: Schema
  /// The mapping read.
  let mapping: Node.Mapping
  /// The node index of each of the schema's keys' value, `-1` when the key is absent or its value null (`~`,
  /// `null` or nothing): those count as absent.
  var slots: [Int32]

  init(_ mapping: Node.Mapping, schema: Schema) {
    position = mapping.position
    self.schema = schema
    self.mapping = mapping
    slots = Array(repeating: -1, count: schema.keys.count)
  }

  /// The value of `key`, or `nil` when it is absent or null.
  subscript(key: String) -> Node? {
    guard let index = schema.index(of: key), slots[index] >= 0 else { return nil }
    return Node(mapping.tree, Int(slots[index]))
  }

  /// The schema's keys in the order written, null values included.
  var keysInOrder: [Located<String>] {
    mapping.compactMap { key, _ in
      guard let scalar = key.scalar, let index = schema.index(of: scalar) else { return nil }
      return Located(value: schema.keys[index], position: scalar.position)
    }
  }
}
