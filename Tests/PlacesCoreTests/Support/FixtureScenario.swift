import Foundation
import Testing

/// One recorded command in Fixtures/golden: `<name>.json` says how to run it, and
/// `<name>.stdout` / `<name>.stderr` hold what it printed when recorded.
struct FixtureScenario: CustomTestStringConvertible, Sendable {
    let name: String
    /// As replayed: they include `--replay Fixtures`.
    let arguments: [String]
    let exitCode: Int32
    /// Environment for recording (e.g. a key the fake refuses); default: canary keys.
    let recordEnvironment: [String: String]
    /// `"fakes": "disagreeing-cafes"`: recorded against Google and Foursquare fakes whose
    /// cafes disagree with OpenStreetMap's (`FakeCafeDisagreement`), for merged searches.
    let disagreeingCafes: Bool

    var testDescription: String { name }

    static let directory = PlacesBinary.repositoryRoot.appendingPathComponent("Fixtures/golden")

    static func all() -> [FixtureScenario] {
        let files = (try? FileManager.default.contentsOfDirectory(atPath: directory.path)) ?? []
        return files.filter { $0.hasSuffix(".json") }.sorted().map { file in
            let data = try! Data(contentsOf: directory.appendingPathComponent(file))
            let object = try! JSONSerialization.jsonObject(with: data) as! [String: Any]
            return FixtureScenario(
                name: String(file.dropLast(5)), arguments: object["arguments"] as! [String],
                exitCode: Int32(object["exitCode"] as! Int),
                recordEnvironment: object["recordEnvironment"] as? [String: String] ?? [:],
                disagreeingCafes: object["fakes"] as? String == "disagreeing-cafes")
        }
    }

    var expectedStdout: String {
        (try? String(contentsOf: Self.directory.appendingPathComponent("\(name).stdout"), encoding: .utf8)) ?? "<missing>"
    }
    var expectedStderr: String {
        (try? String(contentsOf: Self.directory.appendingPathComponent("\(name).stderr"), encoding: .utf8)) ?? "<missing>"
    }

    /// The arguments with `--replay Fixtures` swapped for `--record DIR`.
    func recordingArguments(into directory: String) -> [String] {
        var args = arguments
        if let i = args.firstIndex(of: "--replay") { args[i] = "--record"; args[i + 1] = directory }
        return args
    }

    /// No keys, default service URLs (what a user sees), and every proxy pointing nowhere,
    /// so any attempt to reach the network would fail instead of going out.
    static var offlineEnvironment: [String: String] {
        var env = PlacesBinary.baseEnvironment()
        for name in ["http_proxy", "https_proxy", "HTTP_PROXY", "HTTPS_PROXY", "ALL_PROXY", "all_proxy"] {
            env[name] = "http://127.0.0.1:1"
        }
        return env
    }
}
