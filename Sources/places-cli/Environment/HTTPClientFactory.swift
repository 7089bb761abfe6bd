import Foundation
import PlacesCore

/// Builds the `HTTPClient` for a command from its network flags: the network, a
/// recorder around it, a replay directory (recording its misses when `--record` names the
/// same directory), or a dry run. The directories are checked here, before anything is sent.
enum HTTPClientFactory {
    /// `$PLACES_REPLAY_LOG`: where replays append the files they used (`places cassettes unused`).
    static let replayLogVariable = "PLACES_REPLAY_LOG"

    static func make(_ network: NetworkOptions, context: RunContext) throws -> HTTPClient {
        let transport: HTTPTransport
        if network.dryRun {
            transport = DryRunTransport()
        } else if let replay = network.replayDirectory {
            try CassetteDirectory(replay).requireExisting()
            var missRecorder: CassetteRecordingTransport?
            if let record = network.recordDirectory { missRecorder = try recorder(into: record, context: context) }
            transport = CassetteReplayTransport(
                directory: replay, refreshAdvice: missRecorder == nil ? refreshAdvice(replay) : nil, recordingMisses: missRecorder,
                usageLog: context.value(replayLogVariable).map(ReplayUsageLog.init(path:)))
        } else if let record = network.recordDirectory {
            transport = try recorder(into: record, context: context)
        } else {
            transport = URLSessionTransport()
        }
        let pinned = try ReferenceClock.override(context)
        return HTTPClient(transport: transport, timeout: network.timeoutSeconds, policy: RetryPolicy(retries: network.retries),
                          diagnostics: context.diagnostics, now: { pinned ?? Date() })
    }

    /// A recorder into `directory`, which must be writable: checked now, before a request
    /// (which may be billed) is sent.
    private static func recorder(into directory: String, context: RunContext) throws -> CassetteRecordingTransport {
        try CassetteDirectory(directory).checkWritable()
        return CassetteRecordingTransport(inner: URLSessionTransport(), directory: directory, knownSecrets: Redaction.keyVariables.compactMap { context.value($0) },
                                          command: RecordedCommand.line(context.arguments), diagnostics: context.diagnostics)
    }

    /// How to refresh a replay directory: the missing-only mode, which needs a key but
    /// sends only what is missing.
    static func refreshAdvice(_ directory: String) -> String {
        "to record what is missing, run the command again online (with the provider's API key, if it needs one) and --replay \(directory) --record \(directory): only requests with no recording are sent"
    }

    /// The API key in `variable`. Dry runs and replays need none (a placeholder is sent,
    /// which never takes part in matching); the missing-only mode does, as it may send.
    /// Else nil, which the provider reports as `missingAPIKey` (77) once it knows the request
    /// is valid, so a bad flag is reported first.
    static func key(_ variable: String, for network: NetworkOptions, context: RunContext) -> String? {
        if let key = context.value(variable) { return key }
        if network.dryRun || (network.replays && !network.recordsMissing) { return Redaction.placeholder }
        return nil
    }
}
