import Foundation

/// The rules that keep a family's roles sensible. Breaking one is a `roleConflict` error.
public enum RoleRules {
  /// How long a visitor who joins by code, or is made a visitor, keeps access.
  public static let visitorAccess: TimeInterval = 7 * 24 * 3600

  /// Roles a person may choose when joining by code: adult, child or visitor, and a child's account only child or
  /// visitor. Parent admin is given by a parent admin, never taken with a code.
  public static func checkJoin(_ role: Role, isChildAccount: Bool) throws(AppError) {
    if isChildAccount && (role == .adult || role == .parentAdmin) {
      throw AppError(
        .roleConflict, "A child's account can join as a child or a visitor, not as \(role.withArticle).",
        recovery: [.edit, .back])
    }
    if role == .parentAdmin {
      throw AppError(
        .roleConflict, "Nobody joins as parent admin: join as an adult and ask a parent admin to promote you.",
        recovery: [.edit, .back])
    }
  }

  /// Whoever creates a family becomes its parent admin, which a child's account can never be.
  public static func checkCreate(isChildAccount: Bool) throws(AppError) {
    if isChildAccount {
      throw AppError(
        .roleConflict,
        "A child's account can't create a family: whoever creates one becomes its parent admin. Ask a parent to create it, then join with its code.",
        recovery: [.join, .back])
    }
  }

  /// The roles that can be given tasks: those that can see and complete their own (not visitors).
  public static let taskRoles = Role.allCases.filter { Permissions.allows($0, .completeOwnTask) }

  /// A task goes only to a member whose role can take tasks; `name` is how the message names them.
  public static func checkAssignee(_ role: Role, name: String) throws(AppError) {
    guard taskRoles.contains(role) else {
      let roles = taskRoles.map { "\(article($0)) \($0.displayName.lowercased())" }
      let list = roles.dropLast().joined(separator: ", ") + (roles.count > 1 ? " or " : "") + (roles.last ?? "")
      throw AppError(
        .validationFailed,
        "\(name) is \(article(role)) \(role.displayName.lowercased()) and can't take tasks; give it to \(list).",
        recovery: [.edit])
    }
  }

  /// The roles that can drive a pickup: those that may claim one (not children, not visitors).
  public static let driverRoles = Role.allCases.filter { Permissions.allows($0, .claimPickup) }

  /// A pickup's driver is a member whose role can drive; `name` is how the message names them.
  public static func checkDriver(_ role: Role, name: String) throws(AppError) {
    guard driverRoles.contains(role) else {
      throw AppError(
        .roleConflict,
        "\(name) is \(article(role)) \(role.displayName.lowercased()) and can't drive a pickup; a driver is a parent admin or an adult.",
        recovery: [.edit])
    }
  }

  /// A person is active in one family at a time: joining, or coming back to, `family` is refused while
  /// `otherFamily` (the one they are active in, if any) is not `family`.
  public static func checkOneFamily(joining family: FamilyID, activeIn otherFamily: FamilyID?) throws(AppError) {
    if let otherFamily, otherFamily != family {
      throw AppError(
        .roleConflict, "You are already in a family: a person is in one family at a time. Leave it first.",
        recovery: [.back])
    }
  }

  /// The refusal of `name` as an event's participant: participants are the family's active members, and `endedAt`
  /// is when their (visitor) access ended, if it did.
  public static func notAParticipant(_ name: String, endedAt: Date?) -> AppError {
    AppError(
      .validationFailed,
      endedAt == nil
        ? "\(name) is not a member of the family: an event's participants are its members."
        : "\(name)'s access to the family has ended: an event's participants are its active members.",
      recovery: [.edit])
  }

  /// What two email addresses are compared by: one account an email, whatever the case of its letters.
  public static func emailKey(_ email: String) -> String { email.lowercased() }

  /// A driver is booked for one pickup at a time: `pickup` at `at` clashes with `others`, the pickups `driver`
  /// drives (the first at the same minute is returned, so the refusal can name its route).
  public static func clash(at time: Date, for driver: UserID, among others: [Pickup], except pickup: ItemID) -> Pickup?
  {
    others.first { $0.id != pickup && $0.driver == driver && abs($0.at.timeIntervalSince(time)) < 60 }
  }

  /// The roles a member can be given: any, but a child's account only child or visitor.
  public static func givable(isChildAccount: Bool) -> [Role] {
    isChildAccount ? [.child, .visitor] : Role.allCases
  }

  /// A role change must leave the family a parent admin, and a child's account may not become an adult.
  public static func checkChange(
    of membership: Membership, to role: Role, isChildAccount: Bool, members: [Member]
  ) throws(AppError) {
    if !givable(isChildAccount: isChildAccount).contains(role) {
      throw AppError(.roleConflict, "A child's account can only be a child or a visitor.", recovery: [.edit, .back])
    }
    if membership.role == .parentAdmin && role != .parentAdmin && isLastParentAdmin(membership, members) {
      throw AppError(.roleConflict, "The family needs a parent admin. Make another member parent admin first.")
    }
  }

  /// Removing or leaving must not take the family's last parent admin.
  public static func checkRemoval(of membership: Membership, members: [Member]) throws(AppError) {
    guard membership.role == .parentAdmin && isLastParentAdmin(membership, members) else { return }
    if !members.contains(where: { $0.id != membership.userID }) {
      // Nobody to hand the family to: say so, and how to have someone.
      throw AppError(
        .roleConflict,
        "You are the family's only member, so nobody can take over as parent admin, and a family can't be left empty. To leave, share the family code (Family management) with someone, make them parent admin once they have joined, then leave.",
        recovery: [.back])
    }
    throw AppError(
      .roleConflict, "The last parent admin can't leave or be removed. Make another member parent admin first.")
  }

  private static func article(_ role: Role) -> String {
    role.displayName.lowercased().first.map { "aeiou".contains($0) } == true ? "an" : "a"
  }

  private static func isLastParentAdmin(_ membership: Membership, _ members: [Member]) -> Bool {
    !members.contains { $0.role == .parentAdmin && $0.id != membership.userID }
  }
}
