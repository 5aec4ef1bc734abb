/// Hashing for the enums used as dictionary keys and set members on every step (``Role``, ``Capability``, the flow's
/// screen and action ids).
///
/// An enum with a `String` raw value gets `hash(into:)` from `RawRepresentable`, which builds the raw string and
/// hashes its bytes on every lookup. These enums hash their case instead; equality was already by case.
public protocol CaseHashable: Hashable, CaseIterable {}

extension CaseHashable {
  /// The case's tag: enums of 2 to 256 cases without payloads are one byte.
  @inlinable
  public var caseTag: UInt8 {
    precondition(MemoryLayout<Self>.size == 1, "CaseHashable needs an enum of 2 to 256 cases without payloads")
    return unsafeBitCast(self, to: UInt8.self)
  }
}

extension Role: CaseHashable {
  @inlinable public func hash(into hasher: inout Hasher) { hasher.combine(caseTag) }
}

extension Capability: CaseHashable {
  @inlinable public func hash(into hasher: inout Hasher) { hasher.combine(caseTag) }
}

extension Module: CaseHashable {
  @inlinable public func hash(into hasher: inout Hasher) { hasher.combine(caseTag) }
}
