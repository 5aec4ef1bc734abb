import Foundation
import Testing
import TribeBoardCore
import TribeBoardScenarios

@testable import TribeBoardEngine
@testable import TribeBoardFlow
@testable import TribeBoardMocks
@testable import TribeBoardRendering
@testable import TribeBoardTerminal
@testable import TribeBoardTranscripts
@testable import TribeBoardValidation

/// Signing in as someone a provider knows and TribeBoard does not: an account made from what the provider gives,
/// after a screen that says so and can be cancelled; never when sign-up is off, never revealing another account.
@Suite struct SignUpTests {
  static func scenario(signUp: Bool = true) throws -> Scenario {
    var scenario = try BundledScenarios.scenario(named: "sign-up")
    scenario.configuration.auth.signUp = signUp
    return scenario
  }

  @Test func anUnknownIdentityIsOfferedAnAccountAndCancellingMakesNone() async throws {
    let simulator = Simulator(scenario: try Self.scenario())
    await simulator.start()
    let offered = await simulator.handle("sign in apple")
    #expect(offered.snapshot?.screen == .signUp)
    #expect(offered.snapshot?.blocks.contains(.field("Email", "jo@example.com")) == true)
    #expect(simulator.state.session == .signedOut, "nothing is made before the person says so")
    _ = await simulator.handle("cancel")
    #expect(simulator.state.screen == .signIn)
    #expect(simulator.environment.backend.world.accounts.map(\.profile.id) == ["sarah", "joanne"])
    _ = await simulator.handle("sign in apple")
    _ = await simulator.handle("create account")
    #expect(simulator.state.screen == .familySetup)
    #expect(simulator.state.user?.name == "Jo Park")
    let account = try #require(simulator.environment.backend.world.accounts.first { $0.profile.id == "jo" })
    #expect(account.providers == [.apple])
    #expect(account.profile.email == "jo@example.com")
    // Signed out, the same provider now signs the account in.
    _ = await simulator.handle("sign out")
    _ = await simulator.handle("sign in apple")
    #expect(simulator.state.screen == .familySetup)
  }

  @Test func withSignUpOffAccountNotFoundStays() async throws {
    let simulator = Simulator(scenario: try Self.scenario(signUp: false))
    await simulator.start()
    let step = await simulator.handle("sign in apple")
    #expect(step.snapshot?.screen == .signIn)
    #expect(step.snapshot?.error?.code == .accountNotFound)
    #expect(
      step.snapshot?.error?.message == "No TribeBoard account is linked to that sign-in. Try another way to sign in.")
  }

  @Test func anEmailAnotherAccountUsesGetsTheSameWordsAndNoOffer() async throws {
    let simulator = Simulator(scenario: try Self.scenario())
    await simulator.start()
    let step = await simulator.handle("sign in google")
    let unknown = Simulator(scenario: try Self.scenario(signUp: false))
    await unknown.start()
    let other = await unknown.handle("sign in google")
    #expect(step.snapshot?.error == other.snapshot?.error)
    #expect(step.text(style: .plain) == other.text(style: .plain))
  }

  @Test func theScenarioKeysRoundTripAndAreChecked() async throws {
    let live = Simulator(scenario: try Self.scenario(signUp: false))
    await live.start()
    let text = ScenarioWriter.yaml(await live.savedScenario())
    #expect(text.contains("  identities:\n    apple: { name: \"Jo Park\", email: \"jo@example.com\" }"))
    #expect(text.contains("  signUp: false"))
    let again = try ScenarioLoader.parse(text, source: "saved.yaml")
    #expect(ScenarioWriter.yaml(again) == text)
    #expect(again.configuration.device.identities[.google]?.email == "jo.park@example.com")

    func errors(_ device: String) -> String {
      let yaml = """
        summary: s
        now: 2026-03-02T08:00:00Z
        accounts: [{ id: sarah, name: Sarah, email: s@x.com, providers: [apple] }]
        device: \(device)
        """
      do {
        _ = try ScenarioLoader.parse(yaml, source: "x.yaml")
        return ""
      } catch { return error.description }
    }
    #expect(errors("{ user: jo, identities: { apple: { name: Jo, email: jo@x.com } } }") == "")
    #expect(errors("{ user: jo }").contains("unknown account 'jo'"))
    #expect(
      errors("{ user: jo, identities: { aple: { name: Jo, email: jo@x.com } } }").contains("did you mean 'apple'?"))
    #expect(errors("{ user: jo, identities: { apple: { name: Jo, email: nope } } }").contains("'email' must contain @"))
    #expect(
      errors("{ user: jo, signedIn: true, identities: { apple: { name: Jo, email: jo@x.com } } }")
        .contains("'jo' has no account yet, so the phone can't be signed in"))
  }
}
