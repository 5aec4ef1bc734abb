import TribeBoardCore

extension FlowTable {
  /// The onboarding pages: title and text.
  static let onboardingPages: [(title: String, text: String)] = [
    ("Your family, in one place", "Calendar, tasks, messages and the school run, shared by everyone at home."),
    (
      "A role for everyone",
      "Parents manage the family, children see their own chores, visitors get a time-limited view."
    ),
    ("Always in sync", "Changes reach every member's phone, even after a spell offline."),
  ]

  static let onboardingScreens: [ScreenSpec] = [
    ScreenSpec(
      .onboarding,
      title: { state in onboardingPages[page(state) - 1].title },
      body: { state in
        [.paragraph(onboardingPages[page(state) - 1].text), .pager(page: page(state), count: onboardingPages.count)]
      },
      actions: [
        FlowAction(.next, "Next", phrases: ["next", "n"], when: notLastPage, targets: [.onboarding]) { state, _, _ in
          state.screen = .onboarding(page: page(state) + 1)
        },
        FlowAction(.getStarted, "Get started", phrases: ["get started", "start"], when: lastPage, targets: [.signIn]) {
          state, _, services in
          await finishOnboarding(&state, services)
        },
        FlowAction(
          .back, "Back", phrases: ["back", "b"], when: Condition("not on the first page") { page($0) > 1 },
          targets: [.onboarding]
        ) { state, _, _ in
          state.screen = .onboarding(page: page(state) - 1)
        },
        FlowAction(.skip, "Skip", phrases: ["skip", "s"], targets: [.signIn]) { state, _, services in
          await finishOnboarding(&state, services)
        },
      ])
  ]

  private static let lastPage = Condition("on the last page") { page($0) == onboardingPages.count }
  private static let notLastPage = Condition("before the last page") { page($0) < onboardingPages.count }

  private static func page(_ state: AppState) -> Int {
    if case .onboarding(let page) = state.screen { return page }
    return 1
  }

  /// Onboarding is remembered by the device, so the next launch goes straight to sign-in.
  private static func finishOnboarding(_ state: inout AppState, _ services: Services) async {
    await services.device.setOnboardingCompleted(true)
    state.screen = .signIn
  }
}
