import PlacesCore

/// Builds the `HTTPClient` for a command from its network flags: the network, a
/// recorder around it, a replay directory, or a dry run; paced by the process's shared gate
/// for `service` when it has one (`places batch`); the response cache in front of that when
/// `--cache` asks for it; the cost ceiling of `--max-tier`. Every request that reaches the
/// network is counted in `RequestLedger.shared` (`--verbose`).
enum HTTPClientFactory {
    static func make(_ network: NetworkOptions, service: PlacesError.Service, context: RunContext) -> HTTPClient {
        let keys = Redaction.keyVariables.compactMap { context.value($0) }
        var transport: HTTPTransport
        if network.dryRun {
            transport = DryRunTransport()
        } else if let replay = network.replayDirectory {
            transport = CassetteReplayTransport(directory: replay)
        } else if let record = network.recordDirectory {
            transport = CassetteRecordingTransport(inner: LedgerTransport(inner: URLSessionTransport()), directory: record, knownSecrets: keys)
        } else {
            transport = LedgerTransport(inner: URLSessionTransport())
        }
        // A replay or dry run sends nothing, so nothing is paced; a cache hit neither.
        if let limits = context.rateLimits, !network.dryRun, network.replayDirectory == nil {
            transport = RateLimitedTransport(inner: transport, gate: limits.gate(for: service))
        }
        if let ttl = network.policy.cacheTTL, let cache = responseCache(network, context: context) {
            transport = CachingTransport(inner: transport, cache: cache, ttl: ttl, dryRun: network.dryRun, knownSecrets: keys,
                                         diagnostics: context.diagnostics)
        }
        return HTTPClient(transport: transport, timeout: network.timeoutSeconds, policy: RetryPolicy(retries: network.retries),
                          diagnostics: context.diagnostics, ceiling: network.policy.maxTier)
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

    /// The API key in `variable`. Dry runs and replays need none (a placeholder is sent,
    /// which never takes part in matching); else nil, which the provider reports as
    /// `missingAPIKey` (77) once it knows the request is valid, so a bad flag is reported first.
    static func key(_ variable: String, for network: NetworkOptions, context: RunContext) -> String? {
        if let key = context.value(variable) { return key }
        if network.dryRun || network.replayDirectory != nil { return Redaction.placeholder }
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
