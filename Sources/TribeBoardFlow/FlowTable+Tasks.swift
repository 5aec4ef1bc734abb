import Foundation
import TribeBoardCore

extension FlowTable {
  static let taskScreens: [ScreenSpec] = [
    ScreenSpec(
      .tasks, requires: .viewOwnTasks,
      title: { state in showsOnlyMine(state) ? "My tasks" : "Tasks" }, load: loadTasks,
      body: { state in
        let tasks = numberedTasks(state)
        var blocks: [Block] =
          tasks.isEmpty
          ? [.empty(emptyText(state))]
          : tasks.map { number, task in .item(taskItem(task, number: number, state)) }
        let totals = pointTotals(state)
        if !totals.isEmpty {
          // The family's points board: each member with their points and their place (equal points, equal place).
          blocks.append(.section("Points"))
          let best = totals.map(\.points).max() ?? 0
          for total in totals {
            let rank = 1 + totals.filter { $0.points > total.points }.count
            blocks.append(
              .item(
                Item(
                  text: "\(total.name): \(total.points)",
                  kind: .score(
                    ScoreFacts(person: person(total.id, state), points: total.points, rank: rank, best: best)))))
          }
        }
        return blocks
      },
      actions: [
        FlowAction(
          .openItem, "Open a task", phrases: ["open", "o"], argument: .item(noun: "task"), when: hasTasks,
          targets: [.taskDetail], onItem: ItemOffer("Open")
        ) { state, argument, _ throws(AppError) in
          state.screen = .taskDetail(
            try item(argument, numbered: numberedTasks(state), noun: "task").id)
        },
        FlowAction(
          .markDone, "Mark a task done", phrases: ["done", "mark done"], argument: .item(noun: "task"),
          requires: .completeOwnTask,
          when: hasTasks, targets: [.tasks],
          onItem: ItemOffer("Mark done") { state, id in
            guard let task = state.content.tasks.first(where: { $0.id == id }) else { return false }
            return task.status == .open && (task.assignee == state.user?.id || state.allows(.completeAnyTask))
          }
        ) { state, argument, services throws(AppError) in
          guard case .tasks(let mineOnly, let shown) = state.screen else { return }
          let list = numberedTasks(state)
          let task = try item(argument, numbered: list, noun: "task")
          // A done task would sort last: keep the numbers the person saw while they stay on the list.
          state.screen = .tasks(mineOnly: mineOnly, shown: keep(list, shown: shown))
          try await complete(task, &state, services)
        },
        FlowAction(
          .showMine, "Show only mine", phrases: ["mine", "show mine"], requires: .viewAllTasks,
          when: Condition("showing everyone's tasks") { !showsOnlyMine($0) }, targets: [.tasks]
        ) { state, _, _ in state.screen = .tasks(mineOnly: true) },
        FlowAction(
          .showAll, "Show everyone's", phrases: ["all", "show all"], requires: .viewAllTasks,
          when: Condition("showing only your tasks") { showsOnlyMine($0) }, targets: [.tasks]
        ) { state, _, _ in state.screen = .tasks(mineOnly: false) },
        .open(.addTask, "Add a task", phrases: ["add task", "add"], to: .addTask(TaskDraft())),
        .home,
      ]),
    ScreenSpec(
      .taskDetail, requires: .viewOwnTasks,
      title: { state in task(state)?.title ?? "Task" },
      load: { state, services throws(AppError) in
        // Whose the task was on the screen before this load: a task given away is said to be so.
        let shown = task(state)
        let wasMine = shown.map { $0.assignee != nil && $0.assignee == state.user?.id } ?? false
        try await loadTasks(&state, services)
        // Someone who sees only their own tasks is sent only those: one given to someone else is no longer there.
        if shown != nil, task(state) == nil, !state.allows(.viewAllTasks) {
          state.screen = .tasks(mineOnly: false)
          state.error =
            wasMine
            ? AppError(
              .notFound, "“\(shown?.title ?? "")” is no longer yours, so it is off your list.", recovery: [.back])
            : AppError.denied(.viewAllTasks, role: state.role ?? .visitor)
          return
        }
        // Roles change: someone who now sees only their own tasks can't stay on another member's.
        if let task = task(state), !state.allows(.viewAllTasks), task.assignee != state.user?.id {
          state.screen = .tasks(mineOnly: false)
          // A task of theirs given to someone else: say whose it is now, not blame the role, which did not change.
          state.error =
            wasMine
            ? AppError(
              .notFound,
              "“\(task.title)” is now \(task.assignee.map { state.content.name($0) + "'s" } ?? "nobody's"), so it is off your list.",
              recovery: [.back])
            : AppError.denied(.viewAllTasks, role: state.role ?? .visitor)
        }
      },
      body: { state in
        guard let task = task(state) else { return [.empty("This task no longer exists.")] }
        return [
          .field("Assigned to", task.assignee.map { state.content.name($0) } ?? "nobody"),
          .field("Due", task.due.map { DateText.full($0, now: state.now) } ?? "—"),
          .field("Points", "\(task.points)"),
          .field("Status", statusText(task, state)),
        ]
      },
      actions: [
        FlowAction(
          .markDone, "Mark done", phrases: ["done", "mark done"], requires: .completeOwnTask,
          when: Condition("the task is open") { task($0)?.status == .open }, targets: [.taskDetail]
        ) { state, _, services throws(AppError) in
          guard let task = task(state) else { throw AppError(.notFound) }
          try await complete(task, &state, services)
        },
        FlowAction(
          .reopen, "Reopen", phrases: ["reopen"], requires: .completeOwnTask,
          when: Condition("the task is done") { task($0)?.status == .done }, targets: [.taskDetail]
        ) { state, _, services throws(AppError) in
          guard let task = task(state) else { throw AppError(.notFound) }
          try requireStatusChange(of: task, state)
          try await Flow.submit(
            .setTaskStatus(.open, task: task.id), summary: "reopen “\(task.title)”",
            done: "“\(task.title)” is open again.", &state, services)
        },
        FlowAction(
          .assign, "Assign to someone", phrases: ["assign", "reassign"], argument: .text("member"),
          requires: .assignTask,
          targets: [.taskDetail],
          choices: { state in
            state.content.members.filter { $0.role != .visitor && $0.membership.isActive(at: state.now) }
              .map { ($0.id, $0.profile.name) }
          }
        ) { state, argument, services throws(AppError) in
          guard let task = task(state) else { throw AppError(.notFound) }
          let assignee = try taskMember(argument.text(), in: state.content.members)
          guard task.status == .open else {
            // Its points belong to whoever did it.
            throw AppError(
              .validationFailed,
              "“\(task.title)” is done; its points stay with \(task.assignee.map { state.content.name($0) } ?? "whoever did it"). Reopen it to give it to someone else.",
              recovery: [.back])
          }
          guard task.assignee != assignee.id else {
            throw AppError(
              .validationFailed, "“\(task.title)” is already \(assignee.profile.firstName)'s; nothing was changed.",
              recovery: [.edit, .back])
          }
          try await Flow.submit(
            .assignTask(task.id, to: assignee.id), summary: "assign “\(task.title)” to \(assignee.profile.firstName)",
            done: "“\(task.title)” is now \(assignee.profile.firstName)'s.", &state, services)
        },
        .back(to: .tasks(mineOnly: false), label: "Back to tasks"),
        .home,
      ]),
    ScreenSpec(
      .addTask, requires: .addTask, title: "Add a task",
      body: { state in
        guard case .addTask(let draft) = state.screen else { return [] }
        return [
          .input(
            FormField(
              .title, "Title", value: draft.title, required: true, maxLength: Validation.TextField.title.maxLength)),
          .input(
            FormField(
              .assign, "For", value: draft.assignee.map { state.content.name($0) + gone($0, state) },
              typed: draft.assignee,
              choices: state.content.members.filter { $0.role != .visitor && $0.membership.isActive(at: state.now) }
                .map { ($0.id, $0.profile.name) })),
          .input(
            FormField(
              .due, "Due", value: draft.due.map { DateText.full($0, now: state.now) },
              typed: draft.due.map(DateText.typed), input: .dateTime)),
          .input(FormField(.points, "Points", value: "\(draft.points)", input: .number(0...Validation.maximumPoints))),
          .hint("Give the task a title, then save; the rest is optional. Times are UTC."),
        ]
      },
      actions: [
        editTask(.title, "Set the title", "title", argument: .text("title")) { draft, input, _ throws(AppError) in
          draft.title = try Validation.text(input.text(), .title)
        },
        editTask(.assign, "Choose who does it", "for", argument: .text("member")) {
          draft, input, state throws(AppError) in
          draft.assignee = try taskMember(input.text(), in: state.content.members).id
        },
        editTask(.due, "Set the due date", "due", argument: .date(field: "the due date")) {
          draft, input, state throws(AppError) in
          draft.due = try futureDate(input.date(), now: state.now, field: "the due date")
        },
        editTask(.points, "Set the points", "points", argument: .points) { draft, input, _ throws(AppError) in
          draft.points = try Validation.points(input.points())
        },
        FlowAction(.save, "Save the task", phrases: ["save"], requires: .addTask, targets: [.tasks]) {
          state, _, services throws(AppError) in
          guard case .addTask(let draft) = state.screen else { return }
          guard let title = draft.title else {
            throw AppError(.validationFailed, "Give the task a title first: title <title>.", recovery: [.edit])
          }
          // Time passed since the date was typed: "in the future" holds when saving too.
          if let due = draft.due { _ = try futureDate(due, now: services.clock.now(), field: "the due date") }
          if let assignee = draft.assignee, state.content.member(assignee) == nil {
            throw AppError(
              .validationFailed,
              "\(state.content.name(assignee)) is no longer in the family: choose who does it again (for <member>).",
              recovery: [.edit])
          }
          let (family, user) = try requireFamily(state)
          let task = try await services.tasks.addTask(
            NewTask(title: title, assignee: draft.assignee, due: draft.due, points: draft.points), to: family, by: user)
          state.screen = .tasks(mineOnly: false)
          state.notice = "Added “\(task.title)”."
        },
        .back(to: .tasks(mineOnly: false), label: "Cancel"),
      ]),
  ]

  /// " (no longer in the family)" after the name of someone who left, for a form that still names them.
  private static func gone(_ id: UserID, _ state: AppState) -> String {
    state.content.members.isEmpty || state.content.member(id) != nil ? "" : " (no longer in the family)"
  }

  private static let hasTasks = Condition("there are tasks on the list") { state in
    // What visibleTasks filters, without sorting: the condition is tested whenever the screen's actions are listed.
    let me = state.user?.id
    let mine = showsOnlyMine(state)
    return state.content.tasks.contains { !mine || $0.assignee == me }
  }

  /// The member a person names for a task, who must be able to take tasks (not a visitor).
  private static func taskMember(_ name: String, in members: [Member]) throws(AppError) -> Member {
    let found = try member(name, in: members)
    try RoleRules.checkAssignee(found.role, name: found.profile.firstName)
    return found
  }

  private static func emptyText(_ state: AppState) -> String {
    let addOne = state.allows(.addTask) ? " Add one?" : ""
    return showsOnlyMine(state) && !state.content.tasks.isEmpty
      ? "No tasks for you right now.\(addOne)" : "No tasks yet.\(addOne)"
  }

  private static func editTask(
    _ id: ActionID, _ label: String, _ phrase: String, argument: ArgumentKind,
    _ edit: @escaping @Sendable (inout TaskDraft, ActionInput, AppState) throws(AppError) -> Void
  ) -> FlowAction {
    editDraft(
      id, label, phrase, argument: argument, requires: .addTask, on: .addTask,
      draft: { screen in if case .addTask(let draft) = screen { draft } else { nil } }, screen: Screen.addTask, edit)
  }

  private static let loadTasks: ScreenSpec.Load = { state, services throws(AppError) in
    state.content.tasks = try await services.tasks.tasks(in: try requireFamily(state).family)
    // While the person stays on the list, its numbers stay put, whatever others change: a task that goes keeps its
    // number unused, a new one takes the next.
    if case .tasks(let mineOnly, let shown) = state.screen {
      state.screen = .tasks(mineOnly: mineOnly, shown: keep(numberedTasks(state), shown: shown))
    }
    // A done task stays with whoever did it, who may have left since.
    await nameFormerMembers(state.content.tasks.compactMap(\.assignee), &state, services)
  }

  private static func complete(_ task: FamilyTask, _ state: inout AppState, _ services: Services) async throws(AppError)
  {
    try requireStatusChange(of: task, state)
    guard task.status == .open else {
      throw AppError(.validationFailed, "“\(task.title)” is already done.", recovery: [.back])
    }
    try await Flow.submit(
      .setTaskStatus(.done, task: task.id), summary: "“\(task.title)” done",
      done: "“\(task.title)” done\(task.points > 0 ? ": +\(task.points.counted("point"))" : "").", &state, services)
  }

  /// Your own tasks need `completeOwnTask`, which the action already checked; anyone else's need `completeAnyTask`.
  private static func requireStatusChange(of task: FamilyTask, _ state: AppState) throws(AppError) {
    if task.assignee != state.user?.id && !state.allows(.completeAnyTask) {
      throw AppError.denied(.completeAnyTask, role: state.role ?? .visitor)
    }
  }

  /// Whether the list shows only the person's own tasks: by choice, or because their role sees no others.
  static func showsOnlyMine(_ state: AppState) -> Bool {
    if case .tasks(mineOnly: true, _) = state.screen { return true }
    return !state.allows(.viewAllTasks)
  }

  /// The tasks the list shows, in the order it numbers them: open ones by due date, then done ones.
  static func visibleTasks(_ state: AppState) -> [FamilyTask] {
    let me = state.user?.id
    let mine = showsOnlyMine(state)
    return state.content.tasks
      .filter { !mine || $0.assignee == me }
      .sorted { a, b in
        let keyA = (a.status == .done ? 1 : 0, a.due ?? .distantFuture, a.id)
        let keyB = (b.status == .done ? 1 : 0, b.due ?? .distantFuture, b.id)
        return keyA < keyB
      }
  }

  /// The list's tasks with their numbers: as ``visibleTasks(_:)`` orders them on arrival, then kept while the
  /// person acts on the list.
  static func numberedTasks(_ state: AppState) -> [(number: Int, item: FamilyTask)] {
    guard case .tasks(_, let shown) = state.screen else { return numbered(visibleTasks(state), shown: []) }
    return numbered(visibleTasks(state), shown: shown)
  }

  private static func task(_ state: AppState) -> FamilyTask? {
    guard case .taskDetail(let id) = state.screen else { return nil }
    return state.content.tasks.first { $0.id == id }
  }

  private static func taskItem(_ task: FamilyTask, number: Int, _ state: AppState) -> Item {
    let taskState: TaskFacts.State =
      task.status == .done ? .done : (task.due.map { $0 < state.now } ?? false) ? .overdue : .open
    return Item(
      id: task.id, number: number, text: taskLine(task, state), flag: taskFlag(task, state),
      kind: .task(
        TaskFacts(
          title: task.title, assignee: task.assignee.map { person($0, state) }, due: task.due, points: task.points,
          state: taskState, waiting: state.content.waiting.contains(task.id))))
  }

  private static func taskLine(_ task: FamilyTask, _ state: AppState) -> String {
    var line = task.title
    line += " · "
    line += task.assignee.map { state.content.name($0) } ?? "unassigned"
    if let due = task.due {
      line += " · due "
      line += DateText.full(due, now: state.now)
    }
    line += " · "
    line += task.points.counted("pt", "pts")
    return line
  }

  /// A task's state in the app's words, for its detail: "To do", "Overdue", "Done", and whether a change to it is
  /// still waiting on the phone.
  static func statusText(_ task: FamilyTask, _ state: AppState) -> String {
    let status =
      task.status == .done ? "Done" : (task.due.map { $0 < state.now } ?? false) ? "Overdue" : "To do"
    return state.content.waiting.contains(task.id) ? "\(status), waiting to sync" : status
  }

  private static func taskFlag(_ task: FamilyTask, _ state: AppState) -> String? {
    if state.content.waiting.contains(task.id) {
      return task.status == .done ? "DONE · WAITING TO SYNC" : "WAITING TO SYNC"
    }
    if task.status == .done { return "DONE" }
    if let due = task.due, due < state.now { return "OVERDUE" }
    return nil
  }

  /// Points from done tasks, per member who may have tasks; only your own when your role sees only your tasks.
  static func pointTotals(_ state: AppState) -> [(id: UserID, name: String, points: Int)] {
    let me = state.user?.id
    return state.content.members
      .filter { $0.role != .visitor && (state.allows(.viewAllTasks) || $0.id == me) }
      .map { member in
        (
          member.id,
          state.content.name(member.id),
          state.content.tasks.filter { $0.assignee == member.id && $0.status == .done }.reduce(0) { $0 + $1.points }
        )
      }
  }
}
