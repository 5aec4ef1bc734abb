import Testing
import TribeBoardCore
import TribeBoardFlow
import TribeBoardMocks

@Suite struct FamilySetupFlowTests {
  /// Sarah, signed in, with no family.
  func signedIn(_ user: UserID = "sarah", faults: [Fault] = [], family: [(UserProfile, Role)] = []) async -> FlowTester
  {
    await FlowTester(
      Fixtures.configuration(user: user, onboarded: true, signedIn: true, family: family, faults: faults))
  }

  @Test func createAFamilyAfterAFailedName() async {
    var tester = await signedIn()
    #expect(tester.state.screen == .familySetup)
    await tester.send(.createFamily) { $0.screen = .createFamily }
    await tester.send(.nameFamily, "J") {
      $0.error = AppError(.invalidFamilyName, "A family name has 2 to 40 characters; “J” has 1.")
    }
    await tester.send(.nameFamily, "  The   Johnsons ") {
      $0.error = nil
      $0.screen = .familyCreated
      $0.session = .member(
        Fixtures.session(Fixtures.sarah), Family(id: "family-1", name: "The Johnsons", code: "Z6CM4T"),
        Membership(userID: "sarah", familyID: "family-1", role: .parentAdmin))
    }
    #expect(tester.state.content.shareCode == ShareCode(code: "Z6CM4T", link: "https://tribeboard.app/join/Z6CM4T"))
    await tester.send(.continueToDashboard) {
      $0.screen = .dashboard
      $0.notes = ["Setting up your family board…"]
    }
  }

  @Test func familyCodesComeFromTheSeedAndAreUnique() async throws {
    // Two hundred people, each creating a family (a person is in one family at a time).
    var configuration = Fixtures.configuration(onboarded: true, signedIn: true)
    configuration.world.accounts += (0..<200).map {
      MockAccount(profile: UserProfile(id: "p\($0)", name: "P \($0)", email: "p\($0)@example.com"), providers: [.apple])
    }
    let environment = MockEnvironment(configuration)
    let data = MockDataService(backend: environment.backend)
    var codes: Set<String> = []
    for index in 0..<200 {
      codes.insert(try await data.createFamily(named: "Family \(index)", creator: "p\(index)").code)
    }
    #expect(codes.count == 200)
    let again = MockEnvironment(Fixtures.configuration(onboarded: true, signedIn: true))
    let first = try await MockDataService(backend: again.backend).createFamily(named: "Family 0", creator: "sarah")
    #expect(first.code == "Z6CM4T")
  }

  @Test func aDuplicateCodeFaultOffersRetry() async {
    var tester = await signedIn(faults: [Fault(operation: .dataCreateFamily, error: .duplicateFamilyCode, times: 1)])
    await tester.send(.createFamily) { $0.screen = .createFamily }
    await tester.send(.nameFamily, "The Johnsons") {
      $0.error = AppError(.duplicateFamilyCode)
      $0.retry = Intent(.nameFamily, "The Johnsons")
    }
    await tester.send(.retry) {
      $0.error = nil
      $0.retry = nil
      $0.screen = .familyCreated
      $0.session = .member(
        Fixtures.session(Fixtures.sarah), Family(id: "family-1", name: "The Johnsons", code: "Z6CM4T"),
        Membership(userID: "sarah", familyID: "family-1", role: .parentAdmin))
    }
  }

  @Test func joinWithAWrongCodeThenTheRightOne() async {
    var tester = await signedIn("mark", family: [(Fixtures.sarah, .parentAdmin)])
    await tester.send(.joinFamily) { $0.screen = .joinFamily }
    await tester.send(.familyCode, "K7QM") {
      $0.error = AppError(.invalidFamilyCode, "A family code has 6 letters and digits, like K7QM2X; “K7QM” has 4.")
    }
    await tester.send(.familyCode, "ZZZZZZ") {
      $0.error = AppError(.familyNotFound, "No family has the code ZZZZZZ. Check it with the family's parent admin.")
    }
    let preview = FamilyPreview(
      family: Fixtures.johnsons,
      members: [
        Member(
          profile: Fixtures.sarah, membership: Membership(userID: "sarah", familyID: "johnsons", role: .parentAdmin))
      ])
    await tester.send(.familyCode, "k7q-m2x") {
      $0.error = nil
      $0.screen = .familyPreview(preview)
    }
    await tester.send(.joinAsAdult) {
      $0.screen = .dashboard
      $0.session = Fixtures.member(Fixtures.mark, .adult)
      $0.notes = ["Setting up your family board…"]
      $0.notice = "Welcome to The Johnsons!"
    }
  }

  @Test func aChildCannotJoinAsParentAdmin() async {
    var tester = await signedIn("ben", family: [(Fixtures.sarah, .parentAdmin)])
    await tester.send(.joinFamily) { $0.screen = .joinFamily }
    await tester.send(.familyCode, "K7QM2X") {
      $0.screen = .familyPreview(
        FamilyPreview(
          family: Fixtures.johnsons,
          members: [
            Member(
              profile: Fixtures.sarah, membership: Membership(userID: "sarah", familyID: "johnsons", role: .parentAdmin)
            )
          ]))
    }
    await tester.send(.joinAsParentAdmin) {
      $0.error = AppError(
        .roleConflict, "A child's account can join as a child or a visitor, not as a parent admin.",
        recovery: [.back])
    }
    await tester.send(.joinAsChild) {
      $0.error = nil
      $0.screen = .dashboard
      $0.session = Fixtures.member(Fixtures.ben, .child)
      $0.notes = ["Setting up your family board…"]
      $0.notice = "Welcome to The Johnsons!"
    }
  }

  @Test func aVisitorIsTakenOutOfTheFamilyWhenAccessExpires() async {
    var tester = await signedIn("nana", family: Fixtures.everyone)
    #expect(tester.state.screen == .dashboard)
    tester.environment.clock.advance(by: 86400)
    await tester.flow.refresh(&tester.state, services: tester.services)
    #expect(tester.state.screen == .familySetup)
    #expect(tester.state.family == nil)
    #expect(tester.state.error?.code == .accessExpired)
    #expect(await tester.flow.launch(tester.services).error?.code == .accessExpired)
  }
}
