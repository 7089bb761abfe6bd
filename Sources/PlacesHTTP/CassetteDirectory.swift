import Foundation
import PlacesModel
import PlacesSupport

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// A directory of recorded exchanges as `--record` writes it: one folder per service
/// (`google`, `foursquare`, `osm`, `osrm`) holding one `<hash>-<n>.json` file per exchange.
/// Files named otherwise (an extract, golden outputs beside the cassettes) are not
/// exchanges and are left alone. `path` is used as given (see `PathText`).
package struct CassetteDirectory: Sendable {
    package let path: String

    package init(_ path: String) {
        self.path = path
    }

    /// One exchange file.
    package struct Entry: Sendable, Equatable {
        /// The folder it is in: the service.
        package let service: String
        /// `<hash>-<n>.json`.
        let name: String
        /// The path to open: the directory as given, the service, the name.
        package let path: String

        /// `service/name`, as listings show it.
        package var relativePath: String { service + "/" + name }
    }

    /// Whether `name` is the name of a recorded exchange: 16 hex digits, `-`, a count, `.json`.
    static func isExchangeName(_ name: String) -> Bool {
        let utf8 = Array(name.utf8)
        guard utf8.count >= 23, name.hasSuffix(".json"), utf8[16] == UInt8(ascii: "-") else { return false }
        let hex = utf8[0..<16], count = utf8[17..<(utf8.count - 5)]
        return hex.allSatisfy { ($0 >= 48 && $0 <= 57) || ($0 >= 97 && $0 <= 102) }
            && !count.isEmpty && count.allSatisfy { $0 >= 48 && $0 <= 57 }
    }

    /// The file of the `number`-th identical request with matching key `key` (see `Cassette.key`).
    func file(service: String, key: String, number: Int) -> String {
        PathText.join(PathText.join(path, service), "\(key)-\(number).json")
    }

    /// The folder of one service.
    func folder(_ service: String) -> String { PathText.join(path, service) }

    /// Every exchange file, by service folder then name.
    package func entries() -> [Entry] {
        (DirectoryEntries.names(in: path) ?? []).flatMap { name -> [Entry] in
            guard !name.hasPrefix("."), DirectoryEntries.kind(of: PathText.join(path, name)) == .directory else { return [] }
            return entries(service: name)
        }
    }

    /// The exchange files of one service folder, by name (none when there is no such folder).
    package func entries(service: String) -> [Entry] {
        let folder = folder(service)
        return (DirectoryEntries.names(in: folder) ?? []).filter(Self.isExchangeName).map {
            Entry(service: service, name: $0, path: PathText.join(folder, $0))
        }
    }

    /// The bytes of a file, nil when there is none; anything but a regular file is an error
    /// (a FIFO is not opened for reading, so it cannot hang the command).
    package func contents(of file: String) throws -> Data? {
        do {
            return try AtomicFile.contents(file)
        } catch let error as SystemCallError {
            throw PlacesError.badFile(path: file, message: error.description)
        } catch let error as UnexpectedFileKind {
            throw PlacesError.badFile(path: file, message: "\(file) is \(error.kind), not a recorded exchange")
        }
    }

    /// An exchange read back (see `Cassette.parse`).
    package func load(_ entry: Entry) throws -> Cassette {
        guard let data = try contents(of: entry.path) else {
            throw PlacesError.notFound(message: "\(entry.path) is gone")
        }
        return try Cassette.parse(data, service: entry.service, source: entry.path)
    }

    // MARK: - Checks made before a command runs

    /// A directory to replay from must exist: a misspelt one is 66 naming it, not a miss.
    package func requireExisting(role: String = "replay directory") throws {
        switch DirectoryEntries.kind(of: path) {
        case .directory?: return
        case nil: throw PlacesError.notFound(message: "no such \(role): \(path)")
        case let kind?: throw PlacesError.notFound(message: "the \(role) \(path) is \(kind), not a directory")
        }
    }

    /// The folder the exchanges of `service` are recorded in (`HTTPRequest.service`).
    static func folderName(_ service: PlacesError.Service) -> String {
        service.recordingFolder
    }

    /// Bytes the check writes: a recording is rarely smaller, so a full disk, a quota or a
    /// file size limit (`ulimit -f`) that would refuse it shows before a request is sent.
    static let probeBytes = 64 * 1024

    /// A directory to record into must be one that can be written, checked before anything
    /// is sent (a request may be billed): the folder of `service` (or, before it exists, the
    /// directory, or the nearest part of its path that exists: the rest is made when the
    /// first exchange is written) must be a directory in which a file of `probeBytes` can be
    /// written. 78 when it cannot; 74 when the storage failed (no room, `ulimit -f`).
    package func checkWritable(service: PlacesError.Service? = nil) throws {
        let serviceFolder = service.map { folder(Self.folderName($0)) }
        if let serviceFolder, DirectoryEntries.linkKind(of: serviceFolder) != nil {
            try probe(serviceFolder)
            return
        }
        var directory = path.isEmpty ? "." : path
        while DirectoryEntries.kind(of: directory) == nil {
            let parent = PathText.directory(of: directory)
            guard parent != directory else { break }
            directory = parent
        }
        try probe(directory)
    }

    /// Writes and removes a file of `probeBytes` in `directory`, which must be a directory.
    private func probe(_ directory: String) throws {
        guard let kind = DirectoryEntries.kind(of: directory), kind == .directory else {
            let what =
                DirectoryEntries.kind(of: directory).map { "\($0)" }
                ?? (DirectoryEntries.linkKind(of: directory) == .symbolicLink ? "a symbolic link to nothing" : "missing")
            throw PlacesError.configuration(
                message: "cannot record into \(path): \(directory) is \(what), not a directory; nothing was sent")
        }
        let probe = PathText.join(directory, ".places-write-check-\(getpid())-\(UInt32.random(in: 0...UInt32.max))")
        func refuse(_ error: SystemCallError) -> PlacesError {
            let message = "cannot record into \(path): \(error.description); nothing was sent"
            if error.isStorageFailure { return PlacesError.io(path: path, message: message + ": free some room (or raise ulimit -f)") }
            return PlacesError.configuration(message: message + ": choose a directory you can write")
        }
        let fd = open(probe, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o600)
        guard fd >= 0 else { throw refuse(SystemCallError("create a file in", directory)) }
        defer {
            close(fd)
            unlink(probe)
        }
        let bytes = [UInt8](repeating: 0x20, count: Self.probeBytes)
        if let code = bytes.withUnsafeBytes({ POSIX.writeAll(fd, $0) }) {
            throw refuse(SystemCallError("write a file in", directory, code: code))
        }
    }

    /// Whether two paths name one directory: the same text, or the same directory once
    /// both are resolved (`Fixtures`, `./Fixtures/` and its absolute path are one).
    package static func same(_ a: String, _ b: String) -> Bool {
        if a == b { return true }
        if let x = DirectoryEntries.canonicalPath(a), let y = DirectoryEntries.canonicalPath(b) { return x == y }
        return trimmed(a) == trimmed(b)
    }

    private static func trimmed(_ path: String) -> String {
        var text = path
        while text.hasPrefix("./") { text.removeFirst(2) }
        while text.count > 1 && text.hasSuffix("/") { text.removeLast() }
        return text
    }
}
