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

  public init(user: UserID, onboardingCompleted: Bool = false, signedIn: Bool = false, offline: Bool = false) {
    self.user = user
    self.onboardingCompleted = onboardingCompleted
    self.signedIn = signedIn
    self.offline = offline
  }
}

/// Everything the mocks start from: the world, the device, the clock, the seed, the faults, the latency of the
/// services and how sign-in treats sessions.
public struct MockConfiguration: Equatable, Sendable {
  public var now: Date
  public var seed: UInt64
  public var world: MockWorld
  public var device: MockDeviceState
  public var faults: [Fault]
  /// Simulated seconds each call takes, by service (`data`) or operation (`data.tasks`); the operation wins.
  public var latency: [String: TimeInterval]
  public var auth: MockAuthPolicy

  public init(
    now: Date, seed: UInt64, world: MockWorld, device: MockDeviceState, faults: [Fault] = [],
    latency: [String: TimeInterval] = [:], auth: MockAuthPolicy = MockAuthPolicy()
  ) {
    self.now = now
    self.seed = seed
    self.world = world
    self.device = device
    self.faults = faults
    self.latency = latency
    self.auth = auth
  }
}
