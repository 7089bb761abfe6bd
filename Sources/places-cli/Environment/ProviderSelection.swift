import Foundation
import PlacesCore
import PlacesHTTP
import PlacesProviderKit
import PlacesSupport

/// `--provider` or `$PLACES_PROVIDER` as written: providers in order, or `all`.
enum ProviderList: Sendable, Equatable {
    /// `google`, or `osm,google,foursquare`: these, in this order.
    case named([ProviderName])
    /// Every configured provider (`ProviderSelection.configured`).
    case all

    /// Parses `NAME[,NAME...]` or `all`; nil with the reason when it is neither (an unknown
    /// or repeated name, an empty item, `all` inside a list).
    static func parse(_ text: String) -> Result<ProviderList, ParseFailure> {
        let items = text.split(separator: ",", omittingEmptySubsequences: false).map { $0.trimmingCharacters(in: .whitespaces) }
        if items.count == 1, items[0].lowercased() == "all" { return .success(.all) }
        var names: [ProviderName] = []
        for item in items {
            guard let name = ProviderName(argument: item) else {
                return .failure(item.lowercased() == "all" ? .allInList : .unknown(item))
            }
            guard !names.contains(name) else { return .failure(.repeated(name)) }
            names.append(name)
        }
        return .success(.named(names))
    }

    enum ParseFailure: Error, Equatable {
        case unknown(String)
        case repeated(ProviderName)
        case allInList

        /// Why the value is not a provider list, for `--provider` or `$PLACES_PROVIDER`.
        var reason: String {
            switch self {
            case .unknown(let item): return item.isEmpty ? "an empty name" : "'\(item)' is not a provider"
            case .repeated(let name): return "\(name.rawValue) is named twice"
            case .allInList: return "'all' stands alone, not in a list"
            }
        }
    }

    /// What a valid value looks like, for messages.
    static let expected = "\(ProviderName.allNames), a comma-separated list of them (osm,google), or all"
}

/// Decides which providers answer, from `--provider`, `$PLACES_PROVIDER` and the keys present.
///
/// Order: the flag; `$PLACES_PROVIDER`; `--data` implies osm; `google` when
/// `GOOGLE_MAPS_API_KEY` is set; `foursquare` when `FOURSQUARE_API_KEY` is set; else `osm`.
/// The flag and the variable may name several providers, or `all`. Under `--replay` the keys
/// do not count (a replay needs none): the provider is the one the directory holds exchanges
/// of (see `replayed`).
enum ProviderSelection {
    /// The providers to ask, in the order their answers win in a merge: at least one, each once.
    static func choose(_ options: ProviderOptions, network: NetworkOptions = NetworkOptions(), context: RunContext) throws -> [ProviderName]
    {
        let chosen: [ProviderName]
        if let flag = options.providers {
            chosen = resolve(flag, network: network, context: context)
        } else if let env = context.value("PLACES_PROVIDER") {
            switch ProviderList.parse(env) {
            case .success(let list): chosen = resolve(list, network: network, context: context)
            case .failure(let failure):
                throw PlacesError.configuration(
                    message:
                        "PLACES_PROVIDER='\(env)' is not a provider (\(failure.reason)): set it to \(ProviderList.expected), or unset it")
            }
        } else if options.dataFile != nil {
            chosen = [.osm]
        } else if network.replays, let replayed = try replayed(from: network) {
            chosen = [replayed]
        } else {
            chosen = [configured(network: NetworkOptions(), context: context)[0]]
        }
        if options.dataFile != nil && !chosen.contains(.osm) {
            let named = chosen.map(\.rawValue).joined(separator: ",")
            throw UsageError("--data reads an OpenStreetMap extract and works only with --provider osm (the provider here is \(named))")
        }
        return chosen
    }

    /// The provider a replay directory holds exchanges of, when it holds one provider's. Nil
    /// in the missing-only mode when it holds none yet (the keys decide, as when recording);
    /// otherwise none or several is an error saying to pass `--provider`.
    static func replayed(from network: NetworkOptions) throws -> ProviderName? {
        guard let directory = network.replayDirectory else { return nil }
        let cassettes = CassetteDirectory(directory)
        try cassettes.requireExisting()
        // Each provider records under the folder of its own name (`google`, `foursquare`, `osm`).
        let held = ProviderName.allCases.filter { !cassettes.entries(service: $0.rawValue).isEmpty }
        if held.count == 1 { return held[0] }
        if held.isEmpty && network.recordsMissing { return nil }
        let what = held.isEmpty ? "no recorded exchange of any provider" : "exchanges of \(held.map(\.rawValue).joined(separator: ", "))"
        throw UsageError(
            "--replay \(directory) holds \(what), so it cannot tell which provider to replay: pass --provider NAME (\(ProviderName.allNames))"
        )
    }

    /// The offline extract for osm: `--data`, else `$PLACES_OSM_DATA`, else nil (ask Overpass).
    /// A variable naming no file is a configuration error (78) that names the variable: the
    /// user typed no `--data`, so a message about `--data` would send them looking in vain.
    static func dataFile(_ options: ProviderOptions, context: RunContext) throws -> String? {
        if let flag = options.dataFile { return flag }
        guard let path = context.value("PLACES_OSM_DATA") else { return nil }
        guard path != "-" else { return path }
        let shown = TerminalText.sanitizedLine(path)
        let advice =
            "set it to the path of an Overpass JSON export or an .osm.pbf extract, or unset it to ask Overpass (or give --data FILE)"
        var isDirectory: ObjCBool = false
        if !FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) {
            throw PlacesError.configuration(message: "PLACES_OSM_DATA names no file: \(shown); \(advice)")
        }
        if isDirectory.boolValue {
            throw PlacesError.configuration(message: "PLACES_OSM_DATA names a directory, not an extract file: \(shown); \(advice)")
        }
        if access(path, R_OK) != 0 {
            let reason = String(cString: strerror(errno))
            throw PlacesError.configuration(message: "PLACES_OSM_DATA names a file this user cannot read: \(shown) (\(reason)); \(advice)")
        }
        return path
    }

    static func resolve(_ list: ProviderList, network: NetworkOptions, context: RunContext) -> [ProviderName] {
        switch list {
        case .named(let names): return names
        case .all: return configured(network: network, context: context)
        }
    }

    /// `all`, in the order of the default choice: google when `GOOGLE_MAPS_API_KEY` is set,
    /// foursquare when `FOURSQUARE_API_KEY` is set, and always osm (Overpass needs no key; with
    /// `--data` or `$PLACES_OSM_DATA` it is the extract). A replay needs no key: there a web
    /// provider also counts when the replay directory holds exchanges of its service, so a
    /// recording of `all` replays as `all` on a machine without the keys. A dry run counts
    /// what the real run would: the keys.
    static func configured(network: NetworkOptions, context: RunContext) -> [ProviderName] {
        // The same reading of the directory as `replayed`: exchange files under the service's folder.
        func recorded(_ service: String) -> Bool {
            guard let directory = network.replayDirectory else { return false }
            return !CassetteDirectory(directory).entries(service: service).isEmpty
        }
        return ProviderDescriptor.all.filter { provider in
            guard let variable = ServiceVariables.key(provider.name) else { return true }
            return context.value(variable) != nil || recorded(provider.service.service.recordingFolder)
        }.map(\.name)
    }
}
