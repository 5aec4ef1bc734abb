import Foundation
import TribeBoardCore

extension FlowTable {
  static let schoolRunScreens: [ScreenSpec] = [
    ScreenSpec(
      .schoolRun, requires: .viewSchoolRun, title: "School run",
      load: loadSchoolRuns,
      body: { state in
        let pickups = numberedPickups(state)
        guard !pickups.isEmpty else {
          return [.empty("No school runs this week.")]
        }
        var blocks: [Block] = [.paragraph("This week's pickups. An unclaimed pickup needs a driver.")]
        for route in state.content.routes {
          let onRoute = pickups.filter { $0.item.routeID == route.id }
          guard !onRoute.isEmpty else { continue }
          blocks.append(.section(route.name))
          for (number, pickup) in onRoute {
            let driver = pickup.driver.map { "driver \(state.content.name($0))" } ?? "no driver"
            let riders = pickup.passengers.map { state.content.name($0) }.joined(separator: ", ")
            let waiting = state.content.waiting.contains(pickup.id)
            blocks.append(
              .item(
                Item(
                  id: pickup.id, number: number,
                  text: [DateText.full(pickup.at, now: state.now), driver, riders].filter { !$0.isEmpty }
                    .joined(separator: " · "),
                  flag: waiting
                    ? "WAITING TO SYNC" : pickup.driver == nil && pickup.at >= state.now ? "UNCLAIMED" : nil,
                  kind: .pickup(
                    PickupFacts(
                      route: route.name, at: pickup.at, driver: pickup.driver.map { person($0, state) },
                      passengers: pickup.passengers.map { person($0, state) },
                      isMine: pickup.driver != nil && pickup.driver == state.user?.id, isPast: pickup.at < state.now,
                      waiting: waiting)))))
          }
        }
        return blocks
      },
      actions: [
        drive(claim: true),
        drive(claim: false),
        .home,
      ])
  ]

  /// Loads the routes and their pickups, for the school-run screen and the calendar.
  static let loadSchoolRuns: ScreenSpec.Load = { state, services throws(AppError) in
    let family = try requireFamily(state).family
    state.content.routes = try await services.schoolRun.routes(in: family)
    state.content.pickups = try await services.schoolRun.pickups(in: family)
  }

  /// The pickups from the start of today to a week ahead, numbered route by route as the screen shows them.
  static func weekPickups(_ state: AppState) -> [Pickup] {
    let start = DateText.startOfDay(state.now)
    let end = start.addingTimeInterval(7 * 86400)
    let routeOrder = state.content.routes.map(\.id)
    return state.content.pickups
      .filter { $0.at >= start && $0.at < end }
      .sorted { a, b in
        ((routeOrder.firstIndex(of: a.routeID) ?? 0), a.at, a.id) < (
          (routeOrder.firstIndex(of: b.routeID) ?? 0), b.at, b.id
        )
      }
  }

  /// The week's pickups with their numbers: in ``weekPickups(_:)`` order on arrival, then kept while the person stays
  /// on the school run.
  static func numberedPickups(_ state: AppState) -> [(number: Int, item: Pickup)] {
    guard case .schoolRun(let shown) = state.screen else { return numbered(weekPickups(state), shown: []) }
    return numbered(weekPickups(state), shown: shown)
  }

  /// Whether a pickup of this week has no driver: the condition of claiming one (one that has happened is refused
  /// with its own words).
  private static let hasUnclaimedPickups = Condition("a pickup this week has no driver") { state in
    weekPickups(state).contains { $0.driver == nil }
  }

  /// The name of `pickup`'s route, as the screen's section shows it.
  private static func routeName(_ pickup: Pickup, _ state: AppState) -> String {
    state.content.routes.first { $0.id == pickup.routeID }?.name ?? "other route's"
  }

  private static func drive(claim: Bool) -> FlowAction {
    let verb = claim ? "claim" : "release"
    return FlowAction(
      claim ? .claim : .release, claim ? "Claim a pickup" : "Release a pickup", phrases: [verb],
      argument: .item(noun: "pickup"), requires: .claimPickup,
      when: claim ? hasUnclaimedPickups : Condition("there are pickups this week") { !weekPickups($0).isEmpty },
      targets: [.schoolRun],
      // One control a row: claim a pickup nobody drives, release your own; none once it is past. A pickup someone
      // else drives is theirs until they release it: taking it over would leave them thinking they drive.
      onItem: ItemOffer(claim ? "Claim" : "Release") { state, id in
        guard let pickup = state.content.pickups.first(where: { $0.id == id }), pickup.at >= state.now else {
          return false
        }
        let mine = pickup.driver != nil && pickup.driver == state.user?.id
        return claim ? pickup.driver == nil : mine
      }
    ) { state, argument, services throws(AppError) in
      let pickup = try item(argument, numbered: numberedPickups(state), noun: "pickup")
      guard let user = state.user?.id else { throw AppError(.sessionExpired) }
      if !claim && pickup.driver == nil {
        throw AppError(.validationFailed, "Nobody is driving that pickup yet.", recovery: [.edit])
      }
      if claim && pickup.driver == user {
        throw AppError(
          .validationFailed, "You are already driving that pickup; nothing was changed.", recovery: [.edit])
      }
      // Someone else's drive is theirs to release, as the service says when asked.
      if claim, let driver = pickup.driver {
        throw AppError(.pickupTaken, "\(state.content.name(driver)) is already driving this pickup.")
      }
      let when = DateText.full(pickup.at, now: state.now)
      // A pickup that has happened is history: nobody claims or releases it.
      if pickup.at < services.clock.now() {
        throw AppError(
          .validationFailed, "The \(when) pickup has already happened; choose one still to come.", recovery: [.edit])
      }
      let route = routeName(pickup, state)
      if claim, let clash = RoleRules.clash(at: pickup.at, for: user, among: state.content.pickups, except: pickup.id) {
        throw AppError(
          .roleConflict,
          "You are already driving the \(routeName(clash, state)) pickup at \(when); release it first.",
          recovery: [.edit])
      }
      try await Flow.submit(
        .setDriver(claim ? user : nil, pickup: pickup.id), summary: "\(verb) the \(when) pickup (\(route))",
        done: claim ? "You are driving the \(when) pickup (\(route))." : "Pickup released; it needs a driver.", &state,
        services)
    }
  }
}
