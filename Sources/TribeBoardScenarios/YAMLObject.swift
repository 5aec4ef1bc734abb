import Yams

/// A YAML mapping read against a schema: its keys were checked, so a lookup of a known key is all that is left.
struct YAMLObject {
  /// The keys a mapping of one kind may have, which of them it must have, and where it sits in the file.
  struct Schema {
    /// Where such a mapping is, for messages: `in a family`; `nil` at the top level.
    var place: String?
    /// Every key allowed, in the order messages list them.
    var keys: [String]
    /// The keys that must be present, each with a short explanation for the "missing key" message.
    var required: [(key: String, hint: String)]

    init(_ place: String?, keys: [String], required: [(key: String, hint: String)] = []) {
      self.place = place
      self.keys = keys
      self.required = required
    }
  }

  /// Where the mapping starts.
  var position: Position
  /// The values by key, without keys whose value is null (`~`, `null` or nothing): those count as absent.
  var values: [String: Node]
  /// The keys in the order written, null values included.
  var keysInOrder: [Located<String>]

  /// The value of `key`, or `nil` when it is absent or null.
  subscript(key: String) -> Node? { values[key] }
}
