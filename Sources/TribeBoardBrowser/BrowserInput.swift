import Foundation
import TribeBoardFlow

/// A posted form (`application/x-www-form-urlencoded`), read strictly: a malformed body is refused with the reason.
struct FormBody: Equatable, Sendable {
  var fields: [String: String]

  struct Malformed: Error, Equatable {
    var reason: String
  }

  init(fields: [String: String]) {
    self.fields = fields
  }

  init(_ text: String) throws(Malformed) {
    var fields: [String: String] = [:]
    for pair in text.split(separator: "&", omittingEmptySubsequences: true) {
      let parts = pair.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
      guard let name = Self.decode(parts[0]), let value = Self.decode(parts.count > 1 ? parts[1] : "") else {
        throw Malformed(reason: "the form field “\(pair.prefix(40))” is not percent-encoded")
      }
      guard fields[name] == nil else { throw Malformed(reason: "the form field “\(name.prefix(40))” is given twice") }
      fields[name] = value
    }
    self.fields = fields
  }

  subscript(name: String) -> String? { fields[name] }

  /// `text` with `+` read as a space and each `%XX` as the byte it names; `nil` when a `%` is not followed by two
  /// hex digits or the bytes are not UTF-8.
  static func decode(_ text: Substring) -> String? {
    let utf8 = text.utf8
    guard utf8.contains(where: { $0 == UInt8(ascii: "%") || $0 == UInt8(ascii: "+") }) else { return String(text) }
    var out: [UInt8] = []
    out.reserveCapacity(utf8.count)
    var index = utf8.startIndex
    while index < utf8.endIndex {
      let byte = utf8[index]
      utf8.formIndex(after: &index)
      switch byte {
      case UInt8(ascii: "+"): out.append(UInt8(ascii: " "))
      case UInt8(ascii: "%"):
        guard index < utf8.endIndex, let high = hexValue(utf8[index]) else { return nil }
        utf8.formIndex(after: &index)
        guard index < utf8.endIndex, let low = hexValue(utf8[index]) else { return nil }
        utf8.formIndex(after: &index)
        out.append(high << 4 | low)
      default: out.append(byte)
      }
    }
    return String(validating: out, as: UTF8.self)
  }

  private static func hexValue(_ byte: UInt8) -> UInt8? {
    switch byte {
    case UInt8(ascii: "0")...UInt8(ascii: "9"): byte - UInt8(ascii: "0")
    case UInt8(ascii: "a")...UInt8(ascii: "f"): byte - UInt8(ascii: "a") + 10
    case UInt8(ascii: "A")...UInt8(ascii: "F"): byte - UInt8(ascii: "A") + 10
    default: nil
    }
  }
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
        let typed = value(form["value.\(index)"] ?? "")
        if !typed.isEmpty { lines.append(words + " " + typed) }
        index += 1
      }
      guard let submit = form["line"] else { throw Invalid(reason: "the form has no submit (“line”)") }
      return .form(lines + [submit])
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
