import Foundation
import TribeBoardCore

/// The mutable state of the mock backend: the world plus sessions, counters and the seeded generator.
public struct MockState: Sendable {
  public var world: MockWorld
  /// Active session tokens and whose they are.
  public var tokens: [String: UserID] = [:]
  /// Pending second-factor challenges and whose they are.
  public var challenges: [String: UserID] = [:]
  private var counters: [String: Int] = [:]
  private var random: SeededGenerator

  public init(world: MockWorld, seed: UInt64) {
    self.world = world
    random = SeededGenerator(seed: seed)
  }

  /// The next identifier with `prefix`: `event-1`, `event-2`, … Skips identifiers the world already uses.
  public mutating func nextID(_ prefix: String, taken: Set<String> = []) -> String {
    while true {
      counters[prefix, default: 0] += 1
      let id = "\(prefix)-\(counters[prefix]!)"
      if !taken.contains(id) { return id }
    }
  }

  /// A family code from the seeded generator that no family uses. Characters come straight from the generator's
  /// bits (the alphabet has 32 letters), so codes do not depend on the standard library's sampling algorithm.
  public mutating func uniqueFamilyCode() -> String {
    let alphabet = Validation.familyCodeAlphabet
    let taken = Set(world.families.map(\.code))
    while true {
      let code = String(
        (0..<Validation.familyCodeLength).map { _ in alphabet[Int(random.next() % UInt64(alphabet.count))] })
      if !taken.contains(code) { return code }
    }
  }

  /// Takes a removed member out of a family's items: their tasks are unassigned, their pickups freed, and they
  /// leave events' participants and pickups' passengers.
  mutating func forget(_ user: UserID, in family: FamilyID) {
    for index in world.tasks.indices where world.tasks[index].familyID == family && world.tasks[index].assignee == user
    {
      world.tasks[index].assignee = nil
    }
    for index in world.events.indices where world.events[index].familyID == family {
      world.events[index].participants.removeAll { $0 == user }
    }
    let routes = Set(world.routes.filter { $0.familyID == family }.map(\.id))
    for index in world.pickups.indices where routes.contains(world.pickups[index].routeID) {
      if world.pickups[index].driver == user { world.pickups[index].driver = nil }
      world.pickups[index].passengers.removeAll { $0 == user }
    }
  }

  public mutating func issueToken(for user: UserID) -> String {
    let token = nextID("token")
    tokens[token] = user
    return token
  }

  // MARK: Lookups that throw the app's errors

  public func account(_ id: UserID) throws(AppError) -> MockAccount {
    guard let account = world.accounts.first(where: { $0.profile.id == id }) else {
      throw AppError(.accountNotFound)
    }
    return account
  }

  public func family(_ id: FamilyID) throws(AppError) -> Family {
    guard let family = world.families.first(where: { $0.id == id }) else {
      throw AppError(.familyNotFound, "That family no longer exists.", recovery: [.back])
    }
    return family
  }

  public func membershipIndex(of user: UserID, in family: FamilyID) -> Int? {
    world.memberships.firstIndex { $0.userID == user && $0.familyID == family }
  }

  /// The membership of `user` in `family`, which must be active at `now`.
  public func membership(of user: UserID, in family: FamilyID, at now: Date) throws(AppError) -> Membership {
    guard let index = membershipIndex(of: user, in: family) else {
      throw AppError(.permissionDenied, "You are not a member of this family.", recovery: [.back])
    }
    let membership = world.memberships[index]
    guard membership.isActive(at: now) else { throw AppError(.accessExpired) }
    return membership
  }

  /// Checks that `user` is an active member whose role allows `capability`.
  @discardableResult
  public func require(_ capability: Capability, of user: UserID, in family: FamilyID, at now: Date)
    throws(AppError) -> Membership
  {
    let membership = try membership(of: user, in: family, at: now)
    guard Permissions.allows(membership.role, capability) else {
      throw AppError.denied(capability, role: membership.role)
    }
    return membership
  }

  public func members(of family: FamilyID) -> [Member] {
    world.memberships
      .filter { $0.familyID == family }
      .compactMap { membership in
        world.accounts.first { $0.profile.id == membership.userID }.map {
          Member(profile: $0.profile, membership: membership)
        }
      }
      .sorted { ($0.role, $0.profile.name, $0.id) < ($1.role, $1.profile.name, $1.id) }
  }
}
