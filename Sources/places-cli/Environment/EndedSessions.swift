import PlacesCore
import PlacesOSMExtract
import PlacesSupport

/// Where the client keeps the autocomplete sessions `details --session` has ended, so that a
/// later command with the same token is refused (64) instead of sent: Google bills every
/// request of a reused token on its own. `$XDG_CACHE_HOME/places/ended-sessions` (else
/// `~/.cache/places/`); the client checks and records (`EndedSessionRecord`), and its warnings
/// are worded in `CommandLineWording`.
enum EndedSessions {
    /// The record in this environment: nowhere when neither `XDG_CACHE_HOME` nor `HOME` is
    /// set. A dry run checks tokens and records no end.
    static func record(_ context: RunContext, dryRun: Bool) -> EndedSessionRecord {
        let file = VenueIndexCache(environment: context.environment).map {
            EndedSessionFile(path: PathText.join($0.directory, "ended-sessions"))
        }
        return EndedSessionRecord(file.map { .file($0) } ?? .nowhere, recordsEnds: !dryRun)
    }
}
