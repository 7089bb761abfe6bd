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
        // The library an app links: models, requests, PlacesClient, providers, favorites.
        .target(name: "PlacesCore"),
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
        // Synthetic Overpass extracts for Scripts/bench.sh and the scanner's tests.
        .executableTarget(name: "overpass-synth"),
        .testTarget(
            name: "PlacesCoreTests",
            dependencies: ["PlacesCore", "PlacesGazetteer", "places-cli", "overpass-synth", "NearestCafes"],
            resources: [.copy("Resources")]
        ),
    ]
)
