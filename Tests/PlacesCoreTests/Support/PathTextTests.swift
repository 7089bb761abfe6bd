import Testing

@testable import PlacesCore
@testable import PlacesSupport

/// `PathText` splits paths as POSIX `dirname` and `basename` do, on the paths Foundation's
/// `NSString` methods trap on (one character) or misread (`~`).
@Suite("PathText")
struct PathTextTests {
    @Test(arguments: [
        ("", ".", ""),
        ("x", ".", "x"),
        ("=", ".", "="),
        ("é", ".", "é"),
        (".", ".", "."),
        ("~", ".", "~"),
        ("/", "/", "/"),
        ("//", "/", "/"),
        ("/x", "/", "x"),
        ("a/", ".", "a"),
        ("a//b", "a", "b"),
        ("a//b//", "a", "b"),
        ("é/ü", "é", "ü"),
        ("a/f.json", "a", "f.json"),
        ("~/x.json", "~", "x.json"),
        ("/home/u/.local/share/places/favorites.json", "/home/u/.local/share/places", "favorites.json"),
        ("/\u{301}x/y", "/\u{301}x", "y"),
    ])
    func splitsAsPOSIXDoes(_ path: String, _ directory: String, _ name: String) {
        #expect(PathText.directory(of: path) == directory, "dirname \(path)")
        #expect(PathText.name(of: path) == name, "basename \(path)")
    }

    @Test func joinsWithOneSlash() {
        #expect(PathText.join("a", "b") == "a/b")
        #expect(PathText.join("a/", "b") == "a/b")
        #expect(PathText.join("/", "b") == "/b")
        #expect(PathText.join(".", "b") == "./b")
        #expect(PathText.join("", "b") == "b")
        #expect(PathText.join("~", "google") == "~/google")
    }

    /// Walking up a relative path ends at `.`, an absolute one at `/`: the favorites check
    /// for a writable directory climbs this way.
    @Test func climbingEndsAtDotOrRoot() {
        for (start, end) in [("a/b/c/f.json", "."), ("/a/b/f.json", "/"), ("x", "."), ("é/ü", ".")] {
            var path = start
            var steps = 0
            while PathText.directory(of: path) != path, steps < 10 {
                path = PathText.directory(of: path)
                steps += 1
            }
            #expect(path == end && steps < 10, "\(start) climbed to \(path)")
        }
    }
}
