// swift-tools-version:6.0
import PackageDescription

// The Swift toolchain only: no package dependencies (see README, "Design").
let package = Package(
    name: "places",
    platforms: [.macOS(.v13), .iOS(.v16)],
    products: [
        .executable(name: "places", targets: ["places-cli"]),
        .library(name: "PlacesCore", targets: ["PlacesCore"]),
    ],
    targets: [
        .target(name: "PlacesCore"),
        .executableTarget(
            name: "places-cli",
            dependencies: ["PlacesCore"]
        ),
        // Synthetic Overpass extracts for Scripts/bench.sh and the scanner's tests.
        .executableTarget(name: "overpass-synth"),
        .testTarget(
            name: "PlacesCoreTests",
            dependencies: ["PlacesCore", "places-cli", "overpass-synth"],
            resources: [.copy("Resources")]
        ),
    ]
)
