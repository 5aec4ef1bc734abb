/// The box a value type keeps its parts in, shared by its copies until one of them changes (copy on write): for
/// the values exploration copies on every step (a session, what a screen loaded), so a copy is one reference count
/// rather than one for each string and list.
///
/// The value reads its parts in place (`box.parts.name`) and changes them through ``unique(_:)`` first. Boxes compare
/// and hash by their parts (two copies sharing one box are equal without reading it), so a value holding only its
/// box gets `Equatable` and `Hashable` from it.
package final class SharedParts<Parts>: @unchecked Sendable {
  /// Changed only after ``unique(_:)``, while one value holds the box alone.
  package var parts: Parts

  package init(_ parts: Parts) { self.parts = parts }

  /// Makes `box` the only one of its kind before a change: a copy of it if another value shares it.
  @inlinable
  package static func unique(_ box: inout SharedParts) {
    if !isKnownUniquelyReferenced(&box) { box = SharedParts(box.parts) }
  }
}

extension SharedParts: Equatable where Parts: Equatable {
  package static func == (lhs: SharedParts, rhs: SharedParts) -> Bool {
    lhs === rhs || lhs.parts == rhs.parts
  }
}

extension SharedParts: Hashable where Parts: Hashable {
  package func hash(into hasher: inout Hasher) {
    hasher.combine(parts)
  }
}
