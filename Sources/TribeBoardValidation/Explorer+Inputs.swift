import Foundation
import TribeBoardAPI
import TribeBoardCore
import TribeBoardEngine
import TribeBoardFlow
import TribeBoardMocks
import TribeBoardScenarios
import TribeBoardTranscripts

/// The inputs the walk tries at a state: the offered actions with sample values, and the simulator's moves.
extension Explorer {
  /// What a person can type here: each offered action (with sample values), and the simulator's moves.
  /// `state`: the acting person's; `actions`, what its screen offers; `backend`, the backend as it is now.
  /// `acting`: the acting person's account; `phones`, every open phone as the checkpoint holds it.
  func inputs(
    _ state: AppState, actions: [FlowAction], backend: MockBackend.Snapshot, acting: UserID,
    phones: [Simulator.StateKey.PhoneKey] = []
  ) -> [Input] {
    var inputs: [Input] = []
    for action in actions {
      let phrase = action.phrases[0]
      guard action.argument != nil else {
        inputs.append(Input(text: phrase, action: action.id))
        continue
      }
      inputs += samples(for: action.id, state: state, backend: backend).map {
        Input(text: "\(phrase) \($0)", action: action.id)
      }
    }
    // After a step that said something, an input the screen refuses: it must not say it again.
    if Self.saidSomething(state) {
      inputs.append(Input(text: Self.refused, action: nil))
    }
    inputs.append(Input(text: ":relaunch", action: nil))
    // The slow variant of every input: the same inputs, tried again from the state where data calls are slow.
    let slow = backend.latencies["data"] != nil
    if let latency = options.latency {
      inputs.append(Input(text: slow ? ":latency data 0s" : ":latency data \(Int(latency))s", action: nil))
      // And slower than a token lives: no latency signs anyone out while the session can be renewed, and a code sent
      // in time still counts (the invariant in ``ruleViolations(_:_:before:from:to:)``).
      let policy = scenario.configuration.auth
      if !slow, state.session.auth != nil {
        inputs.append(Input(text: ":latency data \(Int(policy.accessTokenLifetime) + 60)s", action: nil))
      }
      if backend.latencies["auth"] == nil, state.screen.id == .signIn || state.screen.id == .mfa {
        inputs.append(Input(text: ":latency auth \(Int(policy.mfaCodeLifetime) + 60)s", action: nil))
      }
    }
    if options.people {
      inputs += people.filter { $0 != acting }.map { Input(text: ":as \($0)", action: nil) }
    }
    if options.faults {
      inputs += [":offline", ":online", ":clock +8d"].map { Input(text: $0, action: nil) }
      // Slow, a jump to just before each deadline ahead, not only the nearest: the nearest is usually the access
      // token's, renewed at every jump, and a slow call should also cross the visit's end.
      let jumps = Self.deadlines(state, backend: backend, before: slow)
      inputs += (slow ? jumps : Array(jumps.prefix(1))).map { Input(text: ":clock +\($0)s", action: nil) }
    }
    if options.api {
      inputs += apiCalls(state, acting: acting, phones: phones).map { Input(text: ":api \($0.words)", action: nil) }
    }
    return inputs
  }

  /// With ``Options/api``, what another client does meanwhile through the services' HTTP API, with the session an
  /// open phone holds: the acting person's own (their other device) adds a task to their family; and for each change
  /// waiting on a phone, the first other account signed in on an open phone sends a change of its own under that
  /// change's id (a second writer whose change ids collide). The services decide whether each call is allowed, and
  /// every invariant is checked after it as after any step.
  func apiCalls(_ state: AppState, acting: UserID, phones: [Simulator.StateKey.PhoneKey]) -> [APICall] {
    let signedIn = phones.filter { $0.memory.token != nil }
    var calls: [APICall] = []
    if let family = state.family?.id, let token = signedIn.first(where: { $0.user == acting })?.memory.token {
      let task = Wire.NewTaskBody(NewTask(title: "Added from \(acting)'s other device", points: 1))
      calls.append(APICall(method: "POST", path: "/families/\(family)/tasks", bearer: token, body: Self.json(task)))
    }
    for phone in phones {
      guard let family = phone.memory.cache.place?.value.family.id,
        let writer = signedIn.first(where: { $0.user != phone.user }), let token = writer.memory.token
      else { continue }
      for change in phone.memory.outbox.changes {
        let colliding = PendingChange(
          id: change.id, change: .sendMessage("Sent by \(writer.user) under the same id", family: family),
          author: writer.user, madeAt: state.now, summary: "message")
        calls.append(
          APICall(method: "POST", path: "/changes", bearer: token, body: Self.json(Wire.PendingChangeBody(colliding))))
      }
    }
    return calls
  }

  /// `value` as the API's JSON, on one line.
  static func json(_ value: some Encodable) -> String {
    String(decoding: Wire.encode(value), as: UTF8.self)
  }

  /// Words no screen knows, tried after a step that said something.
  static let refused = "xyzzy"

  /// Whether the step that reached `state` said something the next step must not say again: notes, a notice, or
  /// an error that is not waiting to be tried again (one that is stays on the screen until then).
  static func saidSomething(_ state: AppState) -> Bool {
    !state.notes.isEmpty || state.notice != nil || (state.error != nil && state.retry == nil)
  }

  /// Who the walk lets act besides the person it starts as: the first account of each role in the scenario's
  /// families (parent admin, adult, child, visitor), and the first account in no family. People of one role see and
  /// may do the same, so one of each is enough to find what a second person's step does to the first.
  static func people(of scenario: Scenario) -> [UserID] {
    let world = scenario.configuration.world
    var people: [UserID] = []
    for role in Role.allCases {
      if let member = world.memberships.first(where: { $0.role == role }), !people.contains(member.userID) {
        people.append(member.userID)
      }
    }
    let members = Set(world.memberships.map(\.userID))
    if let loner = world.accounts.first(where: { !members.contains($0.profile.id) }) { people.append(loner.profile.id) }
    return people
  }

  /// Seconds from `state`'s time to one past each deadline ahead of the acting person (one before it, if `before`:
  /// a slow call then crosses it), nearest first, within the week the walk's other jump skips: their visit's end,
  /// their access token's, their code's, their sign-in lock's.
  static func deadlines(_ state: AppState, backend: MockBackend.Snapshot, before: Bool = false) -> [Int] {
    var deadlines: [Date] = []
    if let end = state.membership?.expiresAt { deadlines.append(end) }
    if let access = state.session.auth?.expiresAt { deadlines.append(access) }
    if case .awaitingCode(let challenge) = state.session {
      deadlines.append(challenge.expiresAt)
      if let lock = backend.signInLocks[challenge.user.id] { deadlines.append(lock) }
    }
    let ahead = deadlines.map { $0.timeIntervalSince(state.now) }.filter { $0 >= (before ? 2 : 0) && $0 < 7 * 86400 }
    let jumps = ahead.map { before ? Int($0.rounded(.up)) - 1 : Int($0.rounded(.down)) + 1 }
    return Array(Set(jumps)).sorted()
  }

  private func samples(for action: ActionID, state: AppState, backend: MockBackend.Snapshot) -> [String] {
    switch action {
    case .nameFamily: return ["The Explorers", "X"]
    case .familyCode: return (backend.firstFamily.map { [$0.code] } ?? []) + ["ZZZZZZ"]
    case .enterCode: return backend.accounts.compactMap(\.mfaCode).prefix(1) + ["000000"]
    case .assign, .with: return state.content.members.prefix(2).map { $0.profile.firstName }
    case .changeRole: return ["adult", "child"]
    case .when, .due: return [DateText.typed(state.now.addingTimeInterval(86400))]
    case .points: return ["3"]
    case .title, .place, .send, .post: return ["Sample"]
    case .toggle: return ["messages"]
    default: return ["1", "2"]
    }
  }
}
