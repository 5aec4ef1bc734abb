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
  /// How far the member has read the family's messages: every message sent at or before this time is read
  /// (``DataService/markRead(in:upTo:by:)`` moves it, only ever forward). `nil`: they have read none. A member's
  /// own messages are never unread to them, whatever it says.
  public var lastRead: Date?

  public init(userID: UserID, familyID: FamilyID, role: Role, expiresAt: Date? = nil, lastRead: Date? = nil) {
    self.userID = userID
    self.familyID = familyID
    self.role = role
    self.expiresAt = expiresAt
    self.lastRead = lastRead
  }

  /// Whether `message` is unread to this member: someone else sent it after ``lastRead``.
  public func isUnread(_ message: FamilyMessage) -> Bool {
    message.sender != userID && lastRead.map { message.sentAt > $0 } ?? true
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
