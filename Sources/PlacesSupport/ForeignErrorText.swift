import Foundation

/// An error from outside this package (Foundation, the system) as a short phrase built
/// only from safe parts: the system's own wording of an errno, or the error's type, domain
/// and code. Never the error's description or `localizedDescription`, which may carry
/// whatever the error was made from (a URL with a key, a request, a response body).
package enum ForeignErrorText {
    package static func describe(_ error: Error) -> String {
        if let error = error as? any ShowableError { return error.message }
        let nsError = error as NSError
        if let code = posixCode(nsError) { return String(cString: strerror(code)) }
        return "\(String(describing: type(of: error))) \(nsError.domain) \(nsError.code)"
    }

    /// The errno behind an error, found in it or in the error it wraps.
    private static func posixCode(_ error: NSError) -> Int32? {
        if error.domain == NSPOSIXErrorDomain { return Int32(truncatingIfNeeded: error.code) }
        if let underlying = error.userInfo[NSUnderlyingErrorKey] as? NSError, underlying.domain == NSPOSIXErrorDomain {
            return Int32(truncatingIfNeeded: underlying.code)
        }
        return nil
    }
}

/// An error this package made, whose message was built to be shown whole (any secret already
/// scrubbed from it): `ForeignErrorText` gives its message rather than a safe summary.
package protocol ShowableError: Error {
    var message: String { get }
}
