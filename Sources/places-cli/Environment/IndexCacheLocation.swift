import PlacesCore
import PlacesOSMExtract
import PlacesSupport

/// Where the spatial indexes of `--data` files are kept: `$XDG_CACHE_HOME/places/`, else
/// `~/.cache/places/`.
extension VenueIndexCache {
    /// The cache of this environment; nil when neither `XDG_CACHE_HOME` (absolute, as the
    /// XDG spec requires) nor `HOME` is set.
    init?(environment: [String: String]) {
        if let xdg = environment["XDG_CACHE_HOME"], xdg.hasPrefix("/") {
            self.init(directory: PathText.join(xdg, "places"))
        } else if let home = environment["HOME"], !home.isEmpty {
            self.init(directory: PathText.join(home, ".cache/places"))
        } else {
            return nil
        }
    }
}
