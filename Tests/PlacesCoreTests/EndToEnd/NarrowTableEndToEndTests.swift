import Foundation
import Testing

@testable import PlacesCore
@testable import PlacesSupport

/// Tables on a narrow terminal (a real pty, through script(1)): DIR, TYPE, ADDRESS and
/// CUISINE give way in that order and NAME is shortened; ids and distances stay whole.
@Suite("End to end: tables on narrow terminals")
struct NarrowTableEndToEndTests {
    static let arguments = "nearby --near Helsinki --limit 8 --data \"$DATA\""

    /// The table as `places` prints it on a pty `columns` wide, without colour, as lines.
    static func table(columns: Int) throws -> [String] {
        var env = PlacesBinary.baseEnvironment()
        env["NO_COLOR"] = "1"
        let r = try PlacesBinary.shell(
            "script -qec 'stty cols \(columns) 2>/dev/null; \"$PLACES\" \(arguments)' /dev/null", environment: env)
        #expect(r.status == 0, "\(r)")
        // A pty ends lines with CRLF, which Swift counts as one Character. stderr shares the
        // pty: its one note on a terminal ("8 of 1113 shown") is not part of the table.
        let lines = r.stdout.replacingOccurrences(of: "\r\n", with: "\n").split(separator: "\n").map(String.init)
        #expect(lines.filter { $0.hasPrefix("places: note:") }.allSatisfy { $0.contains(" shown (--limit N for more)") }, "\(lines)")
        return lines.filter { !$0.hasPrefix("places: note:") }
    }

    /// Each row's id (the last column) and distance (`27 m`, `1.2 km`) from the same table in
    /// a pipe, which is never clipped.
    static func wholeRows() throws -> [(id: String, distance: String)] {
        let r = try PlacesBinary.shell("\"$PLACES\" \(arguments)")
        #expect(r.status == 0, "\(r)")
        return r.stdout.split(separator: "\n").dropFirst().map { line in
            let id = line.split(separator: " ").last.map(String.init) ?? ""
            let distance = line.firstMatch(of: /\d+(\.\d)? k?m\b/).map { String($0.output.0) } ?? "?"
            return (id, distance)
        }
    }

    static func headers(_ line: String) -> [String] { line.split(separator: " ").map(String.init) }

    @Test(arguments: [60, 40])
    func idsAndDistancesStayWholeOnANarrowTerminal(columns: Int) throws {
        let whole = try Self.wholeRows()
        #expect(whole.count == 8)
        let lines = try Self.table(columns: columns)
        try #require(lines.count == whole.count + 1, "\(lines)")
        for line in lines { #expect(TerminalText.displayWidth(line) <= columns, "\(line.count): \(line)") }
        #expect(Self.headers(lines[0]) == ["NAME", "DISTANCE", "ID"], "\(lines[0])")
        for (line, row) in zip(lines.dropFirst(), whole) {
            #expect(line.hasSuffix("  " + row.id), "id cut: \(line) (whole: \(row.id))")
            #expect(line.contains(" \(row.distance)  "), "distance cut: \(line) (whole: \(row.distance))")
        }
        if columns == 40 {
            #expect(lines.dropFirst().contains { $0.contains("…") }, "NAME gives way at 40 columns: \(lines)")
        }
    }

    /// Wider, only the first columns of the order are gone, and a long NAME keeps at least
    /// its comfortable width.
    @Test func columnsGoInTheirFixedOrder() throws {
        let lines = try Self.table(columns: 80)
        #expect(lines.first.map(Self.headers) == ["NAME", "DISTANCE", "CUISINE", "ADDRESS", "ID"], "\(lines)")
        let wide = try Self.table(columns: 200)
        #expect(wide.first.map(Self.headers) == ["NAME", "DISTANCE", "DIR", "TYPE", "CUISINE", "ADDRESS", "ID"], "\(wide)")
        #expect(!wide.joined().contains("…"))
    }
}
