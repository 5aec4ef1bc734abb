import Foundation
import TribeBoardCore
import TribeBoardEngine
import TribeBoardFlow
import TribeBoardMocks
import TribeBoardScenarios
import TribeBoardTranscripts

/// `tribeboard lint`: what is probably wrong in a scenario that loads: journey inputs the app or the simulator
/// refused at their step, faults nothing can trigger, accounts never used, and roles that never reach the
/// dashboard. Each finding is a warning at the line and column of what it is about.
///
/// The journeys are replayed as `play` does; everything else is read from the scenario and the flow table.
public struct ScenarioLint {
  public let scenario: Scenario
  public let sourceMap: ScenarioSourceMap
  public let flow: Flow

  public init(scenario: Scenario, sourceMap: ScenarioSourceMap, flow: Flow = Flow()) {
    self.scenario = scenario
    self.sourceMap = sourceMap
    self.flow = flow
  }

  /// What the journeys did, gathered while replaying them.
  private struct Replay {
    var findings: [Diagnostic] = []
    /// The ids (`f1`…) of the scenario's faults that fired.
    var firedFaults: Set<String> = []
    /// The accounts a journey acted as.
    var actedAs: Set<UserID> = []
    /// The accounts named in a journey's `:fault … on ACCOUNT`.
    var faultAccounts: Set<UserID> = []
    /// The accounts whose phone showed the dashboard while a journey acted as them.
    var dashboardUsers: Set<UserID> = []
  }

  /// Every finding, in file order.
  public func run() async -> [Diagnostic] {
    var replay = Replay()
    for journey in scenario.journeys { await replayJourney(journey, into: &replay) }
    var findings = replay.findings
    findings += faultFindings(replay)
    findings += accountFindings(replay)
    findings += roleFindings(replay)
    return findings.enumerated()
      .sorted { ($0.element.line, $0.element.column, $0.offset) < ($1.element.line, $1.element.column, $1.offset) }
      .map(\.element)
  }

  // MARK: Journey inputs

  private func replayJourney(_ journey: Journey, into replay: inout Replay) async {
    let simulator = Simulator(scenario: scenario, flow: flow)
    await simulator.start()
    replay.actedAs.insert(simulator.actingUser)
    note(simulator, into: &replay)
    let path = "journeys.\(journey.name)"
    let positioned = sourceMap.count(path) == journey.steps.count
    for (index, input) in journey.steps.enumerated() {
      let before = simulator.state
      let step = await simulator.handle(input)
      replay.actedAs.insert(simulator.actingUser)
      note(simulator, into: &replay)
      let place = (positioned ? sourceMap.location("\(path)[\(index)]") : nil) ?? sourceMap.keyLocation(path)
      if let problem = refusal(input, step, before: before, next: journey.steps.dropFirst(index + 1).first) {
        replay.findings.append(
          warning("journey '\(journey.name)' step \(index + 1): \(problem)", at: place ?? .init(line: 1, column: 1)))
      }
      let words = input.split(separator: " ").map(String.init)
      if words.first == ":fault", let on = words.lastIndex(of: "on"), on + 1 < words.count {
        replay.faultAccounts.insert(words[on + 1])
      }
      if step.quit { break }
    }
  }

  private func note(_ simulator: Simulator, into replay: inout Replay) {
    // Fault ids name this scenario's faults only while its world runs (not after `:scenario` switched it).
    if simulator.scenario.source == scenario.source {
      replay.firedFaults.formUnion(simulator.environment.backend.firedFaults)
    }
    let snapshot = simulator.snapshot
    if snapshot.screen == .dashboard, snapshot.role != nil { replay.dashboardUsers.insert(simulator.actingUser) }
  }

  /// Why `input` was refused at its step, or `nil` when it was taken (or is a refusal the next step expects).
  private func refusal(_ input: String, _ step: Step, before: AppState, next: String?) -> String? {
    guard let problem = step.messages.first(where: { $0.kind == .problem }) else { return nil }
    var shown = problem.text.split(separator: "\n").first.map(String.init) ?? problem.text
    if shown.hasPrefix("? ") { shown.removeFirst(2) }
    if let hint = shown.range(of: " Type a number, an action's words, or :help.") { shown.removeSubrange(hint) }
    let typed = input.collapsingWhitespace
    if typed.hasPrefix(":") {
      // A failed expectation is a failure of the journey (`check`, `play`), not a step that did nothing.
      guard !typed.hasPrefix(":expect") else { return nil }
      return "the simulator refused “\(typed)”: \(shown)"
    }
    guard step.transition == nil else { return nil }
    let screen = before.screen.id.rawValue
    let closest = suggestion(typed, in: before)
    // Meant: the next step expects an error, or (for input close to no action) to still be on the same screen.
    if let next, next.hasPrefix(":expect") {
      let checks = next.split(separator: " ")
      if checks.contains(where: { $0.hasPrefix("error=") && $0 != "error=none" }) { return nil }
      if closest.isEmpty, checks.contains(where: { $0 == "screen=\(screen)" }),
        step.snapshot?.screen == before.screen.id
      {
        return nil
      }
    }
    // The app's own reason, unless it only says the same ("“x” is not an action here.").
    let reason = shown.hasSuffix("is not an action here.") ? "" : " (\(shown))"
    return "“\(typed)” is not an action the \(screen) screen offers here\(reason)" + closest
  }

  /// ` (did you mean 'sign in apple'?)` for input close to one of the screen's actions.
  private func suggestion(_ typed: String, in state: AppState) -> String {
    let actions = flow.actions(in: state)
    let words = typed.lowercased().split(separator: " ").map(String.init)
    for count in (1...3).reversed() where words.count >= count {
      let phrases = actions.flatMap { action in
        action.phrases.filter { $0.split(separator: " ").count == count }.map { (phrase: $0, action: action) }
      }
      let typedPart = words.prefix(count).joined(separator: " ")
      guard let match = NameSuggestion.closest(to: typedPart, in: phrases.map(\.phrase)),
        let action = phrases.first(where: { $0.phrase == match })?.action
      else { continue }
      let rest = typed.split(separator: " ").dropFirst(count).joined(separator: " ")
      let corrected = action.argument == nil ? match : (rest.isEmpty ? action.usage : "\(match) \(rest)")
      return " (did you mean '\(corrected)'?)"
    }
    return ""
  }

  // MARK: Faults

  /// Faults nothing can trigger: an operation never called for the accounts it is limited to, a time the clock
  /// never reaches, a later fault that always wins, or (when the scenario has journeys) none of them calling it.
  private func faultFindings(_ replay: Replay) -> [Diagnostic] {
    let configuration = scenario.configuration
    let faults = configuration.faults
    var findings: [Diagnostic] = []
    for (index, fault) in faults.enumerated() {
      let path = "faults[\(index)]"
      let place = sourceMap.location(path) ?? .init(line: 1, column: 1)
      let name = "\(fault.operation.rawValue) → \(fault.error.rawValue)"
      let accounts = configuration.world.accounts.filter { fault.account == nil || $0.profile.id == fault.account }
      if [.authVerify, .authResendCode].contains(fault.operation), accounts.allSatisfy({ $0.mfaCode == nil }) {
        let whose = fault.account.map { "'\($0)' has no mfaCode" } ?? "no account has an mfaCode"
        findings.append(
          warning(
            "nothing can trigger the fault \(name): \(fault.operation.rawValue) is only called for an account with "
              + "a verification code, and \(whose)", at: sourceMap.location("\(path).operation") ?? place))
        continue
      }
      if fault.operation == .dataCreateFamily, let account = fault.account,
        configuration.world.accounts.first(where: { $0.profile.id == account })?.isChild == true
      {
        findings.append(
          warning(
            "nothing can trigger the fault \(name): '\(account)' is a child account, and a child cannot create a "
              + "family", at: sourceMap.location("\(path).account") ?? place))
        continue
      }
      if case .after(let date) = fault.schedule, date.timeIntervalSince(configuration.now) > ClockArgument.range {
        findings.append(
          warning(
            "nothing can trigger the fault \(name): it fires after \(DateText.full(date)), and the simulated clock "
              + "stays within ten years of the scenario's start", at: sourceMap.location("\(path).after") ?? place))
        continue
      }
      if let later = faults.indices.dropFirst(index + 1).last(where: { shadows(faults[$0], fault) }) {
        let laterPlace = sourceMap.location("faults[\(later)]").map { " at \($0)" } ?? ""
        findings.append(
          warning(
            "nothing can trigger the fault \(name): the fault\(laterPlace), armed after it, fires on every call "
              + "it matches, and the fault armed last wins", at: place))
        continue
      }
      if !scenario.journeys.isEmpty, !replay.firedFaults.contains("f\(index + 1)") {
        findings.append(
          warning(
            "no journey triggers the fault \(name): it never fires while they run (no matching call"
              + (fault.account.map { " from \($0)'s phone" } ?? "")
              + ", or none when its schedule says); add a journey that does, or remove the fault", at: place))
      }
    }
    return findings
  }

  /// Whether `later` fires on every call `earlier` matches, so `earlier`'s error is never the one raised.
  private func shadows(_ later: Fault, _ earlier: Fault) -> Bool {
    later.operation == earlier.operation && (later.account == nil || later.account == earlier.account)
      && later.schedule == .always
  }

  // MARK: Accounts

  /// Accounts nothing uses: not the device's user, in no family, not acted as and not a fault's phone.
  private func accountFindings(_ replay: Replay) -> [Diagnostic] {
    let configuration = scenario.configuration
    var used = replay.actedAs.union(replay.faultAccounts)
    used.insert(configuration.device.user)
    used.formUnion(configuration.world.memberships.map(\.userID))
    used.formUnion(configuration.faults.compactMap(\.account))
    var findings: [Diagnostic] = []
    for (index, account) in configuration.world.accounts.enumerated() where !used.contains(account.profile.id) {
      let id = account.profile.id
      findings.append(
        warning(
          "account '\(id)' is never used: it is not the device's user, not a member of a family, and no journey "
            + "acts as them (:as \(id)); use it or remove it",
          at: sourceMap.location("accounts[\(index)].id") ?? sourceMap.location("accounts[\(index)]")
            ?? .init(line: 1, column: 1)))
    }
    return findings
  }

  // MARK: Roles

  /// Roles that never reach the dashboard: a visitor whose access ended before the scenario starts, and a member
  /// journeys act as whose phone never shows the dashboard.
  private func roleFindings(_ replay: Replay) -> [Diagnostic] {
    let configuration = scenario.configuration
    var findings: [Diagnostic] = []
    for member in members() {
      let membership = member.membership
      if membership.role == .visitor, let expires = membership.expiresAt, expires <= configuration.now {
        findings.append(
          warning(
            "visitor '\(membership.userID)' of '\(membership.familyID)' never reaches the dashboard: their access "
              + "ends \(DateText.full(expires)), before the scenario starts (\(DateText.full(configuration.now)))",
            at: sourceMap.location("\(member.path).expires") ?? member.place))
        continue
      }
      guard replay.actedAs.contains(membership.userID), !replay.dashboardUsers.contains(membership.userID) else {
        continue
      }
      findings.append(
        warning(
          "role \(membership.role.rawValue) of '\(membership.userID)' in '\(membership.familyID)' never reaches the "
            + "dashboard: journeys act as '\(membership.userID)', but none of their steps shows it",
          at: sourceMap.location("\(member.path).role") ?? member.place))
    }
    return findings
  }

  /// Each membership with its path in the file.
  private func members() -> [(membership: Membership, path: String, place: ScenarioSourceMap.Location)] {
    var result: [(Membership, String, ScenarioSourceMap.Location)] = []
    for family in 0..<sourceMap.count("families") {
      let familyID = sourceMap.text("families[\(family)].id")
      for member in 0..<sourceMap.count("families[\(family)].members") {
        let path = "families[\(family)].members[\(member)]"
        guard let account = sourceMap.text("\(path).account"),
          let membership = scenario.configuration.world.memberships.first(where: {
            $0.userID == account && $0.familyID == familyID
          }),
          let place = sourceMap.location(path)
        else { continue }
        result.append((membership, path, place))
      }
    }
    return result
  }

  private func warning(_ message: String, at place: ScenarioSourceMap.Location) -> Diagnostic {
    Diagnostic(
      file: scenario.source, line: place.line, column: place.column, message: message, severity: .warning)
  }
}
