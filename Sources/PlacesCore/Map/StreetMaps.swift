import PlacesModel
import PlacesOSM

/// Streets under a map of places (PlacesMap's `MapContent.streets`): an OpenStreetMap
/// `.osm.pbf` extract's streets, railways, water and parks. The first map of an extract
/// reads it whole and keeps a tiled street file beside its index in `cacheDirectory`, so
/// that each later map reads only the tiles of its view; without a cache directory the
/// streets are held in memory.
public enum StreetMaps {
    /// The streets of the extract at `path`. Throws `PlacesError.badFile` for a file that is
    /// not `.osm.pbf` or is damaged, `PlacesError.notFound` for a missing one.
    public static func openStreetMap(extract path: String, cacheDirectory: String? = nil) throws -> any StreetMapSource {
        try openStreetMap(extract: path, cacheDirectory: cacheDirectory, diagnostics: .silent)
    }

    /// As above, with the notes (a damaged street file rebuilt, a cache that cannot be
    /// written) said to `diagnostics`.
    package static func openStreetMap(
        extract path: String, cacheDirectory: String?, diagnostics: Diagnostics
    ) throws
        -> any StreetMapSource
    {
        try OSMStreetMaps.open(path: path, cacheDirectory: cacheDirectory, diagnostics: diagnostics)
    }

    /// Whether the file at `path` is an `.osm.pbf` extract, whose streets a map can draw.
    public static func isOpenStreetMapPBF(_ path: String) -> Bool { OSMStreetMaps.isPBF(path: path) }
}
