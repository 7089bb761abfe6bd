import Foundation
import PlacesCore
import Testing

@testable import PlacesRouting

/// `RouteClient` as an app uses it: each source, declared in its router's folder, draws the
/// route over loopback (or offline), and no source shows its key.
@Suite("RouteClient")
struct RouteClientTests {
    typealias W = AlongRouteWorld
    static let from = W.c(60.1699, 24.9384)
    static let to = W.c(60.1900, 24.9700)

    @Test func osrmSourceAsksTheGivenServer() async throws {
        let line = W.windingLine(steps: 40, seed: 5)
        let server = try FakeHTTPServer { _ in .json(200, RouteGeometryTests.osrmAnswer(line: line)) }
        let base = try #require(URL(string: server.baseURL))
        let route = try await RouteClient(source: .osrm(baseURL: base)).route(from: Self.from, to: Self.to, mode: .walk, steps: true)
        #expect(server.requests.first?.path == "/route/v1/walking/24.9384,60.1699;24.97,60.19")
        #expect(route.coordinates == line && route.steps?.count == 4)
    }

    @Test func googleSourceSendsItsKeyInTheHeaderAndNeverShowsIt() async throws {
        let key = "AIza" + "SyRouteClientCanary" + UUID().uuidString.prefix(8)
        let line = W.windingLine(steps: 20, seed: 7)
        let server = try FakeHTTPServer { _ in .json(200, RouteGeometryTests.routesAnswer(line: line)) }
        let base = try #require(URL(string: server.baseURL))
        let source = RouteClient.Source.google(apiKey: key, baseURL: base)
        let route = try await RouteClient(source: source).route(from: Self.from, to: Self.to, mode: .drive)
        #expect(server.requests.first?.header("X-Goog-Api-Key") == key)
        #expect(server.requests.first?.target.contains(key) == false)
        #expect(route.coordinates == line)
        var dumped = ""
        dump(source, to: &dumped)
        for shown in [source.description, source.debugDescription, String(reflecting: source), "\(source)", dumped] {
            #expect(!shown.contains(key) && shown.contains("google(apiKey: "), "\(shown)")
        }
    }

    @Test func estimateSourceNeedsNoNetwork() async throws {
        let route = try await RouteClient(source: .estimate).route(from: Self.from, to: Self.to, mode: .bike)
        #expect(route.isStraightLine && route.coordinates == [Self.from, Self.to] && route.steps == nil)
        #expect(RouteClient.Source.estimate.description == "estimate")
        #expect(RouteClient.Source.osrm().description == "osrm(baseURL: nil)")
    }
}
