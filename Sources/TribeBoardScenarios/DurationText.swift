import Foundation

/// Durations as people write them in scenarios and simulator commands: `500ms`, `90s`, `15m`, `1h`, `2d`.
public enum DurationText {
  /// The units, longest suffix first, and their length in seconds.
  static let units: [(suffix: String, seconds: Double)] = [
    ("ms", 0.001), ("s", 1), ("m", 60), ("h", 3600), ("d", 86400),
  ]

  /// Seconds for a duration such as `90s` or `1h`; `nil` unless it is whole digits (at most 9) and a unit.
  public static func seconds(_ text: String) -> TimeInterval? {
    for unit in units where text.hasSuffix(unit.suffix) {
      let digits = text.dropLast(unit.suffix.count)
      guard !digits.isEmpty, digits.count <= 9, digits.allSatisfy({ $0.isASCII && $0.isNumber }),
        let amount = Int(digits)
      else { return nil }
      return Double(amount) * unit.seconds
    }
    return nil
  }

  /// The units in words, for error messages.
  public static let help = "a number and a unit: 500ms, 90s, 15m, 1h or 2d"

  /// A duration as a person types it, in the largest unit that holds it whole, which ``seconds(_:)`` reads back:
  /// `1h`, `90s`, `1500ms`.
  public static func typed(_ seconds: TimeInterval) -> String {
    for unit in units.reversed() {
      let amount = seconds / unit.seconds
      if amount == amount.rounded(), amount.magnitude < 1e9 { return "\(Int(amount))\(unit.suffix)" }
    }
    return "\(Int((seconds * 1000).rounded()))ms"
  }

  /// A duration as the simulator prints it: `2 s`, `1.5 s`, `15 min`.
  public static func describe(_ seconds: TimeInterval) -> String {
    if seconds >= 60, seconds.truncatingRemainder(dividingBy: 60) == 0 { return "\(Int(seconds / 60)) min" }
    if seconds == seconds.rounded() { return "\(Int(seconds)) s" }
    return String(format: "%.3g s", seconds)
  }
}
