import Foundation

/// A family: the group whose members share a calendar, tasks, messages and school runs.
public struct Family: Equatable, Hashable, Sendable, Identifiable {
  public var id: FamilyID
  public var name: String
  /// The code others type to join; unique across all families.
  public var code: String

  public init(id: FamilyID, name: String, code: String) {
    self.id = id
    self.name = name
    self.code = code
  }
}

/// A person's place in a family.
public struct Membership: Equatable, Hashable, Sendable {
  public var userID: UserID
  public var familyID: FamilyID
  public var role: Role
  /// When a visitor's access ends; `nil` means it does not expire.
  public var expiresAt: Date?
  /// How far the member has read the family's messages: the id of the last message read, in the order messages
  /// reached the backend (not the time they were written: a message that waited on a phone arrives late with an
  /// early time, and is still new). Every message that arrived before it is read too; `nil`: none read.
  /// ``MessagingService/markRead(in:through:by:)`` moves it, only ever forward. A member's own messages are never
  /// unread to them.
  public var lastRead: ItemID?

  public init(userID: UserID, familyID: FamilyID, role: Role, expiresAt: Date? = nil, lastRead: ItemID? = nil) {
    self.userID = userID
    self.familyID = familyID
    self.role = role
    self.expiresAt = expiresAt
    self.lastRead = lastRead
  }

  /// Whether the membership still grants access at `now`.
  public func isActive(at now: Date) -> Bool {
    guard let expiresAt else { return true }
    return now < expiresAt
  }
}

/// A member of a family as the app shows them: who, and in which role.
public struct Member: Equatable, Hashable, Sendable, Identifiable {
  public var profile: UserProfile
  public var membership: Membership

  public init(profile: UserProfile, membership: Membership) {
    self.profile = profile
    self.membership = membership
  }

  public var id: UserID { profile.id }
  public var role: Role { membership.role }
}

/// A family found by its code, shown before joining it.
public struct FamilyPreview: Equatable, Hashable, Sendable {
  public var family: Family
  public var members: [Member]

  public init(family: Family, members: [Member]) {
    self.family = family
    self.members = members
  }
}
