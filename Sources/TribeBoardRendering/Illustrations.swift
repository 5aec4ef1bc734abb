import TribeBoardFlow

/// The app's pictures, drawn by the project as inline SVG in the brand's colours: the logo, an illustration for each
/// onboarding page, the family, and an empty list's picture. Decorative: hidden from screen readers, which read the
/// words beside them.
enum Illustrations {
  /// The logo, its gradient named after the phone (`prefix`), so two phones on one page never share an id.
  static func logo(prefix: String) -> String {
    Assets.decorativeLogo.replacingOccurrences(of: "tb-logo-gradient", with: prefix + "-logo-gradient")
  }

  static func onboarding(page: Int) -> String {
    switch page {
    case 1: calendarScene
    case 2: tasksScene
    default: familyScene
    }
  }

  static var family: String { familyScene }

  static func empty(_ screen: ScreenID) -> String {
    let icon =
      switch screen {
      case .calendar: "calendar"
      case .tasks: "tasks"
      case .messages: "messages"
      case .noticeboard: "noticeboard"
      case .schoolRun: "school-run"
      default: "family"
      }
    return "<span class=\"empty-art\">\(Icons.use(icon))</span>"
  }

  private static let open =
    "<svg class=\"illustration\" viewBox=\"0 0 240 160\" aria-hidden=\"true\" focusable=\"false\">"

  private static let calendarScene =
    open
    + "<circle cx=\"190\" cy=\"34\" r=\"18\" fill=\"#fde68a\"/>"
    + "<rect x=\"50\" y=\"30\" width=\"140\" height=\"112\" rx=\"16\" fill=\"#fff\"/>"
    + "<rect x=\"50\" y=\"30\" width=\"140\" height=\"30\" rx=\"16\" fill=\"#6d5dfc\"/>"
    + "<rect x=\"50\" y=\"46\" width=\"140\" height=\"14\" fill=\"#6d5dfc\"/>"
    + "<g fill=\"#e0e7ff\"><rect x=\"64\" y=\"72\" width=\"24\" height=\"20\" rx=\"5\"/><rect x=\"96\" y=\"72\" width=\"24\" height=\"20\" rx=\"5\"/>"
    + "<rect x=\"128\" y=\"72\" width=\"24\" height=\"20\" rx=\"5\"/><rect x=\"64\" y=\"104\" width=\"24\" height=\"20\" rx=\"5\"/>"
    + "<rect x=\"128\" y=\"104\" width=\"24\" height=\"20\" rx=\"5\"/></g>"
    + "<rect x=\"160\" y=\"72\" width=\"24\" height=\"20\" rx=\"5\" fill=\"#ec4899\"/>"
    + "<rect x=\"96\" y=\"104\" width=\"24\" height=\"20\" rx=\"5\" fill=\"#10b981\"/>"
    + "<rect x=\"160\" y=\"104\" width=\"24\" height=\"20\" rx=\"5\" fill=\"#f59e0b\"/></svg>"

  private static let tasksScene =
    open
    + "<rect x=\"44\" y=\"22\" width=\"152\" height=\"124\" rx=\"16\" fill=\"#fff\"/>"
    + "<g stroke-width=\"6\" stroke-linecap=\"round\" fill=\"none\">"
    + "<rect x=\"62\" y=\"42\" width=\"22\" height=\"22\" rx=\"7\" stroke=\"#10b981\"/><path d=\"M67 53l4 4 8-9\" stroke=\"#10b981\"/>"
    + "<path d=\"M98 53h76\" stroke=\"#e0e7ff\"/>"
    + "<rect x=\"62\" y=\"76\" width=\"22\" height=\"22\" rx=\"7\" stroke=\"#6d5dfc\"/><path d=\"M98 87h58\" stroke=\"#e0e7ff\"/>"
    + "<rect x=\"62\" y=\"110\" width=\"22\" height=\"22\" rx=\"7\" stroke=\"#ec4899\"/><path d=\"M98 121h66\" stroke=\"#e0e7ff\"/></g>"
    + "<circle cx=\"190\" cy=\"128\" r=\"22\" fill=\"#f59e0b\"/><path d=\"M181 128l7 7 12-14\" stroke=\"#fff\" "
    + "stroke-width=\"6\" fill=\"none\" stroke-linecap=\"round\" stroke-linejoin=\"round\"/></svg>"

  private static let familyScene =
    open
    + "<path d=\"M20 140h200\" stroke=\"#fff\" stroke-opacity=\".6\" stroke-width=\"4\" stroke-linecap=\"round\"/>"
    + "<circle cx=\"80\" cy=\"62\" r=\"20\" fill=\"#fde68a\"/><rect x=\"56\" y=\"86\" width=\"48\" height=\"54\" rx=\"22\" fill=\"#6d5dfc\"/>"
    + "<circle cx=\"160\" cy=\"62\" r=\"20\" fill=\"#fecaca\"/><rect x=\"136\" y=\"86\" width=\"48\" height=\"54\" rx=\"22\" fill=\"#ec4899\"/>"
    + "<circle cx=\"120\" cy=\"92\" r=\"14\" fill=\"#fde68a\"/><rect x=\"103\" y=\"108\" width=\"34\" height=\"32\" rx=\"16\" fill=\"#10b981\"/>"
    + "<path d=\"M120 28c-6-8-18-2-12 8l12 10 12-10c6-10-6-16-12-8z\" fill=\"#fff\"/></svg>"
}
