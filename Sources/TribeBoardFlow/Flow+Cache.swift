import Foundation
import TribeBoardCore

/// The phone's cache (``PhoneCache``): what each family screen loaded is kept on the phone, by kind of data, so a
/// launch without a network opens the family board, and a screen whose reload fails shows the copy, marked with
/// its time, while the copy is within its kind's time to live. Past it the screen says it needs a connection.
extension Flow {
  /// A copy a screen can show when its reload fails on the network.
  enum Copy {
    /// Shown, marked with the time it was loaded.
    case shown(AppState.CachedContent)
    /// Too old to show: the kind of data whose copy ran out, and when that copy was loaded.
    case expired(PhoneCache.Kind, Date)
  }

  /// The kind of data `screen` shows (a detail or form screen: its list's), whose copy must be within its time to
  /// live for the screen to show it. The family itself gates only a launch: once in, a screen shows its own kind
  /// (messages, kept indefinitely, whatever the age of the rest). Empty: the phone's cache has no copy for it.
  static func cacheKinds(_ screen: ScreenID) -> [PhoneCache.Kind] {
    switch cacheKey(screen) {
    case .dashboard, .familyManagement, .memberDetail, .confirm: [.members]
    case .calendar, .eventDetail, .addEvent: [.calendar]
    case .tasks, .taskDetail, .addTask: [.tasks]
    case .messages: [.messages]
    case .noticeboard: [.noticeboard]
    case .schoolRun: [.schoolRun]
    case .profile: [.profile]
    default: []
    }
  }

  /// Keeps on the phone what the current screen, `id`, just loaded (before the waiting changes are laid over it).
  static func remember(_ state: AppState, _ id: ScreenID, _ services: Services) async {
    guard let auth = state.session.auth, let family = state.family, let membership = state.membership else { return }
    let now = state.now
    let content = state.content
    await services.device.updateCache { cache in
      if cache.place.map(\.value.family.id) != family.id { cache = PhoneCache() }
      cache.session = auth
      let unread = id == .dashboard ? content.unread : cache.place.map(\.value.unread) ?? 0
      cache.place = .init(.init(family: family, membership: membership, unread: unread), loadedAt: now)
      cache.members = .init(content.members, loadedAt: now)
      switch id {
      case .calendar, .eventDetail: cache.events = .init(content.events, loadedAt: now)
      case .tasks, .taskDetail: cache.tasks = .init(content.tasks, loadedAt: now)
      case .messages:
        cache.messages = .init(content.messages, loadedAt: now)
        cache.notices = .init(content.notices, loadedAt: now)
      case .noticeboard: cache.notices = .init(content.notices, loadedAt: now)
      case .schoolRun:
        cache.routes = .init(content.routes, loadedAt: now)
        cache.pickups = .init(content.pickups, loadedAt: now)
      case .profile: if let profile = content.profile { cache.profile = .init(profile, loadedAt: now) }
      case .notifications: cache.preferences = .init(content.preferences, loadedAt: now)
      default: break
      }
    }
  }

  /// Forgets the phone's cache once nobody is in a family on it (signed out, left, removed, access ended). The
  /// *preparing* screen keeps it: the person is still on their way into the family.
  static func forgetCacheIfOutside(_ state: AppState, _ services: Services) async {
    guard state.family == nil, state.screen != .preparing else { return }
    if !(await services.device.cache().isEmpty) { await services.device.setCache(PhoneCache()) }
  }

  /// The copy the current screen can show after its reload failed on the network: the screen's own from this run
  /// of the app, else (a screen with no load of its own, such as a form or a question) `shown`, what the app
  /// showed before, else the phone's cache. `nil` when there is none.
  static func copy(
    for state: AppState, _ spec: ScreenSpec, shown: AppState.CachedContent?, _ services: Services
  ) async -> Copy? {
    let kinds = cacheKinds(state.screen.id)
    var found = state.cache[cacheKey(state.screen.id)]
    if found == nil, spec.load == nil, state.family != nil { found = shown }
    if let found {
      let timeToLive = kinds.compactMap(\.timeToLive).min()
      if let timeToLive, state.now.timeIntervalSince(found.loadedAt) > timeToLive,
        let kind = kinds.first(where: { $0.timeToLive == timeToLive })
      {
        return .expired(kind, found.loadedAt)
      }
      return .shown(found)
    }
    guard !kinds.isEmpty, let family = state.family else { return nil }
    let cache = await services.device.cache()
    guard cache.place.map(\.value.family.id) == family.id else { return nil }
    for kind in kinds {
      guard let loadedAt = cache.loadedAt(kind) else { return nil }
      if !cache.isFresh(kind, at: state.now) { return .expired(kind, loadedAt) }
    }
    var content = Content()
    var oldest = state.now
    for kind in kinds {
      if let loadedAt = cache.loadedAt(kind) { oldest = min(oldest, loadedAt) }
    }
    if let members = cache.members { content.members = members.value }
    if let place = cache.place { content.unread = place.value.unread }
    if let events = cache.events { content.events = events.value }
    if let tasks = cache.tasks { content.tasks = tasks.value }
    if let messages = cache.messages { content.messages = messages.value }
    if let notices = cache.notices, cache.isFresh(.noticeboard, at: state.now) { content.notices = notices.value }
    if let routes = cache.routes { content.routes = routes.value }
    if let pickups = cache.pickups { content.pickups = pickups.value }
    if let profile = cache.profile { content.profile = profile.value }
    if let preferences = cache.preferences { content.preferences = preferences.value }
    return .shown(.init(content: content, loadedAt: oldest))
  }

  /// The error of a screen whose copy on the phone is past its time to live.
  static func needsConnection(_ error: AppError, _ kind: PhoneCache.Kind, since: Date) -> AppError {
    let limit = kind.timeToLive.map { $0 >= 3600 * 24 ? "\(Int($0 / 3600 / 24)) day" : "\(Int($0 / 3600)) hour" }
    let older = limit.map { $0.hasPrefix("1 ") ? ", more than \($0) old" : ", more than \($0)s old" } ?? ""
    return AppError(
      error.code,
      "Needs a connection: the copy on this phone is from \(DateText.full(since, now: since))\(older).",
      recovery: [.retry, .back])
  }

  /// Opens the family board from the phone's cache when launching without a network: the stored session, while
  /// its refresh token lasts, and the family, while its copy is within its time to live. Says whether it did.
  static func openFromCache(_ state: inout AppState, _ services: Services) async -> Bool {
    let cache = await services.device.cache()
    let now = services.clock.now()
    guard let session = cache.session, now < session.refreshExpiresAt, let place = cache.place,
      cache.isFresh(.family, at: now)
    else { return false }
    state.session = .member(session, place.value.family, place.value.membership)
    state.screen = .dashboard
    return true
  }
}
