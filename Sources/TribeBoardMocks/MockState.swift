import Foundation
import TribeBoardCore

/// A change the backend applied or settled: what it was and what came of it.
struct AppliedChange: Hashable, Sendable {
  var change: Change
  var madeAt: Date
  var result: ChangeResult
}

/// The mutable state of the mock backend: the world plus sessions, counters and the seeded generator.
///
/// The world is held indexed (by account, family, family code, route and item id), so every lookup and change the
/// services make costs the same however many families the world holds.
public struct MockState: Sendable {
  /// The world, indexed. Services change it only through its methods, which keep the indexes in step.
  var store: IndexedWorld
  /// Sessions, pending second factors and locked accounts.
  public var auth = MockAuthState(policy: MockAuthPolicy())
  /// The changes phones sent that the backend applied or settled, by author and id, so a resent change is
  /// applied once and a change is never taken for another.
  var appliedChanges: [ChangeIdentity: AppliedChange] = [:]
  private var counters: [String: Int] = [:]
  private var random: SeededGenerator

  public init(world: MockWorld, seed: UInt64) {
    store = IndexedWorld(world)
    random = SeededGenerator(seed: seed)
  }

  /// The whole world as plain lists, in the order everything was added. Reading or setting it costs the size of
  /// the world (setting re-indexes it): for snapshots and tests, not for an operation's lookups.
  public var world: MockWorld {
    get { store.world }
    set { store = IndexedWorld(newValue) }
  }

  /// The next identifier with `prefix`: `event-1`, `event-2`, … Skips identifiers the world already uses.
  public mutating func nextID(_ prefix: String, taken: Set<String> = []) -> String {
    nextID(prefix) { taken.contains($0) }
  }

  /// The next identifier with `prefix` for which `isTaken` is false.
  mutating func nextID(_ prefix: String, isTaken: (String) -> Bool) -> String {
    while true {
      counters[prefix, default: 0] += 1
      let id = "\(prefix)-\(counters[prefix]!)"
      if !isTaken(id) { return id }
    }
  }

  /// A family code from the seeded generator that no family uses. Characters come straight from the generator's
  /// bits (the alphabet has 32 letters), so codes do not depend on the standard library's sampling algorithm.
  public mutating func uniqueFamilyCode() -> String {
    let alphabet = Validation.familyCodeAlphabet
    while true {
      let code = String(
        (0..<Validation.familyCodeLength).map { _ in alphabet[Int(random.next() % UInt64(alphabet.count))] })
      if !store.isCodeTaken(code) { return code }
    }
  }

  /// Takes a removed member out of a family's items: their tasks are unassigned, their pickups freed, and they
  /// leave events' participants and pickups' passengers. Costs the size of the family.
  mutating func forget(_ user: UserID, in family: FamilyID) {
    // Open tasks go back to nobody; done ones stay with whoever did them, with their points.
    for position in store.tasks.positions(of: family)
    where store.tasks[position].assignee == user && store.tasks[position].status == .open {
      store.tasks[position].assignee = nil
    }
    for position in store.events.positions(of: family) where store.events[position].participants.contains(user) {
      store.events[position].participants.removeAll { $0 == user }
    }
    for route in store.routes.items(of: family) {
      for position in store.pickups.positions(of: route.id) {
        let pickup = store.pickups[position]
        guard pickup.driver == user || pickup.passengers.contains(user) else { continue }
        if pickup.driver == user { store.pickups[position].driver = nil }
        store.pickups[position].passengers.removeAll { $0 == user }
      }
    }
  }

  // MARK: Lookups that throw the app's errors

  public func account(_ id: UserID) throws(AppError) -> MockAccount {
    guard let account = store.account(id) else { throw AppError(.accountNotFound) }
    return account
  }

  public func family(_ id: FamilyID) throws(AppError) -> Family {
    guard let family = store.family(id) else {
      throw AppError(.familyNotFound, "That family no longer exists.", recovery: [.back])
    }
    return family
  }

  /// A family other than `family` in which `user` is an active member at `now`, if there is one.
  public func activeFamily(of user: UserID, otherThan family: FamilyID, at now: Date) -> Family? {
    store.families(of: user).first { other in
      other.id != family && store.membership(of: user, in: other.id).map { $0.isActive(at: now) } == true
    }
  }

  /// The membership of `user` in `family`, active or not; `nil` when they are not a member.
  public func existingMembership(of user: UserID, in family: FamilyID) -> Membership? {
    store.membership(of: user, in: family)
  }

  /// The refusal of a call about a family the caller is not a member of, whether or not the family exists.
  public static let notMember = AppError(
    .permissionDenied, "You are not a member of this family.", recovery: [.back])

  /// The refusal of a call that acts as, or asks about, an account other than the caller's.
  public static let notSelf = AppError(
    .permissionDenied, "A call can only act as, or ask about, the account signed in.", recovery: [.back])

  /// The membership of `user` in `family`, which must be active at `now`.
  public func membership(of user: UserID, in family: FamilyID, at now: Date) throws(AppError) -> Membership {
    guard let membership = store.membership(of: user, in: family) else { throw Self.notMember }
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

  /// Checks that `caller` may read what `capabilities` (any one of them) let a role see in `family`: an active
  /// member whose role has one. Returns their membership; `nil` for a call from no phone, which reads anything.
  @discardableResult
  func reader(_ caller: UserID?, of family: FamilyID, _ capabilities: Capability..., at now: Date) throws(AppError)
    -> Membership?
  {
    guard let caller else { return nil }
    let membership = try membership(of: caller, in: family, at: now)
    guard capabilities.contains(where: { Permissions.allows(membership.role, $0) }) else {
      throw AppError.denied(capabilities[0], role: membership.role)
    }
    return membership
  }

  /// The membership of `actor` in `family`, where a thing a call names lives, which must be active at `now`: one
  /// who is no member of it is told the thing does not exist, as if it did not, so nothing is learnt of another
  /// family's things.
  func membership(ofActor actor: UserID, inFamilyOfItem family: FamilyID, at now: Date) throws(AppError)
    -> Membership
  {
    guard store.membership(of: actor, in: family) != nil else { throw AppError(.notFound) }
    return try membership(of: actor, in: family, at: now)
  }

  /// As ``require(_:of:in:at:)``, for a thing of `family` a call names (``membership(ofActor:inFamilyOfItem:at:)``).
  @discardableResult
  func require(_ capability: Capability, of actor: UserID, onItemOf family: FamilyID, at now: Date)
    throws(AppError) -> Membership
  {
    let membership = try membership(ofActor: actor, inFamilyOfItem: family, at: now)
    guard Permissions.allows(membership.role, capability) else {
      throw AppError.denied(capability, role: membership.role)
    }
    return membership
  }

  /// The family whose current code is `code`, looked up by `caller`: a code no family has counts against them
  /// (``MockAuthState/countWrongFamilyCode(_:at:)``), so codes can't be guessed.
  mutating func family(withCode code: String, lookedUpBy caller: UserID?, at now: Date) throws(AppError) -> Family {
    if let caller { try auth.checkFamilyCodesUnlocked(caller, at: now) }
    guard let family = store.family(code: code) else {
      if let caller { try auth.countWrongFamilyCode(caller, at: now) }
      throw AppError(.familyNotFound, "No family has the code \(code). Check it with the family's parent admin.")
    }
    return family
  }

  /// Whether `user` and `other` are the same, or members (active or not) of one family: who may read whose profile.
  func shareAFamily(_ user: UserID, _ other: UserID) -> Bool {
    user == other || store.families(of: user).contains { store.membership(of: other, in: $0.id) != nil }
  }

  /// The ids of the family's messages `user` has not read, in the order they arrived: others' messages that
  /// arrived after the one their marker names. `nil` when they are not a member. Costs the family's messages.
  public func unreadMessages(of user: UserID, in family: FamilyID) -> [ItemID]? {
    guard let membership = store.membership(of: user, in: family) else { return nil }
    let marker = membership.lastRead.flatMap(store.messages.position(of:)) ?? -1
    return store.messages.positions(of: family).filter { $0 > marker && store.messages[$0].sender != user }
      .map { store.messages[$0].id }
  }

  /// A family's members, parent admins first, then by name (kept sorted as memberships change).
  public func members(of family: FamilyID) -> [Member] {
    store.members(of: family)
  }
}
