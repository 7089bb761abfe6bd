import PlacesCore

/// Builds the `HTTPClient` for a command from its network flags: the network, a
/// recorder around it, a replay directory, or a dry run; paced by the process's shared gate
/// for `service` when it has one (`places batch`).
enum HTTPClientFactory {
    static func make(_ network: NetworkOptions, service: PlacesError.Service, context: RunContext) -> HTTPClient {
        var transport: HTTPTransport
        if network.dryRun {
            transport = DryRunTransport()
        } else if let replay = network.replayDirectory {
            transport = CassetteReplayTransport(directory: replay)
        } else if let record = network.recordDirectory {
            let keys = ["GOOGLE_MAPS_API_KEY", "FOURSQUARE_API_KEY"].compactMap { context.value($0) }
            transport = CassetteRecordingTransport(inner: URLSessionTransport(), directory: record, knownSecrets: keys)
        } else {
            transport = URLSessionTransport()
        }
        // A replay or dry run sends nothing, so nothing is paced.
        if let limits = context.rateLimits, !network.dryRun, network.replayDirectory == nil {
            transport = RateLimitedTransport(inner: transport, gate: limits.gate(for: service))
        }
        return HTTPClient(transport: transport, timeout: network.timeoutSeconds, policy: RetryPolicy(retries: network.retries),
                          diagnostics: context.diagnostics)
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
