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

  // Every list and index is layered (``LayeredList``, ``LayeredMap``): copies of a world share what it was loaded
  // with and hold only what changed since, so exploration's thousands of worlds cost what each step changed.
  private(set) var accountList: LayeredList<MockAccount>
  private var accountPositions: LayeredMap<UserID, Int>
  private(set) var familyList: LayeredList<Family>
  private var familyPositions: LayeredMap<FamilyID, Int>
  /// Positions of the families holding each code, ascending (a loaded scenario has one per code).
  private var familiesByCode: LayeredMap<String, [Int]>
  /// How many codes more than one family holds.
  private var sharedCodes = 0
  /// Memberships in the order made; a removed one leaves `nil`, so positions stay stable.
  private(set) var membershipList: LayeredList<Membership?>
  private var membershipPositions: LayeredMap<MemberKey, Int>
  private var membershipsByFamily: LayeredMap<FamilyID, [Int]>
  private var membershipsByUser: LayeredMap<UserID, [Int]>
  /// The people with a membership of more than one family (active or not).
  private var inSeveralFamilies: Set<UserID> = []
  /// Each family's members in the order ``members(of:)`` gives them, remade when the family's memberships change.
  private var memberLists: LayeredMap<FamilyID, [Member]>
  var events: ItemTable<CalendarEvent>
  var tasks: ItemTable<FamilyTask>
  var messages: ItemTable<FamilyMessage>
  var notices: ItemTable<Notice>
  var routes: ItemTable<SchoolRoute>
  var pickups: ItemTable<Pickup>

  /// The accounts, in the order made (costs their number once any changed).
  var accounts: [MockAccount] { accountList.all }
  /// The families, in the order made (costs their number once any changed).
  var families: [Family] { familyList.all }
  /// The memberships, in the order made, a removed one as `nil` (costs their number once any changed).
  var memberships: [Membership?] { membershipList.all }

  /// The item tables, made together.
  private struct Tables: Sendable {
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
    }
  }

  init(_ world: MockWorld) {
    // Of two accounts (or families) with one id, the first is the one found, as when each is added (backwards, each
    // position replaces a later one).
    var accountPositions: [UserID: Int] = [:]
    accountPositions.reserveCapacity(world.accounts.count)
    for position in world.accounts.indices.reversed() {
      accountPositions[world.accounts[position].profile.id] = position
    }
    var familyPositions: [FamilyID: Int] = [:]
    var familiesByCode: [String: [Int]] = [:]
    familyPositions.reserveCapacity(world.families.count)
    familiesByCode.reserveCapacity(world.families.count)
    for position in world.families.indices.reversed() { familyPositions[world.families[position].id] = position }
    for position in world.families.indices {
      familiesByCode[world.families[position].code, default: []].append(position)
    }
    sharedCodes = familiesByCode.values.count { $0.count > 1 }
    var membershipPositions: [MemberKey: Int] = [:]
    var membershipsByFamily: [FamilyID: [Int]] = [:]
    var membershipsByUser: [UserID: [Int]] = [:]
    membershipPositions.reserveCapacity(world.memberships.count)
    for (position, membership) in world.memberships.enumerated() {
      let key = MemberKey(user: membership.userID, family: membership.familyID)
      if membershipPositions[key] == nil { membershipPositions[key] = position }
      membershipsByFamily[membership.familyID, default: []].append(position)
      membershipsByUser[membership.userID, default: []].append(position)
    }
    for (user, positions) in membershipsByUser where positions.count > 1 { inSeveralFamilies.insert(user) }
    var memberLists: [FamilyID: [Member]] = [:]
    for (family, positions) in membershipsByFamily {
      let members = Self.sortedMembers(positions.map { world.memberships[$0] }) { id in
        accountPositions[id].map { world.accounts[$0] }
      }
      if !members.isEmpty { memberLists[family] = members }
    }
    accountList = LayeredList(world.accounts)
    familyList = LayeredList(world.families)
    membershipList = LayeredList(world.memberships.map(Optional.some))
    self.accountPositions = LayeredMap(accountPositions)
    self.familyPositions = LayeredMap(familyPositions)
    self.familiesByCode = LayeredMap(familiesByCode)
    self.membershipPositions = LayeredMap(membershipPositions)
    self.membershipsByFamily = LayeredMap(membershipsByFamily)
    self.membershipsByUser = LayeredMap(membershipsByUser)
    self.memberLists = LayeredMap(memberLists)
    let built = Tables(world)
    (events, tasks, messages, notices) = (built.events, built.tasks, built.messages, built.notices)
    (routes, pickups) = (built.routes, built.pickups)
  }

  /// The world as a ``MockWorld``, every list in the order its items were added. Costs the size of the world.
  var world: MockWorld {
    MockWorld(
      accounts: accountList.all, families: familyList.all, memberships: membershipList.all.compactMap { $0 },
      events: events.all,
      tasks: tasks.all, messages: messages.all, notices: notices.all, routes: routes.all, pickups: pickups.all)
  }

  // MARK: Accounts

  func account(_ id: UserID) -> MockAccount? { accountPositions[id].map { accountList[$0] } }

  /// Whether an account uses `email` (compared without case).
  func hasAccount(email: String) -> Bool {
    let wanted = email.lowercased()
    return accountList.contains { $0.profile.email.lowercased() == wanted }
  }

  mutating func add(_ account: MockAccount) {
    if accountPositions[account.profile.id] == nil { accountPositions[account.profile.id] = accountList.count }
    accountList.append(account)
  }

  /// Changes the account with `id`; `false` when there is none.
  mutating func setNotifications(_ preferences: NotificationPreferences, of id: UserID) -> Bool {
    guard let position = accountPositions[id] else { return false }
    accountList[position].notifications = preferences
    return true
  }

  // MARK: Families

  func family(_ id: FamilyID) -> Family? { familyPositions[id].map { familyList[$0] } }

  func family(code: String) -> Family? { familiesByCode[code]?.first.map { familyList[$0] } }

  /// The first family made, if any.
  var firstFamily: Family? { familyList.first }

  /// Whether two families hold one code.
  var hasSharedCode: Bool { sharedCodes > 0 }

  func hasFamily(_ id: FamilyID) -> Bool { familyPositions[id] != nil }

  func isCodeTaken(_ code: String) -> Bool { familiesByCode[code] != nil }

  mutating func add(_ family: Family) {
    let position = familyList.count
    if familyPositions[family.id] == nil { familyPositions[family.id] = position }
    familyList.append(family)
    setFamilies(holding: family.code, to: (familiesByCode[family.code] ?? []) + [position])
  }

  /// Sets the positions of the families holding `code`, counting the codes held by more than one.
  private mutating func setFamilies(holding code: String, to positions: [Int]) {
    if (familiesByCode[code]?.count ?? 0) > 1 { sharedCodes -= 1 }
    if positions.count > 1 { sharedCodes += 1 }
    familiesByCode[code] = positions.isEmpty ? nil : positions
  }

  /// Gives the family `id` a new code and returns it; `nil` when there is no such family.
  mutating func setCode(_ code: String, of id: FamilyID) -> Family? {
    guard let position = familyPositions[id] else { return nil }
    let old = familyList[position].code
    setFamilies(holding: old, to: (familiesByCode[old] ?? []).filter { $0 != position })
    familyList[position].code = code
    setFamilies(holding: code, to: ((familiesByCode[code] ?? []) + [position]).sorted())
    return familyList[position]
  }

  /// The families `user` has a membership of (expired or not), in the order the families were added.
  func families(of user: UserID) -> [Family] {
    guard let held = membershipsByUser[user] else { return [] }
    var positions: [Int] = []
    positions.reserveCapacity(held.count)
    for position in held {
      if let family = membershipList[position].flatMap({ familyPositions[$0.familyID] }) { positions.append(family) }
    }
    positions.sort()
    var result: [Family] = []
    result.reserveCapacity(positions.count)
    for (index, position) in positions.enumerated() where index == 0 || positions[index - 1] != position {
      result.append(familyList[position])
    }
    return result
  }

  // MARK: Memberships

  /// The accounts with an active membership of more than one family at `now`, in the order of their ids.
  func peopleInSeveralFamilies(at now: Date) -> [UserID] {
    var found: [UserID] = []
    for user in inSeveralFamilies {
      var active = 0
      for position in membershipsByUser[user] ?? [] where membershipList[position].map({ $0.isActive(at: now) }) == true
      {
        active += 1
      }
      if active > 1 { found.append(user) }
    }
    return found.sorted()
  }

  func membership(of user: UserID, in family: FamilyID) -> Membership? {
    membershipPositions[MemberKey(user: user, family: family)].flatMap { membershipList[$0] }
  }

  /// A family's memberships, in the order made.
  func memberships(of family: FamilyID) -> [Membership] {
    (membershipsByFamily[family] ?? []).compactMap { membershipList[$0] }
  }

  /// A family's members: parent admins first, then by name (and id). Costs a copy of the family's list.
  func members(of family: FamilyID) -> [Member] { memberLists[family] ?? [] }

  /// Remakes the sorted member list of `family`. Costs the size of the family.
  private mutating func sortMembers(of family: FamilyID) {
    let members = Self.sortedMembers(memberships(of: family)) { account($0) }
    memberLists[family] = members.isEmpty ? nil : members
  }

  /// `memberships` as members, parent admins first, then by name (and id); `account` finds each one's account.
  private static func sortedMembers(_ memberships: [Membership], account: (UserID) -> MockAccount?) -> [Member] {
    memberships
      .compactMap { membership in
        account(membership.userID).map { Member(profile: $0.profile, membership: membership) }
      }
      .sorted { ($0.role, $0.profile.name, $0.id) < ($1.role, $1.profile.name, $1.id) }
  }

  mutating func add(_ membership: Membership) {
    let position = membershipList.count
    let key = MemberKey(user: membership.userID, family: membership.familyID)
    if membershipPositions[key] == nil { membershipPositions[key] = position }
    membershipList.append(membership)
    membershipsByFamily[membership.familyID] = (membershipsByFamily[membership.familyID] ?? []) + [position]
    let held = (membershipsByUser[membership.userID] ?? []) + [position]
    membershipsByUser[membership.userID] = held
    if held.count > 1 { inSeveralFamilies.insert(membership.userID) }
    sortMembers(of: membership.familyID)
  }

  /// Changes the membership of `user` in `family`; `false` when there is none.
  mutating func update(
    membershipOf user: UserID, in family: FamilyID, _ change: (inout Membership) -> Void
  ) -> Bool {
    guard let position = membershipPositions[MemberKey(user: user, family: family)],
      var membership = membershipList[position]
    else { return false }
    change(&membership)
    precondition(membership.userID == user && membership.familyID == family, "a membership's keys never change")
    membershipList[position] = membership
    sortMembers(of: family)
    return true
  }

  /// Ends the membership of `user` in `family`; `false` when there is none. Costs the family's size.
  mutating func remove(membershipOf user: UserID, in family: FamilyID) -> Bool {
    let key = MemberKey(user: user, family: family)
    guard let position = membershipPositions[key] else { return false }
    membershipList[position] = nil
    membershipsByFamily[family] = membershipsByFamily[family]?.filter { $0 != position }
    let held = membershipsByUser[user]?.filter { $0 != position }
    membershipsByUser[user] = held
    if (held?.count ?? 0) < 2 { inSeveralFamilies.remove(user) }
    // A duplicate membership (only a hand-built world has one) becomes the one the key finds, as a search would.
    membershipPositions[key] = membershipsByFamily[family]?.first { membershipList[$0].map(\.userID) == user }
    sortMembers(of: family)
    return true
  }
}

extension IndexedWorld {
  /// Whether the two worlds hold the same items of every kind, in the same order (their indexes then agree too).
  ///
  /// Written out kind by kind rather than looped over ``DataKind/all``, for exploration, which compares worlds at
  /// every state it meets (`Benchmarks/README.md`, *Shortcuts*); `DataKindTests` checks that it compares every kind.
  func hasSameContents(as other: IndexedWorld) -> Bool {
    accountList.hasSameItems(as: other.accountList) && familyList.hasSameItems(as: other.familyList)
      && membershipList.hasSameItems(as: other.membershipList) && events.hasSameItems(as: other.events)
      && tasks.hasSameItems(as: other.tasks) && messages.hasSameItems(as: other.messages)
      && notices.hasSameItems(as: other.notices) && routes.hasSameItems(as: other.routes)
      && pickups.hasSameItems(as: other.pickups)
  }
}
