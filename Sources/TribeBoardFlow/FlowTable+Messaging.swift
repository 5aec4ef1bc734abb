import TribeBoardCore

extension FlowTable {
  /// How many of the latest messages the conversation shows.
  static let messagesShown = 10

  static let messagingScreens: [ScreenSpec] = [
    ScreenSpec(
      .messages, requires: .viewMessages, title: "Messages",
      load: { state, services throws(AppError) in
        let (family, user) = try requireFamily(state)
        // Asked first, so every message it names is among those loaded next.
        let unread = try await unreadMessages(family, user, services)
        state.content.messages = try await services.messaging.messages(in: family)
        state.content.notices = try await services.messaging.notices(in: family)
        await nameFormerMembers(
          state.content.messages.map(\.sender) + state.content.notices.map(\.author), &state, services)
        try await markRead(unread, family, user, &state, services)
      },
      body: { state in
        var blocks: [Block] = [.section("Family chat")]
        let messages = state.content.messages.suffix(messagesShown)
        if messages.isEmpty {
          blocks.append(.empty(state.allows(.sendMessage) ? "No messages yet. Say hello?" : "No messages yet."))
        }
        blocks += messages.map { message in
          let waiting = state.content.waiting.contains(message.id)
          let new = state.content.newMessages.contains(message.id)
          return .item(
            Item(
              id: message.id,
              text:
                "\(state.content.name(message.sender)), \(DateText.full(message.sentAt, now: state.now)): \(message.text)",
              flag: waiting ? "WAITING TO SYNC" : new ? "NEW" : nil,
              kind: .message(
                MessageFacts(
                  text: message.text, sender: person(message.sender, state), sentAt: message.sentAt,
                  isOwn: message.sender == state.user?.id, isNew: new, waiting: waiting))))
        }
        let pinned = state.content.notices.filter(\.pinned).count
        blocks.append(.section("Noticeboard"))
        // A count only of notices the phone has: a copy past the noticeboard's time to live counts nothing.
        if let since = Flow.expiredCopy(of: .noticeboard, in: state) {
          blocks.append(
            .row("Needs a connection: the phone's copy is from \(DateText.full(since, now: state.now))"))
        } else {
          blocks.append(.row("\(state.content.notices.count.counted("notice")), \(pinned) pinned"))
        }
        return blocks
      },
      actions: [
        FlowAction(
          .send, "Send a message", phrases: ["send", "say"], argument: .text("message"), requires: .sendMessage,
          targets: [.messages]
        ) { state, argument, services throws(AppError) in
          let text = try Validation.text(argument.text(), .message)
          let family = try requireFamily(state).family
          try await Flow.submit(
            .sendMessage(text, family: family), summary: "message “\(text)”", done: "Sent.", &state, services)
        },
        .open(
          .openNoticeboard, "Noticeboard", phrases: ["noticeboard", "notices"], to: .noticeboard()),
        .home,
      ]),
    ScreenSpec(
      .noticeboard, requires: .viewMessages, title: "Noticeboard",
      load: { state, services throws(AppError) in
        state.content.notices = try await services.messaging.notices(in: try requireFamily(state).family)
        await nameFormerMembers(state.content.notices.map(\.author), &state, services)
        // While the person stays on the board, its numbers stay put, whatever others change.
        keepNumbers(&state)
      },
      body: { state in
        guard !state.content.notices.isEmpty else {
          return [
            .empty(state.allows(.postNotice) ? "The noticeboard is empty. Post a notice?" : "The noticeboard is empty.")
          ]
        }
        return numberedNotices(state).map { number, notice in
          let waiting = state.content.waiting.contains(notice.id)
          return .item(
            Item(
              id: notice.id, number: number,
              text:
                "\(notice.text) · \(state.content.name(notice.author)), \(DateText.day(notice.postedAt, now: state.now))",
              flag: waiting
                ? (notice.pinned ? "PINNED · WAITING TO SYNC" : "WAITING TO SYNC") : notice.pinned ? "PINNED" : nil,
              kind: .notice(
                NoticeFacts(
                  text: notice.text, author: person(notice.author, state), postedAt: notice.postedAt,
                  pinned: notice.pinned, waiting: waiting))))
        }
      },
      actions: [
        FlowAction(
          .post, "Post a notice", phrases: ["post"], argument: .text("notice"), requires: .postNotice,
          targets: [.noticeboard]
        ) { state, argument, services throws(AppError) in
          let text = try Validation.text(argument.text(), .notice)
          let family = try requireFamily(state).family
          // The board sorts a new notice near the top; while the person stays, it is numbered after the rest.
          keepNumbers(&state)
          try await Flow.submit(
            .postNotice(text, family: family), summary: "notice “\(text)”", done: "Posted to the noticeboard.", &state,
            services)
        },
        pin(true),
        pin(false),
        .back(to: .messages, label: "Back to messages"),
        .home,
      ]),
  ]

  /// The messages the person has not read, in the order they arrived; none when that can't be had over the
  /// network now, so the screen still opens: the dashboard without its unread line, the conversation without `[NEW]`
  /// flags, marking nothing.
  static func unreadMessages(_ family: FamilyID, _ user: UserID, _ services: Services)
    async throws(AppError) -> [ItemID]
  {
    do throws(AppError) {
      return try await services.messaging.unreadMessages(in: family, for: user)
    } catch  where error.category == .network {
      return []
    }
  }

  /// Opening the conversation reads it: flags the messages that were new to the person, and moves their read
  /// marker through the last of them to arrive. Only online, right after the messages loaded, and never queued on
  /// the phone: the marker only moves forward, so one that is lost (offline, a failed call) is set by the next
  /// open, and reading is not a change for the person to see waiting. A conversation shown from the phone's copy
  /// while offline marks nothing.
  private static func markRead(
    _ unread: [ItemID], _ family: FamilyID, _ user: UserID, _ state: inout AppState, _ services: Services
  ) async throws(AppError) {
    let loaded = Set(state.content.messages.map(\.id))
    let new = unread.filter(loaded.contains)
    state.content.newMessages = Set(new)
    guard let last = new.last else { return }
    do throws(AppError) {
      try await services.messaging.markRead(in: family, through: last, by: user)
      // The phone knows where its marker is now: its membership (and the member list it keeps) say so too.
      if case .member(let session, let place, var membership) = state.session {
        membership.lastRead = last
        state.session = .member(session, place, membership)
      }
      if let index = state.content.members.firstIndex(where: { $0.id == user }) {
        state.content.members[index].membership.lastRead = last
      }
    } catch  where error.category == .network {
      // Still unread on the backend; the next open marks them.
    }
  }

  /// Finds the names of the people, among `writers`, who are no longer members, so what they wrote shows their name.
  /// A profile that can't be read leaves the account id.
  static func nameFormerMembers(_ writers: [UserID], _ state: inout AppState, _ services: Services) async {
    for writer in writers where state.content.member(writer) == nil && state.content.formerNames[writer] == nil {
      if let profile = try? await services.profile.profile(of: writer) {
        state.content.formerNames[writer] = profile.name
      }
    }
  }

  private static func pin(_ pinned: Bool) -> FlowAction {
    let verb = pinned ? "pin" : "unpin"
    return FlowAction(
      pinned ? .pin : .unpin, pinned ? "Pin a notice" : "Unpin a notice", phrases: [verb],
      argument: .item(noun: "notice"),
      requires: .pinNotice,
      when: Condition(pinned ? "a notice is not pinned" : "a notice is pinned") { state in
        state.content.notices.contains { $0.pinned != pinned }
      },
      targets: [.noticeboard],
      onItem: ItemOffer(pinned ? "Pin" : "Unpin") { state, id in
        state.content.notices.contains { $0.id == id && $0.pinned != pinned }
      }
    ) { state, argument, services throws(AppError) in
      let notice = try item(argument, numbered: numberedNotices(state), noun: "notice")
      guard notice.pinned != pinned else {
        throw AppError(
          .validationFailed, "That notice is \(pinned ? "already pinned" : "not pinned"); nothing was changed.",
          recovery: [.edit, .back])
      }
      // Pinning moves a notice to the top of the board: keep the numbers the person saw while they stay.
      keepNumbers(&state)
      try await Flow.submit(
        .setPinned(pinned, notice: notice.id), summary: "\(verb) “\(notice.text)”",
        done: pinned ? "Pinned; it shows first when you next open the noticeboard." : "Unpinned.", &state, services)
    }
  }

  /// The board's notices with their numbers: in ``sortedNotices(_:)`` order on arrival, then kept while the person
  /// acts on the board.
  static func numberedNotices(_ state: AppState) -> [(number: Int, item: Notice)] {
    guard case .noticeboard(let shown) = state.screen else {
      return numbered(sortedNotices(state.content.notices), shown: [])
    }
    return numbered(sortedNotices(state.content.notices), shown: shown)
  }

  /// Keeps the board's current numbers in the screen and returns them.
  @discardableResult
  private static func keepNumbers(_ state: inout AppState) -> [ItemID] {
    guard case .noticeboard(let shown) = state.screen else { return [] }
    let kept = keep(numberedNotices(state), shown: shown)
    state.screen = .noticeboard(shown: kept)
    return kept
  }

  /// The noticeboard's order, which numbers its notices: pinned first, then newest first.
  static func sortedNotices(_ notices: [Notice]) -> [Notice] {
    notices.sorted { a, b in (a.pinned ? 0 : 1, b.postedAt, a.id) < (b.pinned ? 0 : 1, a.postedAt, b.id) }
  }
}
