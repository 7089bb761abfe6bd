import Foundation
import PlacesGeodesy

/// A rectangle of the Web Mercator plane drawn into a rectangle of pixels, north up: where
/// each coordinate falls on the map, and the ground distance a pixel covers. Fitted to
/// points, it takes the shortest run of longitudes that holds them all, so a view across
/// the antimeridian is one piece (longitudes east of it are carried past 180°).
public struct WebMercatorView: Sendable, Equatable {
    /// Pixels per world width (the whole 360° of longitude).
    public let scale: Double
    /// The world coordinates (0…1 from 180°W and from the north edge) of the pixel origin.
    let originX: Double
    let originY: Double
    /// Longitudes below this are carried to `+ 360`, so the view's longitudes rise without a jump.
    let wrapBelow: Double

    /// Web Mercator's edge: the latitude at which the square world ends.
    public static let latitudeLimit = 85.051_128_779_806_59
    /// The equator's length in metres (WGS84), the ground a world width covers there.
    static let equatorMeters = 40_075_016.685_578_49

    init(scale: Double, originX: Double, originY: Double, wrapBelow: Double) {
        self.scale = scale
        self.originX = originX
        self.originY = originY
        self.wrapBelow = wrapBelow
    }

    /// The view that holds `points` inside `frame` with `margin` pixels to spare on every
    /// side, its narrower side spanning at least `minimumMeters` on the ground.
    public init(fitting points: [Coordinate], frame: PixelRect, margin: Double, minimumMeters: Double = 400) {
        let wrap = Self.wrapBelow(points.map(\.longitude))
        var minX = Double.infinity, maxX = -Double.infinity, minY = Double.infinity, maxY = -Double.infinity
        for point in points {
            let x = Self.worldX(point.longitude, wrapBelow: wrap), y = Self.worldY(point.latitude)
            minX = min(minX, x)
            maxX = max(maxX, x)
            minY = min(minY, y)
            maxY = max(maxY, y)
        }
        if points.isEmpty { (minX, maxX, minY, maxY) = (0, 1, 0, 1) }
        let middleY = (minY + maxY) / 2, middleX = (minX + maxX) / 2
        let latitude = Self.latitude(worldY: middleY)
        // The world width whose ground at this latitude is `minimumMeters`.
        let smallest = minimumMeters / (Self.equatorMeters * max(cos(latitude * .pi / 180), 1e-6))
        let spanX = max(maxX - minX, smallest), spanY = max(maxY - minY, smallest)
        let usableWidth = max(frame.width - 2 * margin, 1), usableHeight = max(frame.height - 2 * margin, 1)
        // Never so far out that the world shows more than once across the frame.
        let scale = max(min(usableWidth / spanX, usableHeight / spanY), frame.width)
        self.init(
            scale: scale, originX: middleX - (frame.x + frame.width / 2) / scale, originY: middleY - (frame.y + frame.height / 2) / scale,
            wrapBelow: wrap)
    }

    /// Where `coordinate` falls, in pixels from the top left.
    public func pixel(_ coordinate: Coordinate) -> PixelPoint {
        PixelPoint(
            x: (Self.worldX(coordinate.longitude, wrapBelow: wrapBelow) - originX) * scale,
            y: (Self.worldY(coordinate.latitude) - originY) * scale)
    }

    /// The latitude and longitude (the latter maybe past 180°, unwrapped) under a pixel.
    public func coordinate(atX x: Double, y: Double) -> (latitude: Double, longitude: Double) {
        (Self.latitude(worldY: originY + y / scale), (originX + x / scale) * 360 - 180)
    }

    /// Metres on the ground a pixel covers at `latitude` (Mercator stretches them poleward).
    public func metersPerPixel(atLatitude latitude: Double) -> Double {
        Self.equatorMeters * cos(latitude * .pi / 180) / scale
    }

    static func worldX(_ longitude: Double, wrapBelow: Double) -> Double {
        ((longitude < wrapBelow ? longitude + 360 : longitude) + 180) / 360
    }

    static func worldY(_ latitude: Double) -> Double {
        let clamped = min(max(latitude, -latitudeLimit), latitudeLimit) * .pi / 180
        return (1 - log(tan(clamped) + 1 / cos(clamped)) / .pi) / 2
    }

    static func latitude(worldY y: Double) -> Double {
        atan(sinh(.pi * (1 - 2 * y))) * 180 / .pi
    }

    /// The middle of the widest gap between the points' longitudes (around the circle),
    /// the meridian farthest from all of them: longitudes below it are carried past 180°,
    /// so the shortest run that holds the points is one piece, and so is the land around
    /// it. Points that do not cross the antimeridian carry nothing near them.
    static func wrapBelow(_ longitudes: [Double]) -> Double {
        let sorted = longitudes.filter(\.isFinite).sorted()
        guard let first = sorted.first, let last = sorted.last else { return -180 }
        var widest = first + 360 - last, gapStart = last
        for (a, b) in zip(sorted, sorted.dropFirst()) where b - a > widest {
            widest = b - a
            gapStart = a
        }
        let middle = gapStart + widest / 2
        return middle >= 180 ? middle - 360 : middle
    }
}

/// A point in pixels from the map's top left, y down.
public struct PixelPoint: Sendable, Equatable {
    public var x: Double
    public var y: Double

    public init(x: Double, y: Double) {
        self.x = x
        self.y = y
    }
}

/// A rectangle in pixels.
public struct PixelRect: Sendable, Equatable {
    public var x: Double
    public var y: Double
    public var width: Double
    public var height: Double

    public init(x: Double, y: Double, width: Double, height: Double) {
        self.x = x
        self.y = y
        self.width = width
        self.height = height
    }

    public var maxX: Double { x + width }
    public var maxY: Double { y + height }

    public func contains(_ p: PixelPoint) -> Bool { p.x >= x && p.x <= maxX && p.y >= y && p.y <= maxY }

    /// Whether `other` lies wholly inside.
    public func contains(_ other: PixelRect) -> Bool {
        other.x >= x && other.maxX <= maxX && other.y >= y && other.maxY <= maxY
    }

    public func intersects(_ other: PixelRect) -> Bool {
        x < other.maxX && other.x < maxX && y < other.maxY && other.y < maxY
    }

    /// The rectangle grown by `d` on every side (shrunk for a negative `d`).
    public func insetBy(_ d: Double) -> PixelRect { PixelRect(x: x + d, y: y + d, width: width - 2 * d, height: height - 2 * d) }
}
