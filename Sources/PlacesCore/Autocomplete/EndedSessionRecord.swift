import PlacesModel

/// Where a client keeps the autocomplete sessions its details calls ended, so that a later
/// client (another process) refuses their tokens instead of sending them: Google bills every
/// request of a reused token on its own. A session object knows its own end; this is for a
/// session carried on by its token (`AutocompleteSession(token:)`).
///
/// A record that cannot be read or written never fails a call (its answer is good), but it
/// is never silent either: the guard it would have given is lost, and a warning says so.
package struct EndedSessionRecord: Sendable {
    /// Where the tokens are kept.
    package enum Place: Sendable {
        case file(EndedSessionFile)
        /// Nowhere (the CLI: no cache directory): every check and record is a warning.
        case nowhere
    }

    let place: Place
    /// False for a dry run: tokens are checked, and no end is recorded.
    let recordsEnds: Bool

    package init(_ place: Place, recordsEnds: Bool = true) {
        self.place = place
        self.recordsEnds = recordsEnds
    }

    /// Refuses `token` when its session has ended; nil when it has not, else why that cannot
    /// be told.
    func check(_ token: String, wording: Wording) throws -> Phrase.SessionRecordProblem? {
        guard case .file(let file) = place else { return .nowhere }
        let ended: Bool
        do {
            ended = try file.contains(token)
        } catch {
            return .unusable(path: file.path, reason: error.reason)
        }
        if ended { throw PlacesError.invalidRequest(.sessionToken, message: wording(.sessionTokenEnded(token: token))) }
        return nil
    }

    /// Before a request of a session carried on by `token`: refused when it has ended, a
    /// warning when that cannot be told.
    func checkOrWarn(_ token: String, diagnostics: Diagnostics) throws {
        guard let unknown = try check(token, wording: diagnostics.wording) else { return }
        diagnostics.warning(diagnostics.wording(.sessionEndUnknown(token: token, unknown)))
    }

    /// Before the details call that ends the session of `token`: refused when it has ended.
    /// Returns why that could not be told, for `recordEnd` to say once the call answered; a
    /// record that records nothing (a dry run) says it now.
    func checkBeforeEnd(_ token: String, diagnostics: Diagnostics) throws -> Phrase.SessionRecordProblem? {
        guard recordsEnds else {
            try checkOrWarn(token, diagnostics: diagnostics)
            return nil
        }
        return try check(token, wording: diagnostics.wording)
    }

    /// After the details call answered: records the end, or warns that it was not recorded
    /// (then the token cannot be refused later). `unchecked` is why `checkBeforeEnd` could
    /// not tell, said once the end is recorded.
    func recordEnd(_ token: String, unchecked: Phrase.SessionRecordProblem?, diagnostics: Diagnostics) {
        guard recordsEnds else { return }
        guard case .file(let file) = place else {
            return diagnostics.warning(diagnostics.wording(.sessionEndNotRecorded(token: token, .nowhere)))
        }
        do {
            try file.record(token)
        } catch {
            let problem = Phrase.SessionRecordProblem.unusable(path: file.path, reason: error.reason)
            return diagnostics.warning(diagnostics.wording(.sessionEndNotRecorded(token: token, problem)))
        }
        if let unchecked { diagnostics.warning(diagnostics.wording(.sessionEndUnknown(token: token, unchecked))) }
    }
}
