/// What the HTTP layer needs to know about a web service to explain its failures.
///
/// Each provider supplies one; `HTTPErrorMapper` turns a failure into a `PlacesError`
/// with the contract's exit code in one place.
public struct ServiceDescription: Sendable {
    /// As users know it: "Google Places", "Foursquare", "Overpass", "OSRM".
    public let name: String
    /// The variable holding its key, if it takes one.
    public let keyVariable: String?
    /// What to check when the key is rejected.
    public let keyAdvice: String
    /// Reads the service's own error body.
    public let parseError: @Sendable (HTTPResponse) -> ServiceError
    /// A failure the service explains in its body better than its status does; when it
    /// returns an error, that error wins (OSRM answers 400 both for a bad query and for
    /// "no route", which is 66). Nil, or nil returned, means the status decides.
    public let classify: (@Sendable (HTTPResponse) -> PlacesError?)?
    /// What to do about an answer over the size cap: ask for less where a request can, else
    /// check where the service URL leads (the service's own answers are never that large).
    public let oversizeAdvice: String

    public init(name: String, keyVariable: String?, keyAdvice: String, parseError: @escaping @Sendable (HTTPResponse) -> ServiceError,
                classify: (@Sendable (HTTPResponse) -> PlacesError?)? = nil,
                oversizeAdvice: String = "answers that large are not the service's; check the service URL") {
        self.name = name
        self.keyVariable = keyVariable
        self.keyAdvice = keyAdvice
        self.parseError = parseError
        self.classify = classify
        self.oversizeAdvice = oversizeAdvice
    }
}

/// A service's own account of a failed request.
public struct ServiceError: Sendable, Equatable {
    /// Its status word or code, e.g. `PERMISSION_DENIED`.
    public var code: String?
    /// A finer reason, e.g. `API_KEY_INVALID`.
    public var reason: String?
    public var message: String?
    /// Set when the body shows the key is the problem whatever the status (Google's 400 API_KEY_INVALID).
    public var isKeyProblem: Bool
    /// What to do, when the service's answer calls for more than its message (Foursquare's 402).
    public var advice: String?

    public init(code: String? = nil, reason: String? = nil, message: String? = nil, isKeyProblem: Bool = false, advice: String? = nil) {
        self.code = code
        self.reason = reason
        self.message = message
        self.isKeyProblem = isKeyProblem
        self.advice = advice
    }
}
