/// The simulator's own commands, typed with a leading colon (`:help`, `:clock +3h`): they act on the simulation,
/// not the app.
///
/// The one list of their names: the simulator runs them (as `SimulatorCommand` values, which the page and the control
/// API send as they are), and the loader checks that a journey step starting with `:` names one, so a typo such as
/// `:expct` is an error at load, not a silent no-op.
public enum SimulatorCommandName: String, CaseIterable, Sendable {
  case help, `where`, `as`, clock, fault, offline, online, latency, relaunch, undo, go, reset, scenario, save, expect,
    api, quit

  /// The command a line of input names, when the line starts with `:` (after leading spaces): `nil` for a line
  /// that is not a command, `.failure(name)` for an unknown name.
  public static func named(inLine line: String) -> Result<SimulatorCommandName, UnknownName>? {
    let input = line.drop { $0 == " " || $0 == "\t" }
    guard input.first == ":" else { return nil }
    let name = String(input.dropFirst().prefix { $0 != " " })
    return SimulatorCommandName(rawValue: name).map { .success($0) } ?? .failure(UnknownName(name: name))
  }

  /// A name after `:` that is not a command.
  public struct UnknownName: Error, Equatable {
    public var name: String
  }
}
