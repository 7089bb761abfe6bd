import Foundation
import PlacesCore

// The nearest cafes around Helsinki's railway station, nearest first, from Google Places:
//   GOOGLE_MAPS_API_KEY=... swift run NearestCafes [BASE_URL]
// BASE_URL replaces Google's (a proxy, or the test's loopback fake). This target has no
// `package` access to PlacesCore: it compiles only because the public API is enough.
let key = ProcessInfo.processInfo.environment["GOOGLE_MAPS_API_KEY"] ?? ""
let baseURL = CommandLine.arguments.dropFirst().first.flatMap { URL(string: $0) }

do {
    let client = PlacesClient(source: .google(apiKey: key), configuration: .init(baseURL: baseURL))
    let cafes = try await client.nearby(
        .init(
            center: try Coordinate(latitude: 60.1699, longitude: 24.9384),
            radiusMeters: 500, categories: [.cafe]))
    for cafe in cafes { print("\(Int(cafe.distanceMeters ?? 0)) m\t\(cafe.name)") }
} catch {
    FileHandle.standardError.write(Data("NearestCafes: \(error.localizedDescription)\n".utf8))
    exit(1)
}
