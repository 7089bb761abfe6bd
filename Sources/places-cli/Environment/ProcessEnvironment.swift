import Foundation
import PlacesCore

/// The environment variables of this process.
enum ProcessEnvironment {
    static func current() -> [String: String] {
        ProcessInfo.processInfo.environment
    }

    /// One variable, read without building the whole environment (for the fast start of `help`).
    static func value(_ name: String) -> String? {
        getenv(name).map { String(cString: $0) }
    }
}
