import TribeBoardCore

extension FlowTable {
  /// How many of the latest messages the conversation shows.
  static let messagesShown = 10

  static let messagingScreens: [ScreenSpec] = [
    ScreenSpec(
      .messages, requires: .viewMessages, title: "Messages",
      load: { state, services throws(AppError) in
        let family = try requireFamily(state).family
        state.content.messages = try await services.data.messages(in: family)
        state.content.notices = try await services.data.notices(in: family)
      },
      body: { state in
        var blocks: [Block] = [.section("Family chat")]
        let messages = state.content.messages.suffix(messagesShown)
        if messages.isEmpty {
          blocks.append(.empty(state.allows(.sendMessage) ? "No messages yet. Say hello?" : "No messages yet."))
        }
        blocks += messages.map { message in
          .item(
            ref: nil, text: "\(state.content.name(message.sender)), \(DateText.full(message.sentAt)): \(message.text)")
        }
        let pinned = state.content.notices.filter(\.pinned).count
        blocks.append(.section("Noticeboard"))
        blocks.append(.item(ref: nil, text: "\(state.content.notices.count) notices, \(pinned) pinned"))
        return blocks
      },
      actions: [
        FlowAction(
          .send, "Send a message", phrases: ["send", "say"], argument: "message", requires: .sendMessage,
          targets: [.messages]
        ) { state, argument, services throws(AppError) in
          let text = try Validation.text(try argument.required("send <message>"), field: "a message", maxLength: 500)
          let (family, user) = try requireFamily(state)
          _ = try await services.data.sendMessage(text, to: family, by: user)
          state.notice = "Sent."
        },
        .go(
          .openNoticeboard, "Noticeboard", phrases: ["noticeboard", "notices"], to: .noticeboard,
          requires: .viewMessages),
        .home,
      ]),
    ScreenSpec(
      .noticeboard, requires: .viewMessages, title: "Noticeboard",
      load: { state, services throws(AppError) in
        state.content.notices = try await services.data.notices(in: try requireFamily(state).family)
      },
      body: { state in
        guard !state.content.notices.isEmpty else {
          return [
            .empty(state.allows(.postNotice) ? "The noticeboard is empty. Post a notice?" : "The noticeboard is empty.")
          ]
        }
        return state.content.notices.enumerated().map { index, notice in
          .item(
            ref: index + 1,
            text: "\(notice.text) · \(state.content.name(notice.author)), \(DateText.day(notice.postedAt))",
            flag: notice.pinned ? "PINNED" : nil)
        }
      },
      actions: [
        FlowAction(
          .post, "Post a notice", phrases: ["post"], argument: "notice", requires: .postNotice, targets: [.noticeboard]
        ) { state, argument, services throws(AppError) in
          let text = try Validation.text(try argument.required("post <notice>"), field: "a notice", maxLength: 200)
          let (family, user) = try requireFamily(state)
          _ = try await services.data.postNotice(text, to: family, by: user)
          state.notice = "Posted to the noticeboard."
        },
        pin(true),
        pin(false),
        .back(to: .messages, label: "Back to messages"),
        .home,
      ]),
  ]

  private static func pin(_ pinned: Bool) -> FlowAction {
    let verb = pinned ? "pin" : "unpin"
    return FlowAction(
      pinned ? .pin : .unpin, pinned ? "Pin a notice" : "Unpin a notice", phrases: [verb], argument: "notice #",
      requires: .pinNotice, targets: [.noticeboard]
    ) { state, argument, services throws(AppError) in
      let notice = try item(argument, in: state.content.notices, usage: "\(verb) <notice #>", noun: "notice")
      guard let user = state.session?.user.id else { throw AppError(.sessionExpired) }
      try await services.data.setPinned(pinned, notice: notice.id, by: user)
      state.notice = pinned ? "Pinned." : "Unpinned."
    }
  }
}
