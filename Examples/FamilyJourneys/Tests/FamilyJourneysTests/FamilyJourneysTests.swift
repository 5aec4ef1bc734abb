import Foundation
import Testing
import TribeBoardTesting

/// Journeys a product team checks from its own package, without the `tribeboard` executable.
@Suite struct FamilyJourneysTests {
  @Test func aParentAddsAChoreAndTheChildSeesIt() async throws {
    let session = try await ScenarioSession(builtIn: "family-admin")
    try session.expect(screen: .dashboard, role: .parentAdmin)
    await session.send(.openTasks)
    await session.send(.addTask)
    await session.send(.title, .text("Water the plants"))  // a typed intent: the action and its value
    await session.send("for ben")  // or a line, as typed in the REPL
    await session.send(.points, .points(5))
    await session.send(.save)
    try session.expect(screen: .tasks, error: nil)
    try await session.expect(
      .task(title: "Water the plants", status: .open, assignee: "ben"), .shows("Water the plants · Ben"))
    // A value of the wrong kind is refused before anything changes: "done" takes a task number.
    let refused = await session.send(Intent(.markDone, .text("the plants")))
    #expect(refused.transition == nil)
    await session.send(":as ben")
    await session.send("tasks")
    #expect(
      session.snapshot.blocks.contains { block in
        if case .item(let item) = block { return item.text.hasPrefix("Water the plants") }
        return false
      })
  }

  @Test func aVisitorIsRefusedWhatTheMatrixRefuses() async throws {
    let session = try await ScenarioSession(builtIn: "visitor")
    await session.send("messages")
    await session.send("send Hello")
    try session.expect(screen: .messages, error: .permissionDenied)
    #expect(!session.actions.contains("send"))
  }

  @Test func aSessionFromYAMLAndAFailedExpectationSaysWhatDiffers() async throws {
    let session = try await ScenarioSession(
      yaml: """
        summary: A person who has not signed in.
        now: 2026-03-02T08:00:00Z
        device: { user: sarah, onboardingCompleted: true }
        accounts:
          - { id: sarah, name: Sarah Johnson, email: sarah@example.com, providers: [apple] }
        """)
    try session.expect(screen: .signIn, user: nil)
    #expect(throws: ScenarioSession.Mismatch.self) { try session.expect(screen: .dashboard) }
  }

  @Test func theGoldenTranscriptOfABuiltInJourneyMatches() async throws {
    let scenario = try BundledScenarios.scenario(named: "offline")
    let journey = try #require(scenario.journey(named: "retries-with-backoff"))
    let session = await ScenarioSession(scenario)
    for step in journey.steps { await session.send(step) }
    let text = try #require(GoldenTranscripts.text(scenario: "offline", journey: "retries-with-backoff"))
    #expect(session.difference(from: text) == nil, "\(session.difference(from: text) ?? "")")
  }
}
