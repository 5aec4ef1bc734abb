import Foundation
import TribeBoardCore
import TribeBoardEngine
import TribeBoardFlow
import TribeBoardMocks
import TribeBoardScenarios
import TribeBoardTranscripts

/// The invariants the walk checks after every step, each broken one said as a sentence.
extension Explorer {
  /// The invariants after a step; each broken one as a sentence. Those that depend only on the state reached are
  /// checked the first time it is reached (`newState`), by the shortest inputs: a state seen before passed them.
  /// `signsOut`: the step was sign out, or yes to its question (``signsOut(_:from:)``).
  func violations(
    _ simulator: Simulator, _ step: Step, state: AppState, checkpoint: Simulator.Checkpoint, newState: Bool,
    signsOut: Bool
  ) -> [String] {
    var broken: [String] = []
    // Sign out with changes waiting on the phone only asks: the person signs out when they say yes.
    if signsOut, !Self.asksToSignOut(state) {
      if state.session != .signedOut { broken.append("the app still holds a session after signing out") }
      if simulator.phones[simulator.actingUser]?.device.token != nil {
        broken.append("the phone keeps its token after signing out")
      }
    }
    guard newState else { return broken }
    let screen = state.screen.id
    let needsFamily = reference[screen].needsFamily
    if needsFamily, state.family == nil || state.user == nil {
      broken.append("a family screen (\(screen.rawValue)) shows without a signed-in member")
    }
    if let requires = reference[screen].requires, needsFamily, !state.allows(requires) {
      broken.append(
        "\(state.role?.displayName ?? "someone without a role") is on \(screen.rawValue), which needs “\(requires.summary)”"
      )
    }
    if needsFamily, let membership = state.membership,
      !membership.isActive(at: simulator.environment.clock.now())
    {
      broken.append("a visitor whose access ended is still on \(screen.rawValue)")
    }
    let listed = flow.actions(in: state)
    if let beyond = Flow.choiceBeyondRole(state, offered: listed, reference: reference) { broken.append(beyond) }
    if checkpoint.backend.hasSharedFamilyCode { broken.append("two families share a family code") }
    if let phone = checkpoint.phoneKeys.first(where: { $0.user == checkpoint.actingUser }) {
      let ids = phone.memory.outbox.changes.map(\.id)
      if ids.count > 1, Set(ids).count != ids.count { broken.append("a waiting change is queued twice") }
    }
    let now = simulator.environment.clock.now()
    for user in checkpoint.backend.peopleInSeveralFamilies(at: now) {
      broken.append("\(user) is an active member of more than one family")
    }
    if let shown = Flow.familyContentWithoutAccess(state, at: now) { broken.append(shown) }
    let body = flow.table[screen].body(state)
    if let offered = flow.itemActionsWithoutItems(state, offered: listed, body: body) { broken.append(offered) }
    let texts = flow.textShown(state, body: body)
    for text in texts {
      if let miscount = Flow.miscountedNoun(in: text) { broken.append("a count disagrees with its noun: \(miscount)") }
    }
    if let count = Flow.countWithoutData(state, texts: texts) { broken.append("a count without the data: \(count)") }
    if let error = state.error {
      let offered = listed
      for recovery in error.recovery where !Flow.offers(recovery, among: offered) {
        broken.append("\(error.code.rawValue) on \(screen.rawValue) offers “\(recovery.label)”, which the screen lacks")
      }
      // What ``Flow/recoveryActions(in:failed:)`` names is empty only when the screen offers nothing.
      if offered.isEmpty {
        broken.append("\(error.code.rawValue) on \(screen.rawValue) names no way forward")
      }
    }
    return broken
  }

  /// The rules a step keeps whether or not the state it reaches is new: wrong verification codes are forgotten only
  /// by a successful sign-in or the end of a lockout; a success notice only when something changed (the backend,
  /// the changes waiting on the acting phone or its session; not the count of changes the phone has made, which
  /// every submitted change moves). `before`, the acting person's state before the step; `kept`, the numbers its
  /// list keeps (``FlowTable/keptNumbers(_:)``), the same for every step from it.
  func ruleViolations(
    _ simulator: Simulator, _ step: Step, before: AppState, kept: [ItemID: Int], from: Simulator.Checkpoint,
    to: Simulator.Checkpoint
  ) -> [String] {
    var broken: [String] = []
    let now = simulator.environment.clock.now()
    let forgotten = to.backend.wrongCodesForgotten(since: from.backend, signedIn: [], at: now)
    if !forgotten.isEmpty {
      let signedIn: Set<UserID> =
        before.session.auth == nil ? Set(simulator.state.session.auth.map { [$0.user.id] } ?? []) : []
      for user in to.backend.wrongCodesForgotten(since: from.backend, signedIn: signedIn, at: now) {
        broken.append("\(user)'s wrong verification codes were forgotten without a sign-in or a lockout ending")
      }
    }
    if let renumbered = renumbered(from: from, to: to, kept: to.actingUser == from.actingUser ? kept : nil) {
      broken.append(renumbered)
    }
    broken += latencyViolations(simulator, step, before: before, from: from)
    if step.transition != nil, let notice = simulator.phones[simulator.actingUser]?.state.notice,
      !FlowTable.noChangeNotices.contains(notice), to.backend == from.backend
    {
      let phone = { (checkpoint: Simulator.Checkpoint) in
        checkpoint.phoneKeys.first { $0.user == checkpoint.actingUser }
      }
      let (earlier, later) = (phone(from), phone(to))
      if let earlier, let later, earlier.memory.isSame(apartFromChangesMade: later.memory),
        earlier.session == later.session
      {
        broken.append("“\(notice)” is shown, but nothing changed")
      }
    }
    return broken
  }

  /// While a person stays on a list, its numbers stay put (every list a person acts on by number keeps them:
  /// ``FlowTable/keptNumbers(_:)``), whatever they or another person did: every item shown before and after the step (of the person acting after
  /// it) keeps its number, so a number typed names the item it was offered for. (A row's button names its item by
  /// identity on every list.) `kept`: the numbers shown before the step, when the caller has them.
  func renumbered(from: Simulator.Checkpoint, to: Simulator.Checkpoint, kept: [ItemID: Int]? = nil) -> String? {
    if kept?.isEmpty == true { return nil }  // no list that keeps its numbers before the step
    let user = to.actingUser
    guard let before = from.phones[user]?.state, let after = to.phones[user]?.state, before.loaded, after.loaded
    else { return nil }
    // The same list: the same screen (the task list showing the same people's tasks).
    guard before.screen.id == after.screen.id else { return nil }
    if case .tasks(let mineBefore, _) = before.screen, case .tasks(let mineAfter, _) = after.screen,
      mineBefore != mineAfter
    {
      return nil
    }
    let earlier = kept ?? FlowTable.keptNumbers(before)
    guard !earlier.isEmpty else { return nil }
    for (id, number) in FlowTable.keptNumbers(after).sorted(by: { $0.key < $1.key }) {
      if let was = earlier[id], was != number {
        return
          "\(user)'s \(after.screen.id.rawValue) renumbered \(id) from #\(was) to #\(number) while they stayed on it"
      }
    }
    return nil
  }

  /// Latency never signs anyone out while the session can be renewed: after a step whose calls took simulated time,
  /// a person signed in before it, whose refresh token still lives after it, is neither told their session expired
  /// nor signed out (unless they signed out); and a verification code typed while it was valid is not refused as run
  /// out, however long the call took.
  func latencyViolations(_ simulator: Simulator, _ step: Step, before: AppState, from: Simulator.Checkpoint)
    -> [String]
  {
    let latency = step.latency
    guard latency > 0, from.actingUser == simulator.actingUser,
      let after = simulator.phones[simulator.actingUser]?.state
    else { return [] }
    let now = simulator.environment.clock.now()
    let took = DurationText.describe(latency)
    if let session = before.session.auth, session.refreshExpiresAt > now, !Self.signsOut(step, from: before),
      after.error?.code == .sessionExpired || after.session == .signedOut
    {
      return ["calls that took \(took) signed \(session.user.id) out, though the session could be renewed"]
    }
    if case .awaitingCode(let challenge) = before.session, challenge.expiresAt > from.clock,
      step.transition?.action == .enterCode, after.error?.code == .invalidMFACode,
      after.error?.message.contains("ran out") == true
    {
      return ["a verification code typed in time was refused as run out after calls that took \(took)"]
    }
    return []
  }

  /// A step's notes, notice and error come from that step: what the step from `checkpoint` said (`said`, the
  /// acting person's state after it) is what the same step says from the same state with what the step before said
  /// forgotten. Taken again only when the step kept some of what `before` said (rarely); leaves the simulation at
  /// `next`, where the step left it.
  func repeatedFeedback(
    _ simulator: Simulator, _ input: Input, before: AppState, said: AppState, from checkpoint: Simulator.Checkpoint,
    to next: Simulator.Checkpoint
  ) async -> [String] {
    guard next.actingUser == checkpoint.actingUser, !Self.showsNoScreen(input),
      Flow.mayRepeatFeedback(before: before, after: said),
      var phone = checkpoint.phones[checkpoint.actingUser]
    else { return [] }
    simulator.restore(checkpoint)
    phone.state = Flow.forgettingFeedback(before)
    simulator.phones[checkpoint.actingUser] = phone
    _ = await simulator.handle(input.text, recording: false)
    let fresh = simulator.state
    simulator.restore(next)
    return Flow.repeatedFeedback(before: before, after: said, fresh: fresh).map { [$0] } ?? []
  }

  /// Whether `input` is a simulator command that answers in its own words and shows no screen (`:latency`): it
  /// says nothing of the step before again, whatever the app's state still holds.
  static func showsNoScreen(_ input: Input) -> Bool {
    guard input.action == nil, input.text.hasPrefix(":") else { return false }
    let name = Simulator.controlWords(String(input.text.dropFirst())).name
    return SimulatorCommandName(rawValue: name).map(quietControls.contains) ?? false
  }

  /// The simulator's commands whose step shows no screen.
  static let quietControls: Set<SimulatorCommandName> = [.help, .where, .quit, .latency, .fault, .expect, .save]

  /// The changes each phone holds, waiting to be sent, at `checkpoint` (before a step).
  func waitingChanges(_ checkpoint: Simulator.Checkpoint) -> [(user: UserID, changes: [PendingChange])] {
    var waiting: [(user: UserID, changes: [PendingChange])] = []
    for phone in checkpoint.phoneKeys where !phone.memory.outbox.changes.isEmpty {
      waiting.append((phone.user, phone.memory.outbox.changes))
    }
    return waiting
  }

  /// Whether `step`, taken from `before`, signs the person out, or asks to: sign out, or yes to the question sign
  /// out asks first when changes wait on the phone.
  static func signsOut(_ step: Step, from before: AppState) -> Bool {
    switch step.transition?.action {
    case .signOut?: true
    case .confirmYes?: asksToSignOut(before)
    default: false
    }
  }

  /// Whether `state` is the question sign out asks first.
  static func asksToSignOut(_ state: AppState) -> Bool {
    if case .confirm(let question) = state.screen { question.intent.action == .signOut } else { false }
  }

  /// No accepted change lost: a change a phone held, waiting, before a step is after it still waiting, applied by
  /// the backend (or settled by its conflict rules), or refused with a note that says so.
  ///
  /// `after`: the simulation after the step; `actingNotes`, what the step noted on the acting phone.
  func lostChanges(
    waiting: [(user: UserID, changes: [PendingChange])], after: Simulator.Checkpoint, notes actingNotes: [String]
  ) -> [String] {
    guard !waiting.isEmpty else { return [] }
    var broken: [String] = []
    for (user, changes) in waiting {
      let phone = after.phoneKeys.first { $0.user == user }
      let still = Set(phone?.memory.outbox.changes.map(\.id) ?? [])
      let notes = user == after.actingUser ? actingNotes : []
      // Applied means this very change (author, id and content), not another under its id.
      for change in changes where !still.contains(change.id) && !after.backend.hasApplied(change) {
        guard !notes.contains(where: { $0.hasPrefix("Not synced: \(change.summary).") }) else { continue }
        broken.append("the waiting change “\(change.summary)” was lost: neither sent nor still waiting")
      }
    }
    return broken
  }

  /// Every recovery offered leads somewhere: choosing the action an error names as the way forward is not
  /// refused, and does not end on a screen with nothing to do.
  func unfollowedRecovery(
    _ before: AppState, offered: [FlowAction], _ input: Input, _ step: Step, after: AppState
  ) -> [String] {
    guard let error = before.error, let action = input.action,
      let chosen = offered.first(where: { $0.id == action }),
      error.recovery.contains(where: { Flow.follows($0, chosen) })
        || !error.recovery.contains(where: { recovery in offered.contains { Flow.follows(recovery, $0) } })
    else { return [] }
    // Only an input that may be one of the ways the error names is worth working those out.
    for named in flow.recoveryActions(in: before) where named.id == action {
      let offers = "\(error.code.rawValue) on \(before.screen.id.rawValue) names “\(named.label)”"
      if step.transition == nil { return ["\(offers), but “\(input.text)” is refused"] }
      if flow.actions(in: after).isEmpty {
        return ["\(offers), but “\(input.text)” leads to \(after.screen.id.rawValue), which offers nothing to do"]
      }
    }
    return []
  }

  /// No question is asked for an action that will be refused: yes, said right away to a question the step reached
  /// (`asked`, at `checkpoint`), is not refused for a reason the phone knew when asking. Leaves the simulation at
  /// `checkpoint`.
  func askedThenRefused(_ simulator: Simulator, asked: AppState, at checkpoint: Simulator.Checkpoint) async -> [String]
  {
    guard case .confirm = asked.screen else { return [] }
    _ = await simulator.handle("yes", recording: false)
    let answered = simulator.state
    simulator.restore(checkpoint)
    return Flow.askedThenRefused(asked: asked, answered: answered).map { [$0] } ?? []
  }

  /// Replay is identical: the inputs typed from the start, in a fresh simulation, show the text the walk saw and
  /// leave the same state. `nil` when they do.
  func replayDiffers(_ inputs: [String], text: String, key: Simulator.StateKey) async -> String? {
    let fresh = Simulator(scenario: scenario, flow: flow)
    await fresh.start()
    var last: Step?
    for input in inputs { last = await fresh.handle(input) }
    guard let last else { return nil }
    let replayed = last.text(style: .plain)
    if replayed != text {
      let explored = text.split(separator: "\n", omittingEmptySubsequences: false)
      let again = replayed.split(separator: "\n", omittingEmptySubsequences: false)
      let line =
        (0..<min(explored.count, again.count)).first { explored[$0] != again[$0] } ?? min(explored.count, again.count)
      let said = line < explored.count ? String(explored[line]) : "(nothing)"
      let says = line < again.count ? String(again[line]) : "(nothing)"
      return "replaying the inputs from the start shows different text than exploring did, "
        + "from line \(line + 1) of the last step: “\(says)” instead of “\(said)”"
    }
    if fresh.key(fresh.checkpoint()) != key {
      return "replaying the inputs from the start leaves a different state than exploring did"
    }
    return nil
  }
}
