import Foundation
import TribeBoardCore
import TribeBoardFlow

/// A screen as a screen reader would announce it: the title as a heading, each element with its role and label,
/// errors and notices as live announcements, and no box drawing. Designers use it to review labels.
public enum ScreenReaderRenderer {
  /// The announcements for one screen.
  public static func render(_ snapshot: ScreenSnapshot) -> [String] {
    var lines = ["Heading, \(snapshot.title). Screen \(snapshot.screen.rawValue)."]
    lines += snapshot.notes.map { "Status: \($0)" }
    if let notice = snapshot.notice { lines.append("Status: \(notice)") }
    if let error = snapshot.error {
      let ways = snapshot.recoveries.map { "\($0.label), say “\($0.usage)”" }
      lines.append(
        "Alert, error: \(error.message)" + (ways.isEmpty ? "" : " You can: \(ways.joined(separator: ", "))."))
    }
    if let since = snapshot.staleSince {
      lines.append("Status: not up to date. Showing cached data from \(DateText.full(since, now: since)).")
    }
    let items = snapshot.blocks.filter { if case .item = $0 { true } else { false } }.count
    var position = 0
    for block in snapshot.blocks {
      switch block {
      case .paragraph(let text), .hint(let text): lines.append(text)
      case .field(let label, let value): lines.append("\(label): \(value)")
      case .input(let field): lines.append("\(field.label): \(field.value ?? "—")")
      case .section(let title): lines.append("Heading, \(title)")
      case .item(let item):
        position += 1
        let number = item.number.map { "number \($0), " } ?? ""
        lines.append(
          "List item \(position) of \(items), \(number)\(item.text)" + (item.flag.map { ", \($0.lowercased())" } ?? ""))
      case .empty(let text): lines.append(text)
      case .qr(let payload): lines.append("Image, QR code for \(payload)")
      case .pager(let page, let count): lines.append("Page \(page) of \(count)")
      }
    }
    for (index, action) in snapshot.actions.enumerated() {
      lines.append("Button \(index + 1), \(action.label). Say “\(action.usage)”.")
    }
    return lines
  }
}
