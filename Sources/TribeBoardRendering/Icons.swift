/// The app's icons: one family, drawn by the project in `Assets/icons.svg` (24×24, stroked with the current colour).
/// A page holds the sprite once (``sprite``); each use refers to a symbol by name.
public enum Icons {
  /// The icon of a module the home screen opens, by action key; `nil` for other actions.
  public static func module(_ key: String) -> String? {
    switch key {
    case "open-calendar": "calendar"
    case "open-tasks": "tasks"
    case "open-messages": "messages"
    case "open-school-run": "school-run"
    case "open-settings": "settings"
    default: nil
    }
  }

  /// The icon drawn beside an action's label, by action key; `nil` for actions without one.
  public static func forAction(_ key: String) -> String? {
    if let module = module(key) { return module }
    switch key {
    case "open-noticeboard": return "noticeboard"
    case "add-task", "add-event", "create-family": return "plus"
    case "join-family": return "family"
    case "sign-out", "leave-family": return "sign-out"
    case "sync-now", "refresh", "retry": return "sync"
    case "open-profile": return "user"
    case "open-notifications": return "bell"
    case "open-family-management": return "family"
    case "sign-in-apple": return "apple"
    case "sign-in-google": return "google"
    default: return nil
    }
  }

  /// An icon of the ``sprite``, by name.
  public static func use(_ name: String) -> String {
    "<svg class=\"icon icon-\(name)\" width=\"24\" height=\"24\" aria-hidden=\"true\" focusable=\"false\">"
      + "<use href=\"#icon-\(name)\"/></svg>"
  }

  public static let online = use("online")
  public static let offline = use("offline")
  public static let sync = use("sync")

  /// Every icon, once, as hidden symbols a page includes before anything that uses them.
  public static var sprite: String {
    let text = Assets.inline(Assets.text("icons.svg"))
    // Without the XML declaration's namespace line breaks: the file as it is, minus its comment.
    guard let start = text.range(of: "<!--"), let end = text.range(of: "-->") else { return text }
    return String(text[..<start.lowerBound] + text[end.upperBound...])
  }
}
