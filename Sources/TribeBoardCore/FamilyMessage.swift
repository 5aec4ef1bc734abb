import Foundation

/// A message in the family conversation.
public struct FamilyMessage: Equatable, Hashable, Sendable, Identifiable {
  public var id: ItemID
  public var familyID: FamilyID
  public var sender: UserID
  public var sentAt: Date
  public var text: String

  public init(id: ItemID, familyID: FamilyID, sender: UserID, sentAt: Date, text: String) {
    self.id = id
    self.familyID = familyID
    self.sender = sender
    self.sentAt = sentAt
    self.text = text
  }
}

/// A post on the family noticeboard; pinned notices stay on top.
public struct Notice: Equatable, Hashable, Sendable, Identifiable {
  public var id: ItemID
  public var familyID: FamilyID
  public var author: UserID
  public var postedAt: Date
  public var text: String
  public var pinned: Bool

  public init(id: ItemID, familyID: FamilyID, author: UserID, postedAt: Date, text: String, pinned: Bool = false) {
    self.id = id
    self.familyID = familyID
    self.author = author
    self.postedAt = postedAt
    self.text = text
    self.pinned = pinned
  }
}
