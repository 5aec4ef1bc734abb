import Foundation

/// A regular school-run route, such as "Home → Oakwood Primary".
public struct SchoolRoute: Equatable, Hashable, Sendable, Identifiable {
  public var id: ItemID
  public var familyID: FamilyID
  public var name: String

  public init(id: ItemID, familyID: FamilyID, name: String) {
    self.id = id
    self.familyID = familyID
    self.name = name
  }
}

/// One pickup on a route: when, who drives, who rides. A pickup without a driver is unclaimed.
public struct Pickup: Equatable, Hashable, Sendable, Identifiable {
  public var id: ItemID
  public var routeID: ItemID
  public var at: Date
  public var driver: UserID?
  public var passengers: [UserID]

  public init(id: ItemID, routeID: ItemID, at: Date, driver: UserID? = nil, passengers: [UserID] = []) {
    self.id = id
    self.routeID = routeID
    self.at = at
    self.driver = driver
    self.passengers = passengers
  }
}
