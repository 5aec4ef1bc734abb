import Foundation

/// Something on the family calendar.
public struct CalendarEvent: Equatable, Hashable, Sendable, Identifiable {
  public var id: ItemID
  public var familyID: FamilyID
  public var title: String
  public var start: Date
  public var place: String?
  public var participants: [UserID]
  public var kind: Kind

  /// What kind of entry a calendar line is.
  public enum Kind: String, CaseIterable, Sendable {
    case event, birthday, schoolRun
  }

  public init(
    id: ItemID, familyID: FamilyID, title: String, start: Date, place: String? = nil,
    participants: [UserID] = [], kind: Kind = .event
  ) {
    self.id = id
    self.familyID = familyID
    self.title = title
    self.start = start
    self.place = place
    self.participants = participants
    self.kind = kind
  }
}
