import Foundation

/// One search box's session, for the providers that bill autocomplete by session (Google,
/// Foursquare): make one when the box opens, pass it to every `autocomplete` call as the
/// user types, and end it with `details(_:session:)` for the place they pick. The token is
/// then spent: the session refuses further use, since Google bills a reused token's
/// requests one by one. A box closed without a pick simply drops its session.
///
/// ```swift
/// let session = AutocompleteSession()
/// let predictions = try await client.autocomplete(.init(input: "sush", center: here), session: session)
/// let venue = try await client.details(predictions[0].id!, session: session)
/// ```
public final class AutocompleteSession: Sendable {
    /// Sent as Google's `sessionToken` and Foursquare's `session_token`.
    public let token: String
    /// Whether the token came from elsewhere (`init(token:)`): only such a session may have
    /// been ended by a details call this object did not see.
    package let isCarriedOn: Bool
    private let state = Locked(State())

    private struct State {
        var requests = 0
        var ended = false
    }

    /// A new session with a fresh version 4 UUID as its token.
    public init() {
        token = SessionToken.makeUUIDv4()
        isCarriedOn = false
    }

    /// A session carried on from elsewhere (another process, a saved search box). Throws
    /// `PlacesError.invalidRequest(.sessionToken, ...)` when the token is not 1 to 36
    /// characters of URL-safe base64, which Google refuses.
    public convenience init(token: String) throws {
        try self.init(token: token, wording: .library)
    }

    package init(token: String, wording: Wording) throws {
        if let problem = SessionToken.problem(with: token) {
            throw PlacesError.invalidRequest(.sessionToken, message: wording(.sessionTokenInvalid(problem: problem)))
        }
        self.token = token
        isCarriedOn = true
    }

    /// Autocomplete requests sent in this session so far (by this object).
    public var requestCount: Int { state.read(\.requests) }

    /// Whether a `details` call has ended the session.
    public var hasEnded: Bool { state.read(\.ended) }

    /// Counts one more autocomplete request, or refuses when the session has ended.
    package func beginRequest(wording: Wording) throws -> Int {
        try state.update { state in
            guard !state.ended else { throw PlacesError.invalidRequest(.sessionToken, message: wording(.sessionEnded)) }
            state.requests += 1
            return state.requests
        }
    }

    /// Refuses a session that has ended (before a details call is sent).
    package func checkOpen(wording: Wording) throws {
        if hasEnded { throw PlacesError.invalidRequest(.sessionToken, message: wording(.sessionEnded)) }
    }

    /// Marks the session ended, once a details call carrying its token was answered.
    package func end() {
        state.update { $0.ended = true }
    }
}

/// A value behind a lock.
final class Locked<Value>: @unchecked Sendable {
    private var value: Value
    private let lock = NSLock()

    init(_ value: Value) {
        self.value = value
    }

    func read<T>(_ path: KeyPath<Value, T>) -> T {
        lock.lock()
        defer { lock.unlock() }
        return value[keyPath: path]
    }

    func update<T>(_ body: (inout Value) throws -> T) rethrows -> T {
        lock.lock()
        defer { lock.unlock() }
        return try body(&value)
    }
}
