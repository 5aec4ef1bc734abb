/// A stable identifier for a person's account, as the scenario names it (`sarah`).
public typealias UserID = String
/// A stable identifier for a family.
public typealias FamilyID = String
/// A stable identifier for anything a family owns: an event, a task, a message, a notice, a route or a pickup.
public typealias ItemID = String
