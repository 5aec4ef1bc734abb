import Foundation
import Hummingbird
import ServiceLifecycle
import TribeBoardEngine
import TribeBoardRendering
import TribeBoardScenarios

extension BrowserServer {
  typealias Context = BasicRequestContext

  /// Every route of the page, behind the checks every request passes (``Guard``).
  public func router() -> Router<BasicRequestContext> {
    let router = Router(context: Context.self)
    router.add(middleware: Guard(options: options))
    router.get("/assets/app.css") { _, _ in Self.asset(Stylesheet.css, type: "text/css; charset=utf-8") }
    router.get("/assets/app.js") { _, _ in Self.asset(Script.js, type: "text/javascript; charset=utf-8") }
    router.get("/") { _, _ in await page(store.defaultSimulation) }
    router.post("/new") { request, _ in try await newSimulation(request) }
    router.get("/s/:id") { _, context in try await page(simulation(context)) }
    router.get("/s/:id/state") { request, context in
      try await state(
        simulation(context), wait: 0, reload: false, known: request.uri.queryParameters.get("known").flatMap { Int($0) }
      )
    }
    router.post("/s/:id/input") { request, context in try await input(request, simulation(context)) }
    router.post("/s/:id/hide") { request, context in
      let simulation = try await simulation(context)
      let form = try await Self.form(request)
      guard let user = form["user"] else { return Self.badRequest("the form has no “user” field") }
      await simulation.hide(user)
      return try await answer(request, simulation)
    }
    router.post("/s/:id/record") { request, context in
      let simulation = try await simulation(context)
      switch try await Self.form(request)["record"] {
      case "start": await simulation.startRecording()
      case "stop": await simulation.stopRecording()
      default: return Self.badRequest("“record” is start or stop")
      }
      return try await answer(request, simulation)
    }
    router.get("/s/:id/transcript") { _, context in
      let simulation = try await simulation(context)
      guard let transcript = await simulation.transcript() else {
        return Self.page(.notFound, title: "Not recording", "Press Record first; the transcript starts then.")
      }
      let name = await simulation.scenario.name
      return Self.download(transcript, name: "\(HTMLName.file(name)).transcript", type: "text/plain; charset=utf-8")
    }
    router.get("/s/:id/scenario.yaml") { _, context in
      let simulation = try await simulation(context)
      let name = await simulation.scenario.name
      return Self.download(
        await simulation.savedScenario(), name: "\(HTMLName.file(name))-saved.yaml", type: "application/yaml")
    }
    router.get("/s/:id/events") { _, context in try await events(simulation(context)) }
    return router
  }

  /// The simulation the address names; a 404 page when there is none.
  private func simulation(_ context: Context) async throws -> LiveSimulation {
    guard let id = context.parameters.get("id"), let simulation = await store.simulation(id) else {
      throw HTTPError(.notFound)
    }
    return simulation
  }

  private func base(_ simulation: LiveSimulation) -> String { "/s/\(simulation.id)" }

  private func page(_ simulation: LiveSimulation) async -> Response {
    let html = await BrowserPage.page(
      simulation, base: base(simulation), folder: options.folder, position: await simulation.position,
      version: await simulation.version)
    return Self.html(html)
  }

  private func newSimulation(_ request: Request) async throws -> Response {
    let form = try await Self.form(request)
    let name = form["scenario"] ?? BundledScenarios.defaultName
    guard let scenario = try? BundledScenarios.scenario(named: name) else {
      return Self.badRequest("“\(name.prefix(40))” is not a built-in scenario")
    }
    do {
      let simulation = try await store.create(scenario, reference: name)
      return Self.redirect(to: base(simulation))
    } catch {
      return Self.page(
        .serviceUnavailable, title: "Too many simulations",
        "This server already holds \(store.limit) simulations, the most it keeps. One left unused for "
          + "\(Int(store.idleLimit.components.seconds / 60)) minutes with no window open is dropped; try again "
          + "then, or use the default simulation.")
    }
  }

  private func input(_ request: Request, _ simulation: LiveSimulation) async throws -> Response {
    let form = try await Self.form(request)
    let line: String
    do {
      line = try BrowserInput.line(from: form)
    } catch {
      return Self.badRequest(error.reason)
    }
    let outcome = await simulation.handle(line, phone: form["phone"])
    if options.verbose { Self.say("  \(simulation.id): \(line)") }
    guard Self.wantsJSON(request) else { return Self.redirect(to: base(simulation)) }
    let latency = outcome.steps.reduce(0) { $0 + $1.latency }
    var url: String?
    if outcome.switchedScenario, let go = form["go"], !go.isEmpty {
      let name = await simulation.scenario.name
      url = "?scenario=\(Self.queryEscaped(name))&go=\(Self.queryEscaped(go))"
    }
    return await state(
      simulation, wait: options.pace == .real ? Int(latency * 1000) : 0, reload: outcome.switchedScenario, url: url,
      known: form["known"].flatMap { Int($0) })
  }

  /// After a change made by a form: the new state for the page's script, or the page again without one.
  private func answer(_ request: Request, _ simulation: LiveSimulation) async throws -> Response {
    Self.wantsJSON(request)
      ? await state(simulation, wait: 0, reload: false) : Self.redirect(to: base(simulation))
  }

  /// The parts of the page a step changes, as JSON for the page's script. A window that says which version it
  /// shows (`known`) gets only the parts that changed since, when that is the version drawn before.
  private func state(
    _ simulation: LiveSimulation, wait: Int, reload: Bool, url: String? = nil, known: Int? = nil
  ) async -> Response {
    let (drawing, before) = await simulation.rendered(base: base(simulation))
    let version = drawing.version
    let scenario = await simulation.scenario.name
    let position = await simulation.position
    let address =
      url ?? "?scenario=\(Self.queryEscaped(scenario))" + (position.map { "&go=\(Self.queryEscaped($0))" } ?? "")
    var json = "{\"version\":\(version),\"wait\":\(wait),\"reload\":\(reload),\"url\":\(JSONText.quoted(address))"
    let shown: BrowserPage.Regions? =
      known == version ? drawing.regions : known != nil && known == before?.version ? before?.regions : nil
    let previous = shown?.named.map(\.1)
    for (index, (name, html)) in drawing.regions.named.enumerated() where previous?[index] != html {
      json += ",\"\(name)\":" + JSONText.quoted(html)
    }
    json += "}"
    return Response(
      status: .ok, headers: Self.headers(type: "application/json"), body: .init(byteBuffer: ByteBuffer(string: json)))
  }

  /// Server-sent events: the simulation's version each time it changes, until the window closes or the server stops.
  private func events(_ simulation: LiveSimulation) async -> Response {
    let stream = await simulation.watch()
    var headers = Self.headers(type: "text/event-stream")
    headers[.cacheControl] = "no-store"
    return Response(
      status: .ok, headers: headers,
      body: ResponseBody { writer in
        // A stop waits for requests to end: this one ends when the simulation's events do.
        try await withGracefulShutdownHandler {
          for await version in stream {
            try await writer.write(ByteBuffer(string: "data: \(version)\n\n"))
          }
        } onGracefulShutdown: {
          Task { await simulation.close() }
        }
        try await writer.finish(nil)
      })
  }
}

/// Names for files offered for download: the scenario's name, letters, digits and `-` only.
enum HTMLName {
  static func file(_ name: String) -> String {
    let kept = String(
      name.unicodeScalars.filter { $0.isASCII && ($0.properties.isAlphabetic || ("0"..."9").contains($0) || $0 == "-") }
    )
    return kept.isEmpty ? "scenario" : kept
  }
}

/// JSON string literals, written directly: the page's state is a handful of strings, tens of kilobytes of HTML.
/// Read by bytes: runs that need no escape are copied whole.
enum JSONText {
  static func quoted(_ text: String) -> String {
    var text = text
    return text.withUTF8 { bytes in
      var out: [UInt8] = []
      out.reserveCapacity(bytes.count + bytes.count / 8 + 2)
      out.append(quote)
      var start = 0
      var index = 0
      func flush(_ escape: StaticString, skipping count: Int = 1) {
        out.append(contentsOf: bytes[start..<index])
        out.append(contentsOf: UnsafeBufferPointer(start: escape.utf8Start, count: escape.utf8CodeUnitCount))
        index += count
        start = index
      }
      while index < bytes.count {
        switch bytes[index] {
        case quote: flush("\\\"")
        case backslash: flush("\\\\")
        case UInt8(ascii: "<"): flush("\\u003c")
        case 0x0A: flush("\\n")
        case 0x0D: flush("\\r")
        case 0x09: flush("\\t")
        case 0..<0x20:
          out.append(contentsOf: bytes[start..<index])
          out.append(contentsOf: Array(String(format: "\\u%04x", Int(bytes[index])).utf8))
          index += 1
          start = index
        // U+2028 and U+2029 (E2 80 A8/A9) end lines in old JavaScript parsers.
        case 0xE2 where index + 2 < bytes.count && bytes[index + 1] == 0x80 && bytes[index + 2] == 0xA8:
          flush("\\u2028", skipping: 3)
        case 0xE2 where index + 2 < bytes.count && bytes[index + 1] == 0x80 && bytes[index + 2] == 0xA9:
          flush("\\u2029", skipping: 3)
        default: index += 1
        }
      }
      out.append(contentsOf: bytes[start..<bytes.count])
      out.append(quote)
      return String(decoding: out, as: UTF8.self)
    }
  }

  private static let quote = UInt8(ascii: "\"")
  private static let backslash = UInt8(ascii: "\\")
}
