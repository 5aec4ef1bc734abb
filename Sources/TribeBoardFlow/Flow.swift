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
      if let session = try await services.auth.currentSession() {
        try await Self.enter(with: session, &state, services)
      } else {
        state.screen = .signIn
      }
    } catch {
      state.screen = .signIn
      state.error = error
    }
    await load(&state, services)
    return state
  }

  /// Signs `session` in: prepares sync and opens the family (or family setup). If any step fails, the session
  /// is dropped again, so a failed sign-in never leaves anyone half signed in.
  static func enter(with session: AuthSession, _ state: inout AppState, _ services: Services) async throws(AppError) {
    do throws(AppError) {
      try await services.sync.performInitialSetup()
      var found: (Family, Membership)?
      var expired: (Family, Membership)?
      for family in try await services.data.families(for: session.user.id) where found == nil {
        let members = try await services.data.members(of: family.id)
        guard let membership = members.first(where: { $0.id == session.user.id })?.membership else { continue }
        if membership.isActive(at: services.clock.now()) {
          found = (family, membership)
        } else {
          expired = expired ?? (family, membership)
        }
      }
      state.session = session
      state.family = found?.0
      state.membership = found?.1
      state.screen = found == nil ? .familySetup : .dashboard
      if found == nil, let (family, membership) = expired { state.error = accessExpired(family, membership) }
    } catch {
      try? await services.auth.signOut()
      throw error
    }
  }

  // MARK: Intents

  /// The actions the current screen offers to the signed-in role, in display order.
  public func actions(in state: AppState) -> [FlowAction] {
    var actions = table[state.screen.id].actions.filter { action in
      action.listed && (action.condition?.test(state) ?? true) && (action.requires.map(state.allows) ?? true)
    }
    // Last, so the other actions keep their numbers after an error.
    if state.retry != nil {
      actions.append(Self.retry)
    }
    return actions
  }

  /// Sends `intent` on the current screen. Errors the app shows land in `state.error`.
  @discardableResult
  public func send(_ intent: Intent, to state: inout AppState, services: Services) async -> Outcome {
    if intent.action == .retry {
      guard let failed = state.retry else { return .unavailable("There is nothing to try again.") }
      if failed.action == .refresh {
        await refresh(&state, services: services)
        return .performed
      }
      state.retry = nil
      return await send(failed, to: &state, services: services)
    }
    let spec = table[state.screen.id]
    guard let action = spec.actions.first(where: { $0.id == intent.action }) else {
      return .unavailable("“\(intent.action.rawValue)” is not an action of the \(spec.id.rawValue) screen.")
    }
    if let condition = action.condition, !condition.test(state) {
      return .unavailable("“\(action.label)” is not available here: \(condition.summary).")
    }
    state.clearFeedback()
    if let capability = action.requires, !state.allows(capability) {
      state.error = state.role.map { .denied(capability, role: $0) } ?? Self.noFamily
      return .performed
    }
    do throws(AppError) {
      try await action.run(&state, intent.argument, services)
    } catch {
      state.error = error
      if error.recovery.contains(.retry) { state.retry = intent }
    }
    await load(&state, services)
    return .performed
  }

  /// Reloads the current screen, as after the clock moves or another member changed something.
  public func refresh(_ state: inout AppState, services: Services) async {
    state.clearFeedback()
    await load(&state, services)
  }

  /// The refusal when a family action is tried without a known role in a family.
  static let noFamily = AppError(.permissionDenied, "Join a family first.", recovery: [.back])

  /// "Try again": repeats the intent that failed.
  static let retry = FlowAction(.retry, "Try again", phrases: ["retry", "try again", "r"]) { _, _, _ in }

  // MARK: Loading

  /// Loads what the current screen shows, first checking that a family screen is still the person's to see.
  func load(_ state: inout AppState, _ services: Services) async {
    state.now = services.clock.now()
    let spec = table[state.screen.id]
    do throws(AppError) {
      if spec.id.needsFamily {
        try await checkMembership(&state, services)
      }
      if let capability = spec.requires, !state.allows(capability) {
        // The role changed under this screen: back to the dashboard, saying why.
        state.screen = .dashboard
        state.error = state.role.map { .denied(capability, role: $0) } ?? Self.noFamily
        try await table[.dashboard].load?(&state, services)
        state.loaded = true
        return
      }
      try await spec.load?(&state, services)
      state.loaded = true
    } catch {
      state.loaded = false
      // A family screen the person may no longer see: take them out of the family.
      if error.code == .accessExpired || state.family == nil {
        state.family = nil
        state.membership = nil
        state.screen = state.session == nil ? .signIn : .familySetup
        state.content = Content()
        state.loaded = true
      }
      state.error = error
      if error.recovery.contains(.retry) { state.retry = Intent(.refresh) }
    }
  }

  /// The error a person sees once their (visitor) membership has run out.
  static func accessExpired(_ family: Family, _ membership: Membership) -> AppError {
    let ended = membership.expiresAt.map { " on \(DateText.full($0))" } ?? ""
    return AppError(
      .accessExpired, "Your visitor access to \(family.name) ended\(ended). Ask a parent admin to invite you again.",
      recovery: [.contactSupport])
  }

  /// Re-reads the person's membership: roles change and visitor access expires while they look.
  private func checkMembership(_ state: inout AppState, _ services: Services) async throws(AppError) {
    guard let session = state.session, let family = state.family else {
      state.family = nil
      throw AppError(.sessionExpired)
    }
    let members = try await services.data.members(of: family.id)
    guard let membership = members.first(where: { $0.id == session.user.id })?.membership else {
      state.family = nil
      throw AppError(.permissionDenied, "You are no longer a member of \(family.name).", recovery: [.back])
    }
    guard membership.isActive(at: state.now) else { throw Self.accessExpired(family, membership) }
    state.membership = membership
    state.content.members = members
    if let family = try await services.data.families(for: session.user.id).first(where: { $0.id == family.id }) {
      state.family = family
    }
  }

  // MARK: Parsing what a person types

  /// What a line of input means on the current screen.
  public enum Resolution: Equatable, Sendable {
    case intent(Intent)
    /// The input names no action here; the message says what would work.
    case unknown(String)
  }

  /// Reads `input` as an action number ("2"), or an action's words with its argument ("name The Johnsons").
  /// Actions hidden from the role, or unlisted, still resolve, so typing them gets an explanation rather than silence.
  public func resolve(_ input: String, in state: AppState) -> Resolution {
    let text = input.split(whereSeparator: \.isWhitespace).joined(separator: " ")
    let visible = actions(in: state)
    let words = text.split(separator: " ", maxSplits: 1)
    if let first = words.first, let number = Int(first) {
      guard number >= 1 && number <= visible.count else {
        let choice = visible.isEmpty ? "this screen has no actions" : "choose 1 to \(visible.count)"
        return .unknown("There is no action \(number) here; \(choice).")
      }
      let action = visible[number - 1]
      if words.count > 1 && action.argument == nil {
        return .unknown("Action \(number) (\(action.label)) takes no value; type \(number) alone.")
      }
      return .intent(Intent(action.id, words.count > 1 ? String(words[1]) : nil))
    }
    let candidates =
      visible
      + table[state.screen.id].actions.filter { hidden in
        !visible.contains { $0.id == hidden.id } && hidden.condition.map { $0.test(state) } ?? true
      }
    let lowered = text.lowercased()
    var best: (action: FlowAction, length: Int)?
    for action in candidates {
      for phrase in action.phrases where phrase.count > (best?.length ?? -1) {
        if lowered == phrase || (action.argument != nil && lowered.hasPrefix(phrase + " ")) {
          best = (action, phrase.count)
        }
      }
    }
    guard let (action, length) = best else {
      return .unknown("“\(text)” is not an action here.")
    }
    let argument = String(text.dropFirst(length)).trimmingCharacters(in: .whitespaces)
    return .intent(Intent(action.id, argument.isEmpty ? nil : argument))
  }
}

extension String? {
  /// The argument an action needs, or an error telling the person how to give it (`usage`: "name <family name>").
  func required(_ usage: String) throws(AppError) -> String {
    guard let self, !self.isEmpty else {
      throw AppError(.validationFailed, "This needs a value: type \(usage).", recovery: [.edit])
    }
    return self
  }
}
