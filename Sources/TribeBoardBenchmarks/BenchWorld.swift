import Foundation
import TribeBoardCore
import TribeBoardMocks
import TribeBoardScenarios

/// A generated world of the shape of `gen_world.py` (4 members, 10 tasks, 5 events, 10 messages and 2 routes of
/// 5 pickups per family), built in Swift so the command benchmarks do not depend on the YAML loader. Ids are the
/// ones the loader would generate. The device's person is the parent admin of the *last* family, signed in, so a
/// cost that grows with the world shows.
enum BenchWorld {
  /// 2026-03-02T08:00:00Z, the generator's `now`.
  static let now = Date(timeIntervalSince1970: 1_772_438_400)
  private static let alphabet = Array("ABCDEFGHJKLMNPQRSTUVWXYZ23456789")

  /// The kinds of data (``DataKind/name``) this world holds none of, and why: `DataKindTests` checks that it makes
  /// every other kind.
  static let leftOut = ["notices": "gen_world.py, whose shape this world has, makes none"]

  /// March 2026, day `day`, at `hour`:00 UTC.
  private static func march(_ day: Int, _ hour: Int) -> Date {
    now.addingTimeInterval(Double((day - 2) * 86400 + (hour - 8) * 3600))
  }

  /// The generator's family code for family `index`.
  private static func code(_ index: Int) -> String {
    var n = index * 7919 + 13
    var code = ""
    for _ in 0..<6 {
      code.append(alphabet[n % 32])
      n /= 32
    }
    return code
  }

  static func scenario(families count: Int) -> Scenario {
    var world = MockWorld()
    for f in 0..<count {
      for (m, child) in [("a", false), ("b", false), ("c", true), ("d", true)] {
        let profile = UserProfile(
          id: "p\(f)\(m)", name: "Person \(f) \(m.uppercased())", email: "p\(f)\(m)@example.test")
        world.accounts.append(MockAccount(profile: profile, providers: [.apple], isChild: child))
      }
    }
    for f in 0..<count {
      let family = "f\(f)"
      world.families.append(Family(id: family, name: "The Family \(f)", code: code(f)))
      for (m, role) in [("a", Role.parentAdmin), ("b", .adult), ("c", .child), ("d", .child)] {
        world.memberships.append(Membership(userID: "p\(f)\(m)", familyID: family, role: role))
      }
      for e in 0..<5 {
        world.events.append(
          CalendarEvent(
            id: "\(family)-event-\(e + 1)", familyID: family, title: "Event \(e)", start: march(10 + e, 17),
            place: "Hall \(e)", participants: ["p\(f)c"]))
      }
      for t in 0..<10 {
        world.tasks.append(
          FamilyTask(
            id: "\(family)-task-\(t + 1)", familyID: family, title: "Chore \(t)",
            assignee: "p\(f)\(t % 2 == 0 ? "c" : "d")",
            due: march(3 + t, 19), points: t % 5))
      }
      for k in 0..<10 {
        world.messages.append(
          FamilyMessage(
            id: "\(family)-message-\(k + 1)", familyID: family, sender: "p\(f)\(k % 2 == 0 ? "a" : "b")",
            sentAt: march(1, 8 + k), text: "Message number \(k) about the week"))
      }
      for r in 0..<2 {
        let route = "\(family)-route-\(r + 1)"
        world.routes.append(SchoolRoute(id: route, familyID: family, name: "Route \(r)"))
        for d in 0..<5 {
          world.pickups.append(
            Pickup(
              id: "\(route)-pickup-\(d + 1)", routeID: route, at: march(2 + d, 8), driver: d % 2 == 1 ? "p\(f)a" : nil,
              passengers: ["p\(f)c", "p\(f)d"]))
        }
      }
    }
    let device = MockDeviceState(user: "p\(count - 1)a", onboardingCompleted: true, signedIn: true)
    return Scenario(
      name: "generated", summary: "A generated world of \(count) families.", source: "bench:\(count)",
      configuration: MockConfiguration(now: now, seed: 3, world: world, device: device))
  }
}
