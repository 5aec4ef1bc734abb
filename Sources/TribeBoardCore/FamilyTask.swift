import Foundation

/// A task or chore: who does it, by when, and how many points it earns.
public struct FamilyTask: Equatable, Hashable, Sendable, Identifiable {
  public var id: ItemID
  public var familyID: FamilyID
  public var title: String
  public var assignee: UserID?
  public var due: Date?
  public var points: Int
  public var status: Status
  /// When the task last changed, and by whom: the last writer wins when changes made offline meet.
  public var updatedAt: Date?
  public var updatedBy: UserID?

  public enum Status: String, CaseIterable, Codable, Sendable {
    case open, done
  }

  public init(
    id: ItemID, familyID: FamilyID, title: String, assignee: UserID? = nil, due: Date? = nil,
    points: Int = 0, status: Status = .open
  ) {
    self.id = id
    self.familyID = familyID
    self.title = title
    self.assignee = assignee
    self.due = due
    self.points = points
    self.status = status
  }
}
