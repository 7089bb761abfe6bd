import Foundation
import Testing

@testable import PlacesCore

/// Issue 33, item 4: the addresses kept beside an index (`<index>.addresses`) are a cache,
/// never data, as the index, its venue records and its words are. One byte flipped in them
/// answered "Simonkatu 1" for the point at "Mannerheimintie 20 B", exit 0, and 100 KB
/// overwritten answered "(none known)" on every run after; now damage is a note and the file
/// is written again, and the answer is the right one, through the binary.
@Suite("End to end: a damaged addresses file")
struct AddressFileDamageEndToEndTests {
    static let point = "60.1699,24.9384"

    struct Sandbox {
        let dir: TemporaryDirectory
        let environment: [String: String]
        let addressesPath: String
        let pristine: Data
        /// What `reverse` says with the file as written.
        let answer: String

        init() throws {
            dir = try TemporaryDirectory()
            var env = PlacesBinary.baseEnvironment(home: dir.file("home"))
            env["XDG_CACHE_HOME"] = dir.file("cache")
            environment = env
            let first = try PlacesBinary.run(AddressFileDamageEndToEndTests.reverse, environment: env)
            #expect(first.status == 0 && first.stdout.contains("Mannerheimintie 20 B"), "\(first)")
            answer = first.stdout
            let name = try #require(dir.contents(of: "cache/places").first { $0.hasSuffix(".idx.addresses") })
            addressesPath = dir.file("cache/places/\(name)")
            pristine = try Data(contentsOf: URL(fileURLWithPath: addressesPath))
        }

        func write(_ bytes: Data) throws {
            try bytes.write(to: URL(fileURLWithPath: addressesPath))
        }
    }

    static let reverse = ["reverse", point, "--data", PlacesBinary.helsinkiData, "--limit", "0"]

    /// One seeded damage: bits flipped, a run of up to 100 KB overwritten with zeros or
    /// noise, the file cut short or made longer.
    static func damage(_ good: Data, _ random: inout SplitMix64) -> (Data, String) {
        var bytes = [UInt8](good)
        switch random.below(6) {
        case 0, 1, 2:
            let count = 1 + random.below(4)
            for _ in 0..<count { bytes[random.below(bytes.count)] ^= UInt8(1 << random.below(8)) }
            return (Data(bytes), "\(count) bits flipped")
        case 3:
            let start = random.below(bytes.count), length = min(1 + random.below(100_000), bytes.count - start)
            let zeros = random.percent(50)
            for i in start..<(start + length) { bytes[i] = zeros ? 0 : UInt8(truncatingIfNeeded: random.next()) }
            return (Data(bytes), "\(length) bytes at \(start) overwritten with \(zeros ? "zeros" : "noise")")
        case 4:
            let keep = random.below(bytes.count)
            return (Data(bytes.prefix(keep)), "cut to \(keep) bytes")
        default:
            return (Data(bytes + (0..<(1 + random.below(64))).map { _ in UInt8(truncatingIfNeeded: random.next()) }), "made longer")
        }
    }

    @Test func seededDamageNeverGivesAWrongAnswer() throws {
        let sandbox = try Sandbox()
        var random = SplitMix64(seed: 0x33_04)
        var noticed = 0
        for round in 0..<150 {
            let (bytes, what) = Self.damage(sandbox.pristine, &random)
            try sandbox.write(bytes)
            let r = try PlacesBinary.run(Self.reverse, environment: sandbox.environment)
            #expect(r.status == 0 && r.stdout == sandbox.answer, "round \(round), \(what): \(r)")
            #expect(r.errorLines.isEmpty, "round \(round), \(what): \(r)")
            if r.stderr.contains("are damaged") { noticed += 1 }
        }
        #expect(noticed > 50, "damage is noticed and said: \(noticed) of 150")
    }

    @Test func anOverwrittenFileIsWrittenAgainNotTrustedForever() throws {
        let sandbox = try Sandbox()
        var bytes = [UInt8](sandbox.pristine)
        let start = bytes.count / 4
        for i in start..<min(bytes.count, start + 100_000) { bytes[i] = 0 }
        try sandbox.write(Data(bytes))
        let first = try PlacesBinary.run(Self.reverse, environment: sandbox.environment)
        #expect(first.status == 0 && first.stdout == sandbox.answer, "\(first)")
        #expect(
            first.stderrLines.contains {
                $0.hasPrefix("places: note: the cached addresses \(sandbox.addressesPath) of ") && $0.hasSuffix("; rebuilding them")
            },
            "\(first)")
        // Written again: the next run reads it, with nothing to say.
        let second = try PlacesBinary.run(Self.reverse, environment: sandbox.environment)
        #expect(second.status == 0 && second.stdout == sandbox.answer && second.stderr.isEmpty, "\(second)")
        #expect(try Data(contentsOf: URL(fileURLWithPath: sandbox.addressesPath)) == sandbox.pristine)
    }

    /// A typed address is matched against every address of the file: a damaged one is
    /// written again before any is matched.
    @Test func aTypedAddressIsFoundThroughADamagedFile() throws {
        let sandbox = try Sandbox()
        let lookUp = [
            "nearby", "--near", "Mannerheimintie 20 B, Helsinki", "--data", PlacesBinary.helsinkiData, "--limit", "1", "--json", "--fields",
            "id",
        ]
        let good = try PlacesBinary.run(lookUp, environment: sandbox.environment)
        #expect(good.status == 0, "\(good)")
        var bytes = [UInt8](sandbox.pristine)
        for i in stride(from: bytes.count / 2, to: bytes.count, by: 97) { bytes[i] ^= 0x5A }
        try sandbox.write(Data(bytes))
        let r = try PlacesBinary.run(lookUp, environment: sandbox.environment)
        #expect(r.status == 0 && r.stdout == good.stdout, "\(r)")
        #expect(r.stderr.contains("are damaged"), "\(r)")
    }
}
