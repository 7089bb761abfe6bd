import Foundation

@testable import PlacesCore
@testable import PlacesOSMExtract
@testable import PlacesSupport

/// Favorites files a hand edit or a shared copy could hold (issue 22), bounded (at most six
/// entries, strings of at most 2,000 characters), seeded and replayable: entries whose
/// aliases, names, notes and addresses carry shell code (`$(…)`, backticks, `${…}`), quotes,
/// globs, newlines and control characters; ids well-formed and not; numbers out of range;
/// duplicates; keys unknown; the whole file cut short or of another shape. Each is read by a
/// command that reads favorites (the listing shell completions ask for among them).
enum FavoritesFileGenerator {
    /// Every one of these leaves a PWNED file in the case's directory if anything runs it.
    static let hostile = [
        "lunch$(touch${IFS}PWNED-dollar)", "`touch PWNED-backtick`", "${PWN}", "$(touch PWNED-plain)", "it's \"quoted\"",
        "*", "?", "[a-z]", "~root", "-e", "--help", "a\nb", "a\rb", "\u{1b}[31mred", "tab\there", "a,b", "\"", "\\", "@",
        "@lunch", "", " ", "x;touch PWNED-semicolon", "x|touch PWNED-pipe", "x&&touch PWNED-and", "$((1+1))", "!!", "é", "🍣",
    ]
    static let validAliases = ["lunch", "office", "home", "mum.s-flat", "A1", "x_y", String(repeating: "a", count: 40)]
    static let validIDs = [
        "osm:node/1369465615", "osm:way/8145437", "google:ChIJN1t_tDeuEmsRUsoyG83frY4",
        "foursquare:4b0588f9f964a520f9db22e3", "osm:node/1", "osm:relation/7",
    ]
    static let ids = [
        "osm:node/1369465615", "osm:way/8145437", "google:ChIJN1t_tDeuEmsRUsoyG83frY4", "foursquare:4b0588f9f964a520f9db22e3",
        "osm:node/1", "google:$(touch PWNED-id)", "osm:node/-1", "bing:1", "", "osm:node/1369465615",
    ]

    static func make(_ rng: inout SplitMix64) -> FuzzInvocation {
        // Mostly well-formed entries with distinct ids, so that many files read and their
        // hostile free text reaches the listing and the completion.
        let entries = (0..<rng.int(in: 0...6)).map { n in
            entry(&rng, validID: rng.percent(85) ? validIDs[n % validIDs.count] : nil, alias: validAliases[n % validAliases.count])
        }
        let text: String
        switch rng.weighted([(80, "file"), (6, "version"), (5, "cut"), (5, "shape"), (4, "deep")]) {
        case "file":
            var members = [#""favorites":[\#(entries.joined(separator: ","))]"#, #""version":1"#]
            if rng.percent(15) {
                members.append(#""\#(rng.pick(["extra", "$(touch PWNED-key)", "version2"]))":\#(rng.pick(["1", "[]", "{\"a\":null}"]))"#)
            }
            text = "{" + rng.shuffled(members).joined(separator: ",") + "}"
        case "version":
            text =
                #"{"favorites":[\#(entries.joined(separator: ","))],"version":\#(rng.pick(["2", "0", "\"1\"", "1.5", "null", "99999999999999999999"]))}"#
        case "cut":
            let whole = #"{"favorites":[\#(entries.joined(separator: ","))],"version":1}"#
            text = String(whole.prefix(rng.below(max(1, whole.count))))
        case "shape":
            text = rng.pick([
                "[]", "{}", "null", "\"favorites\"", #"{"favorites":{},"version":1}"#, #"{"favorites":[1,null,"x"],"version":1}"#, "",
            ])
        default:
            let depth = rng.int(in: 1...600)
            text = #"{"favorites":[],"version":1,"deep":\#(String(repeating: "[", count: depth) + String(repeating: "]", count: depth))}"#
        }
        let aliases = validAliases + hostile
        let command: [String] =
            switch rng.weighted([(40, "listing"), (15, "json"), (10, "near"), (10, "route"), (10, "remove"), (10, "add"), (5, "table")]) {
            case "listing": ["favorite", "list", "--format", "csv", "--fields", "id,alias"]
            case "json": ["favorite", "list", "--json"]
            case "near": ["nearby", "--near", "@" + rng.pick(aliases), "--data", FuzzValues.helsinki, "-n", "2"]
            case "route": ["route-estimate", "--from", "@" + rng.pick(aliases), "--to", "60.17,24.94"]
            case "remove": ["favorite", "remove", rng.pick(ids)]
            case "add": ["favorite", "add", "osm:node/1369465615", "--alias", rng.pick(aliases), "--data", FuzzValues.helsinki]
            default: ["favorite", "list", "--near", "Helsinki"]
            }
        return FuzzInvocation(
            pieces: [command], environment: [("PWN", "$(touch PWNED-variable)")], favorites: .absent,
            files: [("favorites.json", [text])])
    }

    /// One entry: mostly well-formed, its free text often hostile, its alias sometimes.
    static func entry(_ rng: inout SplitMix64, validID: String?, alias validAlias: String) -> String {
        func string(_ rng: inout SplitMix64) -> String {
            let value =
                rng.percent(50) ? rng.pick(hostile) : rng.pick(["Loiste", "Kahvila", "Friday lunch", String(repeating: "x", count: 2_000)])
            return JSONValue.string(value).compact
        }
        var members: [String] = [
            #""id":\#(JSONValue.string(validID ?? rng.pick(ids)).compact)"#,
            #""name":\#(string(&rng))"#,
            #""latitude":\#(rng.percent(97) ? "60.1702394" : rng.pick(["60.17", "91", "-1e400", "\"60\"", "null"]))"#,
            #""longitude":\#(rng.percent(97) ? "24.938897" : rng.pick(["24.94", "181", "1e308", "[]"]))"#,
            #""addedAt":\#(rng.percent(97) ? "\"2026-01-02T03:04:05Z\"" : rng.pick(["\"99999-99-99T99:99:99Z\"", "1", "null"]))"#,
        ]
        if rng.percent(70) {
            let alias = rng.percent(85) ? validAlias : rng.pick(hostile)
            members.append(#""alias":\#(rng.percent(2) ? "7" : JSONValue.string(alias).compact)"#)
        }
        if rng.percent(50) { members.append(#""note":\#(string(&rng))"#) }
        if rng.percent(40) { members.append(#""address":\#(string(&rng))"#) }
        if rng.percent(30) { members.append(#""categories":[\#(string(&rng))]"#) }
        if rng.percent(4) { members.append(#""provider":\#(rng.pick(["\"osm\"", "\"google\"", "\"bing\"", "1"]))"#) }
        if rng.percent(10) { members.append(#"\#(JSONValue.string(rng.pick(hostile)).compact):\#(string(&rng))"#) }
        return "{" + rng.shuffled(members).joined(separator: ",") + "}"
    }
}
