import Foundation
import TribeBoardCore
import TribeBoardFlow
import TribeBoardMocks
import TribeBoardScenarios

/// `:save FILE`: the live world written as a scenario file that reopens where the session is.
extension Simulator {
  /// The simulation as it is now, as a scenario: the world, the clock, the faults still armed (with what is left
  /// of their schedule), latency, the auth policy, every phone's memory (the one in hand as `device`) and the
  /// screen each phone's app shows, to reopen on.
  public func savedScenario(summary: String? = nil) async -> Scenario {
    let backend = environment.backend
    let now = environment.clock.now()
    var devices: [MockDeviceState] = []
    var screens: [UserID: Screen] = [:]
    for (user, phone) in phones.sorted(by: { $0.key < $1.key }) {
      let device = phone.device
      devices.append(
        MockDeviceState(
          user: user, onboardingCompleted: await device.onboardingCompleted(), signedIn: device.token != nil,
          offline: !device.isOnline, outbox: await device.outbox()))
      screens[user] = Self.reopenable(phone.state.screen, in: phone.state)
    }
    let inHand =
      devices.first { $0.user == actingUser } ?? MockDeviceState(user: actingUser, onboardingCompleted: true)
    let configuration = MockConfiguration(
      now: now, seed: scenario.configuration.seed, world: await backend.world, device: inHand,
      phones: devices.filter { $0.user != actingUser }, faults: await backend.armedFaults.map(Self.remaining),
      latency: await backend.latencies, auth: await backend.authPolicy)
    let state = state
    let who = state.user?.name ?? actingUser
    let place = state.family.map { " in \($0.name)" } ?? ""
    let summaryLine =
      summary ?? "Saved from \(scenario.name) at \(DateText.full(now)) UTC: \(who)\(place), on \(state.screen.id.rawValue)."
    return Scenario(
      name: scenario.name, summary: summaryLine, source: scenario.source, configuration: configuration,
      screens: screens.compactMapValues { $0 })
  }

  /// A fault as a scenario would arm it now: a count of calls becomes the calls it has left.
  static func remaining(_ fault: Fault) -> Fault {
    var fault = fault
    switch fault.schedule {
    case .next(let n): fault.schedule = .next(max(1, n - fault.calls))
    case .nth(let n): fault.schedule = .nth(max(1, n - fault.calls))
    case .always, .after, .probability: break
    }
    fault.calls = 0
    return fault
  }

  /// The screen a saved phone reopens on: the screen itself, or, for one that only exists in the middle of an
  /// action (a question, a code being typed, a family being opened), the screen that action started from.
  static func reopenable(_ screen: Screen, in state: AppState) -> Screen? {
    switch screen {
    case .confirm(let confirmation): reopenable(confirmation.back, in: state)
    case .familyPreview: .joinFamily
    case .mfa: .signIn
    case .familyCreated: .dashboard
    case .preparing: nil
    default: screen
    }
  }

  /// Opens the screen the scenario saved for `user`'s phone, when the launch reached the same stage (onboarding,
  /// signed out, without a family, in a family): otherwise the launch's own screen stands (the session ended, the
  /// visitor's access ran out, the network failed).
  func reopenSavedScreen(of user: UserID) async {
    guard let screen = scenario.screens[user], var phone = phones[user], phone.state.screen != screen,
      Self.stage(of: screen) == Self.stage(of: phone.state.screen), phone.state.error == nil
    else { return }
    phone.state.screen = screen
    await flow.refresh(&phone.state, services: phone.services)
    phones[user] = phone
  }

  private static func stage(of screen: Screen) -> Int {
    switch screen.id {
    case .onboarding: 0
    case .signIn, .mfa: 1
    case .familySetup, .createFamily, .joinFamily, .familyPreview: 2
    case .preparing: 3
    default: 4
    }
  }

  /// `:save FILE [--force]`: writes ``savedScenario(summary:)`` atomically; an existing file is replaced only
  /// with `--force`.
  func save(_ argument: String, into step: inout Step) async {
    var words = argument
    var force = false
    if words == "--force" {
      words = ""
      force = true
    } else if words.hasSuffix(" --force") {
      words.removeLast(" --force".count)
      force = true
    } else if words.hasPrefix("--force ") {
      words.removeFirst("--force ".count)
      force = true
    }
    words = words.trimmingWhitespaceScalars
    guard !words.isEmpty else {
      step.messages.append(
        .init(
          kind: .problem,
          text: "? Say where: :save FILE, such as :save demo.yaml (:save FILE --force replaces an existing file)."))
      return
    }
    var path = words
    if !path.hasSuffix(".yaml") && !path.hasSuffix(".yml") { path += ".yaml" }
    var status = stat()
    if !force, lstat(path, &status) == 0 {
      step.messages.append(
        .init(
          kind: .problem,
          text: "? \(path) already exists; nothing was written. To replace it: :save \(words) --force"))
      return
    }
    let saved = await savedScenario()
    let text = ScenarioWriter.yaml(saved)
    do {
      // What is written must load: checked before the file is touched.
      _ = try ScenarioLoader.parse(text, source: path)
    } catch {
      step.messages.append(
        .init(kind: .problem, text: "? The world could not be saved as a scenario (nothing was written):\n\(error)"))
      return
    }
    do throws(AtomicFile.Failure) {
      try AtomicFile.write(Data(text.utf8), to: path)
    } catch {
      step.messages.append(.init(kind: .problem, text: "? \(path) was not written: \(error.description)."))
      return
    }
    let world = saved.configuration.world
    let phones = 1 + saved.configuration.phones.count
    step.messages.append(
      .init(
        kind: .success,
        text:
          "Saved to \(path): \(world.accounts.count) people, \(world.families.count) "
          + "famil\(world.families.count == 1 ? "y" : "ies"), \(phones) phone\(phones == 1 ? "" : "s"), "
          + "clock \(DateText.full(saved.configuration.now)). Reopen it with: tribeboard repl --scenario \(path)"))
  }
}
