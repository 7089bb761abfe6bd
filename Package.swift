// swift-tools-version:6.0
import PackageDescription

// The Swift toolchain only: no package dependencies (see README, "Design").
let package = Package(
    name: "places",
    platforms: [.macOS(.v13), .iOS(.v16)],
    products: [
        .executable(name: "places", targets: ["places-cli"]),
        .library(name: "PlacesCore", targets: ["PlacesCore"]),
        .library(name: "PlacesGazetteer", targets: ["PlacesGazetteer"]),
    ],
    targets: [
        // zlib for the blobs of `.osm.pbf` extracts. A system library, not a package: the
        // user asked for no packages, and zlib ships with the OS (macOS, iOS, and every Linux
        // that has the libcurl FoundationNetworking needs; Debian's headers: zlib1g-dev).
        .systemLibrary(name: "CZlib", path: "Sources/CZlib", providers: [.apt(["zlib1g-dev"])]),
        // The library an app links: models, requests, PlacesClient, providers, favorites.
        .target(name: "PlacesCore", dependencies: ["CZlib"]),
        // The GeoNames city gazetteer (1.8 MB of names): `--near`, POINT names.
        .target(name: "PlacesGazetteer", dependencies: ["PlacesCore"]),
        // The only target that knows argv, the environment, stdout/stderr and exit codes.
        .executableTarget(
            name: "places-cli",
            dependencies: ["PlacesCore", "PlacesGazetteer"]
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
            dependencies: ["PlacesCore", "PlacesGazetteer", "places-cli", "overpass-synth", "NearestCafes", "SearchBox"],
            resources: [.copy("Resources")]
        ),
    ]
)
