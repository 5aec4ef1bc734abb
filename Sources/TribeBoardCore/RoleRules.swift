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
        .roleConflict, "A child's account can join as a child or a visitor, not as \(role.displayName.lowercased()).",
        recovery: [.edit, .back])
    }
    if role == .parentAdmin {
      throw AppError(
        .roleConflict, "Nobody joins as parent admin: join as an adult and ask a parent admin to promote you.",
        recovery: [.edit, .back])
    }
  }

  /// A role change must leave the family a parent admin, and a child's account may not become an adult.
  public static func checkChange(
    of membership: Membership, to role: Role, isChildAccount: Bool, members: [Member]
  ) throws(AppError) {
    if isChildAccount && (role == .adult || role == .parentAdmin) {
      throw AppError(.roleConflict, "A child's account can only be a child or a visitor.")
    }
    if membership.role == .parentAdmin && role != .parentAdmin && isLastParentAdmin(membership, members) {
      throw AppError(.roleConflict, "The family needs a parent admin. Make another member parent admin first.")
    }
  }

  /// Removing or leaving must not take the family's last parent admin.
  public static func checkRemoval(of membership: Membership, members: [Member]) throws(AppError) {
    if membership.role == .parentAdmin && isLastParentAdmin(membership, members) {
      throw AppError(
        .roleConflict, "The last parent admin can't leave or be removed. Make another member parent admin first.")
    }
  }

  private static func isLastParentAdmin(_ membership: Membership, _ members: [Member]) -> Bool {
    !members.contains { $0.role == .parentAdmin && $0.id != membership.userID }
  }
}
