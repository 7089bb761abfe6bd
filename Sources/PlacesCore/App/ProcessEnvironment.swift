import Foundation

/// The environment variables of this process.
public enum ProcessEnvironment {
    public static func current() -> [String: String] {
        ProcessInfo.processInfo.environment
    }

    /// One variable, read without building the whole environment (for the fast start of `help`).
    public static func value(_ name: String) -> String? {
        getenv(name).map { String(cString: $0) }
    }
}
