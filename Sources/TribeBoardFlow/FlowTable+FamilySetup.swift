import TribeBoardCore

extension FlowTable {
  static let familySetupScreens: [ScreenSpec] = [
    ScreenSpec(
      .familySetup, title: "Family setup",
      body: { state in
        let name = state.user?.firstName ?? "there"
        // Someone whose visit just ended is told so by the error; they are not welcomed as someone new.
        if state.error?.code == .accessExpired {
          return [.paragraph("Hi \(name), your visit has ended.")]
        }
        return [
          .paragraph(
            isChildAccount(state)
              ? "Hi \(name), you are not in a family yet. Join your family with the code a parent gave you."
              : "Hi \(name), you are not in a family yet. Create one, or join one with the code a family member gave you."
          )
        ]
      },
      actions: [
        .go(
          .createFamily, "Create a family", phrases: ["create family", "create"], to: .createFamily,
          when: Condition("the account is not a child's") { !isChildAccount($0) }),
        // A child's account is not offered "Create a family"; typing it explains why.
        FlowAction(
          .createFamilyAsChild, "Create a family", phrases: ["create family", "create"],
          when: Condition("the account is a child's") { isChildAccount($0) }, listed: false
        ) { _, _, _ throws(AppError) in try RoleRules.checkCreate(isChildAccount: true) },
        .go(.joinFamily, "Join with a code", phrases: ["join family", "join"], to: .joinFamily),
        signOut,
      ]),
    ScreenSpec(
      .createFamily, title: "Create a family",
      body: { _ in
        [
          .paragraph(
            "What is your family called? \(Validation.familyNameLength.lowerBound) to \(Validation.familyNameLength.upperBound) characters, e.g. The Johnsons."
          )
        ]
      },
      actions: [
        FlowAction(
          .nameFamily, "Name the family", phrases: ["name", "family name"], argument: .text("family name"),
          targets: [.familyCreated]
        ) { state, argument, services throws(AppError) in
          guard let session = state.session.auth else { throw AppError(.sessionExpired) }
          let name = try Validation.familyName(argument.text())
          let family = try await services.families.createFamily(named: name, creator: session.user.id)
          state.session = .member(
            session, family, Membership(userID: session.user.id, familyID: family.id, role: .parentAdmin))
          state.screen = .familyCreated
        },
        .back(to: .familySetup),
      ]),
    ScreenSpec(
      .familyCreated, inFamily: true, title: { state in "\(state.family?.name ?? "Family") created" },
      load: { state, services in
        if let family = state.family { state.content.shareCode = await services.sync.shareCode(for: family) }
      },
      body: { state in
        guard let share = state.content.shareCode else { return [] }
        return [
          .field("Family code", share.code),
          .qr(payload: share.link),
          .field("Your role", state.role?.displayName ?? "—"),
          .paragraph("Share the code or the QR code so your family can join."),
        ]
      },
      actions: [
        FlowAction(
          .continueToDashboard, "Go to the dashboard", phrases: ["continue", "dashboard"],
          targets: [.dashboard, .preparing]
        ) { state, _, services throws(AppError) in
          try await Flow.openBoard(&state, services)
        }
      ]),
    ScreenSpec(
      .joinFamily, title: "Join a family",
      body: { _ in [.paragraph("Type the family code you were given: 6 letters and digits, like K7QM2X.")] },
      actions: [
        FlowAction(
          .familyCode, "Enter the family code", phrases: ["code", "family code"], argument: .text("family code"),
          targets: [.familyPreview]
        ) { state, argument, services throws(AppError) in
          let code = try Validation.familyCode(argument.text())
          state.screen = .familyPreview(try await services.families.findFamily(code: code))
        },
        .back(to: .familySetup),
      ]),
    ScreenSpec(
      .familyPreview,
      title: { state in
        guard case .familyPreview(let preview) = state.screen else { return "Join a family" }
        return "Join \(preview.family.name)?"
      },
      body: { state in
        guard case .familyPreview(let preview) = state.screen else { return [] }
        return [.section("Members")]
          + preview.members.filter { $0.membership.isActive(at: state.now) }.map {
            .item(memberItem($0, text: "\($0.profile.name) · \($0.role.displayName)", state))
          }
          + [.paragraph("Choose the role you will have in this family.")]
      },
      actions: [
        join(as: .adult, .joinAsAdult), join(as: .child, .joinAsChild), join(as: .visitor, .joinAsVisitor),
        join(as: .parentAdmin, .joinAsParentAdmin, listed: false),
        // A child's account is not offered "Join as adult"; typing it explains why.
        FlowAction(
          .joinAsAdultAsChild, "Join as adult", phrases: ["join as adult", "adult"],
          when: Condition("the account is a child's") { isChildAccount($0) }, listed: false
        ) { _, _, _ throws(AppError) in try RoleRules.checkJoin(.adult, isChildAccount: true) },
        .back(to: .joinFamily),
      ]),
  ]

  /// Whether the signed-in account is a child's, which may not create a family.
  static func isChildAccount(_ state: AppState) -> Bool {
    state.user?.isChildAccount ?? false
  }

  private static func revoked(_ preview: FamilyPreview) -> AppError {
    AppError(
      .familyNotFound,
      "The code \(preview.family.code) no longer works for \(preview.family.name). Ask its parent admin for the new one.",
      recovery: [.back])
  }

  private static func join(as role: Role, _ id: ActionID, listed: Bool = true) -> FlowAction {
    let name = role.displayName.lowercased()
    // A child's account is not offered the roles it may not take.
    let allowed =
      role == .adult ? Condition("the account is not a child's") { !isChildAccount($0) } : nil
    return FlowAction(
      id, "Join as \(name)", phrases: ["join as \(name)", name], when: allowed, targets: [.dashboard, .preparing],
      listed: listed
    ) { state, _, services throws(AppError) in
      guard case .familyPreview(let preview) = state.screen, let session = state.session.auth else { return }
      // The code is checked again: it may have been replaced since the preview showed.
      let current: FamilyPreview
      do throws(AppError) {
        current = try await services.families.findFamily(code: preview.family.code)
      } catch  where error.code == .familyNotFound {
        throw revoked(preview)
      }
      guard current.family.id == preview.family.id else { throw revoked(preview) }
      let membership: Membership
      do throws(AppError) {
        // By the code, as the service takes it: the service checks it again.
        membership = try await services.families.joinFamily(
          code: preview.family.code, user: session.user.id, role: role)
      } catch  where error.code == .familyNotFound {
        throw revoked(preview)
      }
      state.session = .member(session, preview.family, membership)
      try await Flow.openBoard(&state, services)
      state.notice = "Welcome to \(preview.family.name)!"
    }
  }
}
