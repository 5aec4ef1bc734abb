import TribeBoardBrowser
import TribeBoardEngine
import TribeBoardScenarios

/// The browser's cost of a step without the network: what `tribeboard serve` does for a click besides HTTP or the
/// socket. The steps go round family-admin's modules from the dashboard (``lines``), as `Benchmarks/serve.py` does
/// over loopback; each answer leaves out the parts the page already shows, as the page's own would.
enum BrowserBenchmarks {
  /// Each module, then back to the dashboard: a demo's walk, where half the screens are new to the phone since its
  /// last two and half (the dashboard) are not.
  static let lines = [
    "tasks", "home", "calendar", "home", "messages", "home", "school run", "home", "settings", "home",
  ]

  static func simulation() async -> LiveSimulation {
    let scenario = try! BundledScenarios.scenario(named: "family-admin")
    return await LiveSimulation(id: "default", scenario: scenario, reference: "family-admin", folder: nil)
  }

  /// Microseconds a step: the engine's (`handle`), and the browser's whole (the step, its drawing, the bytes sent).
  /// On the server's event loop, where a socket's steps run.
  static func wallTimes(steps: Int) async -> (engine: Double, browser: Double) {
    await BrowserServer.onLoop { await wallTimesOnLoop(steps: steps) }
  }

  private static func wallTimesOnLoop(steps: Int) async -> (engine: Double, browser: Double) {
    let engine = await simulation()
    var start = clock.now
    for index in 0..<steps { _ = await engine.handle(lines[index % lines.count]) }
    let engineTime = clock.now - start
    let browser = await simulation()
    var known = await browser.version
    var bytes = 0
    start = clock.now
    for index in 0..<steps {
      let (_, update) = await browser.step(
        .line(lines[index % lines.count]), phone: nil, base: "/s/default", known: known)
      known = update.version
      bytes += UpdateFormat.buffer(update).readableBytes
    }
    let browserTime = clock.now - start
    precondition(bytes > 0)
    return (microseconds(engineTime) / Double(steps), microseconds(browserTime) / Double(steps))
  }

  /// The callgrind child: after a warm-up, `steps` steps of the engine alone, then `steps` of the browser's whole,
  /// each between markers, on the server's event loop.
  static func marked(steps: Int) async {
    await BrowserServer.onLoop { await markedOnLoop(steps: steps) }
  }

  private static func markedOnLoop(steps: Int) async {
    let engine = await simulation()
    let browser = await simulation()
    var known = await browser.version
    for index in 0..<20 {
      _ = await engine.handle(lines[index % lines.count])
      let (_, update) = await browser.step(
        .line(lines[index % lines.count]), phone: nil, base: "/s/default", known: known)
      known = update.version
    }
    callgrindMarker()
    for index in 0..<steps { _ = await engine.handle(lines[index % lines.count]) }
    callgrindMarker()
    var bytes = 0
    for index in 0..<steps {
      let (_, update) = await browser.step(
        .line(lines[index % lines.count]), phone: nil, base: "/s/default", known: known)
      known = update.version
      bytes += UpdateFormat.buffer(update).readableBytes
    }
    callgrindMarker()
    print("engine\nbrowser")
    precondition(bytes > 0)
  }
}
