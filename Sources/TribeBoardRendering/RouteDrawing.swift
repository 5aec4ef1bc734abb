import TribeBoardFlow

/// A school run's route as a drawing: home, a stop for each child picked up (their initials in their colour), and the
/// school, along a curving road. Labelled for a screen reader with the same stops in words.
enum RouteDrawing {
  static func svg(route: String, stops: [Person]) -> String {
    let count = stops.count + 2
    let width = 320.0
    let step = (width - 48) / Double(count - 1)
    let points = (0..<count).map { index -> (x: Double, y: Double) in
      (24 + Double(index) * step, index.isMultiple(of: 2) ? 40 : 68)
    }
    var path = "M\(format(points[0].x)) \(format(points[0].y))"
    for index in 1..<count {
      let from = points[index - 1]
      let to = points[index]
      let middle = (from.x + to.x) / 2
      path += " C\(format(middle)) \(format(from.y)) \(format(middle)) \(format(to.y)) \(format(to.x)) \(format(to.y))"
    }
    let names = stops.map(\.name)
    let label =
      "Route \(route): from home"
      + (names.isEmpty ? "" : ", picking up \(names.joined(separator: ", "))") + ", to school"
    var svg = "<figure class=\"route\"><svg class=\"route-map\" viewBox=\"0 0 320 100\" role=\"img\" aria-label=\""
    svg += HTML.escape(label)
    svg += "\"><rect class=\"map-ground\" width=\"320\" height=\"100\" rx=\"14\"/>"
    svg += "<path class=\"map-street\" d=\"M0 20h320M0 88h320M110 0v100M230 0v100\"/>"
    svg += "<path class=\"route-line\" d=\"\(path)\"/>"
    svg += "<circle class=\"stop home\" cx=\"\(format(points[0].x))\" cy=\"\(format(points[0].y))\" r=\"10\"/>"
    svg += "<text class=\"stop-label\" x=\"\(format(points[0].x))\" y=\"\(format(points[0].y + 4))\">H</text>"
    for (index, person) in stops.enumerated() {
      let point = points[index + 1]
      svg +=
        "<circle class=\"stop person c\(person.colour)\" cx=\"\(format(point.x))\" cy=\"\(format(point.y))\" r=\"12\"/>"
      svg += "<text class=\"stop-label\" x=\"\(format(point.x))\" y=\"\(format(point.y + 4))\">"
      svg += HTML.escape(person.initials)
      svg += "</text>"
    }
    let school = points[count - 1]
    svg += "<rect class=\"stop school\" x=\"\(format(school.x - 11))\" y=\"\(format(school.y - 11))\" width=\"22\" "
    svg +=
      "height=\"22\" rx=\"5\"/><text class=\"stop-label\" x=\"\(format(school.x))\" y=\"\(format(school.y + 4))\">S</text>"
    svg += "</svg></figure>"
    return svg
  }

  private static func format(_ value: Double) -> String {
    let rounded = (value * 10).rounded() / 10
    return rounded == rounded.rounded() ? String(Int(rounded)) : String(rounded)
  }
}
