import Foundation
import PlacesCore

// An app's search box: predictions as the user types, all in one autocomplete session, which
// the details call for the place they pick ends (Google then bills the keystrokes as one
// session, not one by one):
//   GOOGLE_MAPS_API_KEY=... swift run SearchBox [TEXT] [BASE_URL]
// Each prefix of TEXT (default "sushi") stands for a keystroke. BASE_URL replaces Google's (a
// proxy, or the test's loopback fake). Like NearestCafes, this target has no `package` access.
let key = ProcessInfo.processInfo.environment["GOOGLE_MAPS_API_KEY"] ?? ""
let arguments = Array(CommandLine.arguments.dropFirst())
let typed = arguments.first ?? "sushi"
let baseURL = arguments.dropFirst().first.flatMap { URL(string: $0) }

do {
    let client = PlacesClient(source: .google(apiKey: key), configuration: .init(baseURL: baseURL))
    let here = try Coordinate(latitude: 60.1699, longitude: 24.9384)
    let session = AutocompleteSession()  // when the box opens
    var predictions: [AutocompletePrediction] = []
    for length in 1...max(1, typed.count) {
        // A real box waits for a pause in typing (a debounce) before asking.
        let input = String(typed.prefix(length))
        predictions = try await client.autocomplete(.init(input: input, center: here), session: session)
        print("\(input)\t\(predictions.map(\.mainText).joined(separator: " | "))")
    }
    guard let picked = predictions.first(where: { $0.kind == .place }), let id = picked.id else {
        print("no place to pick")
        exit(0)
    }
    let venue = try await client.details(id, session: session)  // ends the session
    print("picked\t\(venue.name)\t\(venue.address ?? "")\t\(session.requestCount) requests, session ended: \(session.hasEnded)")
} catch {
    FileHandle.standardError.write(Data("SearchBox: \(error.localizedDescription)\n".utf8))
    exit(1)
}
