// swift-tools-version:6.0
import PackageDescription

// The Swift toolchain only: no package dependencies (see README, "Design").
//
// The library is cut into targets whose edges go one way (docs/architecture.md draws the
// graph): a target sees only what the targets it names declare `public` or `package`, so the
// compiler, not a convention, keeps a provider out of another provider's wire and the HTTP
// layer out of the client. PlacesCore is the one library an app links; it re-exports the
// public types of the targets under it.
let package = Package(
    name: "places",
    platforms: [.macOS(.v13), .iOS(.v16)],
    products: [
        .executable(name: "places", targets: ["places-cli"]),
        .library(name: "PlacesCore", targets: ["PlacesCore"]),
        .library(name: "PlacesGazetteer", targets: ["PlacesGazetteer"]),
        .library(name: "PlacesMap", targets: ["PlacesMap"]),
    ],
    targets: [
        // zlib for the blobs of `.osm.pbf` extracts. A system library, not a package: the
        // user asked for no packages, and zlib ships with the OS (macOS, iOS, and every Linux
        // that has the libcurl FoundationNetworking needs; Debian's headers: zlib1g-dev).
        .systemLibrary(name: "CZlib", path: "Sources/CZlib", providers: [.apt(["zlib1g-dev"])]),
        // libcurl, which FoundationNetworking already links, driven directly on Linux: its own
        // loader keeps a core busy for the whole of a first wait on a new connection (see
        // Sources/PlacesHTTP/Curl and docs/performance.md), and no URLSession setting reaches it.
        // Only Linux code imports it; macOS loads with Foundation's own URLSession.
        .systemLibrary(name: "CCurl", path: "Sources/CCurl", pkgConfig: "libcurl", providers: [.apt(["libcurl4-openssl-dev"])]),
        // Files, system calls, text folding, terminal-safe text, JSON spans and values, hashes:
        // nothing about places.
        .target(name: "PlacesSupport"),
        // Positions and distances on the WGS84 ellipsoid, route lines and corridors, the cities'
        // positions and time zones.
        .target(name: "PlacesGeodesy"),
        // The values every part speaks: places, ids, requests, answers, errors and their words.
        .target(name: "PlacesModel", dependencies: ["PlacesSupport", "PlacesGeodesy"]),
        // Requests on the wire: transport, retries, redirects, secrets and their redaction,
        // cassettes, the response cache, request gates, billing ledger.
        .target(
            name: "PlacesHTTP",
            dependencies: ["PlacesSupport", "PlacesModel", .target(name: "CCurl", condition: .when(platforms: [.linux]))]),
        // What a provider, a geocoder and a router are, and how one is described and made.
        .target(name: "PlacesProviderKit", dependencies: ["PlacesSupport", "PlacesGeodesy", "PlacesModel", "PlacesHTTP"]),
        // OpenStreetMap extracts read offline: the Overpass JSON scanner, `.osm.pbf`, the
        // spatial index and the files beside it (names, addresses, venue records).
        .target(name: "PlacesOSMExtract", dependencies: ["PlacesSupport", "PlacesGeodesy", "PlacesModel", "CZlib"]),
        // The providers and routers, each over its own wire.
        .target(
            name: "PlacesOSM",
            dependencies: ["PlacesSupport", "PlacesGeodesy", "PlacesModel", "PlacesHTTP", "PlacesProviderKit", "PlacesOSMExtract"]),
        .target(name: "PlacesGoogle", dependencies: ["PlacesSupport", "PlacesGeodesy", "PlacesModel", "PlacesHTTP", "PlacesProviderKit"]),
        .target(
            name: "PlacesFoursquare", dependencies: ["PlacesSupport", "PlacesGeodesy", "PlacesModel", "PlacesHTTP", "PlacesProviderKit"]),
        .target(name: "PlacesRouting", dependencies: ["PlacesSupport", "PlacesGeodesy", "PlacesModel", "PlacesHTTP", "PlacesProviderKit"]),
        // The library an app links: PlacesClient and RouteClient over the registry of
        // providers, the provider-neutral pipeline, favorites, the JSON/CSV/GeoJSON encodings.
        .target(
            name: "PlacesCore",
            dependencies: [
                "PlacesSupport", "PlacesGeodesy", "PlacesModel", "PlacesHTTP", "PlacesProviderKit", "PlacesOSM", "PlacesGoogle",
                "PlacesFoursquare", "PlacesRouting",
            ]),
        // The answer drawn as a map (`--format svg`): Web Mercator, labels placed without
        // overlap, streets from any StreetMapSource, written as SVG. An app may draw with it too.
        .target(name: "PlacesMap", dependencies: ["PlacesSupport", "PlacesGeodesy", "PlacesModel"]),
        // The GeoNames city gazetteer (1.8 MB of names): `--near`, POINT names.
        .target(name: "PlacesGazetteer", dependencies: ["PlacesSupport", "PlacesGeodesy", "PlacesCore"]),
        // The only target that knows argv, the environment, stdout/stderr and exit codes.
        .executableTarget(
            name: "places-cli",
            dependencies: [
                "PlacesSupport", "PlacesGeodesy", "PlacesModel", "PlacesHTTP", "PlacesProviderKit", "PlacesOSMExtract", "PlacesGoogle",
                "PlacesFoursquare", "PlacesRouting", "PlacesCore", "PlacesGazetteer", "PlacesMap",
            ]
        ),
        // What an app writes: the nearest cafes with PlacesCore's public API alone (no
        // `package` access), run by a test against the loopback fake. Not a product.
        .executableTarget(name: "NearestCafes", dependencies: ["PlacesCore"], path: "Examples/NearestCafes", packageAccess: false),
        // An app's search box: autocomplete as the user types, one session, ended by details.
        .executableTarget(name: "SearchBox", dependencies: ["PlacesCore"], path: "Examples/SearchBox", packageAccess: false),
        // Synthetic Overpass extracts and PBF files for Scripts/bench.sh and the readers' tests.
        .executableTarget(name: "overpass-synth", dependencies: ["CZlib"]),
        .testTarget(
            name: "PlacesCoreTests",
            dependencies: ["PlacesCore", "PlacesGazetteer", "places-cli", "overpass-synth", "NearestCafes", "SearchBox", "CZlib"],
            resources: [.copy("Resources")]
        ),
    ]
)
