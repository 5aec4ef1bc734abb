import TribeBoardScenarios

/// How `:help` describes each simulator command (the list of names lives in the scenario layer, which checks journey
/// steps against it).
extension SimulatorCommandName {
  public var usage: String {
    switch self {
    case .help: ":help"
    case .where: ":where"
    case .as: ":as ACCOUNT"
    case .clock: ":clock +1s | +30m | +3h | +2d | 2026-03-05T18:00"
    case .fault:
      ":fault [SERVICE.OPERATION ERROR [N | times N | next N | call N | after 5m|TIME | chance P%] [on ACCOUNT] | clear [ID]]"
    case .offline: ":offline [ACCOUNT]"
    case .online: ":online [ACCOUNT]"
    case .latency: ":latency [SERVICE[.OPERATION] DURATION | clear]"
    case .relaunch: ":relaunch"
    case .undo: ":undo"
    case .go: ":go JOURNEY[@STEP]"
    case .reset: ":reset"
    case .scenario: ":scenario NAME|PATH"
    case .save: ":save FILE [--force]"
    case .expect: ":expect KEY=VALUE …"
    case .api: ":api METHOD /PATH [bearer TOKEN] [JSON]"
    case .quit: ":quit"
    }
  }

  public var summary: String {
    switch self {
    case .help: "List this screen's actions and the simulator's commands."
    case .where: "Say who is acting, in which family and role, on which screen, and the time."
    case .as: "Act as another person of this world on their own phone (signed in); `:as` alone lists them."
    case .clock:
      "Move the simulated clock by an amount or to a time (UTC); retries that fall due run at their times, then the screen refreshes."
    case .fault:
      "Make an operation fail from now on: always, the next N calls, the Nth call only, after a time, or by chance; "
        + "`on ACCOUNT` limits it to one phone. Alone, list armed faults with their ids; `clear ID` disarms one."
    case .offline:
      "Take the phone in hand, or ACCOUNT's phone, off the network; changes made on it now wait on the phone."
    case .online:
      "Put the phone in hand, or ACCOUNT's phone, back on the network; changes waiting on it are sent, in order."
    case .latency: "Make calls to a service or operation take simulated time (`:latency data 2s`); alone, list it."
    case .relaunch: "Close and reopen the app on this phone; the phone remembers onboarding and the session."
    case .undo: "Go back one step: the scenario is replayed from its start without the last input."
    case .go: "Replay a journey of this scenario up to a step (all of it without @STEP), then carry on by hand."
    case .reset: "Start the scenario again from its first state."
    case .scenario: "Switch to another scenario: a built-in name or a YAML file."
    case .save:
      "Write the world as it is now (people, families, phones, clock, faults) as a scenario file that reopens on "
        + "this screen; `--force` replaces an existing file."
    case .expect:
      "Check the screen, error, role, user, family, notice, text shown or hidden, sync status, or a task, member "
        + "or unread messages in the world; a mismatch fails the journey. Keys: "
        + ExpectationKey.allCases.map(\.usage).joined(separator: " ")
    case .api:
      "Call the services' HTTP API as a client would (a page recording keeps every call a client made this way), "
        + "and load every open phone's screen again after a call that may change the world."
    case .quit: "End the session (so does Ctrl-D; Ctrl-C drops the line being typed)."
    }
  }
}
