#!/usr/bin/env bash
# Throughput of the output scrubber (SecretScrubber, the last line of defence every byte
# places writes passes through): MB of NDJSON-like text a second, with no keys in the
# environment (a pass-through) and with two, written in 64 KiB pieces as a stream.
# Builds the three source files with swiftc -O and a small driver; prints one line per case.
#
#   Scripts/bench-scrubber.sh          # 300 MB
#   Scripts/bench-scrubber.sh 1000     # 1000 MB
set -euo pipefail
cd "$(dirname "$0")/.."
MEGABYTES=${1:-300}
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
cat > "$work/main.swift" <<'EOF'
import Foundation

enum Redaction { static let placeholderBytes = Array("REDACTED".utf8) }

let megabytes = Int(CommandLine.arguments.dropFirst().first ?? "300") ?? 300
let key = "AIzaSyBenchmarkKey-0123456789abcdefXYZ"
// NDJSON as places prints it, ~330 bytes a line; every 10,000th line echoes the key percent-encoded.
let line = Array(#"{"id":"osm:node/1234567890","provider":"osm","name":"Ravintola Aalto & Co","latitude":60.1699,"longitude":24.9384,"address":"Mannerheimintie 1, 00100 Helsinki","distanceMeters":123.4,"categories":["restaurant"],"cuisines":["finnish","nordic"],"mapsUrl":"https://www.openstreetmap.org/node/1234567890","isFavorite":false}"#.utf8) + [10]
let echoed = Array(#"{"name":"%41%49zaSyBenchmarkKey-0123456789ABCDEFxyz"}"#.utf8) + [10]
var data = [UInt8]()
data.reserveCapacity(megabytes << 20)
var n = 0
while data.count < megabytes << 20 {
    data += n % 10_000 == 0 ? echoed : line
    n += 1
}
for (label, secrets) in [("no keys", [String]()), ("two keys", [key, "fsq3AnotherBenchmarkKeyValue000"])] {
    var scrubber = SecretScrubber(secrets: secrets)
    var out = 0
    var redacted = 0
    let start = DispatchTime.now()
    data.withUnsafeBytes { all in
        var offset = 0
        while offset < all.count {
            let end = min(offset + 65536, all.count)
            scrubber.process(UnsafeRawBufferPointer(rebasing: all[offset..<end])) { part in
                out += part.count
                if part.elementsEqual(Redaction.placeholderBytes) { redacted += 1 }
            }
            offset = end
        }
    }
    scrubber.finish { out += $0.count }
    let seconds = Double(DispatchTime.now().uptimeNanoseconds - start.uptimeNanoseconds) / 1e9
    print("\(label): \(data.count >> 20) MiB in \(String(format: "%.3f", seconds)) s (\(String(format: "%.0f", Double(data.count >> 20) / max(seconds, 1e-9))) MiB/s), \(redacted) keys redacted, \(out) bytes out")
}
EOF
swiftc -O -o "$work/bench" Sources/PlacesCore/Support/SecretMatcher.swift Sources/PlacesCore/Support/SecretScrubber.swift Sources/PlacesCore/Support/SecretPieces.swift "$work/main.swift"
"$work/bench" "$MEGABYTES"
