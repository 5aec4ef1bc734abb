extension PhoneRenderer {
  /// `payload` as a scannable QR code in an inline SVG: one path of the dark modules in `currentColor`, on a light
  /// square with the four-module quiet zone. The stylesheet keeps the square light and the modules dark in dark mode
  /// too, so a camera reads it. Empty when the payload is too long for a code (``QRCode`` holds 106 bytes).
  static func qrSVG(_ payload: String) -> String {
    guard let code = QRCode(payload) else { return "" }
    let quiet = 4
    let side = code.size + 2 * quiet
    var path = ""
    for row in 0..<code.size {
      var column = 0
      while column < code.size {
        guard code[row: row, column: column] else {
          column += 1
          continue
        }
        var end = column
        while end < code.size && code[row: row, column: end] { end += 1 }
        path += "M\(column + quiet) \(row + quiet)h\(end - column)v1h-\(end - column)z"
        column = end
      }
    }
    return "<svg class=\"qr\" role=\"img\" aria-label=\"QR code for \(HTML.escape(payload))\" "
      + "xmlns=\"http://www.w3.org/2000/svg\" viewBox=\"0 0 \(side) \(side)\" shape-rendering=\"crispEdges\">"
      + "<rect width=\"\(side)\" height=\"\(side)\" fill=\"#ffffff\"/>"
      + "<path fill=\"currentColor\" d=\"\(path)\"/></svg>"
  }
}
