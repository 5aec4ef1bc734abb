import Foundation
import TribeBoardCore

/// The mock backend's world, stored with indexes by account, family, family code, route and item id, so each
/// lookup a service makes costs the same in a world of ten families as in one of ten thousand.
///
/// It holds what a ``MockWorld`` holds and gives it back unchanged (``world``), in the same order, so anything
/// that reads the world sees the values it was given. Every change goes through a method here, which keeps the
/// indexes in step.
struct IndexedWorld: Sendable {
  private struct MemberKey: Hashable {
    var user: UserID
    var family: FamilyID
  }

  private(set) var accounts: [MockAccount] = []
  private var accountPositions: [UserID: Int] = [:]
  private(set) var families: [Family] = []
  private var familyPositions: [FamilyID: Int] = [:]
  /// Positions of the families holding each code, ascending (a loaded scenario has one per code).
  private var familiesByCode: [String: [Int]] = [:]
  /// Memberships in the order made; a removed one leaves `nil`, so positions stay stable.
  private(set) var memberships: [Membership?] = []
  private var membershipPositions: [MemberKey: Int] = [:]
  private var membershipsByFamily: [FamilyID: [Int]] = [:]
  private var membershipsByUser: [UserID: [Int]] = [:]
  /// Each family's members in the order ``members(of:)`` gives them, remade when the family's memberships change.
  private var memberLists: [FamilyID: [Member]] = [:]
  var events: ItemTable<CalendarEvent>
  var tasks: ItemTable<FamilyTask>
  var messages: ItemTable<FamilyMessage>
  var notices: ItemTable<Notice>
  var routes: ItemTable<SchoolRoute>
  var pickups: ItemTable<Pickup>

  init(_ world: MockWorld) {
    events = ItemTable(world.events)
    tasks = ItemTable(world.tasks)
    messages = ItemTable(world.messages)
    notices = ItemTable(world.notices)
    routes = ItemTable(world.routes)
    pickups = ItemTable(world.pickups)
    // The lists are shared with `world` until either changes; of two accounts (or families) with one id, the first
    // is the one found, as when each is added (backwards, each position replaces a later one).
    accounts = world.accounts
    accountPositions.reserveCapacity(accounts.count)
    for position in accounts.indices.reversed() { accountPositions[accounts[position].profile.id] = position }
    families = world.families
    familyPositions.reserveCapacity(families.count)
    familiesByCode.reserveCapacity(families.count)
    for position in families.indices.reversed() { familyPositions[families[position].id] = position }
    for position in families.indices { familiesByCode[families[position].code, default: []].append(position) }
    memberships.reserveCapacity(world.memberships.count)
    membershipPositions.reserveCapacity(world.memberships.count)
    for membership in world.memberships { index(membership) }
    for family in membershipsByFamily.keys { sortMembers(of: family) }
  }

  /// The world as a ``MockWorld``, every list in the order its items were added. Costs the size of the world.
  var world: MockWorld {
    MockWorld(
      accounts: accounts, families: families, memberships: memberships.compactMap { $0 }, events: events.all,
      tasks: tasks.all, messages: messages.all, notices: notices.all, routes: routes.all, pickups: pickups.all)
  }

  // MARK: Accounts

  func account(_ id: UserID) -> MockAccount? { accountPositions[id].map { accounts[$0] } }

  /// Whether an account uses `email` (compared without case).
  func hasAccount(email: String) -> Bool {
    let wanted = RoleRules.emailKey(email)
    return accounts.contains { RoleRules.emailKey($0.profile.email) == wanted }
  }

  mutating func add(_ account: MockAccount) {
    if accountPositions[account.profile.id] == nil { accountPositions[account.profile.id] = accounts.count }
    accounts.append(account)
  }

  /// Changes the account with `id`; `false` when there is none.
  mutating func setNotifications(_ preferences: NotificationPreferences, of id: UserID) -> Bool {
    guard let position = accountPositions[id] else { return false }
    accounts[position].notifications = preferences
    return true
  }

  // MARK: Families

  func family(_ id: FamilyID) -> Family? { familyPositions[id].map { families[$0] } }

  func family(code: String) -> Family? { familiesByCode[code]?.first.map { families[$0] } }

  func hasFamily(_ id: FamilyID) -> Bool { familyPositions[id] != nil }

  func isCodeTaken(_ code: String) -> Bool { familiesByCode[code] != nil }

  mutating func add(_ family: Family) {
    let position = families.count
    if familyPositions[family.id] == nil { familyPositions[family.id] = position }
    families.append(family)
    familiesByCode[family.code, default: []].append(position)
  }

  /// Gives the family `id` a new code and returns it; `nil` when there is no such family.
  mutating func setCode(_ code: String, of id: FamilyID) -> Family? {
    guard let position = familyPositions[id] else { return nil }
    let old = families[position].code
    familiesByCode[old]?.removeAll { $0 == position }
    if familiesByCode[old]?.isEmpty == true { familiesByCode[old] = nil }
    families[position].code = code
    let holders = familiesByCode[code, default: []]
    familiesByCode[code] = (holders + [position]).sorted()
    return families[position]
  }

  /// The families `user` has a membership of (expired or not), in the order the families were added.
  func families(of user: UserID) -> [Family] {
    guard let held = membershipsByUser[user] else { return [] }
    var positions: [Int] = []
    positions.reserveCapacity(held.count)
    for position in held {
      if let family = memberships[position].flatMap({ familyPositions[$0.familyID] }) { positions.append(family) }
    }
    positions.sort()
    var result: [Family] = []
    result.reserveCapacity(positions.count)
    for (index, position) in positions.enumerated() where index == 0 || positions[index - 1] != position {
      result.append(families[position])
    }
    return result
  }

  // MARK: Memberships

  /// The accounts with an active membership of more than one family at `now`, in the order of their ids.
  func peopleInSeveralFamilies(at now: Date) -> [UserID] {
    var found: [UserID] = []
    for (user, positions) in membershipsByUser where positions.count > 1 {
      var active = 0
      for position in positions where memberships[position].map({ $0.isActive(at: now) }) == true { active += 1 }
      if active > 1 { found.append(user) }
    }
    return found.sorted()
  }

  func membership(of user: UserID, in family: FamilyID) -> Membership? {
    membershipPositions[MemberKey(user: user, family: family)].flatMap { memberships[$0] }
  }

  /// A family's memberships, in the order made.
  func memberships(of family: FamilyID) -> [Membership] {
    (membershipsByFamily[family] ?? []).compactMap { memberships[$0] }
  }

  /// A family's members: parent admins first, then by name (and id). Costs a copy of the family's list.
  func members(of family: FamilyID) -> [Member] { memberLists[family] ?? [] }

  /// Remakes the sorted member list of `family`. Costs the size of the family.
  private mutating func sortMembers(of family: FamilyID) {
    let members = memberships(of: family)
      .compactMap { membership in
        account(membership.userID).map { Member(profile: $0.profile, membership: membership) }
      }
      .sorted { ($0.role, $0.profile.name, $0.id) < ($1.role, $1.profile.name, $1.id) }
    memberLists[family] = members.isEmpty ? nil : members
  }

  mutating func add(_ membership: Membership) {
    index(membership)
    sortMembers(of: membership.familyID)
  }

  private mutating func index(_ membership: Membership) {
    let position = memberships.count
    let key = MemberKey(user: membership.userID, family: membership.familyID)
    if membershipPositions[key] == nil { membershipPositions[key] = position }
    memberships.append(membership)
    membershipsByFamily[membership.familyID, default: []].append(position)
    membershipsByUser[membership.userID, default: []].append(position)
  }

  /// Changes the membership of `user` in `family`; `false` when there is none.
  mutating func update(
    membershipOf user: UserID, in family: FamilyID, _ change: (inout Membership) -> Void
  ) -> Bool {
    guard let position = membershipPositions[MemberKey(user: user, family: family)],
      var membership = memberships[position]
    else { return false }
    change(&membership)
    precondition(membership.userID == user && membership.familyID == family, "a membership's keys never change")
    memberships[position] = membership
    sortMembers(of: family)
    return true
  }

  /// Ends the membership of `user` in `family`; `false` when there is none. Costs the family's size.
  mutating func remove(membershipOf user: UserID, in family: FamilyID) -> Bool {
    let key = MemberKey(user: user, family: family)
    guard let position = membershipPositions[key] else { return false }
    memberships[position] = nil
    membershipsByFamily[family]?.removeAll { $0 == position }
    membershipsByUser[user]?.removeAll { $0 == position }
    // A duplicate membership (only a hand-built world has one) becomes the one the key finds, as a search would.
    membershipPositions[key] = membershipsByFamily[family]?.first { memberships[$0]?.userID == user }
    sortMembers(of: family)
    return true
  }
}

extension IndexedWorld {
  /// Whether the two worlds hold the same items of every kind (``DataKind/all``), in the same order (their indexes
  /// then agree too).
  func hasSameContents(as other: IndexedWorld) -> Bool {
    DataKind.all.allSatisfy { $0.same(self, other) }
  }
}
