import Foundation
import Testing

/// Maps drawn by the binary, as a real browser draws them (Debian's headless Chromium,
/// which `.ci/run` installs): every marker is where its coordinates put it, the route is
/// drawn, and every label is legible (text on it, no marker over it). With the Helsinki
/// PBF's streets, and with no street data (a graticule).
@Suite("Map: as a browser draws it", .serialized)
struct MapBrowserTests {
    static let marker: PNGImage.RGB = (198, 40, 40)
    static let pbf = PBFFiles.helsinki

    /// The numbers of a `translate(x,y)`.
    static func translation(_ transform: String?) -> (Double, Double)? {
        guard let transform, transform.hasPrefix("translate("), transform.hasSuffix(")") else { return nil }
        let parts = transform.dropFirst(10).dropLast().split(separator: ",").compactMap { Double($0) }
        return parts.count == 2 ? (parts[0], parts[1]) : nil
    }

    func draw(_ arguments: [String]) throws -> (svg: String, image: PNGImage) {
        let dir = try TemporaryDirectory()
        var env = PlacesBinary.baseEnvironment(home: dir.file("home"))
        env["XDG_CACHE_HOME"] = dir.file("cache")
        let result = try PlacesBinary.run(arguments + ["--format", "svg"], environment: env)
        guard result.status == 0 else { throw MapTestFailure("\(arguments): \(result)") }
        let image = try HeadlessBrowser.render(svg: result.stdout, width: 800, height: 600)
        return (result.stdout, image)
    }

    func checkMarkersAndLabels(_ svg: String, _ image: PNGImage) throws {
        let places = try MapSVGEndToEndTests.elements(svg, idPrefix: "place-")
        #expect(!places.isEmpty)
        for place in places {
            let (x, y) = try #require(Self.translation(place["transform"]))
            // Within the circle (its number is white at the very centre), or the dot of a
            // marker moved aside.
            let drawn = image.isNear(Self.marker, x: Int(x.rounded()), y: Int(y.rounded()), radius: 5, tolerance: 40)
            #expect(drawn, "\(place["id"] ?? "?") not drawn at \(x),\(y)")
        }
        let labels = try MapSVGEndToEndTests.elements(svg, idPrefix: "label-")
        #expect(!labels.isEmpty)
        for label in labels {
            let x = try #require(label["x"].flatMap(Double.init)), y = try #require(label["y"].flatMap(Double.init))
            // The first letters' box: text on it, and none of a marker's red.
            let box = (x: Int(x), y: Int(y) - 9, w: 18, h: 10)
            let dark = image.count(where: { $0.r < 110 && $0.g < 110 && $0.b < 110 }, in: box)
            let red = image.count(where: { PNGImage.matches($0, Self.marker, tolerance: 30) }, in: box)
            #expect(dark >= 6 && red == 0, "\(label["id"] ?? "?") at \(x),\(y): \(dark) dark pixels, \(red) red")
        }
    }

    @Test func helsinkiWithStreetsAndARoute() throws {
        let (svg, image) = try draw([
            "nearby", "--type", "cafe", "--from", "60.1699,24.9384", "--to", "60.1841,24.9497", "--radius", "150", "--data", Self.pbf,
        ])
        try checkMarkersAndLabels(svg, image)
        // The route: the blue of its line along the straight line between the ends.
        // Its ends, A and B, where the route starts and ends.
        let ends = try MapSVGEndToEndTests.elements(svg, idPrefix: "route-")
        #expect(ends.map { $0["id"] } == ["route-start", "route-end"])
        for end in ends {
            let (x, y) = try #require(Self.translation(end["transform"]))
            let drawn = image.isNear((31, 95, 191), x: Int(x.rounded()), y: Int(y.rounded()), radius: 6, tolerance: 40)
            #expect(drawn, "\(end["id"] ?? "?") not drawn at \(x),\(y)")
        }
        let blue = image.count(where: { Int($0.b) > Int($0.r) + 60 && $0.b > 140 && $0.g < 150 })
        #expect(blue > 800, "the route's blue: \(blue) pixels")
        // Streets: the land colour and white street fill both show.
        let land = image.count(where: { PNGImage.matches($0, (242, 239, 233), tolerance: 3) })
        let white = image.count(where: { PNGImage.matches($0, (255, 255, 255), tolerance: 1) }, in: (x: 0, y: 40, w: 540, h: 500))
        #expect(land > 20_000 && white > 1_000, "land \(land), street white \(white)")
    }

    @Test func aMapWithoutStreetData() throws {
        let (svg, image) = try draw([
            "nearby", "--near", "Helsinki", "--type", "cafe", "--limit", "10", "--data", PlacesBinary.helsinkiData,
        ])
        #expect(svg.contains("id=\"graticule\""))
        try checkMarkersAndLabels(svg, image)
        // The graticule's grey lines.
        let grey = image.count(where: { PNGImage.matches($0, (217, 217, 217), tolerance: 6) })
        #expect(grey > 500, "graticule grey: \(grey) pixels")
    }
}
