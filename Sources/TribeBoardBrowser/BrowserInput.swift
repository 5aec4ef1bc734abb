import Foundation
import Hummingbird
import TribeBoardCore
import TribeBoardEngine
import TribeBoardFlow
import TribeBoardMocks
import TribeBoardScenarios

/// A posted form (`application/x-www-form-urlencoded`), read by Hummingbird's form decoder: a malformed body (a
/// field given twice, a bad percent escape, a nested key) is refused with the reason.
struct FormBody: Equatable, Sendable {
  var fields: [String: String]

  struct Malformed: Error, Equatable {
    var reason: String
  }

  init(fields: [String: String]) {
    self.fields = fields
  }

  init(_ text: String) throws(Malformed) {
    do {
      fields = try URLEncodedFormDecoder().decode([String: String].self, from: text)
    } catch let error as URLEncodedFormError {
      throw Malformed(reason: "the form is not URL-encoded as a page sends it: \(error.description)")
    } catch {
      throw Malformed(reason: "the form's fields are not all name=value pairs of text")
    }
  }

  subscript(name: String) -> String? { fields[name] }
}

/// What a form of the page stands for (``Choice``): a line a person typed (`line`, or an action's words with the
/// value typed: `words`, `value`), an item's action, a whole form, or one of the simulator's controls as a typed
/// command: a button's field (`as`, `offline`, `online`: a person; `disarm`: a fault's id; `clock.by`: seconds;
/// `app`: `relaunch`, `undo`, `reset` or `where`; `go.journey` with `go.step`), or a control's form (`control`:
/// `as`, `clock`, `expect`, `scenario`, `fault`, `latency`, with its fields). Recordings keep each command's line, so
/// `tribeboard check` replays a session clicked in a browser.
package enum BrowserInput {
  struct Invalid: Error, Equatable {
    var reason: String
  }

  /// What a person chose on the page: a line they typed, a simulator command, an action of one item named by its
  /// identity, or a whole form (each field's words and value, then its submit), applied in order until one is
  /// refused; or a control's field the simulator can't read, with what to say.
  package enum Choice: Equatable, Sendable, CustomStringConvertible {
    case line(String)
    case command(SimulatorCommand)
    case onItem(ActionID, item: String)
    case form([String])
    case unreadable(String)

    /// As the server's log says it: the line, the command's line, the action and the item, or the form's lines.
    package var description: String {
      switch self {
      case .line(let line): line
      case .command(let command): command.line
      case .onItem(let action, let item): "\(action.rawValue) on \(item)"
      case .form(let lines): lines.joined(separator: " · ")
      case .unreadable(let problem): problem
      }
    }
  }

  static func choice(from form: FormBody) throws(Invalid) -> Choice {
    if let item = form["item"], let key = form["action"] {
      guard let action = ActionID(rawValue: key) else {
        throw Invalid(reason: "“\(key.prefix(40))” is not an action of the app")
      }
      return .onItem(action, item: item)
    }
    if form["form"] != nil {
      var lines: [String] = []
      var index = 1
      while let words = form["words.\(index)"] {
        let typed = value(fieldValue(index, of: form))
        if !typed.isEmpty { lines.append(words + " " + typed) }
        index += 1
      }
      guard let submit = form["line"] else { throw Invalid(reason: "the form has no submit (“line”)") }
      return .form(lines + [submit])
    }
    // A tab away from the dashboard: home first, then the module.
    if let first = form["first"], let line = form["line"] {
      return .form([first, line])
    }
    if let line = form["line"] { return .line(line) }
    if let words = form["words"] {
      return .line(words + " " + value(form["value"] ?? ""))
    }
    return try control(from: form)
  }

  /// A control of the page as the command it sends.
  static func control(from form: FormBody) throws(Invalid) -> Choice {
    if let person = form["as"] { return .command(.act(as: person)) }
    if let person = form["offline"] { return .command(.network(online: false, of: person)) }
    if let person = form["online"] { return .command(.network(online: true, of: person)) }
    if let id = form["disarm"] { return .command(.disarm(id.isEmpty ? nil : id)) }
    if form["latency.clear"] != nil { return .command(.clearLatency) }
    if let seconds = form["clock.by"] {
      guard let seconds = TimeInterval(seconds), seconds.isFinite else {
        throw Invalid(reason: "“clock.by” is a number of seconds")
      }
      return .command(.clock(.by(seconds)))
    }
    if let move = form["app"] {
      switch move {
      case "relaunch": return .command(.relaunch)
      case "undo": return .command(.undo)
      case "reset": return .command(.reset)
      case "where": return .command(.whereAmI)
      default: throw Invalid(reason: "“\(move.prefix(40))” is not one of the app's controls")
      }
    }
    if let journey = form["go.journey"] {
      // No step: the whole journey.
      let step = form["go.step"] ?? ""
      guard step.isEmpty || Int(step) != nil else { throw Invalid(reason: "“go.step” is a step's number") }
      return .command(.go(journey: journey, step: Int(step)))
    }
    guard let control = form["control"] else {
      throw Invalid(reason: "the form has no “line”, “words” or “control” field")
    }
    let value = value(form["value"] ?? "")
    switch control {
    case "as": return .command(.act(as: value.isEmpty ? nil : value))
    case "expect": return .command(.expect(value))
    case "scenario": return .command(.scenario(value))
    case "clock":
      guard let date = ClockArgument.date(value) else {
        return .unreadable("? Set the clock to a time such as 2026-03-05T18:00 (UTC); “\(value)” is not one.")
      }
      return .command(.clock(.to(date)))
    case "fault":
      return try fault(from: form)
    case "latency":
      guard let target = form["target"] else { throw Invalid(reason: "latency needs a “target”") }
      let amount = (form["amount"] ?? "").trimmingCharacters(in: .whitespaces)
      guard let seconds = DurationText.seconds(amount) else {
        return .unreadable("? Slow calls down by \(DurationText.help); “\(amount)” is not one.")
      }
      return .command(.latency(target, seconds: seconds))
    default:
      throw Invalid(reason: "“\(control.prefix(40))” is not a control of this page")
    }
  }

  /// The fault form: an operation, an error, when (`always`, `times`, `call`, `after`, `chance`, with the amount
  /// typed) and on whose phone.
  static func fault(from form: FormBody) throws(Invalid) -> Choice {
    guard let operation = form["operation"].flatMap(MockOperation.init(rawValue:)),
      let error = form["error"].flatMap(AppError.Code.init(rawValue:))
    else { throw Invalid(reason: "a fault needs an “operation” and an “error” of the simulator's") }
    let amount = (form["amount"] ?? "").trimmingCharacters(in: .whitespaces)
    let count = Int(amount).flatMap { $0 > 0 ? $0 : nil }
    let schedule: SimulatorCommand.FaultRequest.Schedule
    switch form["schedule"] ?? "always" {
    case "always": schedule = .always
    case "times", "call":
      guard let count else { return .unreadable("? Give N, the number of calls, as a whole number from 1.") }
      schedule = form["schedule"] == "call" ? .call(count) : .next(count)
    case "after":
      if let seconds = DurationText.seconds(amount) {
        schedule = .after(seconds)
      } else if let date = ClockArgument.date(amount) {
        schedule = .at(date)
      } else {
        return .unreadable("? Give the time as \(DurationText.help), or a UTC time; “\(amount)” is not one.")
      }
    case "chance":
      guard let percent = Int(amount.hasSuffix("%") ? String(amount.dropLast()) : amount) else {
        return .unreadable("? Give the chance as a percentage from 1% to 100%; “\(amount)” is not one.")
      }
      schedule = .chance(percent)
    case let other: throw Invalid(reason: "“\(other.prefix(40))” is not a fault schedule")
    }
    let person = form["on"].flatMap { $0.isEmpty ? nil : $0 }
    return .command(.arm(.init(operation: operation, error: error, schedule: schedule, account: person)))
  }

  /// The value of a whole form's field `index`: typed (`value.N`); a day and a time picked apart (`date.N`,
  /// `time.N`), joined as the REPL types a date; or several choices (`value.N.K`), joined with commas.
  static func fieldValue(_ index: Int, of form: FormBody) -> String {
    if let typed = form["value.\(index)"] { return typed }
    if let day = form["date.\(index)"] {
      let day = day.trimmingCharacters(in: .whitespaces)
      return day.isEmpty ? "" : day + " " + (form["time.\(index)"] ?? "08:00")
    }
    let prefix = "value.\(index)."
    let chosen = form.fields.compactMap { name, value -> (Int, String)? in
      guard name.hasPrefix(prefix), let position = Int(name.dropFirst(prefix.count)) else { return nil }
      return (position, value)
    }
    return chosen.sorted { $0.0 < $1.0 }.map(\.1).joined(separator: ", ")
  }

  /// A value as the REPL takes it: a browser's date and time (`2026-03-05T18:00`) with a space for the `T`.
  static func value(_ text: String) -> String {
    let trimmed = text.trimmingCharacters(in: .whitespaces)
    let bytes = Array(trimmed.utf8)
    guard bytes.count == 16, bytes[10] == UInt8(ascii: "T"), bytes[4] == UInt8(ascii: "-"),
      bytes[13] == UInt8(ascii: ":")
    else { return trimmed }
    return String(trimmed.prefix(10)) + " " + String(trimmed.suffix(5))
  }
}
