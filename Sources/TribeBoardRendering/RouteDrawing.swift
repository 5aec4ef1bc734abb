import Foundation
import TribeBoardFlow

/// A school run's route as a drawing: home, a stop for each child picked up (their initials in their colour), and the
/// school, along a curving road, each stop named under it (the route's ends from its name, "Home → Oakwood Primary");
/// then the next pickup's time and who drives it. Labelled for a screen reader with the same stops in words.
enum RouteDrawing {
  /// `next`: the next pickup's time in words and who drives it ("Needs a driver" when nobody does).
  static func svg(route: String, stops: [Person], next: (when: String, driver: String)? = nil) -> String {
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
    // Each stop's name under it: the first and last kept inside the drawing.
    let ends = route.split(separator: "→").map { $0.trimmingCharacters(in: .whitespaces) }
    let stopNames = stops.map { $0.name.split(separator: " ").first.map(String.init) ?? $0.name }
    let stopLabels = [ends.count == 2 ? ends[0] : "Home"] + stopNames + [ends.count == 2 ? ends[1] : "School"]
    for (index, name) in stopLabels.enumerated() {
      let point = points[index]
      let last = index == stopLabels.count - 1
      let anchor = index == 0 ? "start" : last ? "end" : "middle"
      let x = index == 0 ? point.x - 12 : last ? point.x + 12 : point.x
      svg += "<text class=\"stop-name\" text-anchor=\"\(anchor)\" x=\"\(format(x))\" y=\"\(format(point.y + 26))\">"
      svg += HTML.escape(name)
      svg += "</text>"
    }
    svg += "</svg>"
    if let next {
      svg +=
        "<figcaption class=\"next-pickup\"><span class=\"next-label\">Next pickup</span> <span class=\"next-time\">"
      svg += HTML.escape(next.when)
      svg += "</span> · "
      svg += HTML.escape(next.driver)
      svg += "</figcaption>"
    }
    svg += "</figure>"
    return svg
  }

  private static func format(_ value: Double) -> String {
    let rounded = (value * 10).rounded() / 10
    return rounded == rounded.rounded() ? String(Int(rounded)) : String(rounded)
  }
}
