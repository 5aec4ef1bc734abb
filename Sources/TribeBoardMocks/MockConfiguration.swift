import Foundation
import TribeBoardCore

/// What the device holding the app remembers when it starts.
public struct MockDeviceState: Equatable, Sendable {
  /// The account of the person holding the device; signing in with a provider signs them in.
  public var user: UserID
  public var onboardingCompleted: Bool
  /// Whether the device holds a valid stored session for `user`.
  public var signedIn: Bool
  /// Whether the phone starts without a network.
  public var offline: Bool
  /// The changes waiting on the phone to be sent, and how sending them goes.
  public var outbox: Outbox
  /// When the stored session's access token runs out (a saved world's); one lifetime from the start when `nil`.
  public var accessUntil: Date?
  /// When the stored session's refresh token runs out; one lifetime from the start when `nil`.
  public var refreshUntil: Date?
  /// What the phone kept of the family's data it last loaded (its session is the one the phone is signed in with).
  public var cache: PhoneCache
  /// Who each provider says the holder is: signing in as someone TribeBoard does not know offers to sign up.
  public var identities: ProviderIdentities

  public init(
    user: UserID, onboardingCompleted: Bool = false, signedIn: Bool = false, offline: Bool = false,
    outbox: Outbox = Outbox(), accessUntil: Date? = nil, refreshUntil: Date? = nil, cache: PhoneCache = PhoneCache(),
    identities: ProviderIdentities = [:]
  ) {
    self.cache = cache
    self.identities = identities
    self.user = user
    self.onboardingCompleted = onboardingCompleted
    self.signedIn = signedIn
    self.offline = offline
    self.outbox = outbox
    self.accessUntil = accessUntil
    self.refreshUntil = refreshUntil
  }
}

/// Everything the mocks start from: the world, the device, the clock, the seed, the faults, the latency of the
/// services and how sign-in treats sessions.
public struct MockConfiguration: Equatable, Sendable {
  public var now: Date
  public var seed: UInt64
  public var world: MockWorld
  public var device: MockDeviceState
  /// Other people's phones, as they were left (a saved world); anyone else acting gets a fresh, signed-in phone.
  public var phones: [MockDeviceState]
  public var faults: [Fault]
  /// Simulated seconds each call takes, by service (`data`) or operation (`data.tasks`); the operation wins.
  public var latency: [String: TimeInterval]
  public var auth: MockAuthPolicy
  /// Accounts whose sign-in is locked after too many wrong codes, and until when.
  public var signInLocks: [UserID: Date]
  /// What the backend counts against each account between successes: wrong verification codes and wrong family
  /// codes, and family-code lookups locked after too many.
  public var attempts: [UserID: CodeAttempts]

  public init(
    now: Date, seed: UInt64, world: MockWorld, device: MockDeviceState, phones: [MockDeviceState] = [],
    faults: [Fault] = [], latency: [String: TimeInterval] = [:], auth: MockAuthPolicy = MockAuthPolicy(),
    signInLocks: [UserID: Date] = [:], attempts: [UserID: CodeAttempts] = [:]
  ) {
    self.now = now
    self.seed = seed
    self.world = world
    self.device = device
    self.phones = phones
    self.faults = faults
    self.latency = latency
    self.auth = auth
    self.signInLocks = signInLocks
    self.attempts = attempts
  }
}

/// What the backend counts against an account: wrong verification codes since its last sign-in or lockout, wrong
/// family codes looked up, and until when its family-code lookups are locked after too many.
public struct CodeAttempts: Equatable, Hashable, Sendable {
  public var wrongCodes: Int
  public var wrongFamilyCodes: Int
  public var familyCodesLockedUntil: Date?

  public init(wrongCodes: Int = 0, wrongFamilyCodes: Int = 0, familyCodesLockedUntil: Date? = nil) {
    self.wrongCodes = wrongCodes
    self.wrongFamilyCodes = wrongFamilyCodes
    self.familyCodesLockedUntil = familyCodesLockedUntil
  }

  /// Whether nothing is counted.
  public var isEmpty: Bool { self == CodeAttempts() }
}
