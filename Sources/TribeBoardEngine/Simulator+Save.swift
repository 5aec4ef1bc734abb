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
    var screens: [UserID: SavedScreen] = [:]
    for (user, phone) in phones.sorted(by: { $0.key < $1.key }) {
      let device = phone.device
      let expiry = backend.expiry(ofTokensOn: device)
      let signedIn = device.refreshToken != nil
      devices.append(
        MockDeviceState(
          user: user, onboardingCompleted: await device.onboardingCompleted(), signedIn: signedIn,
          offline: !device.isOnline, outbox: await device.outbox(), accessUntil: signedIn ? expiry.access : nil,
          refreshUntil: signedIn ? expiry.refresh : nil, cache: signedIn ? device.cached : PhoneCache(),
          identities: device.identities))
      screens[user] = Self.reopenable(phone.state.screen, in: phone.state)
    }
    // The phones this session never picked up stay as the scenario left them: their queues, caches and screens.
    let loaded = environment.configuration
    for saved in [loaded.device] + loaded.phones where phones[saved.user] == nil {
      devices.append(saved)
      screens[saved.user] = scenario.screens[saved.user]
    }
    devices.sort { $0.user < $1.user }
    let inHand =
      devices.first { $0.user == actingUser } ?? MockDeviceState(user: actingUser, onboardingCompleted: true)
    let configuration = MockConfiguration(
      now: now, seed: scenario.configuration.seed, world: backend.world, device: inHand,
      phones: devices.filter { $0.user != actingUser }, faults: backend.armedFaults.map(Self.remaining),
      latency: backend.latencies, auth: backend.authPolicy, signInLocks: backend.signInLocks,
      attempts: backend.attempts)
    let state = state
    let who = state.user?.name ?? actingUser
    let place = state.family.map { " in \($0.name)" } ?? ""
    let summaryLine =
      summary
      ?? "Saved from \(scenario.name) at \(DateText.full(now)) UTC: \(who)\(place), on \(state.screen.id.rawValue)."
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

  /// Where a saved phone reopens: the screen itself; for a family's preview, a verification code or a question
  /// waiting for yes or no, the step that leads there again; for the preparing screen, nothing: a launch prepares
  /// the board again.
  static func reopenable(_ screen: Screen, in state: AppState) -> SavedScreen? {
    switch screen {
    case .confirm(let confirmation):
      guard case .screen(let back)? = reopenable(confirmation.back, in: state) else { return nil }
      return .question(back: back, intent: confirmation.intent)
    case .familyPreview(let preview): return .familyPreview(code: preview.family.code)
    case .mfa:
      if case .awaitingCode(let challenge) = state.session { return .verification(challenge.provider) }
      return .screen(.signIn)
    case .preparing: return nil
    // The account is not made yet: signing in again offers it again.
    case .signUp(let identity): return .signUp(identity.provider)
    default: return .screen(screen)
    }
  }

  /// Reopens the app on `device` where a saved world left it, as a phone's app resumes rather than starts: the
  /// stored session, the family the person is an active member of and `screen`, which loads as any screen does.
  /// Nothing else happens that a launch would do: no first sync, and the changes waiting on the phone stay there
  /// until the app would send them (reconnecting, Sync now, a due retry, a relaunch). An offline phone loads the
  /// screen as it had before it lost the network, then tries again offline, so it shows that copy marked stale
  /// (unless its access token ran out meanwhile: then it could not have loaded it, and shows the error alone).
  ///
  /// Returns `false`, leaving the phone to a launch, when the saved screen no longer fits: the session ran out,
  /// the membership ended, onboarding is not done.
  func reopen(_ device: MockDevice, at saved: SavedScreen) async -> Bool {
    let screen: Screen
    let step: Intent?
    switch saved {
    case .screen(let saved): (screen, step) = (saved, nil)
    case .familyPreview(let code): (screen, step) = (.joinFamily, Intent(.familyCode, .text(code)))
    case .verification(let provider), .signUp(let provider):
      (screen, step) = (.signIn, Intent(provider == .apple ? .signInApple : .signInGoogle))
    case .question(let back, let intent): (screen, step) = (back, intent)
    }
    let services = transport.services(environment, for: device)
    var state = AppState(screen: screen, now: environment.clock.now())
    let onboarded = await device.onboardingCompleted()
    guard case .onboarding = screen else {
      guard onboarded else { return false }
      let session = environment.backend.storedSession(of: device)
      switch Self.stage(of: screen) {
      case .signedOut:
        guard session == nil else { return false }
      case .withoutFamily:
        guard let session, activeMembership(of: session.user.id) == nil else { return false }
        state.session = .signedIn(session)
      case .inFamily:
        guard let session, let (family, membership) = activeMembership(of: session.user.id) else {
          return false
        }
        state.session = .member(session, family, membership)
      case .onboarding:
        return false
      }
      if !device.isOnline, device.cached.isEmpty,
        session.map({ !$0.needsRefresh(at: environment.clock.now()) }) ?? true
      {
        device.isOnline = true
        await flow.refresh(&state, services: services)
        device.isOnline = false
      }
      await flow.refresh(&state, services: services)
      if let step { _ = await flow.send(step, to: &state, services: services) }
      phones[device.user] = Phone(device: device, services: services, state: state)
      return true
    }
    guard !onboarded else { return false }
    phones[device.user] = Phone(device: device, services: services, state: state)
    return true
  }

  /// The family `user` is an active member of now, read from the world.
  private func activeMembership(of user: UserID) -> (Family, Membership)? {
    let world = environment.backend.world
    let now = environment.clock.now()
    guard let membership = world.memberships.first(where: { $0.userID == user && $0.isActive(at: now) }),
      let family = world.families.first(where: { $0.id == membership.familyID })
    else { return nil }
    return (family, membership)
  }

  enum Stage { case onboarding, signedOut, withoutFamily, inFamily }

  static func stage(of screen: Screen) -> Stage {
    switch screen.id {
    case .onboarding: .onboarding
    case .signIn, .mfa, .signUp: .signedOut
    case .familySetup, .createFamily, .joinFamily, .familyPreview: .withoutFamily
    default: .inFamily
    }
  }

  /// `:save FILE [--force]`: writes ``savedScenario(summary:)`` atomically; an existing file is replaced only
  /// with `--force`.
  func save(_ argument: String, into step: inout Step) async {
    var words = argument.trimmingWhitespaceScalars
    var force = false
    // `--force` before or after the name, once or more.
    while true {
      if words == "--force" {
        words = ""
      } else if words.hasSuffix(" --force") {
        words.removeLast(" --force".count)
      } else if words.hasPrefix("--force ") {
        words.removeFirst("--force ".count)
      } else {
        break
      }
      force = true
      words = words.trimmingWhitespaceScalars
    }
    guard !words.isEmpty else {
      step.messages.append(
        .init(
          kind: .problem,
          text: "? Say where: :save FILE, such as :save demo.yaml (:save FILE --force replaces an existing file)."))
      return
    }
    var path = words
    if path == "~" || path.hasPrefix("~/") {
      let home = ProcessInfo.processInfo.environment["HOME"] ?? FileManager.default.homeDirectoryForCurrentUser.path
      path = home + path.dropFirst()
    }
    if !path.hasSuffix(".yaml") && !path.hasSuffix(".yml") { path += ".yaml" }
    let exists = "? \(path) already exists; nothing was written. To replace it: :save \(words) --force"
    var status = stat()
    if !force, savedPaths.contains(path) || (writesFiles && lstat(path, &status) == 0) {
      step.messages.append(.init(kind: .problem, text: exists))
      return
    }
    let saved = await savedScenario()
    let text = ScenarioWriter.yaml(saved)
    do {
      // What is written must load, and load as what was saved (it writes back to the same text; a date the format
      // can't hold would not): checked before the file is touched.
      let loaded = try ScenarioLoader.parse(text, source: path)
      let again = ScenarioWriter.yaml(loaded)
      if again != text {
        let (written, read) = (text.split(separator: "\n"), again.split(separator: "\n"))
        let line =
          (0..<min(written.count, read.count)).first { written[$0] != read[$0] } ?? min(written.count, read.count)
        let said = line < written.count ? String(written[line]) : "(nothing)"
        step.messages.append(
          .init(
            kind: .problem,
            text: "? The world could not be saved as a scenario (nothing was written): line \(line + 1), "
              + "“\(said.trimmingWhitespaceScalars)”, would not read back as it is. A date past the year 9999 can't be "
              + "written: :undo the step that made it."))
        return
      }
    } catch {
      step.messages.append(
        .init(kind: .problem, text: "? The world could not be saved as a scenario (nothing was written):\n\(error)"))
      return
    }
    do throws(AtomicFile.Failure) {
      // Not replacing unless forced, even a file made since the check above.
      if writesFiles { try AtomicFile.write(Data(text.utf8), to: path, replacing: force) }
    } catch {
      let message = error == .exists ? exists : "? \(path) was not written: \(error.description)."
      step.messages.append(.init(kind: .problem, text: message))
      return
    }
    savedPaths.insert(path)
    let world = saved.configuration.world
    let phones = 1 + saved.configuration.phones.count
    step.messages.append(
      .init(
        kind: .success,
        text:
          "Saved to \(path): \(world.accounts.count) people, \(world.families.count) "
          + "famil\(world.families.count == 1 ? "y" : "ies"), \(phones) phone\(phones == 1 ? "" : "s"), "
          + "clock \(DateText.full(saved.configuration.now)). Reopen it with: tribeboard repl --scenario \(Self.shellQuoted(path))"
      ))
  }

  /// `path` as a shell reads it: as it is when it holds only characters no shell treats specially, else in single
  /// quotes.
  static func shellQuoted(_ path: String) -> String {
    let plain = path.unicodeScalars.allSatisfy { scalar in
      scalar.properties.isAlphabetic || scalar.properties.numericType != nil
        || "/._-+,:@%=".unicodeScalars.contains(scalar)
    }
    guard plain, !path.isEmpty else {
      return "'" + path.replacingOccurrences(of: "'", with: "'\\''") + "'"
    }
    return path
  }
}
