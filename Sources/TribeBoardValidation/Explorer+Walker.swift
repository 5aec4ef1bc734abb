import Foundation
import Synchronization
import TribeBoardCore
import TribeBoardEngine
import TribeBoardFlow
import TribeBoardMocks
import TribeBoardScenarios
import TribeBoardTranscripts

extension Explorer {
  /// One simulation of the walk: it tries every input from the states it is given and says what each input did.
  ///
  /// A walker is used by one task at a time: ``expand(_:by:seen:)`` gives each walker to one task and waits for
  /// them all before the walk reads what they found.
  final class Walker: @unchecked Sendable {
    /// A state whose inputs are to be tried.
    struct Start: Sendable {
      var checkpoint: Simulator.Checkpoint
      var key: Simulator.StateKey
      var depth: Int
    }

    /// What trying every input from one state found.
    struct Expansion: Sendable {
      /// The state's screen, when it offers nothing to do.
      var deadEnd: ScreenID?
      var outcomes: [Outcome] = []
    }

    /// What one input did. Whether the state it reached is new is settled by the walk, in its order; a walker that
    /// cannot tell (another may reach the same state at the same depth first) checks the invariants both ways.
    struct Outcome: Sendable {
      var input: String
      var key: Simulator.StateKey
      /// The acting person's screen after the input, when the state may be new.
      var screen: ScreenID?
      /// Where the state is put aside, when it may be new and its inputs are to be tried.
      var checkpoint: Simulator.Checkpoint?
      /// The invariants broken whether or not the state is new.
      var always: [String]
      /// Those broken besides if the state is new; `nil` when the walker knew it was seen before.
      var ifNew: [String]?
      /// Those broken besides if the state was seen before.
      var ifSeen: [String]

      /// Whether the state may be new: the walker did not find it among the states seen before.
      var mayBeNew: Bool { ifNew != nil }

      func broken(newState: Bool) -> [String] {
        guard newState else { return always + ifSeen }
        guard let ifNew else { preconditionFailure("a state a walker knew was seen before is new") }
        return always + ifNew
      }
    }

    let explorer: Explorer
    let simulator: Simulator
    private var resolutions: Resolutions
    /// The states this walker reached: it tries states in the walk's order (its runs in order, batch after batch),
    /// so a state it reaches again was reached earlier in that order and is not new.
    private var reached: Set<Simulator.StateKey> = []

    /// A simulation of the explorer's scenario, started, after `prefix`.
    init(_ explorer: Explorer, prefix: [String]) async {
      self.explorer = explorer
      simulator = Simulator(scenario: explorer.scenario, flow: explorer.flow)
      resolutions = Resolutions(flow: explorer.flow)
      await simulator.start()
      simulator.drawsScreens = false
      for input in prefix { _ = await simulator.handle(input) }
    }

    /// Tries every input from each of `states`, in small runs shared out among `walkers` (each on a thread of its
    /// own), and gives what each state's inputs did, in the order of `states`. `seen`: the states reached before.
    static func expand(_ states: [Start], by walkers: [Walker], seen: Set<Simulator.StateKey>) async -> [Expansion] {
      let size = max(1, min(16, states.count / (walkers.count * 4)))
      let runs = stride(from: 0, to: states.count, by: size).map { $0..<min($0 + size, states.count) }
      guard walkers.count > 1, runs.count > 1 else { return await walkers[0].expand(states[...], seen: seen) }
      // Each walker takes the next run not yet taken, so none waits while another has runs left.
      let taken = RunCounter()
      return await withTaskGroup(of: [(run: Int, expansions: [Expansion])].self) { group in
        for walker in walkers.prefix(runs.count) {
          group.addTask(executorPreference: globalConcurrentExecutor) {
            var done: [(run: Int, expansions: [Expansion])] = []
            while case let run = taken.next(), run < runs.count {
              done.append((run, await walker.expand(states[runs[run]], seen: seen)))
            }
            return done
          }
        }
        var byRun = Array(repeating: [Expansion](), count: runs.count)
        for await done in group {
          for (run, expansions) in done { byRun[run] = expansions }
        }
        return byRun.flatMap { $0 }
      }
    }

    /// Hands out run numbers, each once, to the walkers that ask.
    private final class RunCounter: Sendable {
      private let taken = Atomic(0)
      func next() -> Int { taken.wrappingAdd(1, ordering: .relaxed).oldValue }
    }

    /// Tries every input from each of a run of states, in order. `seen`: the states reached before.
    func expand(_ run: ArraySlice<Start>, seen: Set<Simulator.StateKey>) async -> [Expansion] {
      var expansions: [Expansion] = []
      for state in run { expansions.append(await expand(state, seen: seen)) }
      return expansions
    }

    /// Tries every input from `start`. `seen`: states the walk reached before.
    func expand(_ start: Start, seen: Set<Simulator.StateKey>) async -> Expansion {
      let checkpoint = simulator.adopting(start.checkpoint)
      simulator.restore(checkpoint)
      let before = simulator.state
      let actions = explorer.flow.actions(in: before)
      var expansion = Expansion(deadEnd: actions.isEmpty ? before.screen.id : nil)
      let waiting = explorer.waitingChanges(checkpoint)
      let answers = resolutions.answers(in: before, listed: actions.map(\.id))
      let keepsCheckpoints = start.depth + 1 < explorer.options.depth
      let kept = FlowTable.keptNumbers(before)
      let inputs = explorer.inputs(before, actions: actions, backend: checkpoint.backend, acting: checkpoint.actingUser)
      expansion.outcomes.reserveCapacity(inputs.count)
      var fresh = true
      for input in inputs {
        if !fresh { simulator.restore(checkpoint) }
        fresh = false
        let resolved = input.action.map { _ in resolutions.resolve(input.text, in: before, at: answers) }
        let step = await simulator.handle(input.text, recording: false, resolved: resolved)
        let next = simulator.checkpoint()
        let key = simulator.key(next, earlier: start.key)
        let mayBeNew = !seen.contains(key) && reached.insert(key).inserted
        // A state seen before, reached by a step that signs no one out, from a state with no error and no waiting
        // change, has no invariant to check: look at the app's state only otherwise (it is a large value to copy).
        let signsOut = Explorer.signsOut(step, from: before)
        let looks = signsOut || !waiting.isEmpty || before.error != nil
        let after = mayBeNew || looks ? simulator.state : nil
        var always = explorer.ruleViolations(simulator, step, before: before, kept: kept, from: checkpoint, to: next)
        if Explorer.saidSomething(before) {
          always += await explorer.repeatedFeedback(
            simulator, input, before: before, said: after ?? simulator.state, from: checkpoint, to: next)
        }
        var ifNew: [String]?
        var ifSeen: [String] = []
        if let after {
          let afterwards =
            explorer.lostChanges(waiting: waiting, after: next, notes: after.notes)
            + explorer.unfollowedRecovery(before, offered: actions, input, step, after: after)
          if looks {
            ifSeen =
              explorer.violations(simulator, step, state: after, checkpoint: next, newState: false, signsOut: signsOut)
              + afterwards
          }
          if mayBeNew {
            ifNew =
              explorer.violations(simulator, step, state: after, checkpoint: next, newState: true, signsOut: signsOut)
              + afterwards + (await explorer.askedThenRefused(simulator, asked: after, at: next))
          }
        }
        expansion.outcomes.append(
          Outcome(
            input: input.text, key: key, screen: mayBeNew ? after?.screen.id : nil,
            checkpoint: mayBeNew && keepsCheckpoints ? next : nil, always: always, ifNew: ifNew, ifSeen: ifSeen))
      }
      return expansion
    }

    /// The text the step `input` shows from `checkpoint`, drawn (the walk draws no screens).
    func drawn(_ input: String, from checkpoint: Simulator.Checkpoint) async -> String {
      simulator.restore(simulator.adopting(checkpoint))
      simulator.drawsScreens = true
      let step = await simulator.handle(input, recording: false)
      simulator.drawsScreens = false
      return step.text(style: .plain)
    }
  }
}
