import Foundation
import Testing
import TribeBoardBrowser
import TribeBoardCore
import TribeBoardMocks
import TribeBoardRemote

@testable import TribeBoardEngine
@testable import TribeBoardScenarios

/// The services are the authority: random sequences of calls, by random accounts of several families in every role
/// (and people of no family), made as their phones make them through Core's protocols. Whatever the sequence:
///
/// - the services accept nothing the permission matrix (``Permissions``) and the app's rules (``RoleRules``,
///   ``Validation``) do not allow: the caller's role in the family, acting as oneself, the input rules, one active
///   family, joining only with the current code; a read of tasks gives what the role's screen shows;
/// - every world the calls reach saves and loads back with no diagnostics (``ScenarioWriter`` → ``ScenarioLoader``);
/// - no accepted change is lost, and none is reported applied without being in the world, even when another
///   account's change uses the same id;
/// - sign-out leaves no live token of the session, and a refresh token renews once.
@Suite struct ServiceAuthorityTests {
  /// Two families side by side with every role, a visitor whose access ends soon, one whose access ended, and a
  /// person in no family.
  static let scenario = """
    name: authority
    summary: Two families with every role, for random calls.
    now: 2026-03-02T08:00:00Z
    seed: 5
    device: { user: sarah, onboardingCompleted: true, signedIn: true }
    accounts:
      - { id: sarah, name: Sarah Johnson, email: sarah@example.com, providers: [apple] }
      - { id: mark, name: Mark Johnson, email: mark@example.com, providers: [google] }
      - { id: ben, name: Ben Johnson, email: ben@example.com, providers: [apple], child: true }
      - { id: rose, name: Rose Patel, email: rose@example.com, providers: [google] }
      - { id: vic, name: Vic Old, email: vic@example.com, providers: [google] }
      - { id: pat, name: Pat Smith, email: pat@example.com, providers: [google] }
      - { id: sam, name: Sam Smith, email: sam@example.com, providers: [apple] }
      - { id: kit, name: Kit Smith, email: kit@example.com, providers: [apple], child: true }
      - { id: loner, name: Lone Person, email: loner@example.com, providers: [apple] }
    families:
      - id: johnsons
        name: The Johnsons
        code: K7QM2X
        members:
          - { account: sarah, role: parentAdmin }
          - { account: mark, role: adult }
          - { account: ben, role: child }
          - { account: rose, role: visitor, expires: 2026-03-02T10:00:00Z }
          - { account: vic, role: visitor, expires: 2026-03-01T10:00:00Z }
        events:
          - { id: swim, title: Swimming lesson, start: 2026-03-03T17:00:00Z, participants: [ben, mark] }
        tasks:
          - { id: bins, title: Put the bins out, assignee: ben, due: 2026-03-03T19:00:00Z, points: 5 }
          - { id: dishes, title: Dishes, assignee: mark, due: 2026-03-02T18:00:00Z, points: 3 }
        messages:
          - { id: m1, from: mark, at: 2026-03-01T19:12:00Z, text: Johnson message }
        notices:
          - { id: n1, from: sarah, at: 2026-02-28T09:00:00Z, text: Johnson notice, pinned: true }
        schoolRuns:
          - id: oak
            route: Home → Oak
            pickups:
              - { id: p1, at: 2026-03-03T08:15:00Z, passengers: [ben] }
      - id: smiths
        name: The Smiths
        code: ABCDEF
        members:
          - { account: pat, role: parentAdmin }
          - { account: sam, role: adult }
          - { account: kit, role: child }
        tasks:
          - { id: smith-task, title: Smith task, assignee: sam, points: 1 }
          - { id: kit-task, title: Kit's task, assignee: kit, points: 1 }
        messages:
          - { id: sm1, from: pat, at: 2026-03-01T19:12:00Z, text: Smith message }
        notices:
          - { id: sn1, from: pat, at: 2026-02-28T09:00:00Z, text: Smith notice }
        schoolRuns:
          - id: elm
            route: Home → Elm
            pickups:
              - { id: sp1, at: 2026-03-03T08:15:00Z, driver: pat, passengers: [sam] }
    """

  /// What a call gave back that a property looks at.
  enum Answer: Sendable {
    case nothing
    case tasks([FamilyTask])
    case change(PendingChange, ChangeResult)
    /// Signed out, holding these tokens.
    case signedOut(access: String?, refresh: String?)

    /// Whether it is a change the backend settled against its sender, leaving the world as it was.
    var isSettledAgainst: Bool {
      if case .change(_, .superseded) = self { true } else { false }
    }
  }

  /// A call some phone makes, with what the rules say of it: the family it is about and the capabilities one of
  /// which the caller's role there needs, and why the app's rules refuse it whatever the role (`nil`: they don't).
  struct Call: Sendable {
    var name: String
    var family: FamilyID?
    var needs: [Capability] = []
    var refusedBecause: String?
    var run: @Sendable (Services) async throws(AppError) -> Answer
  }

  /// One person's phone: its device and the services as it reaches them.
  struct Phone: Sendable {
    let user: UserID
    let device: MockDevice
    let services: Services
  }

  static let texts = [
    "Buy milk", "", "   ", String(repeating: "a", count: 81), "abc\u{202E}def", "a\u{200B}b", "Line one\nLine two",
    String(repeating: "m", count: 201), "On my way",
  ]

  /// The services a phone's calls go through: the mocks in-process, or the same mocks over HTTP through the Remote
  /// services (each call carrying its bearer token, decoded and answered by the API's routes).
  static func services(_ environment: MockEnvironment, _ device: MockDevice, over server: LoopbackServices?)
    -> Services
  {
    guard let server else { return environment.localServices(for: device) }
    let connection = RemoteConnection(
      base: server.base, tokens: device,
      headers: [(LoopbackServices.phoneHeader, server.register(environment, device))])
    return Services.remote(
      connection, user: device.user, identities: device.identities, device: device, tokens: device,
      clock: environment.clock)
  }

  /// Runs `steps` random calls from `seed` and checks every property after each; returns what broke, named by step.
  static func run(seed: UInt64, steps: Int, over server: LoopbackServices? = nil) async throws -> [String] {
    let scenario = try ScenarioLoader.parse(scenario, source: "authority.yaml")
    let simulator = Simulator(scenario: scenario)
    let environment = simulator.environment
    let backend = environment.backend
    var random = SeededGenerator(seed: seed)
    var phones: [Phone] = []
    for account in backend.world.accounts {
      let device = await environment.signedInDevice(for: account.profile.id)
      phones.append(
        Phone(user: account.profile.id, device: device, services: services(environment, device, over: server)))
    }
    var broken: [String] = []
    /// The changes the services said are in the world (applied, or already applied), by author and id.
    var accepted: [ChangeIdentity: PendingChange] = [:]
    for step in 0..<steps {
      environment.clock.advance(by: TimeInterval(random.next() % 900))
      let phone = phones[Int(random.next() % UInt64(phones.count))]
      try await keepSignedIn(phone, backend: backend, broken: &broken, step: step)
      let before = backend.world
      let now = environment.clock.now()
      // Over HTTP the acting account is the token's: the wire has no field to name another (the routes that name
      // a person in the address are checked by ServicesAPITests).
      let call = randomCall(
        &random, phone: phone, others: phones.map(\.user), world: before, now: now, actingAsOthers: server == nil)
      let outcome: Result<Answer, AppError>
      do throws(AppError) {
        outcome = .success(try await call.run(phone.services))
      } catch {
        outcome = .failure(error)
      }
      let said = "step \(step): \(phone.user) \(call.name)"
      // A change settled against its sender (superseded) is not taken: only what went in is accepted.
      if case .success(let answer) = outcome, !answer.isSettledAgainst {
        broken += allowed(call, by: phone.user, in: before, at: now).map { "\(said) was accepted though \($0)" }
        switch answer {
        case .tasks(let tasks):
          let role = before.memberships.first { $0.userID == phone.user && $0.familyID == call.family }?.role
          if let role, !Permissions.allows(role, .viewAllTasks), tasks.contains(where: { $0.assignee != phone.user }) {
            broken.append("\(said) read tasks of others, which a \(role) does not see")
          }
        case .change(let change, let result):
          if result == .applied || result == .alreadyApplied {
            accepted[change.identity] = accepted[change.identity] ?? change
            if !isInWorld(change, backend.world) {
              broken.append("\(said) answered \(result) but the change is not in the world")
            }
          }
        case .signedOut(let access, let refresh):
          if let access, backend.account(holdingAccessToken: access) != nil {
            broken.append("\(said): the access token \(access) still works")
          }
          if let refresh, backend.account(holdingRefreshToken: refresh) != nil {
            broken.append("\(said): the refresh token \(refresh) still works")
          }
        case .nothing:
          break
        }
      }
      if case .failure(let error) = outcome, error.code == .sessionExpired,
        backend.isLive(accessToken: phone.device.token ?? "")
      {
        broken.append("\(said) was refused as sessionExpired with a live token")
      }
      // The world's own rules, after every call.
      let world = backend.world
      for change in accepted.values where !isInWorld(change, world) {
        broken.append("after step \(step): the accepted change \(change.author)/\(change.id) is no longer in the world")
      }
      let several = backend.snapshot().peopleInSeveralFamilies(at: environment.clock.now())
      if !several.isEmpty { broken.append("after \(said): \(several) active in several families") }
      if step % 25 == 24 || step == steps - 1 {
        let text = ScenarioWriter.yaml(await simulator.savedScenario())
        do {
          _ = try ScenarioLoader.parse(text, source: "saved.yaml")
        } catch {
          broken.append("after \(said): the world saved does not load: \(error)")
        }
      }
      if !broken.isEmpty { return broken }
    }
    return broken
  }

  /// Gives the phone a live session: renews it with its refresh token when the access token ran out (checking that
  /// the old tokens then stop working), or signs in anew.
  static func keepSignedIn(_ phone: Phone, backend: MockBackend, broken: inout [String], step: Int) async throws {
    if let token = phone.device.token, backend.isLive(accessToken: token) { return }
    if let session = backend.storedSession(of: phone.device) {
      let old = (phone.device.token, session.refreshToken)
      if let renewed = try? await phone.services.auth.refresh(session) {
        if let access = old.0, backend.isLive(accessToken: access) {
          broken.append("step \(step): \(phone.user)'s old access token still works after a refresh")
        }
        if backend.account(holdingRefreshToken: old.1) != nil && old.1 != renewed.refreshToken {
          broken.append("step \(step): \(phone.user)'s refresh token still works after it renewed the session")
        }
        return
      }
    }
    phone.device.store(try backend.issueSession(for: phone.user))
  }

  /// Why the rules refuse `call`, made by `caller` in `world` at `now`, which the services accepted; empty when they
  /// allow it.
  static func allowed(_ call: Call, by caller: UserID, in world: MockWorld, at now: Date) -> [String] {
    var reasons: [String] = []
    if let reason = call.refusedBecause { reasons.append(reason) }
    if let family = call.family, !call.needs.isEmpty {
      let membership = world.memberships.first { $0.userID == caller && $0.familyID == family }
      if let membership, membership.isActive(at: now) {
        if !call.needs.contains(where: { Permissions.allows(membership.role, $0) }) {
          reasons.append("a \(membership.role) may not \(call.needs.map(\.summary).joined(separator: " or "))")
        }
      } else {
        reasons.append("\(caller) is no active member of \(family)")
      }
    }
    return reasons
  }

  /// Whether `change`, as sent, is in `world`: for a message, a message of its author with its text in its family.
  static func isInWorld(_ change: PendingChange, _ world: MockWorld) -> Bool {
    switch change.change {
    case .sendMessage(let text, let family):
      world.messages.contains { $0.familyID == family && $0.sender == change.author && $0.text == text }
    case .setTaskStatus(let status, let task):
      // A later change may have set it again; what was applied is the task's state or was overtaken later.
      world.tasks.contains { $0.id == task && ($0.status == status || ($0.updatedAt ?? .distantPast) > change.madeAt) }
    default:
      true
    }
  }

  /// A random call by `phone`'s holder, about a random family (one of theirs, mostly), with random input (valid,
  /// mostly).
  static func randomCall(
    _ random: inout SeededGenerator, phone: Phone, others: [UserID], world: MockWorld, now: Date,
    actingAsOthers: Bool
  ) -> Call {
    func pick<T>(_ values: [T]) -> T { values[Int(random.next() % UInt64(values.count))] }
    let me = phone.user
    let mine = world.memberships.filter { $0.userID == me }.map(\.familyID)
    let family = random.next() % 4 == 0 || mine.isEmpty ? pick(world.families.map(\.id) + ["nowhere"]) : pick(mine)
    // Now and then a call names someone else as the one acting: refused whoever it is.
    let actor = random.next() % 8 == 0 && actingAsOthers ? pick(others) : me
    let asOther = actor != me ? "it acts as \(actor)" : nil
    let other = pick(others)
    let text = pick(texts)
    let isActive = world.memberships.contains { $0.userID == me && $0.isActive(at: now) }
    let isChild = world.accounts.first { $0.profile.id == me }?.isChild ?? false
    let familyTasks = world.tasks.filter { $0.familyID == family }.map(\.id)
    let task =
      random.next() % 6 == 0 || familyTasks.isEmpty ? pick(world.tasks.map(\.id) + ["no-task"]) : pick(familyTasks)
    let taskFamily = world.tasks.first { $0.id == task }?.familyID
    func textRule(_ field: Validation.TextField) -> String? {
      Validation.problem(in: text, field).map { "its text breaks a rule (\($0.message))" }
    }
    switch random.next() % 16 {
    case 0:
      let reasons = [
        isActive ? "\(me) is active in a family" : nil, isChild ? "a child's account can't create one" : nil,
        (try? Validation.familyName(text)) == nil ? "the name breaks a rule" : nil, asOther,
      ].compactMap { $0 }
      return Call(name: "creates family “\(text)”", refusedBecause: reasons.first) { services throws(AppError) in
        _ = try await services.families.createFamily(named: text, creator: actor)
        return .nothing
      }
    case 1:
      let current = world.families.first { $0.id == family }?.code
      let code = random.next() % 3 == 0 ? "ZZZZZZ" : current ?? "ZZZZZZ"
      let role = pick(Role.allCases)
      let reasons = [
        code != current || current == nil ? "\(code) is no family's current code" : nil,
        isActive ? "\(me) is active in a family" : nil, role == .parentAdmin ? "nobody joins as parent admin" : nil,
        isChild && role == .adult ? "a child's account joins as child or visitor" : nil, asOther,
      ].compactMap { $0 }
      return Call(name: "joins with \(code) as \(role)", refusedBecause: reasons.first) { services throws(AppError) in
        _ = try await services.families.joinFamily(code: code, user: actor, role: role)
        return .nothing
      }
    case 2:
      return Call(name: "reads \(family)'s tasks", family: family, needs: [.viewAllTasks, .viewOwnTasks]) {
        services throws(AppError) in .tasks(try await services.tasks.tasks(in: family))
      }
    case 3:
      return Call(name: "reads \(family)'s events", family: family, needs: [.viewCalendar]) {
        services throws(AppError) in
        _ = try await services.calendar.events(in: family)
        return .nothing
      }
    case 4:
      return Call(name: "reads \(family)'s messages", family: family, needs: [.viewMessages]) {
        services throws(AppError) in
        _ = try await services.messaging.messages(in: family)
        return .nothing
      }
    case 5:
      let due = random.next() % 3 == 0 ? now.addingTimeInterval(-3600) : now.addingTimeInterval(86400)
      let reasons = [textRule(.title), due < now ? "its due date is in the past" : nil, asOther].compactMap { $0 }
      return Call(
        name: "adds task “\(text)” to \(family)", family: family, needs: [.addTask], refusedBecause: reasons.first
      ) { services throws(AppError) in
        _ = try await services.tasks.addTask(NewTask(title: text, due: due), to: family, by: actor)
        return .nothing
      }
    case 6:
      let start = random.next() % 3 == 0 ? now.addingTimeInterval(-3600) : now.addingTimeInterval(86400)
      let twice = random.next() % 4 == 0
      let participants = twice ? [me, me] : []
      let reasons = [
        textRule(.title), start < now ? "it starts in the past" : nil, twice ? "it names a participant twice" : nil,
        asOther,
      ].compactMap { $0 }
      return Call(
        name: "adds event “\(text)” to \(family)", family: family, needs: [.addEvent], refusedBecause: reasons.first
      ) { services throws(AppError) in
        _ = try await services.calendar.addEvent(
          NewEvent(title: text, start: start, participants: participants), to: family, by: actor)
        return .nothing
      }
    case 7:
      return Call(
        name: "sends “\(text)” to \(family)", family: family, needs: [.sendMessage],
        refusedBecause: textRule(.message) ?? asOther
      ) { services throws(AppError) in
        _ = try await services.messaging.sendMessage(text, to: family, by: actor)
        return .nothing
      }
    case 8:
      return Call(
        name: "posts notice “\(text)” to \(family)", family: family, needs: [.postNotice],
        refusedBecause: textRule(.notice) ?? asOther
      ) { services throws(AppError) in
        _ = try await services.messaging.postNotice(text, to: family, by: actor)
        return .nothing
      }
    case 9:
      let own = world.tasks.first { $0.id == task }?.assignee == me
      return Call(
        name: "marks \(task) done", family: taskFamily ?? "no-family",
        needs: own ? [.completeOwnTask] : [.completeAnyTask],
        refusedBecause: taskFamily == nil ? "there is no such task" : asOther
      ) { services throws(AppError) in
        try await services.tasks.setStatus(.done, ofTask: task, by: actor)
        return .nothing
      }
    case 10:
      return Call(
        name: "gives \(task) to \(other)", family: taskFamily ?? "no-family", needs: [.assignTask],
        refusedBecause: taskFamily == nil ? "there is no such task" : asOther
      ) { services throws(AppError) in
        try await services.tasks.assign(task: task, to: other, by: actor)
        return .nothing
      }
    case 11:
      let role = pick(Role.allCases)
      return Call(
        name: "makes \(other) \(role) in \(family)", family: family, needs: [.manageFamily], refusedBecause: asOther
      ) { services throws(AppError) in
        try await services.families.changeRole(of: other, in: family, to: role, by: actor)
        return .nothing
      }
    case 12:
      let leaving = random.next() % 2 == 0 ? me : other
      return Call(
        name: "removes \(leaving) from \(family)", family: family,
        needs: [leaving == actor ? .leaveFamily : .manageFamily], refusedBecause: asOther
      ) { services throws(AppError) in
        try await services.families.removeMember(leaving, from: family, by: actor)
        return .nothing
      }
    case 13:
      return Call(
        name: "regenerates \(family)'s code", family: family, needs: [.manageFamily], refusedBecause: asOther
      ) { services throws(AppError) in
        _ = try await services.families.regenerateCode(for: family, by: actor)
        return .nothing
      }
    case 14:
      // A change from the phone's queue: ids are few, so authors' ids collide; now and then one from the future.
      let future = random.next() % 5 == 0
      let change = PendingChange(
        id: "change-\(random.next() % 3)", change: .sendMessage(text, family: family), author: actor,
        madeAt: future ? now.addingTimeInterval(86400 * 365) : now, summary: "message", waited: random.next() % 2 == 0)
      let reasons = [textRule(.message), future ? "it was made after it was sent" : nil, asOther].compactMap { $0 }
      return Call(
        name: "sends change \(change.id) (message “\(text)” to \(family))", family: family, needs: [.sendMessage],
        refusedBecause: reasons.first
      ) { services throws(AppError) in
        .change(change, try await services.sync.apply(change))
      }
    default:
      let device = phone.device
      return Call(name: "signs out", refusedBecause: nil) { services throws(AppError) in
        let held = (device.token, device.refreshToken)
        try await services.auth.signOut()
        return .signedOut(access: held.0, refresh: held.1)
      }
    }
  }

  @Test(arguments: [1, 2, 3, 4, 5, 6, 7, 8] as [UInt64])
  func theServicesAcceptNothingTheRulesRefuse(seed: UInt64) async throws {
    let broken = try await Self.run(seed: seed, steps: 500)
    #expect(broken.isEmpty, "seed \(seed):\n\(broken.joined(separator: "\n"))")
  }

  /// The same, with every call over HTTP: the routes add no rule and drop none.
  @Test(arguments: [1, 2, 3] as [UInt64])
  func theServicesOverHTTPAcceptNothingTheRulesRefuse(seed: UInt64) async throws {
    let server = try await LoopbackServices.start()
    defer { server.stop() }
    let broken = try await Self.run(seed: seed, steps: 150, over: server)
    #expect(broken.isEmpty, "seed \(seed), over HTTP:\n\(broken.joined(separator: "\n"))")
  }
}
