import Foundation
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
  func inputs(_ state: AppState, actions: [FlowAction], backend: MockBackend.Snapshot) -> [Input] {
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
    inputs.append(Input(text: ":relaunch", action: nil))
    if options.faults {
      inputs += [":offline", ":online", ":clock +8d"].map { Input(text: $0, action: nil) }
      if let deadline = Self.nextDeadline(state, backend: backend) {
        inputs.append(Input(text: ":clock +\(deadline)s", action: nil))
      }
    }
    return inputs
  }

  /// Seconds from `state`'s time to one past the nearest deadline ahead of the acting person, within the week the
  /// walk's other jump skips: their visit's end, their access token's, their code's, their sign-in lock's.
  static func nextDeadline(_ state: AppState, backend: MockBackend.Snapshot) -> Int? {
    var deadlines: [Date] = []
    if let end = state.membership?.expiresAt { deadlines.append(end) }
    if let access = state.session.auth?.expiresAt { deadlines.append(access) }
    if case .awaitingCode(let challenge) = state.session {
      deadlines.append(challenge.expiresAt)
      if let lock = backend.signInLocks[challenge.user.id] { deadlines.append(lock) }
    }
    let ahead = deadlines.map { $0.timeIntervalSince(state.now) }.filter { $0 >= 0 && $0 < 7 * 86400 }
    return ahead.min().map { Int($0.rounded(.down)) + 1 }
  }

  private func samples(for action: ActionID, state: AppState, backend: MockBackend.Snapshot) -> [String] {
    switch action {
    case .nameFamily: return ["The Explorers", "X"]
    case .familyCode: return (backend.families.prefix(1).map(\.code)) + ["ZZZZZZ"]
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
