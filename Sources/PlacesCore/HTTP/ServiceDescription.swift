/// What the HTTP layer needs to know about a web service to explain its failures.
///
/// Each provider supplies one; `HTTPErrorMapper` turns a failure into a `PlacesError`
/// with the contract's exit code in one place.
package struct ServiceDescription: Sendable {
    /// As users know it: "Google Places", "Foursquare", "Overpass", "OSRM".
    package let name: String
    /// The variable holding its key, if it takes one.
    package let keyVariable: String?
    /// What to check when the key is rejected.
    package let keyAdvice: String
    /// Reads the service's own error body.
    package let parseError: @Sendable (HTTPResponse) -> ServiceError
    /// A failure the service explains in its body better than its status does; when it
    /// returns an error, that error wins (OSRM answers 400 both for a bad query and for
    /// "no route", which is 66). Nil, or nil returned, means the status decides.
    package let classify: (@Sendable (HTTPResponse) -> PlacesError?)?

    package init(name: String, keyVariable: String?, keyAdvice: String, parseError: @escaping @Sendable (HTTPResponse) -> ServiceError,
                classify: (@Sendable (HTTPResponse) -> PlacesError?)? = nil) {
        self.name = name
        self.keyVariable = keyVariable
        self.keyAdvice = keyAdvice
        self.parseError = parseError
        self.classify = classify
    }
}

/// A service's own account of a failed request.
package struct ServiceError: Sendable, Equatable {
    /// Its status word or code, e.g. `PERMISSION_DENIED`.
    package var code: String?
    /// A finer reason, e.g. `API_KEY_INVALID`.
    package var reason: String?
    package var message: String?
    /// Set when the body shows the key is the problem whatever the status (Google's 400 API_KEY_INVALID).
    package var isKeyProblem: Bool
    /// What to do, when the service's answer calls for more than its message (Foursquare's 402).
    package var advice: String?

    package init(code: String? = nil, reason: String? = nil, message: String? = nil, isKeyProblem: Bool = false, advice: String? = nil) {
        self.code = code
        self.reason = reason
        self.message = message
        self.isKeyProblem = isKeyProblem
        self.advice = advice
    }
}
