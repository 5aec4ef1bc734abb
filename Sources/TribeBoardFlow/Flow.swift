import Foundation
import TribeBoardCore

/// The app's state machine. It runs intents through the ``FlowTable`` against the services it is given,
/// and never knows whether they are real or mock.
public struct Flow: Sendable {
  public let table: FlowTable

  public init(table: FlowTable = .app) {
    self.table = table
  }

  /// What sending an intent did.
  public enum Outcome: Equatable, Sendable {
    /// The intent ran; the state shows its result, which may be an error the app displays.
    case performed
    /// The current screen has no such action, or its condition does not hold; the state is unchanged.
    case unavailable(String)
  }

  // MARK: Launch

  /// Starts the app as a cold launch does: onboarding, sign-in, or straight into the family.
  public func launch(_ services: Services) async -> AppState {
    var state = AppState(now: services.clock.now())
    guard await services.device.onboardingCompleted() else {
      state.screen = .onboarding(page: 1)
      return state
    }
    do throws(AppError) {
      try await Self.restore(&state, services)
    } catch {
      state.error = error
      state.retry = table[state.screen.id].retry.map { Intent($0) }
    }
    await load(&state, services)
    return state
  }

  /// Opens the session the phone stored: renews it if its access token ran out, then enters the family.
  ///
  /// Only an expired or revoked session signs the person out. Any other failure (the network, a service) keeps
  /// the session on the phone and leaves the app on the ``ScreenID/preparing`` screen, whose "Try again" calls
  /// this again.
  static func restore(_ state: inout AppState, _ services: Services) async throws(AppError) {
    do throws(AppError) {
      var stored = state.session.auth
      if stored == nil { stored = try await services.auth.currentSession() }
      guard let session = stored else {
        state.session = .signedOut
        state.screen = .signIn
        return
      }
      if state.session.auth == nil { state.session = .signedIn(session) }
      if session.needsRefresh(at: services.clock.now()) { try await renew(&state, services) }
      try await enter(with: state.session.auth ?? session, &state, services, signOutOnFailure: false)
      await sendQueued(&state, services)
    } catch {
      if error.code == .sessionExpired {
        // Restoring runs at launch and on the preparing screen, neither a family screen: nothing to go back to.
        expire(&state, resume: false)
      } else if error.code == .offline, await openFromCache(&state, services) {
        // No network: the family board opens from what the phone kept; its screens say how old their copy is.
        return
      } else {
        state.screen = .preparing
      }
      throw error
    }
  }

  /// Signs `session` in: prepares sync and opens the family (or family setup), or the screen the person was on
  /// when their last session ran out. After a fresh sign-in (`signOutOnFailure`), a failure drops the session
  /// again, so a failed sign-in never leaves anyone half signed in.
  static func enter(
    with session: AuthSession, _ state: inout AppState, _ services: Services, signOutOnFailure: Bool = true
  ) async throws(AppError) {
    // The calls that enter renew the session they run in, as every call of a signed-in person does
    // (``authorized(_:_:_:)``): slow ones can outlive the access token just issued.
    let renewal = SessionRenewal(session, services: services)
    let services = services.renewing(renewal)
    do throws(AppError) {
      try await services.sync.performInitialSetup()
      var found: (Family, Membership)?
      var expired: (Family, Membership)?
      for family in try await services.families.families(for: session.user.id) where found == nil {
        let members = try await services.families.members(of: family.id)
        guard let membership = members.first(where: { $0.id == session.user.id })?.membership else { continue }
        if membership.isActive(at: services.clock.now()) {
          found = (family, membership)
        } else {
          expired = expired ?? (family, membership)
        }
      }
      let session = renewal.renewed.last ?? session
      for renewed in renewal.renewed { state.notes.append(renewedNote(renewed)) }
      if let (family, membership) = found {
        state.session = .member(session, family, membership)
        state.screen = .dashboard
        if let resume = state.resume, resume.user == session.user.id {
          state.screen = resume.screen
        }
      } else {
        state.session = .signedIn(session)
        state.screen = .familySetup
        if let (family, membership) = expired { state.error = accessExpired(family, membership) }
      }
      state.resume = nil
    } catch {
      if signOutOnFailure {
        try? await services.auth.signOut()
        state.session = .signedOut
      }
      throw error
    }
  }

  /// The first sync after joining or creating a family: the dashboard opens only once the family's data is on
  /// the phone. A failure leaves the app on the ``ScreenID/preparing`` screen, whose "Try again" calls this again.
  static func openBoard(_ state: inout AppState, _ services: Services) async throws(AppError) {
    guard let family = state.family else { throw AppError(.sessionExpired) }
    state.screen = .preparing
    state.notes.append("Setting up your family board…")
    state.content.sync = try await services.sync.sync(family.id)
    state.screen = .dashboard
  }

  /// The session ran out and could not be renewed: back to sign-in, remembering the family screen the person was
  /// on, if they were on one. Onboarding stays done.
  func expire(_ state: inout AppState) {
    Self.expire(&state, resume: table[state.screen.id].needsFamily)
  }

  /// The session ran out and could not be renewed: back to sign-in. Onboarding stays done. `resume`: the current
  /// screen is a family screen, to go back to once the same person signs in again.
  static func expire(_ state: inout AppState, resume: Bool) {
    if resume, let user = state.user?.id { state.resume = .init(user: user, screen: state.screen) }
    state.session = .signedOut
    state.screen = .signIn
    state.content = Content()
    state.cache = [:]
    state.retry = nil
  }

  /// The quiet note a silent refresh leaves.
  static func renewedNote(_ session: AuthSession) -> String {
    "Session renewed silently (access until \(DateText.full(session.expiresAt, now: session.expiresAt)))."
  }

  // MARK: The session on every call

  /// Runs `body`, which calls the services it is given, with a live session: an access token that ran out is
  /// renewed first, and each call refused as `sessionExpired` (a slow call can outlive the token) is renewed and
  /// sent once more, as an app's network layer does (``SessionRenewal``). When renewing fails the error is
  /// `sessionExpired`.
  static func authorized(
    _ state: inout AppState, _ services: Services,
    _ body: (inout AppState, Services) async throws(AppError) -> Void
  ) async throws(AppError) {
    guard state.session.auth != nil else { return try await body(&state, services) }
    if let session = state.session.auth, session.needsRefresh(at: services.clock.now()) {
      do throws(AppError) {
        try await renew(&state, services)
      } catch  where error.code != .sessionExpired {
        // Renewing could not reach the service: try the call anyway. It fails the same way if it needs the
        // network, and what works on the phone alone (signing out) still works.
      }
    }
    guard let session = state.session.auth else { return try await body(&state, services) }
    let renewal = SessionRenewal(session, services: services)
    let renewing = services.renewing(renewal)
    defer {
      // The renewals belong to the session the body started in, unless the body ended it or took another. Each
      // renewal replaces the refresh token too, so the session is known by the one it started with.
      if state.session.auth?.refreshToken == session.refreshToken {
        for renewed in renewal.renewed {
          state.session = state.session.renewed(renewed)
          state.notes.append(renewedNote(renewed))
        }
      }
    }
    try await body(&state, renewing)
  }

  private static func renew(_ state: inout AppState, _ services: Services) async throws(AppError) {
    guard let session = state.session.auth else { throw AppError(.sessionExpired) }
    let renewed = try await services.auth.refresh(session)
    state.session = state.session.renewed(renewed)
    state.notes.append(renewedNote(renewed))
  }

  // MARK: Intents

  /// The actions the current screen offers to the signed-in role, in display order.
  public func actions(in state: AppState) -> [FlowAction] {
    let all = table[state.screen.id].actions
    let role = state.role
    var actions: [FlowAction] = []
    actions.reserveCapacity(all.count + 1)
    for action in all where offered(action, in: state) {
      if let requires = action.requires, !(role.map { Permissions.allows($0, requires) } ?? false) { continue }
      actions.append(action)
    }
    // Last, so the other actions keep their numbers after an error.
    if state.retry != nil {
      actions.append(Self.retry)
    }
    return actions
  }
  /// The actions of the current screen that the person's role keeps from them: listed and available here, but
  /// needing a permission the role lacks (help shows them as "Not for your role").
  public func actionsNotForRole(in state: AppState) -> [FlowAction] {
    table[state.screen.id].actions.filter { action in
      offered(action, in: state) && !(action.requires.map(state.allows) ?? true)
    }
  }

  /// Whether the screen lists `action` in this state, whoever is asking. An action on a list's items needs the list
  /// shown: a screen that did not load shows none.
  private func offered(_ action: FlowAction, in state: AppState) -> Bool {
    action.listed && (state.loaded || !action.takesItem) && (action.condition?.test(state) ?? true)
  }

  /// Sends `intent` on the current screen. Errors the app shows land in `state.error`.
  @discardableResult
  public func send(_ intent: Intent, to state: inout AppState, services: Services) async -> Outcome {
    await send(intent, to: &state, services: services, confirmed: false)
  }

  /// Shows `error`, found reading the value typed for `action` (``InputParser/Resolution/invalid(_:_:)``), as the
  /// action's own: only if the screen offers the action to this person, and with the ways forward it would offer.
  @discardableResult
  public func reject(_ action: ActionID, with error: AppError, to state: inout AppState, services: Services) async
    -> Outcome
  {
    await send(Intent(action), to: &state, services: services, confirmed: false, rejected: error)
  }

  private func send(
    _ intent: Intent, to state: inout AppState, services: Services, confirmed: Bool, rejected: AppError? = nil
  ) async -> Outcome {
    if intent.action == .confirmYes, case .confirm(let pending) = state.screen {
      state.screen = pending.back
      return await send(pending.intent, to: &state, services: services, confirmed: true)
    }
    if intent.action == .retry { return await tryAgain(&state, services) }
    let action: FlowAction
    switch dispatch(intent, in: state) {
    case .unavailable(let reason):
      return .unavailable(reason)
    case .refused(let refusal):
      state.clearFeedback()
      state.error = refusal
      narrowRecovery(&state)
      return .performed
    case .run(let found):
      action = found
    }
    state.clearFeedback()
    if let ask = action.confirmation, !confirmed, rejected == nil {
      do throws(AppError) {
        if let question = try await ask(state, services) {
          state.screen = .confirm(Confirmation(question: question, intent: intent, back: state.screen))
          await load(&state, services)
          return .performed
        }
      } catch {
        state.error = error
        narrowRecovery(&state)
        return .performed
      }
    }
    let from = state.screen.id
    do throws(AppError) {
      try await Self.authorized(&state, services) { state, services throws(AppError) in
        if let rejected { throw rejected }
        let input = ActionInput(intent.argument, of: action)
        if action.argument != nil && intent.argument == nil { throw input.missing }
        try await action.run(&state, input, services)
      }
    } catch {
      // "Try again" repeats the action on its own screen; on a screen it led to, it is that screen's own way.
      let retrying = state.screen.id == from ? intent : table[state.screen.id].retry.map { Intent($0) }
      await apply(recovery(for: error, in: state), retrying: retrying, to: &state, services)
    }
    await load(&state, services)
    return .performed
  }

  /// What an intent comes to on the current screen, before anything runs.
  enum Dispatch {
    /// The screen has no such action now; the reason says why, and nothing changes.
    case unavailable(String)
    /// The role may not take the action: the refusal to show.
    case refused(AppError)
    /// The action to run.
    case run(FlowAction)
  }

  /// Finds the action `intent` names on the current screen and checks that it can run here: the value it is given,
  /// the role, its condition, and the list it acts on.
  func dispatch(_ intent: Intent, in state: AppState) -> Dispatch {
    let spec = table[state.screen.id]
    // An action can have variants for different states (“Change the role” offers a child's account fewer roles):
    // the one whose condition holds, else the first, which says why it is not available.
    guard
      let action = spec.actions.first(where: { $0.id == intent.action && ($0.condition?.test(state) ?? true) })
        ?? spec.actions.first(where: { $0.id == intent.action })
    else {
      return .unavailable("“\(intent.action.rawValue)” is not an action of the \(spec.id.rawValue) screen.")
    }
    if let value = intent.argument, !(action.argument?.accepts(value) ?? false) {
      return .unavailable(
        action.argument.map { "“\(action.label)” takes a \($0.description), not \(value)." }
          ?? "“\(action.label)” takes no value.")
    }
    // A role that may not take the action is told so whatever the screen's state: the same refusal on every screen.
    if let capability = action.requires, !state.allows(capability) {
      return .refused(state.role.map { .denied(capability, role: $0) } ?? Self.noFamily)
    }
    if let condition = action.condition, !condition.test(state) {
      return .unavailable("“\(action.label)” is not available here: \(condition.summary).")
    }
    if action.takesItem, !state.loaded {
      return .unavailable("“\(action.label)” is not available here: the list did not load, so it shows no items.")
    }
    return .run(action)
  }

  /// "Try again": repeats the intent that failed, which the person already said yes to.
  private func tryAgain(_ state: inout AppState, _ services: Services) async -> Outcome {
    guard let failed = state.retry else { return .unavailable("There is nothing to try again.") }
    if failed.action == .refresh {
      await refresh(&state, services: services)
      return .performed
    }
    state.retry = nil
    return await send(failed, to: &state, services: services, confirmed: true)
  }

  /// Reloads the current screen, as after the clock moves or another member changed something. A change that
  /// failed stays retryable: its error and "Try again" stay unless the reload has something newer to say.
  public func refresh(_ state: inout AppState, services: Services) async {
    let failed = state.retry.flatMap { intent in intent.action == .refresh ? nil : state.error.map { (intent, $0) } }
    state.clearFeedback()
    await load(&state, services)
    if let (intent, error) = failed, state.error == nil {
      state.error = error
      state.retry = intent
      narrowRecovery(&state)
    }
  }

  // MARK: Ways forward

  /// Whether the current screen offers a way to follow `recovery`.
  public func offers(_ recovery: AppError.Recovery, in state: AppState) -> Bool {
    Self.offers(recovery, among: actions(in: state))
  }

  /// Whether `offered`, the actions a screen offers (``actions(in:)``), include a way to follow `recovery`.
  public static func offers(_ recovery: AppError.Recovery, among offered: [FlowAction]) -> Bool {
    offered.contains { follows(recovery, $0) }
  }

  /// Whether choosing `action` follows `recovery`.
  public static func follows(_ recovery: AppError.Recovery, _ action: FlowAction) -> Bool {
    switch recovery {
    case .retry: action.id == .retry
    case .edit: action.argument != nil
    case .back: action.id == .back || action.id == .home || action.id == .confirmNo
    case .signIn: action.id == .signInApple || action.id == .signInGoogle
    case .newCode: action.id == .newCode
    case .join: action.id == .joinFamily
    }
  }

  /// The actions of the current screen that the error's ways forward name, in the error's order, each once: what
  /// "You can:" lists, by the actions' own labels and words. To correct the input, the action that failed
  /// (`failed`), when the screen offers it; else those whose words the message names; else every action that
  /// takes a value. An error none of whose ways is on the screen names the screen's other actions: never none.
  public func recoveryActions(in state: AppState, failed: ActionID? = nil) -> [FlowAction] {
    guard let error = state.error else { return [] }
    let offered = actions(in: state)
    var named: [FlowAction] = []
    for recovery in error.recovery {
      var following = offered.filter { Self.follows(recovery, $0) }
      if recovery == .edit {
        if let failed, let own = following.first(where: { $0.id == failed }) {
          following = [own]
        } else {
          // A form refused as a whole says which field to fill in, with its words.
          if following.count > 1 {
            let mentioned = following.filter { error.message.contains($0.usage) }
            if !mentioned.isEmpty { following = mentioned }
          }
        }
      }
      if recovery == .back, following.count > 1 { following = [following[0]] }
      for action in following where !named.contains(where: { $0.id == action.id }) { named.append(action) }
    }
    if named.isEmpty {
      // None of the error's ways is on this screen (a refusal on the dashboard, which has no way back): what the
      // person can do here instead.
      named = offered.filter { $0.id != .retry && $0.id != .signOut }
      if named.isEmpty { named = offered }
    }
    return named
  }

  /// An error names only the ways forward its screen offers: "go back" on a screen without Back would mislead.
  /// The screen's actions are worked out once for all of the error's ways forward (their conditions read the
  /// content, and every load with an error comes here).
  private func narrowRecovery(_ state: inout AppState) {
    guard var error = state.error, !error.recovery.isEmpty else { return }
    let offered = actions(in: state)
    error.recovery = error.recovery.filter { Self.offers($0, among: offered) }
    state.error = error
  }

  /// The refusal when a family action is tried without a known role in a family.
  static let noFamily = AppError(.permissionDenied, "Join a family first.", recovery: [.join, .back])

  /// "Try again": repeats the intent that failed.
  static let retry = FlowAction(.retry, "Try again", phrases: ["retry", "try again", "r"]) { _, _, _ in }

  // MARK: Loading

  /// Loads what the current screen shows, first checking that a family screen is still the person's to see.
  func load(_ state: inout AppState, _ services: Services) async {
    await loadContent(&state, services)
    // While the person stays on a list, its numbers stay put: a new item is numbered after the rest.
    if state.loaded { FlowTable.keepShownNumbers(&state) }
    await Self.forgetCacheIfOutside(state, services)
    narrowRecovery(&state)
  }

  /// The access ended while the screen loaded (a slow call): what came back is not the person's to see.
  private static func checkStillActive(_ state: AppState, _ spec: ScreenSpec, _ services: Services) throws(AppError) {
    if spec.needsFamily, let family = state.family, let membership = state.membership,
      !membership.isActive(at: services.clock.now())
    {
      throw accessExpired(family, membership)
    }
  }

  /// Loads the current screen; on a failure, does what ``recovery(for:loading:copy:showedCopy:)`` says.
  private func loadContent(_ state: inout AppState, _ services: Services) async {
    // What the screen showed before this load, and since when: a screen with no load of its own (a form, a
    // question) shows it again when the network fails.
    let shown =
      state.loaded ? AppState.CachedContent(content: state.content, loadedAt: state.staleSince ?? state.now) : nil
    // Whether the screen already showed a copy for want of the network: offline is then the screen's state.
    let showedCopy = state.staleSince != nil
    state.now = services.clock.now()
    state.staleSince = nil
    do throws(AppError) {
      try await Self.authorized(&state, services) { state, services throws(AppError) in
        try await loadScreen(&state, services)
      }
    } catch {
      let error = explained(error, loading: state, at: services.clock.now())
      let copy = await copyToShow(after: error, state, shown: shown, services)
      let recovery = recovery(for: error, loading: state, copy: copy, showedCopy: showedCopy)
      // Staying, the screen shows the error in place of what did not load; else it shows the copy, or the screen
      // the person is taken to.
      if case .show = recovery { state.loaded = false } else { state.loaded = true }
      await apply(recovery, retrying: Intent(.refresh), to: &state, services)
    }
  }

  /// Loads what the current screen shows, once the person may still see it: their access is still on, and their
  /// role still allows the screen (else the dashboard loads, saying why).
  private func loadScreen(_ state: inout AppState, _ services: Services) async throws(AppError) {
    let spec = table[state.screen.id]
    if spec.needsFamily, let family = state.family, let membership = state.membership,
      !membership.isActive(at: state.now)
    {
      // Known on the phone: no network needed to end a visitor's access.
      throw Self.accessExpired(family, membership)
    }
    if spec.needsFamily {
      try await Self.checkMembership(&state, services)
    }
    if let capability = spec.requires, !state.allows(capability) {
      // The role changed under this screen: back to the dashboard, saying why.
      state.screen = .dashboard
      state.error = state.role.map { .denied(capability, role: $0) } ?? Self.noFamily
      try await table[.dashboard].load?(&state, services)
      state.loaded = true
      return
    }
    guard let load = spec.load else {
      // The membership check above is a call too: a slow one can outlive the access.
      try Self.checkStillActive(state, spec, services)
      if spec.needsFamily { await Self.remember(state, spec.id, services) }
      state.loaded = true
      return
    }
    try await load(&state, services)
    try Self.checkStillActive(state, spec, services)
    state.cache[Self.cacheKey(spec.id)] = .init(content: state.content, loadedAt: state.now)
    if spec.needsFamily { await Self.remember(state, spec.id, services) }
    state.content.overlay(await services.device.outbox().changes)
    state.loaded = true
  }

  /// The screen whose loaded content a screen can show: a detail screen shows its list's.
  static func cacheKey(_ screen: ScreenID) -> ScreenID {
    switch screen {
    case .taskDetail: .tasks
    case .eventDetail: .calendar
    case .memberDetail: .familyManagement
    default: screen
    }
  }

  /// The error a person sees once their (visitor) membership has run out.
  static func accessExpired(_ family: Family, _ membership: Membership) -> AppError {
    let ended = membership.expiresAt.map { " on \(DateText.full($0, now: $0))" } ?? ""
    return AppError(
      .accessExpired,
      "Your visitor access to \(family.name) ended\(ended). To come back, join again with the family's code.",
      recovery: [.join])
  }

  /// Re-reads the person's membership: roles change and visitor access expires while they look.
  private static func checkMembership(_ state: inout AppState, _ services: Services) async throws(AppError) {
    guard let session = state.session.auth, let family = state.family else {
      throw AppError(.permissionDenied, "Join a family first.", recovery: [.join])
    }
    let members = try await services.families.members(of: family.id)
    guard let membership = members.first(where: { $0.id == session.user.id })?.membership else {
      state.leaveFamily()
      throw AppError(.permissionDenied, "You are no longer a member of \(family.name).", recovery: [.join])
    }
    guard membership.isActive(at: state.now) else { throw Self.accessExpired(family, membership) }
    let current = try await services.families.families(for: session.user.id).first { $0.id == family.id } ?? family
    state.session = .member(session, current, membership)
    // Who left keeps their name on what the screen still shows of them (a form's "For", a done task).
    for member in state.content.members where !members.contains(where: { $0.id == member.id }) {
      state.content.formerNames[member.id] = member.profile.name
    }
    state.content.members = members
  }
}
