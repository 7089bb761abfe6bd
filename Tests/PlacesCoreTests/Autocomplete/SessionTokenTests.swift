import Foundation
import Testing

@testable import PlacesCore
@testable import PlacesModel

@Suite("Autocomplete session tokens")
struct SessionTokenTests {
    @Test func aFreshTokenIsAVersion4UUIDThatGoogleTakes() {
        var seen = Set<String>()
        for _ in 0..<200 {
            let token = SessionToken.makeUUIDv4()
            #expect(seen.insert(token).inserted)
            let groups = token.split(separator: "-", omittingEmptySubsequences: false).map(\.count)
            #expect(groups == [8, 4, 4, 4, 12])
            #expect(token.allSatisfy { $0.isHexDigit && !$0.isUppercase || $0 == "-" })
            let chars = Array(token)
            #expect(chars[14] == "4", "version nibble")
            #expect("89ab".contains(chars[19]), "variant bits 10")
            #expect(SessionToken.problem(with: token) == nil)
            // Foundation parses it as a UUID too.
            #expect(UUID(uuidString: token) != nil)
        }
    }

    @Test func onlyURLSafeBase64OfAtMost36CharactersIsAToken() {
        for good in ["a", "3519edfe-0f75-4a30-bfe4-7cbd89340b2c", String(repeating: "Z", count: 36), "abc_DEF-123"] {
            #expect(SessionToken.problem(with: good) == nil, "\(good)")
        }
        let bad: [(String, String)] = [
            ("", "empty"), (String(repeating: "a", count: 37), "37 characters"), ("abc=", "'='"), ("a+b", "'+'"), ("a/b", "'/'"),
            ("a b", "U+20"), ("tab\there", "U+9"), ("käy", "'ä'"), ("line\n", "U+A"),
        ]
        for (token, said) in bad {
            let problem = SessionToken.problem(with: token)
            #expect(problem?.contains(said) == true, "\(token): \(problem ?? "nil")")
        }
    }

    @Test func aSessionRefusesABadTokenAndEndsOnce() throws {
        #expect(throws: PlacesError.self) { try AutocompleteSession(token: "not a token") }
        do {
            _ = try AutocompleteSession(token: "x=")
        } catch let error as PlacesError {
            guard case .invalidRequest(.sessionToken, let message) = error else { Issue.record("\(error)"); return }
            #expect(message.contains("URL-safe base64"))
        }
        let session = try AutocompleteSession(token: "3519edfe-0f75-4a30-bfe4-7cbd89340b2c")
        #expect(session.token == "3519edfe-0f75-4a30-bfe4-7cbd89340b2c" && !session.hasEnded)
        #expect(try session.beginRequest(wording: .library) == 1)
        #expect(try session.beginRequest(wording: .library) == 2)
        session.end()
        #expect(session.hasEnded && session.requestCount == 2)
        #expect(throws: PlacesError.self) { try session.beginRequest(wording: .library) }
        #expect(throws: PlacesError.self) { try session.checkOpen(wording: .library) }
        #expect(AutocompleteSession().token != AutocompleteSession().token)
    }

    @Test func wordsAreFoldedRunsOfLettersAndDigits() {
        let words = AutocompleteWords.words(of: "  Kahvila Kultainen-Karhu, Café №5 ").map { String(decoding: $0, as: UTF8.self) }
        #expect(
            words == ["kahvila", "kultainen", "karhu", "cafe", "no5"] || words == ["kahvila", "kultainen", "karhu", "cafe", "no", "5"])
        #expect(AutocompleteWords.matches(input: AutocompleteWords.words(of: "sush"), name: AutocompleteWords.words(of: "Hanko Sushi")))
        #expect(AutocompleteWords.matches(input: AutocompleteWords.words(of: "han SU"), name: AutocompleteWords.words(of: "Hanko Sushi")))
        #expect(!AutocompleteWords.matches(input: AutocompleteWords.words(of: "ushi"), name: AutocompleteWords.words(of: "Hanko Sushi")))
        #expect(AutocompleteWords.matchRanges(input: AutocompleteWords.words(of: "sush"), in: "Hanko Sushi") == [6..<10])
        #expect(AutocompleteWords.matchRanges(input: AutocompleteWords.words(of: "töö"), in: "Töölö Café") == [0..<3])
    }
}
