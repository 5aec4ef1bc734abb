/// The role a member holds in a family. It decides what the member may see and do.
public enum Role: String, CaseIterable, Codable, Sendable, Comparable {
  case parentAdmin
  case adult
  case child
  case visitor

  /// How the app names the role to people.
  public var displayName: String {
    switch self {
    case .parentAdmin: "Parent admin"
    case .adult: "Adult"
    case .child: "Child"
    case .visitor: "Visitor"
    }
  }

  public static func < (lhs: Role, rhs: Role) -> Bool {
    allCases.firstIndex(of: lhs)! < allCases.firstIndex(of: rhs)!
  }
}
