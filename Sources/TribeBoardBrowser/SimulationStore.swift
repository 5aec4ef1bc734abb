import Foundation
import TribeBoardScenarios

/// The simulations one server holds: the default one, which `/` opens and which is never dropped, and those made
/// with "New simulation", each at its own unguessable address, dropped after a time unused with no window open.
actor SimulationStore {
  let defaultSimulation: LiveSimulation
  private var extras: [String: LiveSimulation] = [:]
  let limit: Int
  let idleLimit: Duration
  let folder: URL?

  init(default simulation: LiveSimulation, folder: URL?, limit: Int = 64, idleLimit: Duration = .seconds(30 * 60)) {
    defaultSimulation = simulation
    self.folder = folder
    self.limit = limit
    self.idleLimit = idleLimit
  }

  /// When the simulations were last looked over for dropping.
  private var lastSweep = ContinuousClock.now

  /// The simulation at `/s/ID`.
  func simulation(_ id: String) async -> LiveSimulation? {
    if id == defaultSimulation.id { return defaultSimulation }
    // Looking them over asks each simulation: at most once a second, not on every request.
    if ContinuousClock.now - lastSweep >= min(.seconds(1), idleLimit) { await dropIdle() }
    return extras[id]
  }

  /// How many simulations there are besides the default one.
  var count: Int { extras.count }

  struct Full: Error {}

  /// A new simulation of `scenario`; `Full` when the server already holds its limit.
  func create(_ scenario: Scenario, reference: String) async throws(Full) -> LiveSimulation {
    await dropIdle()
    guard extras.count < limit else { throw Full() }
    var id = Self.newID()
    while extras[id] != nil { id = Self.newID() }
    let simulation = await LiveSimulation(id: id, scenario: scenario, reference: reference, folder: folder)
    extras[id] = simulation
    return simulation
  }

  /// Drops the simulations nobody used for ``idleLimit`` and nobody has open.
  func dropIdle() async {
    let now = ContinuousClock.now
    lastSweep = now
    for (id, simulation) in extras {
      guard await !simulation.hasWatchers, now - (await simulation.lastUsed) > idleLimit else { continue }
      extras[id] = nil
      await simulation.close()
    }
  }

  /// Ends every window's events, for a clean stop.
  func closeAll() async {
    await defaultSimulation.close()
    for simulation in extras.values { await simulation.close() }
  }

  /// 128 random bits in hex: an address no one guesses.
  static func newID() -> String {
    var generator = SystemRandomNumberGenerator()
    return (0..<2).map { _ in String(generator.next() as UInt64, radix: 16).leftPadded(to: 16) }.joined()
  }
}

extension String {
  fileprivate func leftPadded(to length: Int) -> String {
    count >= length ? self : String(repeating: "0", count: length - count) + self
  }
}
