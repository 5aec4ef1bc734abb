import Testing
import TribeBoardCore
import TribeBoardEngine
import TribeBoardFlow
import TribeBoardRendering
import TribeBoardScenarios
import TribeBoardTerminal
import TribeBoardTranscripts
import TribeBoardValidation

@Suite struct CoverageTests {
  static let small = """
    summary: Two steps, counted by hand.
    now: 2026-03-02T08:00:00Z
    device: { user: sarah }
    accounts:
      - { id: sarah, name: Sarah Johnson, email: sarah@example.com, providers: [apple] }
    journeys:
      skip-then-fail:
        - skip
        - sign in google
        - fly
    """

  @Test func aSmallJourneyCountsWhatItReached() async throws {
    var coverage = Coverage()
    await coverage.run(try ScenarioLoader.parse(Self.small, source: "small.yaml"))
    #expect(coverage.journeys == 1)
    #expect(coverage.steps == 3)
    // skip leads to sign-in; a refused sign-in stays on sign-in, which the table does not declare as a target.
    #expect(coverage.transitions == [.init(from: .onboarding, action: .skip, to: .signIn)])
    #expect(coverage.undeclared.isEmpty, "an error that keeps the screen is not a transition")
    #expect(coverage.roleScreens == [.init(role: nil, screen: .onboarding), .init(role: nil, screen: .signIn)])
    #expect(coverage.errors == [.accountNotFound])
    let lines = coverage.lines
    #expect(lines.map(\.covered) == [1, 2, 1])
    #expect(lines[0].declared == coverage.declaredTransitions.count)
    #expect(lines[2].declared == AppError.Code.allCases.count)
    #expect(lines[2].missing.contains("networkTimeout"))
  }

  @Test func theDeclaredPairsFollowThePermissionMatrix() {
    let pairs = Coverage().declaredRoleScreens
    #expect(pairs.contains(.init(role: .parentAdmin, screen: .familyManagement)))
    #expect(!pairs.contains(.init(role: .adult, screen: .familyManagement)))
    #expect(!pairs.contains(.init(role: .visitor, screen: .tasks)))
    #expect(pairs.contains(.init(role: nil, screen: .signIn)))
    #expect(!pairs.contains(.init(role: .child, screen: .signIn)))
  }

  @Test func theBundledJourneysReachEveryErrorAndLeadOnlyWhereTheTableSays() async throws {
    var coverage = Coverage()
    for name in BundledScenarios.names { await coverage.run(try BundledScenarios.scenario(named: name)) }
    #expect(coverage.undeclared.isEmpty, "\(coverage.undeclared.sorted())")
    #expect(coverage.lines[2].missing.isEmpty)
  }
}

@Suite struct ObservedRolesTests {
  @Test func theBundledJourneysMeetTheMatrix() async throws {
    var coverage = Coverage()
    for name in BundledScenarios.names { await coverage.run(try BundledScenarios.scenario(named: name)) }
    let (table, differences) = coverage.observedMatrix()
    #expect(differences.isEmpty, "\(differences)")
    #expect(table.contains("| Messages | send family messages | ✓ reached | ✓ reached | ✓ reached | — refused |"))
  }

  @Test func aRefusalTheMatrixDoesNotMakeIsFlagged() async throws {
    let yaml = """
      summary: The backend refuses a parent admin's message.
      now: 2026-03-02T08:00:00Z
      device: { user: sarah, onboardingCompleted: true, signedIn: true }
      accounts:
        - { id: sarah, name: Sarah Johnson, email: sarah@example.com, providers: [apple] }
      families:
        - { id: j, name: The Johnsons, code: K7QM2X, members: [{ account: sarah, role: parentAdmin }] }
      journeys:
        refused:
          - messages
          - ":fault data.sendMessage permissionDenied"
          - send Hello
      """
    var coverage = Coverage()
    await coverage.run(try ScenarioLoader.parse(yaml, source: "leak.yaml"))
    #expect(coverage.observed[.sendMessage]?[.parentAdmin] == .refused)
    #expect(coverage.observed[.viewMessages]?[.parentAdmin] == .reached)
    #expect(coverage.observed[.sendMessage]?[.child] == nil)
    let (table, differences) = coverage.observedMatrix()
    #expect(table.contains("| Messages | send family messages | ✓ refused ⚠ | ✓ · | ✓ · | — · |"))
    #expect(differences == ["Parent admin was refused “send family messages”, which the matrix allows"])
  }
}
