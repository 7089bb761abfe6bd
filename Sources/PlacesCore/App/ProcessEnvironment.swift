import Foundation

/// The environment variables of this process.
public enum ProcessEnvironment {
    public static func current() -> [String: String] {
        ProcessInfo.processInfo.environment
    }
}
