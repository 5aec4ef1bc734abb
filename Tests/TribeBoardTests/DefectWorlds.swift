import Foundation
import TribeBoardEngine
import TribeBoardRendering
import TribeBoardScenarios
import TribeBoardTerminal
import TribeBoardTranscripts
import TribeBoardValidation

/// Worlds the defects of the walk from outside were found in, and a way to type into them.
enum DefectWorlds {
  /// family-admin without its journeys, plus Jo (no family) and Kid (a child's account, no family).
  static let fa = """
    # A reproduction world (README.md beside this file).
    name: fa
    summary: family-admin without its journeys, plus Jo (no family) and Kid (a child account, no family).
    now: 2026-03-02T08:00:00Z
    seed: 3
    device:
      user: sarah
      onboardingCompleted: true
      signedIn: true
    accounts:
      - { id: sarah, name: Sarah Johnson, email: sarah@example.com, providers: [apple], birthday: 1988-11-02 }
      - { id: mark, name: Mark Johnson, email: mark@example.com, providers: [google] }
      - { id: ben, name: Ben Johnson, email: ben@example.com, providers: [apple], child: true, birthday: 2016-03-09 }
      - { id: mia, name: Mia Johnson, email: mia@example.com, providers: [apple], child: true, birthday: 2019-07-21 }
      - { id: rose, name: Rose Patel, email: rose@example.com, providers: [google] }
      - { id: jo, name: Jo Rivers, email: jo@example.com, providers: [google] }
      - { id: kid, name: Kid Rivers, email: kid@example.com, providers: [apple], child: true }
    families:
      - id: johnsons
        name: The Johnsons
        code: K7QM2X
        members:
          - { account: sarah, role: parentAdmin }
          - { account: mark, role: adult, lastRead: thursday-pickup }
          - { account: ben, role: child }
          - { account: mia, role: child }
          - { account: rose, role: visitor, expires: 2026-03-06T18:00:00Z }
        events:
          - { id: swim, title: Swimming lesson, start: 2026-03-03T17:00:00Z, place: Leisure centre, participants: [ben, mark] }
          - { id: dentist, title: Dentist, start: 2026-03-05T09:30:00Z, place: Hill Street Dental, participants: [mia, sarah] }
          - { id: bake-sale, title: School bake sale, start: 2026-02-27T15:00:00Z, place: Oakwood Primary }
        tasks:
          - { id: bins, title: Put the bins out, assignee: ben, due: 2026-03-03T19:00:00Z, points: 5 }
          - { id: dishwasher, title: Empty the dishwasher, assignee: mia, due: 2026-03-02T18:00:00Z, points: 3 }
          - { id: tidy, title: Tidy your room, assignee: mia, due: 2026-03-01T18:00:00Z, points: 4 }
          - { id: shopping, title: Weekly shop, assignee: mark, due: 2026-03-04T12:00:00Z }
          - { id: feed-cat, title: Feed the cat, assignee: ben, due: 2026-03-01T08:00:00Z, points: 2, status: done }
        messages:
          - { id: swimming, from: mark, at: 2026-03-01T19:12:00Z, text: Who can take Ben to swimming on Tuesday? }
          - { id: thursday-pickup, from: sarah, at: 2026-03-01T19:20:00Z, text: "I can. Mark, can you do Thursday pickup?" }
        notices:
          - { id: trip, from: sarah, at: 2026-02-28T09:00:00Z, text: School trip forms due Friday, pinned: true }
          - { id: wifi, from: mark, at: 2026-02-26T20:00:00Z, text: New wifi password is on the fridge }
        schoolRuns:
          - id: oakwood
            route: Home → Oakwood Primary
            pickups:
              - { id: mon-am, at: 2026-03-02T08:15:00Z, driver: sarah, passengers: [ben, mia] }
              - { id: tue-am, at: 2026-03-03T08:15:00Z, passengers: [ben, mia] }
              - { id: thu-pm, at: 2026-03-05T15:15:00Z, driver: mark, passengers: [ben, mia] }
          - id: swim-club
            route: Home → Leisure centre
            pickups:
              - { id: tue-swim, at: 2026-03-03T16:30:00Z, passengers: [ben] }
    """

  /// `fa` with Rose's visit running to 1 April.
  static var fa2: String {
    fa.replacingOccurrences(
      of: "{ account: rose, role: visitor, expires: 2026-03-06T18:00:00Z }",
      with: "{ account: rose, role: visitor, expires: 2026-04-01T18:00:00Z }")
  }

  /// Two members called Sam.
  static let sams = """
    name: sams
    summary: two people with same first name
    now: 2026-03-02T08:00:00Z
    device: { user: sam1, onboardingCompleted: true, signedIn: true }
    accounts:
      - { id: sam1, name: Sam Smith, email: s1@example.com, providers: [apple] }
      - { id: sam2, name: Sam Jones, email: s2@example.com, providers: [apple] }
    families:
      - id: fam
        name: The Sams
        code: K7QM2X
        members:
          - { account: sam1, role: parentAdmin }
          - { account: sam2, role: adult }
        tasks:
          - { id: t1, title: Task one, assignee: sam1 }
          - { id: t2, title: Task two, assignee: sam2 }
        messages:
          - { from: sam1, at: 2026-03-01T10:00:00Z, text: hi from smith }
          - { from: sam2, at: 2026-03-01T10:01:00Z, text: hi from jones }
    """

  /// errors, with three tries and a two-day MFA lockout.
  static let errors2 = """
    # A reproduction world (README.md beside this file).
    name: errors2
    summary: errors, with a two-day MFA lockout.
    now: 2026-03-02T08:00:00Z
    seed: 17
    device:
      user: sarah
      onboardingCompleted: true
    accounts:
      - { id: sarah, name: Sarah Johnson, email: sarah@example.com, providers: [apple] }
      - { id: mark, name: Mark Johnson, email: mark@example.com, providers: [google], mfaCode: "482913" }
      - { id: jo, name: Jo Rivers, email: jo@example.com, providers: [google] }
    auth:
      mfaAttempts: 3
      mfaLockout: 2d
      mfaCodeLifetime: 10m
    families:
      - id: johnsons
        name: The Johnsons
        code: K7QM2X
        members:
          - { account: sarah, role: parentAdmin }
          - { account: mark, role: adult }
        tasks:
          - { id: shopping, title: Weekly shop, assignee: sarah, due: 2026-03-04T12:00:00Z }
    """

  /// A started simulator on a bundled scenario's name, or on YAML text.
  static func open(_ nameOrYAML: String) async throws -> Simulator {
    let scenario =
      nameOrYAML.contains("\n")
      ? try ScenarioLoader.parse(nameOrYAML, source: "defect.yaml") : try BundledScenarios.scenario(named: nameOrYAML)
    let simulator = Simulator(scenario: scenario)
    await simulator.start()
    return simulator
  }
}

extension Simulator {
  /// Types each line; the plain text of every step, one after another.
  @discardableResult
  func type(_ lines: String...) async -> String {
    var text = ""
    for line in lines { text += await handle(line).text(style: .plain) + "\n" }
    return text
  }
}
