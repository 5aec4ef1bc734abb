import Foundation
import TribeBoardCore
import TribeBoardFlow
import TribeBoardMocks
import TribeBoardScenarios

/// `:clock`: moving the simulated clock, and the automatic retries that fall due on the way.
extension Simulator {
  func moveClock(_ argument: String, into step: inout Step) async {
    let clock = environment.clock
    let target =
      ClockArgument.interval(argument).map { clock.now().addingTimeInterval($0) } ?? ClockArgument.date(argument)
    guard let target, ClockArgument.isWithinRange(target, of: scenario.configuration.now) else {
      step.messages.append(
        .init(
          kind: .problem,
          text: "? The clock needs an amount like +1s, +30m, +3h, +2d, or a UTC time like 2026-03-05T18:00, "
            + "within ten years of the scenario's start. It is \(DateText.full(clock.now()))."
        ))
      return
    }
    let notes = await runDueRetries(until: target)
    clock.set(target)
    await refresh()
    if var phone = phones[actingUser] {
      phone.state.notes = notes + phone.state.notes
      phones[actingUser] = phone
    }
    let now = clock.now()
    let shown =
      now.timeIntervalSinceReferenceDate.truncatingRemainder(dividingBy: 60) == 0
      ? DateText.full(now) : DateText.precise(now)
    step.messages.append(.init(kind: .success, text: "Clock: \(shown) UTC."))
    step.snapshot = shownSnapshot
  }

  /// Moves the clock through every automatic retry due up to `target`, earliest first, each at its own time, on
  /// whichever phone it is due; returns what the acting phone noted.
  private func runDueRetries(until target: Date) async -> [String] {
    var notes: [String] = []
    while true {
      var earliest: (user: UserID, due: Date)?
      for (user, phone) in phones.sorted(by: { $0.key < $1.key }) {
        guard let due = await phone.device.outbox().nextAttemptAt, due <= target else { continue }
        if earliest == nil || due < earliest!.due { earliest = (user, due) }
      }
      guard let (user, due) = earliest, var phone = phones[user] else { return notes }
      if due > environment.clock.now() { environment.clock.set(due) }
      let services = phone.services
      guard await flow.retryDue(&phone.state, services: services) else { return notes }
      if user == actingUser { notes += phone.state.notes }
      phones[user] = phone
    }
  }
}

/// Reads the `:clock` argument. The clock stays within ten years of the scenario's start, so demos stay in a
/// calendar people recognise.
package enum ClockArgument {
  package static let range: TimeInterval = 3650 * 86400

  /// "+1s", "+3h", "+2d", "+30m", "-1h": a sign, then a duration (``DurationText``).
  static func interval(_ text: String) -> TimeInterval? {
    guard let sign = text.first, sign == "+" || sign == "-",
      let seconds = DurationText.seconds(String(text.dropFirst()))
    else { return nil }
    return sign == "-" ? -seconds : seconds
  }

  /// "2026-03-05T18:00", "2026-03-05 18:00", with or without a trailing Z.
  static func date(_ text: String) -> Date? {
    DateText.parse(text.hasSuffix("Z") ? String(text.dropLast()) : text)
  }

  static func isWithinRange(_ date: Date, of start: Date) -> Bool {
    abs(date.timeIntervalSince(start)) <= range
  }
}
