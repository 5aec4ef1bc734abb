import Foundation
import Testing
import TribeBoardCore
import TribeBoardMocks
import TribeBoardScenarios

@testable import TribeBoardEngine

/// What the backend counts against an account (wrong verification codes, wrong family codes and the lock they
/// end in) is part of the world: `:save` keeps it and the saved world starts with it, so saving and reopening
/// gives no one their tries back.
@Suite struct SavedAttemptsTests {
  static func saveAndReopen(_ simulator: Simulator) async throws -> Simulator {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("attempts-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    let path = folder.appendingPathComponent("saved.yaml").path
    let saved = await simulator.handle(":save \(path)")
    #expect(saved.messages.map(\.kind) == [.success], "\(saved.messages.map(\.text))")
    let reopened = Simulator(scenario: try ScenarioLoader.load(contentsOf: URL(fileURLWithPath: path)))
    await reopened.start()
    return reopened
  }

  @Test func wrongFamilyCodesAndTheirLockAreSavedAndReopened() async throws {
    let simulator = Simulator(scenario: try BundledScenarios.scenario(named: "new-user"))
    await simulator.start()
    _ = await simulator.handle(":go join-family@12")
    #expect(simulator.environment.backend.attempts["sarah"]?.wrongFamilyCodes == 1)
    let reopened = try await Self.saveAndReopen(simulator)
    #expect(reopened.environment.backend.attempts == simulator.environment.backend.attempts)
    // Four more wrong codes lock lookups (five tries, as for verification codes), and the lock is saved too.
    for _ in 0..<4 { _ = await reopened.handle("code ZZZZZZ") }
    let locked = try #require(reopened.environment.backend.attempts["sarah"]?.familyCodesLockedUntil)
    let again = try await Self.saveAndReopen(reopened)
    #expect(again.environment.backend.attempts["sarah"]?.familyCodesLockedUntil == locked)
    let refused = await again.handle("code ZZZZZZ")
    #expect(
      refused.snapshot?.error?.message.contains("Too many") == true, "\(String(describing: refused.snapshot?.error))")
  }

  @Test func wrongVerificationCodesAreSavedAndReopened() async throws {
    let simulator = Simulator(scenario: try BundledScenarios.scenario(named: "existing-user"))
    await simulator.start()
    for line in ["sign in google", "code 000000", "code 000001"] { _ = await simulator.handle(line) }
    #expect(simulator.environment.backend.attempts["mark"]?.wrongCodes == 2)
    let reopened = try await Self.saveAndReopen(simulator)
    #expect(reopened.environment.backend.attempts == simulator.environment.backend.attempts)
  }
}
