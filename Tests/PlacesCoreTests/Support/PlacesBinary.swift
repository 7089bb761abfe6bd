import Foundation

/// Runs the built `places` executable as a subprocess, the way a user or script does.
struct PlacesBinary {
    struct Result: CustomStringConvertible {
        let status: Int32
        let stdout: String
        let stderr: String

        var stderrLines: [String] { stderr.split(separator: "\n").map(String.init) }
        var errorLines: [String] { stderrLines.filter { $0.hasPrefix("places: error:") } }

        var description: String { "status \(status)\n--- stdout\n\(stdout)--- stderr\n\(stderr)" }
    }

    /// The repository root, found from this file's path.
    static let repositoryRoot: URL = {
        var url = URL(fileURLWithPath: #filePath)
        while url.path != "/" {
            url.deleteLastPathComponent()
            if FileManager.default.fileExists(atPath: url.appendingPathComponent("Package.swift").path) { return url }
        }
        fatalError("no Package.swift above \(#filePath)")
    }()

    /// `$PLACES_BINARY`, else `places` next to the test bundle, else in `.build/debug`.
    static let executable: URL = {
        if let path = ProcessInfo.processInfo.environment["PLACES_BINARY"] { return URL(fileURLWithPath: path) }
        var candidates: [URL] = []
        for bundle in Bundle.allBundles {
            candidates.append(bundle.bundleURL.deletingLastPathComponent().appendingPathComponent("places"))
        }
        let argv0 = URL(fileURLWithPath: CommandLine.arguments[0]).resolvingSymlinksInPath()
        candidates.append(argv0.deletingLastPathComponent().appendingPathComponent("places"))
        candidates.append(argv0.deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("places"))
        candidates.append(repositoryRoot.appendingPathComponent(".build/debug/places"))
        for candidate in candidates where FileManager.default.isExecutableFile(atPath: candidate.path) {
            return candidate
        }
        fatalError("cannot find the places binary; looked in \(candidates.map(\.path)); set PLACES_BINARY")
    }()

    /// Another executable of the package (`overpass-synth`, `NearestCafes`): the one `swift test`
    /// built beside the test bundle, whichever `places` binary `$PLACES_BINARY` names (CI points
    /// that at the release build, which builds only `places`).
    static func packageExecutable(_ name: String) -> URL {
        let besidePlaces = executable.deletingLastPathComponent().appendingPathComponent(name)
        let testRunner = URL(fileURLWithPath: CommandLine.arguments[0]).resolvingSymlinksInPath().deletingLastPathComponent()
        let besideTests =
            Bundle.allBundles.map { $0.bundleURL.deletingLastPathComponent() } + [testRunner, testRunner.deletingLastPathComponent()]
        return besideTests.map { $0.appendingPathComponent(name) }.first { FileManager.default.isExecutableFile(atPath: $0.path) }
            ?? besidePlaces
    }

    static let helsinkiData = repositoryRoot.appendingPathComponent("Fixtures/osm/helsinki-pois.json").path

    /// A favorites file that is never created: tests that do not set their own never
    /// read the developer's favorites, nor one another's.
    static let absentFavoritesFile = NSTemporaryDirectory() + "places-tests-\(UUID().uuidString)/absent/favorites.json"

    /// The test run's own sanitizer settings (`ASAN_OPTIONS=detect_leaks=0`, a `log_path`), so
    /// that the sanitized `places` a sanitizer pass starts follows them too (README, "Sanitizer
    /// passes"); empty in any other run.
    static let sanitizerSettings = ProcessInfo.processInfo.environment.filter {
        ["ASAN_OPTIONS", "TSAN_OPTIONS", "UBSAN_OPTIONS", "LSAN_OPTIONS"].contains($0.key)
    }

    /// A minimal environment: no keys, no colour settings, nothing from the developer's shell.
    /// One index cache for the whole test run, outside every sandbox a test inspects.
    static let testCacheDirectory = FileManager.default.temporaryDirectory.appendingPathComponent(
        "places-tests-cache-\(ProcessInfo.processInfo.processIdentifier)"
    ).path

    static func baseEnvironment(home: String? = nil) -> [String: String] {
        var env = sanitizerSettings.merging(["PATH": "/usr/bin:/bin", "LANG": "C.UTF-8"]) { $1 }
        env["HOME"] = home ?? NSTemporaryDirectory()
        env["PLACES_FAVORITES_FILE"] = absentFavoritesFile
        // The spatial index of --data files goes here, not under a test's HOME.
        env["XDG_CACHE_HOME"] = testCacheDirectory
        return env
    }

    /// Runs `places`, or another built executable of the package (`executable`).
    static func run(
        _ arguments: [String], environment: [String: String]? = nil, currentDirectory: URL? = nil,
        executable: URL = PlacesBinary.executable
    ) throws -> Result {
        let process = Process()
        process.executableURL = executable
        process.arguments = arguments
        process.environment = environment ?? baseEnvironment()
        process.currentDirectoryURL = currentDirectory ?? repositoryRoot
        return try collect(process)
    }

    /// Runs a shell command line with `$PLACES` set to the binary (for pipes and ttys).
    static func shell(_ script: String, environment: [String: String]? = nil) throws -> Result {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/bash")
        process.arguments = ["-c", script]
        var env = environment ?? baseEnvironment()
        env["PLACES"] = executable.path
        env["DATA"] = helsinkiData
        process.environment = env
        process.currentDirectoryURL = repositoryRoot
        return try collect(process)
    }

    private static func collect(_ process: Process) throws -> Result {
        let out = Pipe(), err = Pipe()
        process.standardOutput = out
        process.standardError = err
        process.standardInput = FileHandle.nullDevice
        try process.run()
        // Read both pipes concurrently so a full stderr cannot block the child.
        let group = DispatchGroup()
        nonisolated(unsafe) var errData = Data()
        group.enter()
        DispatchQueue.global().async {
            errData = err.fileHandleForReading.readDataToEndOfFile()
            group.leave()
        }
        let outData = out.fileHandleForReading.readDataToEndOfFile()
        group.wait()
        process.waitUntilExit()
        // A process ended by a signal reads as the shell shows it (128 + the signal: 132 for
        // SIGILL, a Swift trap), never as a small status that could pass for an exit code.
        let status = process.terminationReason == .uncaughtSignal ? 128 + process.terminationStatus : process.terminationStatus
        PlacesTranscript.record(
            executable: process.executableURL?.path ?? "", arguments: process.arguments ?? [],
            environment: process.environment ?? [:], status: status, stdout: outData, stderr: errData)
        return Result(
            status: status,
            stdout: String(decoding: outData, as: UTF8.self),
            stderr: String(decoding: errData, as: UTF8.self))
    }
}
