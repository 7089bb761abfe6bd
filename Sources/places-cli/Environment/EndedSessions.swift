import PlacesCore
import PlacesOSMExtract
import PlacesSupport

/// The autocomplete sessions `details --session` has ended, so that a later command with the
/// same token is refused (64) instead of sent: Google bills every request of a reused token on
/// its own. Kept in `$XDG_CACHE_HOME/places/ended-sessions` (else `~/.cache/places/`) by
/// `EndedSessionFile`: concurrent `details` all land, and the newest 500 are kept.
///
/// A file that cannot be read or written never fails a command (its answer is good), but it is
/// never silent either: the guard it would have given is lost, and a warning says so.
enum EndedSessions {
    /// Why the file could not be used, and what would fix it.
    struct Unusable {
        let reason: String
        let fix: String
    }

    /// Refuses a token whose session has ended, before anything is sent. Returns why it could
    /// not tell (the file cannot be read, or there is no place for it); nil when it could.
    static func check(_ token: String, context: RunContext) throws -> Unusable? {
        guard let file = file(context.environment) else { return noPlace }
        let ended: Bool
        do {
            ended = try file.contains(token)
        } catch {
            return Unusable(reason: error.reason, fix: fix(file))
        }
        if ended {
            throw UsageError(
                "--session \(token) has ended: places details --session ended it, and Google bills every request of a reused token on its own; start another with --session new"
            )
        }
        return nil
    }

    /// Before `autocomplete --session TOKEN` (and a dry run of `details`, which ends nothing):
    /// refused when it has ended; a warning when that cannot be told.
    static func checkOrWarn(_ token: String, context: RunContext) throws {
        guard let unknown = try check(token, context: context) else { return }
        warnUnchecked(token, unknown, context: context)
    }

    /// After `details --session TOKEN` answered: records the end, or warns that it was not
    /// recorded, so that a later command with the token will not be refused. `unchecked` is
    /// why `check` could not tell before, if it could not.
    static func recordEnd(_ token: String, unchecked: Unusable?, context: RunContext) {
        guard let file = file(context.environment) else { return warnNotRecorded(token, noPlace, context: context) }
        do {
            try file.record(token)
        } catch {
            return warnNotRecorded(token, Unusable(reason: error.reason, fix: fix(file)), context: context)
        }
        if let unchecked { warnUnchecked(token, unchecked, context: context) }
    }

    private static func warnUnchecked(_ token: String, _ unknown: Unusable, context: RunContext) {
        context.diagnostics.warning(
            "cannot tell whether session \(token) has already ended (\(unknown.reason)): if places details --session ended it, Google bills this request on its own; \(unknown.fix)"
        )
    }

    private static func warnNotRecorded(_ token: String, _ failure: Unusable, context: RunContext) {
        context.diagnostics.warning(
            "the end of session \(token) was not recorded (\(failure.reason)): places cannot refuse the token later, and Google bills every request of a reused one on its own; \(failure.fix)"
        )
    }

    /// The file in this environment; nil when neither `XDG_CACHE_HOME` nor `HOME` is set.
    private static func file(_ environment: [String: String]) -> EndedSessionFile? {
        VenueIndexCache(environment: environment).map { EndedSessionFile(path: PathText.join($0.directory, "ended-sessions")) }
    }

    private static let noPlace = Unusable(
        reason: "neither XDG_CACHE_HOME nor HOME is set",
        fix: "set one of them, and start each session with --session new")

    private static func fix(_ file: EndedSessionFile) -> String {
        "places needs a regular file it can read and write at \(file.path); meanwhile, start each session with --session new"
    }
}
