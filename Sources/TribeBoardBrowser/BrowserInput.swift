import Foundation
import Hummingbird
import TribeBoardFlow

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

/// What a form of the page stands for (``Choice``): as the line the REPL would take, a button's `line`, an action's
/// words with the value typed (`words`, `value`), or a control's fields (`control`: `as`, `clock`, `expect`, `scenario`,
/// `fault`, `latency`). Recordings keep these lines, so `tribeboard check` replays a session clicked in a browser.
package enum BrowserInput {
  struct Invalid: Error, Equatable {
    var reason: String
  }

  /// What a person chose on the page: a line the REPL would take, an action of one item named by its identity, or a
  /// whole form (each field's words and value, then its submit), applied in order until one is refused.
  package enum Choice: Equatable, Sendable, CustomStringConvertible {
    case line(String)
    case onItem(ActionID, item: String)
    case form([String])

    /// As the server's log says it: the line, the action and the item, or the form's lines.
    package var description: String {
      switch self {
      case .line(let line): line
      case .onItem(let action, let item): "\(action.rawValue) on \(item)"
      case .form(let lines): lines.joined(separator: " · ")
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
    return .line(try line(from: form))
  }

  static func line(from form: FormBody) throws(Invalid) -> String {
    if let line = form["line"] { return line }
    if let words = form["words"] {
      return words + " " + value(form["value"] ?? "")
    }
    guard let control = form["control"] else {
      throw Invalid(reason: "the form has no “line”, “words” or “control” field")
    }
    let value = value(form["value"] ?? "")
    switch control {
    case "as": return ":as \(value)"
    case "clock": return ":clock \(value)"
    case "expect": return ":expect \(value)"
    case "scenario": return ":scenario \(value)"
    case "fault":
      guard let operation = form["operation"], let error = form["error"] else {
        throw Invalid(reason: "a fault needs an “operation” and an “error”")
      }
      var line = ":fault \(operation) \(error)"
      let amount = (form["amount"] ?? "").trimmingCharacters(in: .whitespaces)
      switch form["schedule"] ?? "always" {
      case "always": break
      case "times": line += " times \(amount)"
      case "call": line += " call \(amount)"
      case "after": line += " after \(amount)"
      case "chance": line += " chance \(amount.hasSuffix("%") ? amount : amount + "%")"
      case let other: throw Invalid(reason: "“\(other.prefix(40))” is not a fault schedule")
      }
      if let person = form["on"], !person.isEmpty { line += " on \(person)" }
      return line
    case "latency":
      guard let target = form["target"] else { throw Invalid(reason: "latency needs a “target”") }
      return ":latency \(target) \((form["amount"] ?? "").trimmingCharacters(in: .whitespaces))"
    default:
      throw Invalid(reason: "“\(control.prefix(40))” is not a control of this page")
    }
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
