import Foundation
import TribeBoardCore
import TribeBoardFlow
import TribeBoardMocks
import TribeBoardScenarios

/// `:clock`: moving the simulated clock, and the automatic retries that fall due on the way.
extension Simulator {
  /// What `:clock` says when it can't move to where it was asked.
  var clockProblem: String {
    "? The clock needs an amount like +1s, +30m, +3h, +2d, or a UTC time like 2026-03-05T18:00 "
      + "(or 18:00:30, 18:00:30.500), within ten years of the scenario's start. It is "
      + "\(DateText.full(environment.clock.now()))."
  }

  func moveClock(_ move: SimulatorCommand.ClockMove, into step: inout Step) async {
    let clock = environment.clock
    let target: Date
    var dateAlone = false
    switch move {
    case .by(let seconds): target = clock.now().addingTimeInterval(seconds)
    case .to(let date, let alone):
      target = date
      dateAlone = alone
    }
    guard ClockArgument.isWithinRange(target, of: scenario.configuration.now) else {
      step.messages.append(.init(kind: .problem, text: clockProblem))
      return
    }
    // Time runs one way for the server and every phone: a visit that ended stays ended, a code that ran out stays out.
    guard target >= clock.now() else {
      step.messages.append(
        .init(
          kind: .problem,
          text: "? The clock only moves forward: it is \(DateText.precise(clock.now())) UTC. To go back, :undo takes "
            + "back steps and :reset starts the scenario again."))
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
    let alone = dateAlone ? " (a date alone is 09:00 that day, as in forms)" : ""
    step.messages.append(.init(kind: .success, text: "Clock: \(shown) UTC\(alone)."))
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
  package static func interval(_ text: String) -> TimeInterval? {
    guard let sign = text.first, sign == "+" || sign == "-",
      let seconds = DurationText.seconds(String(text.dropFirst()))
    else { return nil }
    return sign == "-" ? -seconds : seconds
  }

  /// "2026-03-05T18:00", "2026-03-05 18:00", with seconds ("18:00:30") and milliseconds ("18:00:30.500") as a
  /// scenario's `now` takes them, in UTC unless a zone is given ("Z", "+01:00"); a date alone is 09:00 that day, as
  /// in forms.
  package static func date(_ text: String) -> Date? {
    let text = text.trimmingWhitespaceScalars
    if isDateAlone(text) { return DateText.parse(text) }
    var stamp = text
    if let space = stamp.firstIndex(of: " ") { stamp.replaceSubrange(space...space, with: "T") }
    // UTC unless a zone is given after the time.
    let time = stamp.split(separator: "T", maxSplits: 1).dropFirst().first ?? ""
    if !time.contains(where: { $0 == "Z" || $0 == "+" || $0 == "-" }) { stamp += "Z" }
    return try? Timestamp.date(from: stamp).get()
  }

  /// Whether `text` is a day without a time: `2026-03-05`.
  static func isDateAlone(_ text: String) -> Bool {
    let text = text.trimmingWhitespaceScalars
    return !text.isEmpty && !text.contains { $0 == " " || $0 == "T" || $0 == ":" } && !text.hasPrefix("+")
      && !text.hasPrefix("-")
  }

  /// Within ten years of `start`, and in the years 1 to 9999, which a scenario file's timestamps can hold.
  static func isWithinRange(_ date: Date, of start: Date) -> Bool {
    abs(date.timeIntervalSince(start)) <= range && date >= firstDate && date < endOfYear9999
  }

  /// 0001-01-01T00:00:00Z.
  static let firstDate = Date(timeIntervalSince1970: -62_135_596_800)
  /// 10000-01-01T00:00:00Z: the first moment a four-digit year can't name.
  static let endOfYear9999 = Date(timeIntervalSince1970: 253_402_300_800)
}
