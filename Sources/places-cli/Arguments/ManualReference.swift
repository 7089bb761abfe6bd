/// The parts of the manual page that are not flags: the environment, exit statuses and
/// files. README's "Environment" and "Exit codes" say the same at more length.
enum ManualReference {
    static let environment: [(name: String, meaning: String)] = [
        ("GOOGLE_MAPS_API_KEY", "key for Google Places (New), Google Routes and Google's Geocoding API"),
        ("FOURSQUARE_API_KEY", "Foursquare Places service key"),
        ("PLACES_PROVIDER", "default provider: google, foursquare, osm, a list (osm,google) or all; anything else is 78"),
        ("PLACES_OSM_DATA", "default offline extract for osm, Overpass JSON or .osm.pbf (as --data)"),
        ("PLACES_FAVORITES_FILE", "the favorites file (see FILES)"),
        ("PLACES_GOOGLE_PLACES_URL", "base URL of Google Places, default https://places.googleapis.com"),
        ("PLACES_GOOGLE_ROUTES_URL", "base URL of Google Routes, default https://routes.googleapis.com"),
        ("PLACES_FOURSQUARE_URL", "base URL of Foursquare, default https://places-api.foursquare.com"),
        ("PLACES_OVERPASS_URL", "Overpass endpoint, default https://overpass-api.de/api/interpreter"),
        ("PLACES_OSRM_URL", "OSRM base URL, default https://router.project-osrm.org"),
        ("PLACES_NOMINATIM_URL", "Nominatim base URL (reverse and addresses for osm online), default https://nominatim.openstreetmap.org"),
        ("PLACES_GOOGLE_GEOCODING_URL", "base URL of Google's Geocoding API, default https://geocode.googleapis.com"),
        (
            "PLACES_WIKIMEDIA_URL",
            "Wikimedia Commons base URL (places photo of an osm place's wikimedia_commons tag), default https://commons.wikimedia.org"
        ),
        ("PLACES_RECORD", "as --record DIR"),
        ("PLACES_REPLAY", "as --replay DIR"),
        ("PLACES_REPLAY_LOG", "a file replays append the cassette files they answer from to (places cassettes unused)"),
        ("PLACES_CACHE_TTL", "as --cache TTL: answer repeated requests from the response cache (30s, 10m, 1h, 7d; at most 30d)"),
        ("PLACES_MAX_TIER", "as --max-tier TIER: refuse requests billed above it"),
        ("PLACES_LANGUAGE", "as --language CODE, for Google"),
        ("PLACES_REGION", "as --region CC, for Google"),
        ("PLACES_NOW", "the instant osm's openNow is evaluated at, ISO 8601 (2026-11-25T10:00:00Z); default the system clock"),
        ("PLACES_PROGRESS_AFTER", "seconds of reading an extract before progress is drawn on a terminal's stderr (default 1)"),
        ("PLACES_FAVORITES_WRITE_PAUSE_MS", "for crash tests only: pause halfway through writing the favorites file; leave it unset"),
        ("XDG_DATA_HOME", "where the favorites file lives when PLACES_FAVORITES_FILE is not set"),
        ("XDG_CACHE_HOME", "where spatial indexes of --data files and the response cache (places/http/) go"),
        ("NO_COLOR", "no colour, even on a terminal (set to anything, even empty)"),
        ("COLUMNS", "the terminal width when it cannot be asked for; tables fit it"),
    ]

    static let exitStatuses: [(code: Int, meaning: String)] = [
        (0, "success, including zero results"),
        (64, "usage: an unknown flag or command, a bad value"),
        (
            65,
            "bad data: a provider answer, --data file or favorites file that cannot be read as what it should be; a photo download that is not an image"
        ),
        (
            66,
            "not found: an unknown place id, a favorite not in the list, no gazetteer match, a missing --data file, a replay with no recorded exchange, no route, no such photo"
        ),
        (69, "unavailable: network failure, timeout, a 5xx after the retries, a photo over 20 MiB"),
        (74, "I/O error: a write that failed (a full disk), a file cut short while read, stdout that cannot be written"),
        (75, "temporary: rate limited (429) after the retries"),
        (77, "permission: a missing or rejected API key"),
        (78, "configuration: an unusable environment value or path"),
    ]

    static let files: [(path: String, meaning: String)] = [
        (
            "$PLACES_FAVORITES_FILE, else $XDG_DATA_HOME/places/favorites.json, else ~/.local/share/places/favorites.json",
            "your favorites: snapshots of the places, so listing them needs no network"
        ),
        (
            "$XDG_CACHE_HOME/places/, else ~/.cache/places/",
            "spatial indexes of --data files (and the word lists autocomplete reads beside them), rebuilt when a file changes; safe to delete"
        ),
        (
            "$XDG_CACHE_HOME/places/ended-sessions, else ~/.cache/places/ended-sessions",
            "the autocomplete sessions details --session ended, so that their tokens are not sent again (the newest 500)"
        ),
    ]
}
