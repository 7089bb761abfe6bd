import Foundation
import Testing

@testable import PlacesCore
@testable import PlacesGeodesy

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// `--router osrm` against a real `osrm-routed` (the executables of the PyPI wheel
/// `osrm-bindings`, which `.ci/run` downloads), built from a synthetic street grid written
/// here, so the expected figures follow from the grid's geometry. Runs when
/// `PLACES_TEST_OSRM_BIN` names the wheel's `osrm/bin`; `.ci/run` also sets
/// `PLACES_REQUIRE_REAL_OSRM=1`, which makes a missing or broken OSRM a failure, not a skip.
@Suite("End to end: a real OSRM server", .enabled(if: RealOSRM.wanted), .serialized)
struct RealOSRMEndToEndTests {
    @Test func walkingRouteOnTheGridNoRouteBetweenIslandsAndASnappedStart() async throws {
        let osrm = try RealOSRM.locate()
        let work = FileManager.default.temporaryDirectory.appendingPathComponent("places-osrm-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: work, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: work) }
        try StreetGrid.osmXML().write(to: work.appendingPathComponent("grid.osm"), atomically: true, encoding: .utf8)

        let foot = try osrm.serve(profile: "foot", in: work)
        defer { foot.stop() }
        let car = try osrm.serve(profile: "car", in: work)
        defer { car.stop() }
        try await foot.waitUntilReady()
        try await car.waitUntilReady()

        // Corner to opposite corner of the 3 × 3-block grid: 6 blocks along the streets.
        var env = PlacesBinary.baseEnvironment()
        env["PLACES_OSRM_URL"] = foot.url
        let a = StreetGrid.node(0, 0), b = StreetGrid.node(3, 3)
        let walk = try await PlacesBinary.runDetached(
            [
                "route-estimate", "--from", "\(a.latitude),\(a.longitude)", "--to", "\(b.latitude),\(b.longitude)",
                "--router", "osrm", "--mode", "walk", "--json",
            ], environment: env)
        #expect(walk.status == 0 && walk.stderr.isEmpty, "\(walk)")
        let route = try JSONHelpers.object(walk.stdout)
        let distance = try #require(route["distanceMeters"] as? Double), duration = try #require(route["durationSeconds"] as? Double)
        let alongStreets = StreetGrid.blockEastMeters * 3 + StreetGrid.blockNorthMeters * 3
        #expect(abs(distance - alongStreets) / alongStreets < 0.01, "OSRM \(distance) m, grid \(alongStreets) m")
        // OSRM's foot profile walks at 5 km/h.
        #expect(abs(duration - distance / (5 / 3.6)) / duration < 0.03, "\(duration) s for \(distance) m")
        #expect(route["router"] as? String == "osrm")
        #expect(abs(try #require(route["straightLineMeters"] as? Double) - GeodesicDistance.meters(from: a, to: b)) < 0.05)

        // The second grid is an island: no street joins it to the first.
        env["PLACES_OSRM_URL"] = car.url
        let island = StreetGrid.islandNode
        let none = try await PlacesBinary.runDetached(
            [
                "route-estimate", "--from", "\(a.latitude),\(a.longitude)", "--to", "\(island.latitude),\(island.longitude)",
                "--router", "osrm", "--mode", "drive",
            ], environment: env)
        #expect(none.status == 66, "\(none)")
        #expect(none.errorLines.count == 1 && none.errorLines[0].contains("NoRoute"), "\(none)")
        #expect(none.stdout.isEmpty)

        // A start 1 km south of any street is snapped onto the grid, and the note says so.
        let away = try Coordinate(latitude: a.latitude - 0.009, longitude: a.longitude)
        let snapped = try await PlacesBinary.runDetached(
            [
                "route-estimate", "--from", "\(away.latitude),\(away.longitude)", "--to", "\(b.latitude),\(b.longitude)",
                "--router", "osrm", "--mode", "drive",
            ], environment: env)
        #expect(snapped.status == 0, "\(snapped)")
        #expect(snapped.stderr.contains("places: note: OSRM moved the start 1.0 km"), "\(snapped)")
        #expect(snapped.stdout.hasPrefix("Route by OSRM (driving)."))
        RealOSRM.markRan()
    }
}

/// A synthetic street network (no OpenStreetMap data): a 4 × 4-node grid of residential
/// streets with blocks of 0.0009° × 0.0018° near 60° N, and a separate 2 × 2 island 5.5 km north.
enum StreetGrid {
    static let origin = (latitude: 60.0, longitude: 25.0)
    static let dLat = 0.0009, dLon = 0.0018

    static func node(_ row: Int, _ column: Int) -> Coordinate {
        try! Coordinate(latitude: origin.latitude + Double(row) * dLat, longitude: origin.longitude + Double(column) * dLon)
    }

    static let islandNode = try! Coordinate(latitude: 60.05, longitude: 25.0)

    /// One block along the bottom street and up the right-hand one, on the ellipsoid.
    static var blockEastMeters: Double { GeodesicDistance.meters(from: node(0, 0), to: node(0, 1)) }
    static var blockNorthMeters: Double { GeodesicDistance.meters(from: node(0, 3), to: node(1, 3)) }

    static func osmXML() -> String {
        var lines = [#"<?xml version="1.0" encoding="UTF-8"?>"#, #"<osm version="0.6" generator="places tests">"#]
        var nodeID = 1, wayID = 1
        func grid(_ base: (Double, Double), size: Int) {
            var ids: [[Int]] = []
            for row in 0..<size {
                var rowIDs: [Int] = []
                for column in 0..<size {
                    let lat = base.0 + Double(row) * dLat, lon = base.1 + Double(column) * dLon
                    lines.append(
                        #"  <node id="\#(nodeID)" version="1" lat="\#(String(format: "%.7f", lat))" lon="\#(String(format: "%.7f", lon))"/>"#
                    )
                    rowIDs.append(nodeID)
                    nodeID += 1
                }
                ids.append(rowIDs)
            }
            let streets = (0..<size).map { r in ids[r] } + (0..<size).map { c in ids.map { $0[c] } }
            for street in streets {
                let refs = street.map { #"<nd ref="\#($0)"/>"# }.joined()
                lines.append(#"  <way id="\#(wayID)" version="1">\#(refs)<tag k="highway" v="residential"/></way>"#)
                wayID += 1
            }
        }
        grid(origin, size: 4)
        grid((islandNode.latitude, islandNode.longitude), size: 2)
        lines.append("</osm>")
        return lines.joined(separator: "\n") + "\n"
    }
}

/// The OSRM executables named by the environment, and servers started from them.
struct RealOSRM {
    let bin: URL
    let profiles: URL

    static var environment: [String: String] { ProcessInfo.processInfo.environment }
    static var wanted: Bool { environment["PLACES_TEST_OSRM_BIN"] != nil || environment["PLACES_REQUIRE_REAL_OSRM"] == "1" }

    struct Missing: Error, CustomStringConvertible { let description: String }

    static func locate() throws -> RealOSRM {
        guard let path = environment["PLACES_TEST_OSRM_BIN"] else {
            throw Missing(
                description: "PLACES_REQUIRE_REAL_OSRM=1 but PLACES_TEST_OSRM_BIN is not set: .ci/run should have downloaded osrm-bindings")
        }
        let bin = URL(fileURLWithPath: path)
        let profiles =
            environment["PLACES_TEST_OSRM_PROFILES"].map { URL(fileURLWithPath: $0) }
            ?? bin.deletingLastPathComponent().appendingPathComponent("share/profiles")
        for tool in ["osrm-extract", "osrm-contract", "osrm-routed"]
        where !FileManager.default.isExecutableFile(atPath: bin.appendingPathComponent(tool).path) {
            throw Missing(description: "no executable \(tool) in \(bin.path)")
        }
        return RealOSRM(bin: bin, profiles: profiles)
    }

    /// Tells `.ci/run` the test really ran (it checks for the file after `swift test`).
    static func markRan() {
        guard let marker = environment["PLACES_REAL_OSRM_MARKER"] else { return }
        _ = FileManager.default.createFile(atPath: marker, contents: Data("ran\n".utf8))
    }

    final class Server: @unchecked Sendable {
        let process: Process
        let port: UInt16
        var url: String { "http://127.0.0.1:\(port)" }

        init(process: Process, port: UInt16) {
            self.process = process
            self.port = port
        }

        /// Waits until the server accepts connections (it listens only once its data is
        /// loaded), or fails after 120 s. The polling runs on a thread of its own: with the
        /// whole suite running, the shared task threads can be busy for longer than the wait.
        func waitUntilReady() async throws {
            let port = self.port, process = self.process
            let listening: Bool = await withCheckedContinuation { continuation in
                Thread.detachNewThread {
                    let deadline = Date().addingTimeInterval(120)
                    repeat {
                        if !process.isRunning { return continuation.resume(returning: false) }
                        if Self.acceptsConnections(port: port) { return continuation.resume(returning: true) }
                        usleep(50_000)
                    } while Date() < deadline
                    continuation.resume(returning: Self.acceptsConnections(port: port))
                }
            }
            if listening { return }
            guard process.isRunning else {
                throw Missing(description: "osrm-routed on port \(port) exited with \(process.terminationStatus)")
            }
            throw Missing(description: "osrm-routed on port \(port) did not accept a connection within 120 s")
        }

        /// Whether a TCP connection to 127.0.0.1:`port` succeeds.
        static func acceptsConnections(port: UInt16) -> Bool {
            #if canImport(Glibc)
            let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
            #else
            let fd = socket(AF_INET, SOCK_STREAM, 0)
            #endif
            guard fd >= 0 else { return false }
            defer { close(fd) }
            var address = sockaddr_in()
            address.sin_family = sa_family_t(AF_INET)
            address.sin_port = port.bigEndian
            address.sin_addr.s_addr = inet_addr("127.0.0.1")
            let connected = withUnsafePointer(to: &address) {
                $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
            }
            return connected == 0
        }

        func stop() {
            if process.isRunning { process.terminate() }
            process.waitUntilExit()
        }
    }

    /// Extracts and contracts `grid.osm` with a profile (in its own folder), then serves it.
    func serve(profile: String, in work: URL) throws -> Server {
        let dir = work.appendingPathComponent(profile)
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        try FileManager.default.copyItem(at: work.appendingPathComponent("grid.osm"), to: dir.appendingPathComponent("grid.osm"))
        try run("osrm-extract", ["-p", profiles.appendingPathComponent("\(profile).lua").path, "grid.osm"], in: dir)
        try run("osrm-contract", ["grid.osrm"], in: dir)
        let port = try Self.freePort()
        let process = Process()
        process.executableURL = bin.appendingPathComponent("osrm-routed")
        process.arguments = ["-i", "127.0.0.1", "-p", String(port), "-a", "CH", "grid.osrm"]
        process.currentDirectoryURL = dir
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
        return Server(process: process, port: port)
    }

    private func run(_ tool: String, _ arguments: [String], in dir: URL) throws {
        let process = Process()
        process.executableURL = bin.appendingPathComponent(tool)
        process.arguments = arguments
        process.currentDirectoryURL = dir
        let log = dir.appendingPathComponent("\(tool).log")
        _ = FileManager.default.createFile(atPath: log.path, contents: nil)
        let handle = try FileHandle(forWritingTo: log)
        defer { try? handle.close() }
        process.standardOutput = handle
        process.standardError = handle
        try process.run()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else {
            let text = (try? String(contentsOf: log, encoding: .utf8)) ?? ""
            throw Missing(description: "\(tool) failed (\(process.terminationStatus)):\n\(text.suffix(2000))")
        }
    }

    /// A port the kernel just handed out (bound to 0, then released).
    static func freePort() throws -> UInt16 {
        #if canImport(Glibc)
        let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        #else
        let fd = socket(AF_INET, SOCK_STREAM, 0)
        #endif
        guard fd >= 0 else { throw POSIXError(.EIO) }
        defer { close(fd) }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = 0
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        let bound = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        }
        guard bound == 0 else { throw POSIXError(.EADDRINUSE) }
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        _ = withUnsafeMutablePointer(to: &address) { $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(fd, $0, &length) } }
        return UInt16(bigEndian: address.sin_port)
    }
}
