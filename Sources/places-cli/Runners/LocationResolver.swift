import Foundation
import PlacesCore
import PlacesGazetteer

/// Turns `--at` / `--near` into a coordinate, telling the user what a name resolved to
/// when the choice was not obvious.
enum LocationResolver {
    static func resolve(_ spec: LocationSpec, gazetteer: Gazetteer? = nil, diagnostics: Diagnostics) throws -> Coordinate {
        switch spec {
        case .coordinate(let c):
            return c
        case .placeName(let name):
            let match = try gazetteer.map { try $0.resolve(name, point: nil, wording: diagnostics.wording) }
                ?? NameMemo.shared.match(name, wording: diagnostics.wording)
            if let note = match.note(for: name) { diagnostics.note(note) }
            return match.place.coordinate
        }
    }
}

/// The names this process has resolved in the bundled gazetteer, so that the lines of a batch
/// that share a `--near` scan its rows once. Bounded; failures are not kept.
final class NameMemo: @unchecked Sendable {
    static let shared = NameMemo()
    private static let capacity = 10_000
    private let lock = NSLock()
    private var matches: [String: Gazetteer.Match] = [:]

    func match(_ name: String, wording: Wording) throws -> Gazetteer.Match {
        if let known = lock.withLock({ matches[name] }) { return known }
        let match = try Gazetteer.bundled.resolve(name, point: nil, wording: wording)
        lock.withLock {
            if matches.count >= Self.capacity { matches.removeAll() }
            matches[name] = match
        }
        return match
    }
}
