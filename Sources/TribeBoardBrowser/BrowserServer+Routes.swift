import Foundation
import Hummingbird
import HummingbirdWebSocket
import NIOWebSocket
import ServiceLifecycle
import TribeBoardCore
import TribeBoardEngine
import TribeBoardRendering
import TribeBoardScenarios

extension BrowserServer {
  typealias Context = BasicRequestContext

  /// Every route of the page, behind the checks every request passes (``Guard``).
  public func router() -> Router<BasicRequestContext> {
    let router = Router(context: Context.self)
    router.add(middleware: Guard<Context>(options: options))
    router.get("/assets/app.css") { _, _ in Self.asset(Assets.servedCSS, type: "text/css; charset=utf-8") }
    router.get("/assets/app.js") { _, _ in Self.asset(Assets.servedJS, type: "text/javascript; charset=utf-8") }
    router.get("/assets/logo.svg") { _, _ in Self.asset(Assets.logo, type: "image/svg+xml") }
    router.get("/") { _, _ in await page(store.defaultSimulation) }
    router.post("/new") { request, _ in try await newSimulation(request) }
    router.get("/s/:id") { _, context in try await page(simulation(context)) }
    router.get("/s/:id/state") { request, context in
      let simulation = try await simulation(context)
      let known = request.uri.queryParameters.get("known").flatMap { Int($0) }
      return Self.update(await simulation.update(base: base(simulation), known: known))
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
    addAPI(to: router)
    return router
  }

  /// The simulation the address names; a 404 page when there is none.
  private func simulation(_ context: some RequestContext) async throws -> LiveSimulation {
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
    guard Self.wantsUpdate(request) else {
      do {
        let choice = try BrowserInput.choice(from: form)
        _ = await simulation.handle(choice, phone: form["phone"])
        if options.verbose { Self.say("  \(simulation.id): \(choice)") }
      } catch {
        return Self.badRequest(error.reason)
      }
      return Self.redirect(to: base(simulation))
    }
    switch await step(form, simulation) {
    case .success(let update): return Self.updateResponse(update)
    case .failure(let invalid): return Self.badRequest(invalid.reason)
    }
  }

  /// Runs what a form of the page stands for, and answers with the update for the page's script.
  private func step(_ form: FormBody, _ simulation: LiveSimulation) async -> Result<ByteBuffer, BrowserInput.Invalid> {
    let choice: BrowserInput.Choice
    do {
      choice = try BrowserInput.choice(from: form)
    } catch {
      return .failure(error)
    }
    let (outcome, update) = await simulation.step(
      choice, phone: form["phone"], base: base(simulation), known: form["known"].flatMap { Int($0) })
    if options.verbose { Self.say("  \(simulation.id): \(choice)") }
    let latency = outcome.steps.reduce(0) { $0 + $1.latency }
    var url: String?
    if outcome.switchedScenario {
      let scenario = "?scenario=\((await simulation.scenario.name).queryEscaped)"
      if let go = form["go"], !go.isEmpty {
        url = scenario + "&go=\(go.queryEscaped)"
      } else if let lines = form["steps"] {
        // A gallery's link: the page types these lines on the fresh start it reloads to.
        url = scenario + "&steps=\(lines.queryEscaped)&fresh"
      }
    }
    return .success(
      UpdateFormat.buffer(
        update, wait: options.pace == .real ? Int(latency * 1000) : 0, reload: outcome.switchedScenario, url: url))
  }

  /// After a change made by a form: the new state for the page's script, or the page again without one.
  private func answer(_ request: Request, _ simulation: LiveSimulation) async throws -> Response {
    Self.wantsUpdate(request)
      ? Self.update(await simulation.update(base: base(simulation), known: nil))
      : Self.redirect(to: base(simulation))
  }

  private static func update(_ update: LiveSimulation.Update) -> Response {
    updateResponse(UpdateFormat.buffer(update))
  }

  private static func updateResponse(_ buffer: ByteBuffer) -> Response {
    Response(status: .ok, headers: headers(type: UpdateFormat.mediaType), body: .init(byteBuffer: buffer))
  }

  /// The socket the page's script sends its steps over, once open: each message is a form, URL-encoded as a post's
  /// body, and is answered with the update a post would get. Cheaper than a post a step, in the page and here.
  public func socketRouter() -> Router<BasicWebSocketRequestContext> {
    let router = Router(context: BasicWebSocketRequestContext.self)
    router.add(middleware: Guard<BasicWebSocketRequestContext>(options: options))
    router.ws("/s/:id/socket") { _, context in
      _ = try await simulation(context)
      return .upgrade([:])
    } onUpgrade: { inbound, outbound, context in
      guard let simulation = try? await simulation(context.requestContext) else { return }
      try await withTaskExecutorPreference(Self.loopTasks) {
        // A stop waits for connections to end: this one ends when the server stops, if the page has not closed it.
        try await cancelWhenGracefulShutdown { try await answer(inbound, outbound, simulation) }
      }
    }
    return router
  }

  /// Answers each message of a page's socket with the update a post would get.
  private func answer(
    _ inbound: WebSocketInboundStream, _ outbound: WebSocketOutboundWriter, _ simulation: LiveSimulation
  ) async throws {
    for try await message in inbound.messages(maxSize: Self.bodyLimit) {
      let answer: ByteBuffer
      if case .text(let text) = message, let form = try? FormBody(text) {
        switch await step(form, simulation) {
        case .success(let update): answer = update
        case .failure(let invalid): answer = UpdateFormat.problem(invalid.reason)
        }
      } else {
        answer = UpdateFormat.problem("a message is a form, URL-encoded, as text")
      }
      try await outbound.write(.custom(WebSocketFrame(fin: true, opcode: .text, data: answer)))
    }
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
