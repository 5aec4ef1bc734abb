import Foundation
import Testing
import TribeBoardCore
import TribeBoardFlow
import TribeBoardMocks

/// Walks every role through every family screen and every action of the flow table, checking each against the
/// permission matrix: an allowed action is offered and never refused for permission; a forbidden one is hidden,
/// and typing it gets a permission error without leaving the screen.
@Suite struct PermissionMatrixTests {
  static let people: [Role: UserID] = [.parentAdmin: "sarah", .adult: "mark", .child: "ben", .visitor: "nana"]

  static func configuration() -> MockConfiguration {
    var configuration = Fixtures.configuration(onboarded: true, family: Fixtures.everyone)
    let later = Fixtures.now.addingTimeInterval(3600)
    configuration.world.events = [CalendarEvent(id: "swim", familyID: "johnsons", title: "Swimming", start: later)]
    configuration.world.tasks = [
      FamilyTask(id: "bins", familyID: "johnsons", title: "Bins", assignee: "ben", due: later, points: 5)
    ]
    configuration.world.notices = [
      Notice(id: "trip", familyID: "johnsons", author: "sarah", postedAt: Fixtures.now, text: "Trip")
    ]
    configuration.world.routes = [SchoolRoute(id: "oak", familyID: "johnsons", name: "Home → Oakwood")]
    configuration.world.pickups = [Pickup(id: "mon", routeID: "oak", at: later, passengers: ["ben"])]
    return configuration
  }

  /// A screen value for each family screen, pointing at the fixtures' items.
  static func screen(_ id: ScreenID) -> Screen? {
    switch id {
    case .dashboard: .dashboard
    case .familyCreated: .familyCreated
    case .calendar: .calendar()
    case .eventDetail: .eventDetail("swim")
    case .addEvent: .addEvent(EventDraft())
    case .tasks: .tasks(mineOnly: false)
    case .taskDetail: .taskDetail("bins")
    case .addTask: .addTask(TaskDraft())
    case .messages: .messages
    case .noticeboard: .noticeboard()
    case .schoolRun: .schoolRun()
    case .settings: .settings
    case .profile: .profile
    case .notifications: .notifications
    case .familyManagement: .familyManagement()
    case .memberDetail: .memberDetail("ben")
    // The question's yes carries the permission of the action it asks about, checked before asking: the walk
    // refuses that action to the roles without it on the screen it belongs to.
    case .confirm: nil
    case .onboarding, .signIn, .mfa, .signUp, .preparing, .familySetup, .createFamily, .joinFamily, .familyPreview: nil
    }
  }

  /// A signed-in person of `role` standing on `screen`, before the screen loads.
  static func standing(as role: Role, on screen: Screen) async -> (Flow, Services, AppState) {
    var configuration = configuration()
    configuration.device = MockDeviceState(user: people[role]!, onboardingCompleted: true, signedIn: true)
    let environment = MockEnvironment(configuration)
    let services = environment.localServices(for: await environment.primaryDevice())
    let flow = Flow()
    var state = await flow.launch(services)
    #expect(state.role == role)
    state.screen = screen
    return (flow, services, state)
  }

  @Test(arguments: Role.allCases)
  func everyScreenAndActionFollowsTheMatrix(role: Role) async throws {
    let table = FlowTable.app
    for id in ScreenID.allCases {
      guard let screen = Self.screen(id) else { continue }
      let spec = table[id]
      // Arriving on the screen: allowed only with the screen's own permission.
      var (flow, services, state) = await Self.standing(as: role, on: screen)
      await flow.refresh(&state, services: services)
      let mayStand = spec.requires.map { Permissions.allows(role, $0) } ?? true
      if !mayStand {
        #expect(state.screen == .dashboard, "\(role) reached \(id)")
        #expect(state.error?.code == .permissionDenied, "\(role) on \(id)")
      } else {
        // A list keeps the numbers it showed on arrival (`shown`): the same screen, by id and its other values.
        #expect(state.screen.id == screen.id, "\(role) was turned away from \(id): \(String(describing: state.error))")
      }
      for action in spec.actions {
        var (flow, services, state) = await Self.standing(as: role, on: screen)
        await flow.refresh(&state, services: services)
        state.screen = screen
        guard action.condition?.test(state) ?? true else { continue }
        // Where the role may not stand, only the refusal of guarded actions is meaningful.
        guard mayStand || action.requires != nil else { continue }
        let allowed = action.requires.map { Permissions.allows(role, $0) } ?? true
        let offered = flow.actions(in: state).contains { $0.id == action.id }
        #expect(offered == allowed, "\(role) · \(id) · \(action.id): offered \(offered), matrix says \(allowed)")
        let before = state.screen
        await flow.send(Intent(action.id, action.argument.map(Self.sample)), to: &state, services: services)
        if allowed {
          #expect(
            state.error?.code != .permissionDenied,
            "\(role) · \(id) · \(action.id) refused: \(String(describing: state.error))")
          // The flow table's declared targets are where transitions really go, so a graph drawn from them is true.
          #expect(
            state.screen.id == id || action.targets.contains(state.screen.id),
            "\(role) · \(id) · \(action.id) went to \(state.screen.id), not one of \(action.targets)")
        } else {
          #expect(state.error?.code == .permissionDenied, "\(role) · \(id) · \(action.id) was not refused")
          #expect(state.screen == before, "\(role) · \(id) · \(action.id) moved to \(state.screen.id)")
        }
      }
    }
  }

  @Test(arguments: Role.allCases)
  func dashboardTilesAreTheModulesTheRoleMayOpen(role: Role) async {
    let (flow, _, state) = await Self.standing(as: role, on: .dashboard)
    let tiles: [ActionID: Module] = [
      .openCalendar: .calendar, .openTasks: .tasks, .openMessages: .messages, .openSchoolRun: .schoolRun,
      .openSettings: .settings,
    ]
    let offered = Set(flow.actions(in: state).compactMap { tiles[$0.id] })
    #expect(offered == Set(Module.allCases.filter { Permissions.canOpen(role, $0) }))
  }

  /// A value of `kind`, for sending every action as a role would.
  static func sample(_ kind: ArgumentKind) -> Intent.Argument {
    switch kind {
    case .text: "1"
    case .item: .item(1)
    case .points: .points(1)
    case .date: .date(Fixtures.now.addingTimeInterval(86400))
    case .role: .role(.adult)
    case .notification: .notification(.messages)
    case .names: .names(["sarah"])
    }
  }

  @Test func theMatrixMatchesTheProductRules() {
    #expect(Permissions.matrix[.parentAdmin] == Set(Capability.allCases))
    #expect(Permissions.matrix[.adult] == Set(Capability.allCases).subtracting([.manageFamily]))
    #expect(!Permissions.allows(.child, .addEvent))
    #expect(!Permissions.allows(.child, .postNotice))
    #expect(!Permissions.allows(.child, .viewAllTasks))
    #expect(Permissions.allows(.child, .completeOwnTask))
    #expect(Permissions.allows(.child, .sendMessage))
    #expect(!Permissions.canOpen(.visitor, .tasks))
    #expect(!Permissions.allows(.visitor, .sendMessage))
    #expect(!Permissions.allows(.visitor, .editNotifications))
  }

  /// `allows` answers from bit masks made from the matrix: every role and capability gives the matrix's answer.
  @Test func allowsAnswersAsTheMatrixForEveryRoleAndCapability() {
    for role in Role.allCases {
      for capability in Capability.allCases {
        #expect(
          Permissions.allows(role, capability) == Permissions.matrix[role, default: []].contains(capability),
          "\(role) \(capability)")
      }
    }
  }
}

@Suite struct OpeningActionTests {
  /// The dashboard's tiles and settings' rows say no permission of their own: each needs what its screen needs.
  @Test func anActionThatOpensAScreenNeedsWhatTheScreenNeeds() {
    let table = FlowTable.app
    var opening = 0
    for spec in table.screens.values {
      for action in spec.actions where action.opensTarget {
        opening += 1
        let target = table[action.targets[0]]
        #expect(target.requires != nil, "\(action.id) opens \(target.id), which needs nothing")
        #expect(action.requires == target.requires, "\(action.id) on \(spec.id)")
      }
    }
    #expect(opening == 11)
    #expect(table[.dashboard].actions.first { $0.id == .openSettings }?.requires == .viewProfile)
  }
}

@Suite struct FamilyScreenTests {
  /// Which screens belong to a family is the table's to say (a permission, or `inFamily`); sign-in can resume on
  /// every one of them, so it leads to each.
  @Test func theFamilyScreensAreTheTablesRowsThatNeedAFamily() {
    let family = ScreenID.allCases.filter { FlowTable.app[$0].needsFamily }
    #expect(
      Set(family)
        == [
          .familyCreated, .dashboard, .calendar, .eventDetail, .addEvent, .tasks, .taskDetail, .addTask, .messages,
          .noticeboard, .schoolRun, .settings, .profile, .notifications, .familyManagement, .memberDetail, .confirm,
        ])
    let signIn = FlowTable.app[.signIn].actions.first { $0.id == .signInApple }
    #expect(signIn?.targets == [.mfa, .familySetup, .signUp] + family)
    let code = FlowTable.app[.mfa].actions.first { $0.id == .enterCode }
    #expect(code?.targets == [.familySetup, .signIn] + family)
  }
}
