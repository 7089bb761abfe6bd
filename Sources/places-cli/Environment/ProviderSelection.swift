import Foundation
import PlacesCore

/// Decides which provider answers, from `--provider`, `$PLACES_PROVIDER` and the keys present.
///
/// Order: the flag; `$PLACES_PROVIDER`; `--data` implies osm; `google` when
/// `GOOGLE_MAPS_API_KEY` is set; `foursquare` when `FOURSQUARE_API_KEY` is set; else `osm`.
enum ProviderSelection {
    static func choose(_ options: ProviderOptions, context: RunContext) throws -> ProviderName {
        let chosen: ProviderName
        if let flag = options.provider {
            chosen = flag
        } else if let env = context.value("PLACES_PROVIDER") {
            guard let name = ProviderName(argument: env) else {
                throw PlacesError.configuration(message: "PLACES_PROVIDER='\(env)' is not a provider: set it to one of \(ProviderName.allNames), or unset it")
            }
            chosen = name
        } else if options.dataFile != nil {
            chosen = .osm
        } else if context.value("GOOGLE_MAPS_API_KEY") != nil {
            chosen = .google
        } else if context.value("FOURSQUARE_API_KEY") != nil {
            chosen = .foursquare
        } else {
            chosen = .osm
        }
        if options.dataFile != nil && chosen != .osm {
            throw UsageError("--data reads an OpenStreetMap extract and works only with --provider osm (the provider here is \(chosen.rawValue))")
        }
        return chosen
    }

    /// The offline extract for osm: `--data`, else `$PLACES_OSM_DATA`, else nil (ask Overpass).
    /// A variable naming no file is a configuration error (78) that names the variable: the
    /// user typed no `--data`, so a message about `--data` would send them looking in vain.
    static func dataFile(_ options: ProviderOptions, context: RunContext) throws -> String? {
        if let flag = options.dataFile { return flag }
        guard let path = context.value("PLACES_OSM_DATA") else { return nil }
        if path != "-" && !FileManager.default.fileExists(atPath: path) {
            throw PlacesError.configuration(
                message: "PLACES_OSM_DATA names no file: \(TerminalText.sanitizedLine(path)); set it to the path of an Overpass JSON export, or unset it to ask Overpass (or give --data FILE)")
        }
        return path
    }
}
