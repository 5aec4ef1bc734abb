import Hummingbird
import TribeBoardRendering

/// How an update travels to the page's script, over the socket or as the answer to a post: as HTML, so the parts of
/// the page are sent as drawn, with nothing escaped a second time. A first, empty `<template>` carries the version,
/// the wait before showing it, whether to load the page again, and the address; then one
/// `<template data-region="NAME">` per part, whose content the script moves into the element with that id.
///
/// ```html
/// <template data-version="7" data-wait="0" data-url="?scenario=family-admin"></template>
/// <template data-region="phones">…</template><template data-region="log">…</template>
/// ```
package enum UpdateFormat {
  static let mediaType = "text/html; charset=utf-8"
  /// What the page's script asks for in `Accept`, so a post answers it with an update rather than the whole page.
  static let accept = "application/vnd.tribeboard.update+html"

  /// - Parameters:
  ///   - wait: milliseconds to show the phone loading first (a real pace's latency).
  ///   - reload: whether the page must be loaded again (its scenario changed).
  ///   - url: the address to load or show, when not the simulation's own.
  package static func buffer(_ update: LiveSimulation.Update, wait: Int = 0, reload: Bool = false, url: String? = nil)
    -> ByteBuffer
  {
    var html = HTMLWriter()
    html += "<template data-version=\"\(update.version)\" data-wait=\"\(wait)\""
    if reload { html += " data-reload" }
    html += " data-url=\"\(url ?? update.address)\"></template>"
    for (name, region) in update.regions {
      html += "<template data-region=\"\(name)\">\(html: region)</template>"
    }
    return ByteBuffer(string: html.html)
  }

  /// An update that could not be made: the script shows `reason` in the log.
  static func problem(_ reason: String) -> ByteBuffer {
    ByteBuffer(string: HTMLWriter.markup("<template data-problem=\"\(reason)\"></template>"))
  }
}
