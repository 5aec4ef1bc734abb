/// Hashing for the enums used as dictionary keys and set members on every step (``Role``, ``Capability``, the flow's
/// screen and action ids).
///
/// An enum with a `String` raw value gets `hash(into:)`, `hashValue` and `_rawHashValue(seed:)` (what `Dictionary`
/// and `Set` call) from `RawRepresentable`, which build the raw string and hash its bytes on every lookup. These
/// enums hash their case instead, as they compare by case. Each conforming type implements all three, calling
/// ``caseHash(seed:)`` for the last two: a default here would be as specific as `RawRepresentable`'s, and ambiguous.
public protocol CaseHashable: Hashable, CaseIterable {}

extension CaseHashable {
  /// The case's tag: enums of 2 to 256 cases without payloads are one byte.
  @inlinable
  public var caseTag: UInt8 {
    precondition(MemoryLayout<Self>.size == 1, "CaseHashable needs an enum of 2 to 256 cases without payloads")
    return unsafeBitCast(self, to: UInt8.self)
  }

  /// The hash of the case with `seed`, as `Dictionary` and `Set` ask for it: one word hashed, no string.
  @inlinable
  public func caseHash(seed: Int) -> Int {
    Int(caseTag)._rawHashValue(seed: seed)
  }
}

extension Role: CaseHashable {
  @inlinable public func hash(into hasher: inout Hasher) { hasher.combine(caseTag) }
  @inlinable public func _rawHashValue(seed: Int) -> Int { caseHash(seed: seed) }
  @inlinable public var hashValue: Int { caseHash(seed: 0) }
}

extension Capability: CaseHashable {
  @inlinable public func hash(into hasher: inout Hasher) { hasher.combine(caseTag) }
  @inlinable public func _rawHashValue(seed: Int) -> Int { caseHash(seed: seed) }
  @inlinable public var hashValue: Int { caseHash(seed: 0) }
}

extension Module: CaseHashable {
  @inlinable public func hash(into hasher: inout Hasher) { hasher.combine(caseTag) }
  @inlinable public func _rawHashValue(seed: Int) -> Int { caseHash(seed: seed) }
  @inlinable public var hashValue: Int { caseHash(seed: 0) }
}

extension AppError.Code: CaseHashable {
  @inlinable public func hash(into hasher: inout Hasher) { hasher.combine(caseTag) }
  @inlinable public func _rawHashValue(seed: Int) -> Int { caseHash(seed: seed) }
  @inlinable public var hashValue: Int { caseHash(seed: 0) }
}
