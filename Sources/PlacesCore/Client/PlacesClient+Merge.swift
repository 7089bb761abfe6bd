import Foundation
import PlacesModel
import PlacesProviderKit

/// A search of several providers at once (issue 16): each is asked the same neutral request
/// (in its own mapping, paging and field mask), concurrently; the venues that are one place
/// are merged (`VenueMerger`), and the pipeline runs on the merged venues as it does on one
/// provider's.
extension PlacesClient {
    /// What one provider of a merged search answered, or why it did not.
    package struct ProviderAnswer: Sendable {
        package let provider: ProviderName
        package let result: Result<[Venue], any Error>

        package init(provider: ProviderName, result: Result<[Venue], any Error>) {
            self.provider = provider
            self.result = result
        }
    }

    /// Every provider's answer to `request`, asked concurrently, in the client's order. What a
    /// provider says while it works is held back and then said in that order, so the same
    /// answers always read the same. A merged answer tells no total, so none is counted.
    package func fetchEach(_ request: SearchRequest, onlyIDs: Set<PlaceID>?) async -> [ProviderAnswer] {
        var request = request
        request.onlyIDs = onlyIDs
        request.wantsTotalCount = false
        let logs = providers.map { _ in HeldMessages() }
        let answered = await withTaskGroup(of: (Int, Result<[Venue], any Error>).self) { group in
            for (index, provider) in providers.enumerated() {
                let held = logs[index].diagnostics(wording: diagnostics.wording)
                group.addTask { [request] in
                    // The result is bound before the tuple is made: Swift 6.3.1's optimiser drops
                    // `index` from `return (index, try ...)` inside a do/catch in a task's closure
                    // (docs/toolchain-issues.md).
                    let result = await Self.answer(of: provider, to: request, diagnostics: held)
                    return (index, result)
                }
            }
            var answered: [Int: Result<[Venue], any Error>] = [:]
            for await (index, result) in group { answered[index] = result }
            return answered
        }
        for log in logs { log.replay(to: diagnostics) }
        return providers.enumerated().map { index, provider in
            ProviderAnswer(provider: provider.name, result: answered[index] ?? .failure(MissingAnswer(provider: provider.name)))
        }
    }

    /// One provider's venues, or why it has none; never throws, so a task's value is a plain value.
    private static func answer(
        of provider: any PlaceProvider, to request: SearchRequest, diagnostics: Diagnostics
    ) async
        -> Result<[Venue], any Error>
    {
        do {
            return .success(try await provider.search(request, diagnostics: diagnostics))
        } catch {
            return .failure(error)
        }
    }

    /// Each provider asked with `request.forEachMergedProvider`, their venues merged: one
    /// venue per place, `sameAs` holding the other providers' ids (`MergedVenue`).
    func fetchMerged(_ request: SearchRequest, onlyIDs: Set<PlaceID>?) async throws -> [Venue] {
        let answers = try usable(await fetchEach(request.forEachMergedProvider, onlyIDs: onlyIDs))
        return VenueMerger.merge(answers).map { merged in
            var venue = merged.venue
            venue.sameAs = merged.sameAs
            return venue
        }
    }

    /// The answers of the providers that answered, in order. A provider that failed is one
    /// warning naming it and why, while another answered; when none did, the first failure
    /// (in the client's order) is thrown and the others are warnings. A request the user has
    /// to fix (`invalidRequest`), or a failure that is not a `PlacesError` (a dry run's
    /// captured request), is thrown whichever provider met it: no other answer makes it right.
    package func usable(_ answers: [ProviderAnswer]) throws -> [[Venue]] {
        var failures: [(ProviderName, PlacesError)] = []
        var venues: [[Venue]] = []
        for answer in answers {
            switch answer.result {
            case .success(let found):
                venues.append(found)
            case .failure(let error):
                guard let failure = error as? PlacesError, !failure.isRequestToFix else { throw error }
                failures.append((answer.provider, failure))
            }
        }
        if venues.isEmpty, let first = failures.first {
            for (provider, error) in failures.dropFirst() { diagnostics.warning(diagnostics.wording(.providerLeftOut(provider, error))) }
            throw first.1
        }
        for (provider, error) in failures { diagnostics.warning(diagnostics.wording(.providerLeftOut(provider, error))) }
        return venues
    }
}

/// A provider of a merged search whose task ended without an answer: a fault of this
/// program, not of the provider, so it is never a warning to skip past (exit 70 on the CLI).
struct MissingAnswer: Error, CustomStringConvertible {
    let provider: ProviderName
    var description: String { "the search of \(provider.rawValue) ended without an answer" }
}

extension PlacesError {
    /// A request that no provider can answer as given: the user changes it, not the provider.
    var isRequestToFix: Bool {
        if case .invalidRequest = self { return true }
        return false
    }
}

/// Notes and warnings of one provider of a merged search, kept until every provider is done.
private final class HeldMessages: @unchecked Sendable {
    private let lock = NSLock()
    private var messages: [(Diagnostics.Level, String)] = []

    func diagnostics(wording: Wording) -> Diagnostics {
        Diagnostics(wording: wording) { [self] level, message in lock.withLock { messages.append((level, message)) } }
    }

    func replay(to diagnostics: Diagnostics) {
        for (level, message) in lock.withLock({ messages }) {
            switch level {
            case .note: diagnostics.note(message)
            case .warning: diagnostics.warning(message)
            }
        }
    }
}
