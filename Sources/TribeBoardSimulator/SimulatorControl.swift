/// The simulator's own commands, typed with a leading colon. They act on the simulation, not the app.
public enum SimulatorControl: String, CaseIterable, Sendable {
  case help, `where`, `as`, clock, fault, relaunch, reset, scenario, expect, quit

  public var usage: String {
    switch self {
    case .help: ":help"
    case .where: ":where"
    case .as: ":as ACCOUNT"
    case .clock: ":clock +3h | +2d | +30m | 2026-03-05T18:00"
    case .fault: ":fault [SERVICE.OPERATION ERROR [TIMES] | clear]"
    case .relaunch: ":relaunch"
    case .reset: ":reset"
    case .scenario: ":scenario NAME|PATH"
    case .expect: ":expect screen=ID error=CODE|none role=ROLE|none user=ID family=NAME notice=TEXT"
    case .quit: ":quit"
    }
  }

  public var summary: String {
    switch self {
    case .help: "List this screen's actions and the simulator's commands."
    case .where: "Say who is acting, in which family and role, on which screen, and the time."
    case .as: "Act as another person of this world on their own phone (signed in); `:as` alone lists them."
    case .clock: "Move the simulated clock by an amount or to a time (UTC), then refresh the screen."
    case .fault: "Make an operation fail (e.g. `:fault auth.signIn networkTimeout 1`); alone, list armed faults."
    case .relaunch: "Close and reopen the app on this phone; the phone remembers onboarding and the session."
    case .reset: "Start the scenario again from its first state."
    case .scenario: "Switch to another scenario: a built-in name or a YAML file."
    case .expect: "Check the current screen, error, role, user or family; a mismatch fails the journey."
    case .quit: "End the session (so do Ctrl-D and Ctrl-C)."
    }
  }
}
