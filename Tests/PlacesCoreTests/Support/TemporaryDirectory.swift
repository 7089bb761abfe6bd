import Foundation

@testable import PlacesCore
@testable import PlacesModel

/// A fresh directory under the system temporary directory, removed when released.
final class TemporaryDirectory {
    let url: URL

    init() throws {
        url = FileManager.default.temporaryDirectory.appendingPathComponent("places-test-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    }

    deinit {
        try? FileManager.default.removeItem(at: url)
    }

    var path: String { url.path }

    func file(_ name: String) -> String { url.appendingPathComponent(name).path }

    @discardableResult
    func write(_ name: String, _ data: Data) throws -> String {
        let path = file(name)
        try data.write(to: URL(fileURLWithPath: path))
        return path
    }

    /// The names in a subdirectory (empty when it does not exist).
    func contents(of subdirectory: String) -> [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: file(subdirectory))) ?? []).sorted()
    }
}

/// Notes and warnings a command printed, for tests.
final class CollectedDiagnostics: @unchecked Sendable {
    private let lock = NSLock()
    private var collected: [String] = []

    var diagnostics: Diagnostics {
        Diagnostics { [self] line in lock.withLock { collected.append(line) } }
    }

    var lines: [String] { lock.withLock { collected } }

    func clear() { lock.withLock { collected.removeAll() } }
}
