import Foundation
import Testing
import TribeBoardCore
import TribeBoardMocks

@testable import TribeBoardFlow

/// What the flow does by itself about an error, as a value: each error an action or a load meets, and the state it
/// meets it in, gives one ``Flow/Recovery``.
@Suite struct FlowRecoveryTests {
  let flow = Flow()
  let offline = AppError(.offline)
  let timeout = AppError(.networkTimeout)
  let copy = AppState.CachedContent(content: Content(), loadedAt: Fixtures.now.addingTimeInterval(-600))

  /// Sarah, a parent admin of the Johnsons, on `screen`.
  func member(on screen: Screen = .calendar(), _ role: Role = .parentAdmin) -> AppState {
    var state = AppState(screen: screen, now: Fixtures.now)
    state.session = Fixtures.member(Fixtures.sarah, role)
    return state
  }

  /// Sarah, signed in and in no family, on `screen`.
  func signedIn(on screen: Screen) -> AppState {
    var state = AppState(screen: screen, now: Fixtures.now)
    state.session = .signedIn(Fixtures.session(Fixtures.sarah))
    return state
  }

  /// Nana, whose visitor access to the Johnsons ends at `ends`, on the calendar.
  func visitor(until ends: Date) -> AppState {
    var state = AppState(screen: .calendar(), now: Fixtures.now)
    state.session = .member(
      Fixtures.session(Fixtures.nana), Fixtures.johnsons,
      Membership(userID: Fixtures.nana.id, familyID: Fixtures.johnsons.id, role: .visitor, expiresAt: ends))
    return state
  }

  // MARK: Actions

  @Test(arguments: AppError.Code.allCases)
  func anActionsErrorShowsOnItsScreenUnlessTheSessionRanOut(_ code: AppError.Code) {
    let error = AppError(code)
    let expected: Flow.Recovery = code == .sessionExpired ? .signIn(error) : .show(error)
    #expect(flow.recovery(for: error, in: member()) == expected)
    #expect(flow.recovery(for: error, in: signedIn(on: .familySetup)) == expected)
  }

  @Test func aSessionThatRanOutWithNoSessionOnThePhoneIsShown() {
    let error = AppError(.sessionExpired)
    #expect(flow.recovery(for: error, in: AppState(screen: .signIn)) == .show(error))
  }

  // MARK: Loads

  @Test(arguments: AppError.Code.allCases)
  func aLoadsErrorWithoutACopyShowsUnlessTheSessionOrTheAccessEnded(_ code: AppError.Code) {
    let error = AppError(code)
    let expected: Flow.Recovery =
      switch code {
      case .sessionExpired: .signIn(error)
      case .accessExpired: .leaveFamily(error)
      default: .show(error)
      }
    #expect(flow.recovery(for: error, loading: member(), copy: nil, showedCopy: false) == expected)
  }

  @Test func aFailedLoadShowsTheCopyAndSaysWhy() {
    for error in [offline, timeout, AppError(.serviceUnavailable), AppError(.syncFailed)] {
      #expect(
        flow.recovery(for: error, loading: member(), copy: .shown(copy), showedCopy: false)
          == .showCopy(copy, error, quietly: false))
    }
  }

  /// Offline is the screen's state: the error says so once, when the screen first shows a copy.
  @Test func offlineOnAScreenThatAlreadyShowedACopyShowsTheCopyQuietly() {
    #expect(
      flow.recovery(for: offline, loading: member(), copy: .shown(copy), showedCopy: true)
        == .showCopy(copy, offline, quietly: true))
    // A timeout is news each time.
    #expect(
      flow.recovery(for: timeout, loading: member(), copy: .shown(copy), showedCopy: true)
        == .showCopy(copy, timeout, quietly: false))
  }

  @Test func aCopyPastItsTimeToLiveSaysTheScreenNeedsAConnection() {
    let since = Fixtures.now.addingTimeInterval(-2 * 86400)
    let recovery = flow.recovery(
      for: offline, loading: member(), copy: .expired(.calendar, since), showedCopy: false)
    #expect(recovery == .show(Flow.needsConnection(offline, .calendar, since: since)))
    guard case .show(let error) = recovery else { return }
    #expect(error.code == .offline)
    #expect(error.recovery == [.retry, .back])
    #expect(error.message.hasPrefix("Needs a connection: the copy on this phone is from "))
  }

  @Test func aSessionThatRanOutGoesToSignIn() {
    let error = AppError(.sessionExpired)
    #expect(flow.recovery(for: error, loading: member(), copy: nil, showedCopy: false) == .signIn(error))
    #expect(
      flow.recovery(for: error, loading: signedIn(on: .familySetup), copy: nil, showedCopy: false) == .signIn(error))
    #expect(flow.recovery(for: error, loading: AppState(screen: .signIn), copy: nil, showedCopy: false) == .show(error))
  }

  @Test func anyErrorOnAFamilyScreenOutsideAFamilyLeavesIt() {
    for error in [timeout, AppError(.notFound), AppError(.permissionDenied), AppError(.accessExpired)] {
      #expect(
        flow.recovery(for: error, loading: signedIn(on: .dashboard), copy: nil, showedCopy: false)
          == .leaveFamily(error))
      #expect(
        flow.recovery(for: error, loading: AppState(screen: .tasks(mineOnly: false)), copy: nil, showedCopy: false)
          == .leaveFamily(error))
    }
    // Family setup belongs to no family: its errors show there.
    #expect(
      flow.recovery(for: timeout, loading: signedIn(on: .familySetup), copy: nil, showedCopy: false) == .show(timeout))
  }

  // MARK: What the error says

  @Test func anEndedAccessNamesTheFamilyAndTheDay() throws {
    let ends = Fixtures.now.addingTimeInterval(-60)
    let state = visitor(until: ends)
    let family = try #require(state.family)
    let membership = try #require(state.membership)
    let named = Flow.accessExpired(family, membership)
    #expect(named.message.hasPrefix("Your visitor access to The Johnsons ended on "))
    #expect(flow.explained(AppError(.accessExpired), loading: state, at: Fixtures.now) == named)
    // The network failed after the access ended: the copy is no longer the visitor's to see.
    #expect(flow.explained(timeout, loading: state, at: Fixtures.now) == named)
    #expect(flow.recovery(for: named, loading: state, copy: nil, showedCopy: false) == .leaveFamily(named))
  }

  @Test func aNetworkFailureWhileTheAccessLastsStaysANetworkFailure() {
    let state = visitor(until: Fixtures.now.addingTimeInterval(3600))
    #expect(flow.explained(timeout, loading: state, at: Fixtures.now) == timeout)
    #expect(flow.explained(AppError(.notFound), loading: state, at: Fixtures.now) == AppError(.notFound))
    // Outside a family there is no family to name.
    #expect(
      flow.explained(AppError(.accessExpired), loading: signedIn(on: .familySetup), at: Fixtures.now)
        == AppError(.accessExpired))
  }

  // MARK: Carrying it out

  @Test func applyingShowStaysAndOffersTryAgainOnlyWhenTheErrorDoes() async {
    let services = await Self.services()
    var state = member(on: .tasks(mineOnly: false))
    await flow.apply(.show(timeout), retrying: Intent(.refresh), to: &state, services)
    #expect(state.screen == .tasks(mineOnly: false))
    #expect(state.error == timeout)
    #expect(state.retry == Intent(.refresh))
    var refused = member(on: .tasks(mineOnly: false))
    await flow.apply(.show(AppError(.notFound)), retrying: Intent(.refresh), to: &refused, services)
    #expect(refused.error == AppError(.notFound))
    #expect(refused.retry == nil)
  }

  @Test func applyingLeaveFamilyTakesThePersonToFamilySetup() async {
    let services = await Self.services()
    var state = member(on: .calendar())
    let error = AppError(.accessExpired)
    await flow.apply(.leaveFamily(error), retrying: Intent(.refresh), to: &state, services)
    #expect(state.screen == .familySetup)
    #expect(state.session == .signedIn(Fixtures.session(Fixtures.sarah)))
    #expect(state.error == error)
    #expect(state.retry == nil)
  }

  @Test func applyingShowCopyShowsItMarkedWithItsTime() async {
    let services = await Self.services()
    var state = member(on: .calendar())
    await flow.apply(.showCopy(copy, offline, quietly: true), retrying: Intent(.refresh), to: &state, services)
    #expect(state.staleSince == copy.loadedAt)
    #expect(state.content.sync == .offline(pending: 0))
    #expect(state.error == nil)
    var said = member(on: .calendar())
    await flow.apply(.showCopy(copy, offline, quietly: false), retrying: Intent(.refresh), to: &said, services)
    #expect(said.error == offline)
    #expect(said.retry == Intent(.refresh))
  }

  // MARK: The flow's table

  /// Signing in again resumes on the family screen the person was on; which screens belong to a family is the
  /// table's to say, the table the flow was given.
  @Test func expiringRemembersAFamilyScreenByTheFlowsOwnTable() async {
    let services = await Self.services()
    let error = AppError(.sessionExpired)
    var state = member(on: .calendar())
    await flow.apply(.signIn(error), retrying: nil, to: &state, services)
    #expect(state.screen == .signIn)
    #expect(state.session == .signedOut)
    #expect(state.resume == AppState.Resume(user: Fixtures.sarah.id, screen: .calendar()))
    #expect(state.error == error)

    let outside = Flow(table: Self.table(withCalendarOutsideTheFamily: true))
    #expect(!outside.table[.calendar].needsFamily)
    var elsewhere = member(on: .calendar())
    await outside.apply(.signIn(error), retrying: nil, to: &elsewhere, services)
    #expect(elsewhere.screen == .signIn)
    #expect(elsewhere.resume == nil)
  }

  @Test func aScreenOutsideTheFamilyByTheFlowsTableShowsItsErrors() {
    let outside = Flow(table: Self.table(withCalendarOutsideTheFamily: true))
    let state = signedIn(on: .calendar())
    #expect(flow.recovery(for: timeout, loading: state, copy: nil, showedCopy: false) == .leaveFamily(timeout))
    #expect(outside.recovery(for: timeout, loading: state, copy: nil, showedCopy: false) == .show(timeout))
  }

  /// The app's table, with the calendar a screen that needs no family.
  static func table(withCalendarOutsideTheFamily: Bool) -> FlowTable {
    FlowTable(
      ScreenID.allCases.map { id in
        let spec = FlowTable.app[id]
        guard id == .calendar, withCalendarOutsideTheFamily else { return spec }
        return ScreenSpec(
          id, title: spec.title, load: spec.load, body: spec.body, actions: spec.actions, retry: spec.retry)
      })
  }

  static func services() async -> Services {
    let environment = MockEnvironment(Fixtures.configuration(onboarded: true, family: Fixtures.everyone))
    return environment.localServices(for: await environment.primaryDevice())
  }
}
