import Foundation
import PlacesCore
import PlacesHTTP
import PlacesSupport

/// Builds the `HTTPClient` for a command from its network flags: the network, a
/// recorder around it, a replay directory (recording its misses when `--record` names the
/// same directory), or a dry run; paced by the process's shared gate for `service` when it
/// has one (`places batch`), and, whatever the command, by its operator's gate when it has one
/// (Nominatim: `OperatorPacedTransport`, over the network alone); the response cache in front of that when `--cache` asks for it;
/// the cost ceiling of `--max-tier`. The directories are checked here, before anything is
/// sent. Every request that reaches the network is counted in `RequestLedger.shared` (`--verbose`).
enum HTTPClientFactory {
    /// `$PLACES_REPLAY_LOG`: where replays append the files they used (`places cassettes unused`).
    static let replayLogVariable = "PLACES_REPLAY_LOG"

    static func make(_ network: NetworkOptions, service: PlacesError.Service, context: RunContext) throws -> HTTPClient {
        let keys = ServiceVariables.keyVariables.compactMap { context.value($0) }
        var transport: HTTPTransport
        if network.dryRun {
            transport = DryRunTransport()
        } else if let replay = network.replayDirectory {
            try CassetteDirectory(replay).requireExisting()
            var missRecorder: CassetteRecordingTransport?
            if let record = network.recordDirectory { missRecorder = try recorder(into: record, service: service, context: context) }
            let keyMissing = ServiceVariables.key(service).map { context.value($0) == nil } == true ? service : nil
            transport = CassetteReplayTransport(
                directory: replay, refreshAdvice: missRecorder == nil ? refreshAdvice(replay) : nil, recordingMisses: missRecorder,
                keyMissing: keyMissing, diagnostics: context.diagnostics,
                usageLog: context.value(replayLogVariable).map(ReplayUsageLog.init(path:)))
        } else if let record = network.recordDirectory {
            transport = try recorder(into: record, service: service, context: context)
        } else {
            transport = LedgerTransport(inner: OperatorPacedTransport.network())
        }
        // A replay or dry run sends nothing, so nothing is paced; a cache hit neither.
        if let gate = context.rateLimits?.gate(for: service), !network.dryRun, network.replayDirectory == nil {
            transport = RateLimitedTransport(inner: transport, gate: gate)
        }
        if let ttl = network.policy.cacheTTL, let cache = responseCache(network, context: context) {
            transport = CachingTransport(
                inner: transport, cache: cache, ttl: ttl, dryRun: network.dryRun, knownSecrets: keys,
                diagnostics: context.diagnostics)
        }
        let pinned = try ReferenceClock.override(context)
        return HTTPClient(
            transport: transport, timeout: network.timeoutSeconds, policy: RetryPolicy(retries: network.retries),
            diagnostics: context.diagnostics, ceiling: network.policy.maxTier, now: { pinned ?? Date() })
    }

    /// The response cache `--cache` uses, or nil (with a note) when it cannot be used: under
    /// `--record` or `--replay` (a recording is of real exchanges, a replay sends nothing), or
    /// with no cache directory in the environment.
    private static func responseCache(_ network: NetworkOptions, context: RunContext) -> ResponseCache? {
        if network.recordDirectory != nil || network.replayDirectory != nil {
            context.diagnostics.note("the response cache is not used with --record or --replay")
            return nil
        }
        guard let directory = ResponseCacheLocation.directory(context.environment) else {
            context.diagnostics.note("the response cache is off: neither XDG_CACHE_HOME nor HOME is set")
            return nil
        }
        return ResponseCache.at(directory)
    }

    /// A recorder into `directory`, whose folder for `service` must be writable: checked now,
    /// before a request (which may be billed) is sent.
    private static func recorder(
        into directory: String, service: PlacesError.Service, context: RunContext
    ) throws -> CassetteRecordingTransport {
        try CassetteDirectory(directory).checkWritable(service: service)
        return CassetteRecordingTransport(
            inner: LedgerTransport(inner: OperatorPacedTransport.network()), directory: directory,
            knownSecrets: ServiceVariables.keyVariables.compactMap { context.value($0) },
            command: RecordedCommand.line(context.arguments), diagnostics: context.diagnostics)
    }

    /// How to refresh a replay directory: the missing-only mode, which sends only what is
    /// missing (and so needs a key only for that).
    static func refreshAdvice(_ directory: String) -> String {
        "to record what is missing, run the command again online (with the provider's API key, if it needs one) and --replay \(directory) --record \(directory): only requests with no recording are sent"
    }

    /// The API key in `variable`. Dry runs and replays need none (a placeholder is sent,
    /// which never takes part in matching); in the missing-only mode a miss without the key
    /// is `missingAPIKey` (see `CassetteReplayTransport`). Else nil, which the provider
    /// reports as `missingAPIKey` (77) once it knows the request is valid, so a bad flag is
    /// reported first.
    static func key(_ variable: String, for network: NetworkOptions, context: RunContext) -> String? {
        if let key = context.value(variable) { return key }
        if network.dryRun || network.replays { return Redaction.placeholder }
        return nil
    }
}

/// Where the response cache keeps its answers: `$XDG_CACHE_HOME/places/http/`, else
/// `~/.cache/places/http/` (beside the spatial indexes of `--data` files).
enum ResponseCacheLocation {
    static func directory(_ environment: [String: String]) -> String? {
        if let xdg = environment["XDG_CACHE_HOME"], xdg.hasPrefix("/") { return PathText.join(xdg, "places/http") }
        if let home = environment["HOME"], !home.isEmpty { return PathText.join(home, ".cache/places/http") }
        return nil
    }
}
