import Synchronization
import TribeBoardCore

/// One person's phone: who holds it, whether they finished onboarding, the session it stores, and whether it has
/// a network.
public final class MockDevice: DeviceStore, TokenStore {
  /// What the phone remembers, as one value.
  ///
  /// Two memories that differ only in their ``cache`` are equal: like the screens' own copies of what they loaded,
  /// the cache does not tell two states of a simulation apart (it is restored with the memory all the same).
  public struct Memory: Equatable, Hashable, Sendable {
    var onboardingCompleted: Bool
    public internal(set) var token: String?
    var refreshToken: String?
    var online = true
    public internal(set) var outbox = Outbox()
    /// What the phone kept of the data it last loaded.
    public internal(set) var cache = PhoneCache()

    public static func == (lhs: Memory, rhs: Memory) -> Bool {
      lhs.onboardingCompleted == rhs.onboardingCompleted && lhs.token == rhs.token
        && lhs.refreshToken == rhs.refreshToken && lhs.online == rhs.online && lhs.outbox == rhs.outbox
    }

    public func hash(into hasher: inout Hasher) {
      hasher.combine(onboardingCompleted)
      hasher.combine(token)
      hasher.combine(refreshToken)
      hasher.combine(online)
      hasher.combine(outbox)
    }
  }

  /// The account of the person holding the device (the id their account gets, if they sign up).
  public let user: UserID
  /// Who each provider says the holder is, for signing up when TribeBoard has no account for them.
  public let identities: ProviderIdentities
  private let memory: Mutex<Memory>

  public init(
    user: UserID, onboardingCompleted: Bool, session: AuthSession? = nil, online: Bool = true,
    identities: ProviderIdentities = [:]
  ) {
    self.user = user
    self.identities = identities
    memory = Mutex(
      Memory(
        onboardingCompleted: onboardingCompleted, token: session?.token, refreshToken: session?.refreshToken,
        online: online))
  }

  /// Everything the phone remembers, to put back later.
  public var remembered: Memory {
    get { memory.withLock { $0 } }
    set { memory.withLock { $0 = newValue } }
  }

  public func onboardingCompleted() async -> Bool {
    memory.withLock { $0.onboardingCompleted }
  }

  public func setOnboardingCompleted(_ completed: Bool) async {
    memory.withLock { $0.onboardingCompleted = completed }
  }

  public func outbox() async -> Outbox {
    memory.withLock { $0.outbox }
  }

  public func setOutbox(_ outbox: Outbox) async {
    memory.withLock { $0.outbox = outbox }
  }

  public func cache() async -> PhoneCache {
    memory.withLock { $0.cache }
  }

  public func setCache(_ cache: PhoneCache) async {
    memory.withLock { $0.cache = cache }
  }

  public func updateCache(_ change: @Sendable (inout PhoneCache) -> Void) async {
    memory.withLock { change(&$0.cache) }
  }

  /// What the phone kept of the data it last loaded, to read or set without waiting.
  public var cached: PhoneCache {
    get { memory.withLock { $0.cache } }
    set { memory.withLock { $0.cache = newValue } }
  }

  /// The stored access token, as a keychain would hold it.
  public var token: String? {
    memory.withLock { $0.token }
  }

  /// The stored access token (``TokenStore``'s name for ``token``).
  public var accessToken: String? { token }

  /// The stored refresh token.
  public var refreshToken: String? {
    memory.withLock { $0.refreshToken }
  }

  /// Keeps `session`'s tokens, or forgets them when `nil`.
  public func store(_ session: AuthSession?) {
    memory.withLock {
      $0.token = session?.token
      $0.refreshToken = session?.refreshToken
    }
  }

  /// Whether the phone can reach the network; every call from an offline phone fails as `offline`.
  public var isOnline: Bool {
    get { memory.withLock { $0.online } }
    set { memory.withLock { $0.online = newValue } }
  }
}
