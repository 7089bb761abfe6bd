import Foundation

/// A dry run: the transport that sends nothing, and the one way a caller learns what it would
/// have sent. `DryRunTransport` stops a piece of work at its first request; `DryRun.capture`
/// around that work turns the stop into a value (`DryRunOutcome.wouldSend`), so no caller
/// catches an error to find the request.
package enum DryRun {
    /// What `body` answered, or the request it would have sent first, had the transport under
    /// it been a network. Any other failure is thrown as it was.
    package static func capture<Value>(_ body: () async throws -> Value) async throws -> DryRunOutcome<Value> {
        do {
            return .answered(try await body())
        } catch let stop as DryRunCapture {
            return .wouldSend(stop.request)
        }
    }
}

/// What a piece of work did under a dry run: answered without the network (an extract, the
/// offline estimate), or stopped at the request it would have sent.
package enum DryRunOutcome<Value> {
    case answered(Value)
    case wouldSend(HTTPRequest)

    /// `result` read as an outcome: its value, or the request a dry run stopped it at; any
    /// other failure is thrown.
    package init(_ result: Result<Value, any Error>) throws {
        switch result {
        case .success(let value): self = .answered(value)
        case .failure(let stop as DryRunCapture): self = .wouldSend(stop.request)
        case .failure(let error): throw error
        }
    }

    /// The answer; a dry run's stop is thrown on, for a `DryRun.capture` further out.
    package func get() throws -> Value {
        switch self {
        case .answered(let value): return value
        case .wouldSend(let request): throw DryRunCapture(request: request)
        }
    }
}

extension DryRunOutcome: Sendable where Value: Sendable {}

/// `--dry-run`: captures the first request instead of sending it.
package struct DryRunTransport: HTTPTransport {
    package init() {}

    package func send(_ request: HTTPRequest, timeout: Double, maxResponseBytes: Int) async throws -> HTTPResponse {
        throw DryRunCapture(request: request)
    }
}

/// Thrown by `DryRunTransport` to stop work at its first request, and turned into a value by
/// `DryRun.capture`. Printed any other way, it shows only the redacted request.
struct DryRunCapture: Error, Sendable, CustomStringConvertible, CustomDebugStringConvertible, CustomReflectable {
    let request: HTTPRequest

    var description: String { "DryRunCapture(\(request.description))" }
    var debugDescription: String { description }
    var customMirror: Mirror { Mirror(self, children: ["request": request.description], displayStyle: .struct) }
}
