/// The app's icons, drawn by the project as inline SVG (24×24, stroked with the current colour), so a page needs no
/// image file and no font. A page holds them once (``sprite``); each use refers to one by name.
public enum Icons {
  /// The icon of an action that opens a module or goes back, by action key; `nil` for actions without one.
  public static func forAction(_ key: String) -> String? {
    switch key {
    case "open-calendar": calendar
    case "open-tasks": tasks
    case "open-messages", "open-noticeboard": messages
    case "open-school-run": schoolRun
    case "open-settings": settings
    case "back", "home": back
    default: nil
    }
  }

  /// An icon of the ``sprite``, by name.
  static func use(_ name: String) -> String {
    "<svg class=\"icon\" width=\"24\" height=\"24\" aria-hidden=\"true\" focusable=\"false\">"
      + "<use href=\"#icon-\(name)\"/></svg>"
  }

  public static let calendar = use("calendar")
  public static let tasks = use("tasks")
  public static let messages = use("messages")
  public static let schoolRun = use("school-run")
  public static let settings = use("settings")
  public static let back = use("back")
  public static let online = use("online")
  public static let offline = use("offline")
  public static let sync = use("sync")

  static let drawings: [(String, String)] = [
    ("calendar", "<rect x=\"3\" y=\"5\" width=\"18\" height=\"16\" rx=\"2\"/><path d=\"M3 10h18M8 3v4M16 3v4\"/>"),
    ("tasks", "<rect x=\"3\" y=\"3\" width=\"18\" height=\"18\" rx=\"3\"/><path d=\"M8 12l3 3 5-6\"/>"),
    ("messages", "<path d=\"M4 5h16v11H9l-5 4z\"/>"),
    (
      "school-run",
      "<path d=\"M3 16V9l2-4h14l2 4v7z\"/><path d=\"M3 11h18\"/><circle cx=\"7.5\" cy=\"17.5\" r=\"1.5\"/>"
        + "<circle cx=\"16.5\" cy=\"17.5\" r=\"1.5\"/>"
    ),
    (
      "settings",
      "<circle cx=\"12\" cy=\"12\" r=\"3\"/><path d=\"M12 2v3M12 19v3M4.9 4.9l2.1 2.1M17 17l2.1 2.1M2 12h3M19 12h3"
        + "M4.9 19.1L7 17M17 7l2.1-2.1\"/>"
    ),
    ("back", "<path d=\"M15 5l-7 7 7 7\"/>"),
    (
      "online",
      "<path d=\"M2 9a15 15 0 0 1 20 0M5 12.5a10 10 0 0 1 14 0M8.5 16a5 5 0 0 1 7 0\"/>"
        + "<circle cx=\"12\" cy=\"19\" r=\"1\"/>"
    ),
    (
      "offline",
      "<path d=\"M2 9a15 15 0 0 1 6-3.5M22 9a15 15 0 0 0-9-4M8.5 16a5 5 0 0 1 7 0M3 3l18 18\"/>"
        + "<circle cx=\"12\" cy=\"19\" r=\"1\"/>"
    ),
    ("sync", "<path d=\"M20 12a8 8 0 0 1-14 5.3M4 12a8 8 0 0 1 14-5.3M18 3v4h-4M6 21v-4h4\"/>"),
  ]

  /// Every icon, once, as symbols a page includes (hidden) before anything that uses them.
  public static let sprite: String =
    "<svg class=\"sprite\" aria-hidden=\"true\" focusable=\"false\" width=\"0\" height=\"0\">"
    + drawings.map { name, drawing in
      "<symbol id=\"icon-\(name)\" viewBox=\"0 0 24 24\" fill=\"none\" stroke=\"currentColor\" stroke-width=\"2\" "
        + "stroke-linecap=\"round\" stroke-linejoin=\"round\">\(drawing)</symbol>"
    }.joined() + "</svg>"
}
