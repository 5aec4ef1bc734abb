import TribeBoardCore
import TribeBoardFlow
import TribeBoardMocks
import TribeBoardRendering
import TribeBoardScenarios

extension Simulator {
  /// Checks an `:expect` argument (``StepExpectation``) against the acting phone and the backend's world; a mismatch
  /// marks the step failed, saying what was expected and what was found.
  func expect(_ argument: String, into step: inout Step) async {
    let expectation: StepExpectation
    switch StepExpectation.parse(argument) {
    case .success(let parsed):
      expectation = parsed
    case .failure(let problems):
      let text = problems.message
      step.messages.append(.init(kind: .problem, text: "? \(text). Usage: \(SimulatorCommandName.expect.usage)"))
      step.failedExpectation = text
      return
    }
    let mismatches = await mismatches(expectation)
    if mismatches.isEmpty {
      step.messages.append(.init(kind: .success, text: "✓ as expected: \(argument)"))
    } else {
      let text = mismatches.joined(separator: "; ")
      step.messages.append(.init(kind: .problem, text: "✗ expectation failed: \(text)"))
      step.failedExpectation = text
    }
  }

  /// What is not as `expectation` says, one text per check that does not hold ("screen is tasks, expected
  /// dashboard"); empty when all hold.
  public func mismatches(_ expectation: StepExpectation) async -> [String] {
    var mismatches: [String] = []
    for check in expectation.checks {
      let mismatch: String?
      switch check {
      case .task(let title, let status, let assignee):
        mismatch = taskMismatch(title: title, status: status, assignee: assignee)
      case .member(let name, let role, let unread):
        mismatch = memberMismatch(name: name, role: role, unread: unread)
      case .unread(let count):
        mismatch = unreadMismatch(count)
      default:
        mismatch = stateMismatch(check)
      }
      if let mismatch { mismatches.append(mismatch) }
    }
    return mismatches
  }

  /// What is not as `check` expects of the acting phone's screen and state, as "x is …, expected …"; `nil` when
  /// it holds. A check of the world (`task`, `member`) needs ``mismatches(_:)``, which asks the backend.
  public func stateMismatch(_ check: StepExpectation.Check) -> String? {
    let state = state
    func compare(_ key: String, _ actual: String?, _ expected: String?) -> String? {
      let actual = actual ?? StepExpectation.none
      let expected = expected ?? StepExpectation.none
      return actual == expected ? nil : "\(key) is \(actual), expected \(expected)"
    }
    switch check {
    case .screen(let screen): return compare("screen", state.screen.id.rawValue, screen.rawValue)
    case .error(let code): return compare("error", state.error?.code.rawValue, code?.rawValue)
    case .role(let role): return compare("role", state.role?.rawValue, role?.rawValue)
    case .user(let user): return compare("user", state.user?.id, user)
    case .family(let family):
      let same = state.family.map { StepExpectation.comparable($0.name) } == family.map(StepExpectation.comparable)
      return same ? nil : compare("family", state.family?.name, family)
    case .notice(let notice): return compare("notice", state.notice, notice)
    case .shows(let text):
      return screenText.contains(text.collapsingWhitespace)
        ? nil : "“\(text)” is not on the \(state.screen.id.rawValue) screen, expected shown"
    case .hides(let text):
      return screenText.contains(text.collapsingWhitespace)
        ? "“\(text)” is on the \(state.screen.id.rawValue) screen, expected hidden" : nil
    case .sync(let kind):
      guard state.screen.id == .dashboard else {
        return "sync is shown on the dashboard, and this is \(state.screen.id.rawValue); open the dashboard first"
      }
      return compare("sync", state.content.sync.kind.rawValue, kind.rawValue)
    case .task, .member, .unread:
      return "\(check) is a fact of the world: check it with mismatches(_:)"
    }
  }

  /// The screen as plain text without its frame, every run of whitespace one space, for `shows` and `hides`.
  private var screenText: String {
    TextRenderer(style: .plain, boxed: false).render(snapshot).collapsingWhitespace
  }

  private func taskMismatch(title: String, status: FamilyTask.Status?, assignee: UserID??) -> String? {
    guard let family = state.family else { return "task “\(title)”: \(noFamily)" }
    let tasks = environment.backend.tasks(of: family.id)
    let wanted = StepExpectation.comparable(title)
    guard let task = tasks.first(where: { StepExpectation.comparable($0.title) == wanted }) else {
      return "there is no task “\(title)” in \(family.name)"
        + NameSuggestion.didYouMean(title, in: tasks.map(\.title))
    }
    var found: [String] = []
    if let status, task.status != status {
      found.append("task “\(task.title)” is \(task.status.rawValue), expected \(status.rawValue)")
    }
    if let assignee, task.assignee != assignee {
      found.append(
        "task “\(task.title)” is assigned to \(task.assignee ?? StepExpectation.none), expected "
          + (assignee ?? StepExpectation.none))
    }
    return found.isEmpty ? nil : found.joined(separator: "; ")
  }

  /// The acting person's unread messages against `expected`.
  private func unreadMismatch(_ expected: Int) -> String? {
    guard let family = state.family, let user = state.user else { return "unread: \(noFamily)" }
    guard let actual = environment.backend.unreadCount(of: user.id, in: family.id) else {
      return "\(user.firstName) is not a member of \(family.name) any more, so has no messages to read"
    }
    return actual == expected
      ? nil : "\(user.firstName) has \(messages(actual)) unread in \(family.name), expected \(expected)"
  }

  /// "1 message", "3 messages".
  private func messages(_ count: Int) -> String {
    "\(count) message\(count == 1 ? "" : "s")"
  }

  private func memberMismatch(name: String, role: Role??, unread: Int?) -> String? {
    guard let family = state.family else { return "member \(name): \(noFamily)" }
    let backend = environment.backend
    let accounts = backend.accounts
    let wanted = name.lowercased()
    guard
      let person = accounts.map(\.profile).first(where: {
        [$0.id, $0.firstName, $0.name].contains { $0.lowercased() == wanted }
      })
    else {
      return "nobody called \(name) in this world"
        + NameSuggestion.didYouMean(name, in: accounts.map(\.profile.firstName))
    }
    let membership = backend.membership(of: person.id, in: family.id)
    let roleFound = roleMismatch(person, in: family, membership, expected: role)
    guard let unread else { return roleFound }
    guard membership != nil else {
      // Not being a member is said once: by the role's mismatch, or here when the role expected none.
      return roleFound ?? "\(person.firstName) is not a member of \(family.name), so has no messages to read"
    }
    let actual = backend.unreadCount(of: person.id, in: family.id) ?? 0
    let unreadFound =
      actual == unread
      ? nil : "\(person.firstName) has \(messages(actual)) unread in \(family.name), expected \(unread)"
    let found = [roleFound, unreadFound].compactMap { $0 }
    return found.isEmpty ? nil : found.joined(separator: "; ")
  }

  private func roleMismatch(_ person: UserProfile, in family: Family, _ membership: Membership?, expected role: Role??)
    -> String?
  {
    switch role {
    case .none:
      return membership == nil ? "\(person.firstName) is not a member of \(family.name), expected a member" : nil
    case .some(.none):
      guard let membership else { return nil }
      return "\(person.firstName) is \(membership.role.rawValue) in \(family.name), expected not a member"
    case .some(.some(let role)):
      guard let membership else {
        return "\(person.firstName) is not a member of \(family.name), expected \(role.rawValue)"
      }
      return membership.role == role
        ? nil : "\(person.firstName) is \(membership.role.rawValue) in \(family.name), expected \(role.rawValue)"
    }
  }

  private var noFamily: String {
    "\(state.user?.firstName ?? actingUser) is in no family, so there is none to look in"
  }
}
