import Synchronization
import TribeBoardCore

/// One person's phone: who holds it, whether they finished onboarding, and the session token it stores.
public final class MockDevice: DeviceStore {
  private struct Memory {
    var onboardingCompleted: Bool
    var token: String?
  }

  /// The account of the person holding the device.
  public let user: UserID
  private let memory: Mutex<Memory>

  public init(user: UserID, onboardingCompleted: Bool, token: String? = nil) {
    self.user = user
    memory = Mutex(Memory(onboardingCompleted: onboardingCompleted, token: token))
  }

  public func onboardingCompleted() async -> Bool {
    memory.withLock { $0.onboardingCompleted }
  }

  public func setOnboardingCompleted(_ completed: Bool) async {
    memory.withLock { $0.onboardingCompleted = completed }
  }

  /// The stored session token, as a keychain would hold it.
  public var token: String? {
    get { memory.withLock { $0.token } }
    set { memory.withLock { $0.token = newValue } }
  }
}
