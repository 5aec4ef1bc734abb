import Foundation
import Testing
import TribeBoardCore
import TribeBoardFlow
import TribeBoardTesting

/// Words become typed intents in one place, `InputParser`; the flow takes intents only.
@Suite struct InputParserTests {
  static let now = Date(timeIntervalSince1970: 1_772_438_400)  // 2026-03-02T08:00:00Z

  /// Values of each kind, edge cases included.
  static func samples(_ kind: ArgumentKind) -> [Intent.Argument] {
    switch kind {
    case .text: [.text("The Johnsons"), .text("K7QM2X"), .text("a b, c")]
    case .item: [.item(1), .item(12), .item(0), .item(-3)]
    case .points: [.points(0), .points(100), .points(101)]
    case .date:
      [.date(now), .date(now.addingTimeInterval(86400 * 400 + 59 * 60)), .date(Date(timeIntervalSince1970: 0))]
    case .role: Role.allCases.map { .role($0) }
    case .notification: NotificationPreferences.Kind.allCases.map { .notification($0) }
    case .names: [.names(["sarah"]), .names(["Ben", "Mark Johnson"])]
    }
  }

  @Test func everyValueOfEveryActionReadsBackAsTyped() throws {
    var kinds = 0
    for spec in FlowTable.app.screens.values {
      for action in spec.actions {
        guard let kind = action.argument else { continue }
        kinds += 1
        for value in Self.samples(kind) {
          #expect(kind.accepts(value))
          let read = try kind.parse(value.typed, now: Self.now, usage: action.usage)
          #expect(read == value, "\(action.usage): \(value.typed)")
        }
      }
    }
    #expect(kinds >= 20)
  }

  @Test(arguments: [
    (ArgumentKind.item(noun: "task"), "done <task #>", "first", "Give the task's number from the list, e.g. done 1."),
    (.points, "points <0-100>", "lots", "Points are a whole number from 0 to 100."),
    (
      .date(field: "the due date"), "due <YYYY-MM-DD HH:MM>", "tomorrow",
      "Give the due date as YYYY-MM-DD HH:MM (UTC), e.g. 2026-03-03 08:00."
    ),
    (
      .role(among: Role.allCases), "role <parent admin|adult|child|visitor>", "boss",
      "Choose one of: parent admin, adult, child, visitor."
    ),
    (.role(among: [.child, .visitor]), "role <child|visitor>", "boss", "Choose one of: child, visitor."),
    (
      .notification, "toggle <messages|tasks|calendar|school run>", "email",
      "Choose one of: messages, tasks, calendar, school run."
    ),
  ])
  func aValueThatDoesNotReadSaysWhatWouldDo(kind: ArgumentKind, usage: String, text: String, message: String) {
    #expect(throws: AppError(.validationFailed, message, recovery: [.edit])) {
      try kind.parse(text, now: Self.now, usage: usage)
    }
  }

  @Test func aListNumberMayHaveAHashAndANameIsTrimmed() throws {
    #expect(try ArgumentKind.item(noun: "task").parse("#3", now: Self.now, usage: "done <task #>") == .item(3))
    #expect(
      try ArgumentKind.names.parse("ben , Mark", now: Self.now, usage: "with <names>") == .names(["ben", "Mark"]))
    #expect(
      try ArgumentKind.role(among: Role.allCases).parse("Parent Admin", now: Self.now, usage: "role <role>")
        == .role(.parentAdmin))
  }

  @Test func aLineResolvesToATypedIntent() async throws {
    let session = try await ScenarioSession(builtIn: "family-admin")
    await session.send(.openTasks)
    let parser = session.simulator.parser
    #expect(parser.resolve("done #2", in: session.state) == .intent(Intent(.markDone, .item(2))))
    #expect(parser.resolve("  DONE   2 ", in: session.state) == .intent(Intent(.markDone, .item(2))))
    #expect(parser.resolve("done", in: session.state) == .intent(Intent(.markDone)))
    guard case .invalid(.markDone, let error) = parser.resolve("done two", in: session.state) else {
      Issue.record("“done two” should name the action and fail on its value")
      return
    }
    #expect(error.message == "Give the task's number from the list, e.g. done 1.")
  }

  @Test func aValueOfTheWrongKindIsRefusedBeforeAnythingChanges() async throws {
    let session = try await ScenarioSession(builtIn: "family-admin")
    await session.send(.openTasks)
    let before = session.state
    let step = await session.send(Intent(.markDone, .text("1")))
    #expect(step.transition == nil)
    #expect(step.messages.map(\.text) == ["? “Mark a task done” takes a task #, not the text “1”."])
    #expect(session.state == before)
    let none = await session.send(Intent(.home, .item(1)))
    #expect(none.messages.map(\.text) == ["? “Dashboard” takes no value."])
  }

  @Test func aTypedIntentIsShownAsTheWordsThatAskForIt() async throws {
    let session = try await ScenarioSession(builtIn: "family-admin")
    await session.send(.openTasks)
    let step = await session.send(Intent(.markDone, .item(1)))
    #expect(step.input == "done 1")
    #expect(step.transition?.argument == .item(1))
    _ = await session.simulator.handle(":undo")
    #expect(session.screen == .tasks)
  }

  @Test func aValueThatDoesNotReadIsRefusedAsTheActionWouldBe() async throws {
    // The child may not unpin: the role's refusal comes first, whatever was typed after "unpin".
    let child = try await ScenarioSession(builtIn: "child")
    await child.send("messages")
    await child.send("noticeboard")
    await child.send("unpin first")
    try child.expect(screen: .noticeboard, error: .permissionDenied)
    // A parent admin may: the value's problem is the action's error, with its way forward.
    let admin = try await ScenarioSession(builtIn: "family-admin")
    await admin.send("messages")
    await admin.send("noticeboard")
    let step = await admin.send("unpin first")
    try admin.expect(screen: .noticeboard, error: .validationFailed)
    #expect(admin.state.error?.message == "Give the notice's number from the list, e.g. unpin 1.")
    #expect(step.transition?.action == .unpin)
  }
}
