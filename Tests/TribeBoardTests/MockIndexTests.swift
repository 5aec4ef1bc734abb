import Foundation
import Testing
import TribeBoardCore
import TribeBoardMocks

/// The mock backend answers from indexes kept alongside the world. These tests change a world through every data
/// operation, at random, and after each change compare every read the services offer with a plain search of the
/// world's lists (what the backend did before it was indexed).
@Suite struct MockIndexTests {
  static let now = Date(timeIntervalSince1970: 1_772_438_400)  // 2026-03-02T08:00:00Z

  /// Three families of four (one person in two families), with items of every kind.
  static func world() -> MockWorld {
    var world = MockWorld()
    for f in 0..<3 {
      for (m, child) in [("a", false), ("b", false), ("c", true), ("d", true)] {
        let profile = UserProfile(id: "p\(f)\(m)", name: "Person \(f)\(m)", email: "p\(f)\(m)@example.test")
        world.accounts.append(MockAccount(profile: profile, providers: [.apple], isChild: child))
      }
    }
    world.accounts.append(
      MockAccount(profile: UserProfile(id: "nana", name: "Nana", email: "nana@example.test"), providers: [.google]))
    for f in 0..<3 {
      let family = "f\(f)"
      world.families.append(Family(id: family, name: "Family \(f)", code: ["K7QM2X", "ABCDEF", "H3J4K5"][f]))
      for (m, role) in [("a", Role.parentAdmin), ("b", .adult), ("c", .child), ("d", .child)] {
        world.memberships.append(Membership(userID: "p\(f)\(m)", familyID: family, role: role))
      }
      world.memberships.append(Membership(userID: "nana", familyID: family, role: f == 0 ? .adult : .parentAdmin))
      for k in 0..<3 {
        let at = now.addingTimeInterval(Double(k * 3600 + f))
        world.events.append(
          CalendarEvent(id: "\(family)-e\(k)", familyID: family, title: "E", start: at, participants: ["p\(f)c"]))
        world.tasks.append(FamilyTask(id: "\(family)-t\(k)", familyID: family, title: "T", assignee: "p\(f)b"))
        world.messages.append(
          FamilyMessage(id: "\(family)-m\(k)", familyID: family, sender: "p\(f)a", sentAt: at, text: "M"))
        world.notices.append(Notice(id: "\(family)-n\(k)", familyID: family, author: "p\(f)a", postedAt: at, text: "N"))
        world.routes.append(SchoolRoute(id: "\(family)-r\(k)", familyID: family, name: "R"))
        world.pickups.append(
          Pickup(id: "\(family)-r\(k)-p", routeID: "\(family)-r\(k)", at: at, driver: "p\(f)b", passengers: ["p\(f)c"]))
      }
    }
    return world
  }

  /// Every read of `data` agrees with a linear search of `world`, for every family and account.
  static func expectConsistent(_ data: MockDataService, _ world: MockWorld, after step: String) async throws {
    let context = Comment(rawValue: "after \(step)")
    for account in world.accounts {
      let user = account.profile.id
      let ids = world.memberships.filter { $0.userID == user }.map(\.familyID)
      #expect(try await data.families(for: user) == world.families.filter { ids.contains($0.id) }, context)
      #expect(try await data.notificationPreferences(of: user) == account.notifications, context)
    }
    for family in world.families {
      let id = family.id
      #expect(try await data.findFamily(code: family.code).family == family, context)
      let members = world.memberships.filter { $0.familyID == id }.compactMap { membership in
        world.accounts.first { $0.profile.id == membership.userID }.map {
          Member(profile: $0.profile, membership: membership)
        }
      }
      #expect(
        try await data.members(of: id)
          == members.sorted { ($0.role, $0.profile.name, $0.id) < ($1.role, $1.profile.name, $1.id) }, context)
      #expect(
        try await data.events(in: id)
          == world.events.filter { $0.familyID == id }.sorted { ($0.start, $0.id) < ($1.start, $1.id) }, context)
      #expect(try await data.tasks(in: id) == world.tasks.filter { $0.familyID == id }, context)
      #expect(
        try await data.messages(in: id)
          == world.messages.filter { $0.familyID == id }.enumerated()
          .sorted { ($0.element.sentAt, $0.offset) < ($1.element.sentAt, $1.offset) }.map(\.element), context)
      #expect(
        try await data.notices(in: id)
          == world.notices.filter { $0.familyID == id }
          .sorted { ($0.pinned ? 0 : 1, $1.postedAt, $0.id) < ($1.pinned ? 0 : 1, $0.postedAt, $1.id) }, context)
      // Read markers: the messages after the marked one in the world's order (the order they arrived).
      for membership in world.memberships where membership.familyID == id {
        let marker = membership.lastRead.flatMap { last in world.messages.firstIndex { $0.id == last } } ?? -1
        let unread = world.messages.enumerated().filter { index, message in
          message.familyID == id && index > marker && message.sender != membership.userID
        }
        #expect(try await data.unreadMessages(in: id, for: membership.userID) == unread.map(\.element.id), context)
      }
      let routes = world.routes.filter { $0.familyID == id }
      #expect(try await data.routes(in: id) == routes, context)
      let routeIDs = Set(routes.map(\.id))
      #expect(
        try await data.pickups(in: id)
          == world.pickups.filter { routeIDs.contains($0.routeID) }.sorted { ($0.at, $0.id) < ($1.at, $1.id) },
        context)
    }
  }

  @Test func everyReadAgreesWithASearchOfTheWorldAfterRandomChanges() async throws {
    let environment = MockEnvironment(
      MockConfiguration(now: Self.now, seed: 11, world: Self.world(), device: MockDeviceState(user: "p0a")))
    let backend = environment.backend
    let data = MockDataService(backend: backend)
    var random = SeededGenerator(seed: 42)
    var codes: [String] = ["K7QM2X", "ABCDEF", "H3J4K5"]
    func pick<T>(_ values: [T]) -> T { values[Int(random.next() % UInt64(values.count))] }
    var changed = 0
    for round in 0..<300 {
      let world = backend.world
      // Mostly people of the family acted on, so that most changes are allowed.
      let family = pick(world.families).id
      let members = world.memberships.filter { $0.familyID == family }.map(\.userID)
      let admins = world.memberships.filter { $0.familyID == family && $0.role == .parentAdmin }.map(\.userID)
      let anyone = world.accounts.map(\.profile.id)
      let user = pick(random.next() % 4 == 0 ? anyone : admins.isEmpty ? members + anyone : admins)
      let other = pick(random.next() % 4 == 0 ? anyone : members + anyone)
      let role = pick(Role.allCases)
      var step = "round \(round)"
      do {
        switch random.next() % 15 {
        case 0 where round % 4 == 0:
          step = "\(user) creates a family"
          codes.append(try await data.createFamily(named: "New \(round)", creator: user).code)
        case 1:
          step = "\(user) joins \(family) as \(role)"
          _ = try await data.joinFamily(code: environment.backend.family(family)?.code ?? "", user: user, role: role)
        case 2:
          step = "\(user) makes \(other) \(role) in \(family)"
          try await data.changeRole(of: other, in: family, to: role, by: user)
        case 3, 4, 14:
          step = "\(user) removes \(other) from \(family)"
          try await data.removeMember(other, from: family, by: user)
        case 5:
          step = "\(user) renews the code of \(family)"
          codes.append(try await data.regenerateCode(for: family, by: user).code)
        case 6:
          step = "\(user) adds an event to \(family)"
          _ = try await data.addEvent(NewEvent(title: "X", start: Self.now, participants: [user]), to: family, by: user)
        case 7:
          step = "\(user) adds a task to \(family)"
          _ = try await data.addTask(NewTask(title: "X", assignee: other), to: family, by: user)
        case 8:
          let task = pick(world.tasks).id
          step = "\(user) sets the status of \(task)"
          try await data.setStatus(pick([.open, .done]), ofTask: task, by: user)
        case 9:
          let task = pick(world.tasks).id
          step = "\(user) assigns \(task) to \(other)"
          try await data.assign(task: task, to: other, by: user)
        case 10:
          step = "\(user) writes to \(family)"
          _ = try await data.sendMessage("hi", to: family, by: user)
          _ = try await data.postNotice("note", to: family, by: user)
          let messages = world.messages.filter { $0.familyID == family }
          if !messages.isEmpty {
            try await data.markRead(in: family, through: messages[round % messages.count].id, by: user)
          }
        case 11:
          let notice = pick(world.notices).id
          step = "\(user) pins \(notice)"
          try await data.setPinned(random.next() % 2 == 0, notice: notice, by: user)
        case 12:
          let pickup = pick(world.pickups).id
          step = "\(user) drives \(pickup)"
          try await data.setDriver(random.next() % 2 == 0 ? user : nil, ofPickup: pickup, by: user)
        case 13:
          step = "\(user) changes notification settings"
          try await data.setNotificationPreferences(NotificationPreferences(messages: false), for: user)
        default:
          continue
        }
        changed += 1
      } catch {
        // A refusal is an answer too; the reads must still agree.
      }
      let after = backend.world
      try await Self.expectConsistent(data, after, after: step)
      // A code that was replaced finds no family.
      let current = Set(after.families.map(\.code))
      for code in codes where !current.contains(code) {
        await #expect(throws: AppError.self) { try await data.findFamily(code: code) }
      }
    }
    #expect(changed > 100, "most random changes should be allowed")
  }

  @Test func removingAMemberForgetsThemOnlyInThatFamily() async throws {
    var world = Self.world()
    world.tasks.append(FamilyTask(id: "f1-nana", familyID: "f1", title: "T", assignee: "nana"))
    world.pickups[0].driver = "nana"
    let environment = MockEnvironment(
      MockConfiguration(now: Self.now, seed: 1, world: world, device: MockDeviceState(user: "p0a")))
    let data = MockDataService(backend: environment.backend)
    try await data.removeMember("nana", from: "f0", by: "p0a")
    #expect(try await data.families(for: "nana").map(\.id) == ["f1", "f2"])
    #expect(try await data.pickups(in: "f0").first { $0.id == "f0-r0-p" }?.driver == nil)
    #expect(try await data.tasks(in: "f1").first { $0.id == "f1-nana" }?.assignee == "nana")
    // One active family per person: still in f1 and f2, nana can't join f0 again.
    let code = try #require(environment.backend.family("f0")).code
    await #expect(throws: AppError.self) { _ = try await data.joinFamily(code: code, user: "nana", role: .adult) }
    #expect(try await data.families(for: "nana").map(\.id) == ["f1", "f2"])
  }
}

/// The backend gives back the snapshot it was restored to (or last gave) until something changes, and restoring it
/// then does nothing: exploration relies on that being exact.
@Suite struct MockSnapshotTests {
  static func backend() -> MockBackend {
    MockEnvironment(
      MockConfiguration(
        now: MockIndexTests.now, seed: 3, world: MockIndexTests.world(), device: MockDeviceState(user: "p0a"))
    ).backend
  }

  /// Takes the last family out of the world.
  static func dropFamily(_ state: inout MockState) {
    var world = state.world
    world.families.removeLast()
    state.world = world
  }

  @Test func aReadKeepsTheSnapshotAndAChangeMakesANewOne() async throws {
    let backend = Self.backend()
    let first = backend.snapshot()
    let families = try backend.read(.dataFamilies) { state, _ in state.world.families.count }
    #expect(families == 3)
    #expect(backend.snapshot() == first)
    try backend.perform(.dataRemoveMember) { state, _ in Self.dropFamily(&state) }
    #expect(backend.snapshot() != first)
    backend.restore(first)
    #expect(backend.snapshot() == first)
    #expect(backend.world.families.count == 3)
  }

  /// A body that changes the state and then throws leaves the change, and the snapshot says so.
  @Test func aChangeFollowedByAnErrorIsInTheNextSnapshot() async throws {
    let backend = Self.backend()
    let before = backend.snapshot()
    #expect(throws: AppError.self) {
      try backend.perform(.dataRemoveMember) { state, _ throws(AppError) in
        Self.dropFamily(&state)
        throw AppError(.serviceUnavailable)
      }
    }
    #expect(backend.world.families.count == 2)
    #expect(backend.snapshot() != before)
    backend.restore(before)
    #expect(backend.world.families.count == 3)
  }
}
