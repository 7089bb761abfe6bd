#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

// overpass-synth: writes a synthetic Overpass JSON document (or a synthetic country as an
// OpenStreetMap PBF file) to stdout, for Scripts/bench.sh and the readers' tests
// (`overpass-synth --help` says how).
func writeAll(_ bytes: [UInt8], to fd: Int32) {
    bytes.withUnsafeBytes { buffer in
        guard let base = buffer.baseAddress else { return }
        var done = 0
        while done < buffer.count {
            let n = write(fd, base + done, buffer.count - done)
            if n < 0 && errno == EINTR { continue }
            guard n > 0 else { exit(74) }
            done += n
        }
    }
}

let usage =
    "usage: overpass-synth [--elements N] [--seed S] [--style overpass|varied] [--disc LAT,LON,KM]\n       overpass-synth --pbf-nodes N [--pbf-place-share F] [--seed S]\n"

func fail(_ message: String) -> Never {
    writeAll(Array("overpass-synth: error: \(message)\n\(usage)".utf8), to: 2)
    exit(64)
}

let help = """
    overpass-synth — write a synthetic Overpass JSON document to stdout, for Scripts/bench.sh
    and the scanner's tests. The same flags always give the same bytes.

    \(usage)
      --elements N   how many places (default 10000: about 2 MB), around ten Finnish cities
      --seed S       the generator's seed, an unsigned integer (default 1)
      --style STYLE  overpass: laid out as the Overpass API writes it (default); varied:
                     valid JSON stretched every way a reader could trip on (key order,
                     whitespace, escapes, exponents, a byte-order mark)
      --disc LAT,LON,KM
                     every place uniformly within KM of LAT,LON instead of around ten
                     cities (the dense circle of Scripts/bench.sh)
      --pbf-nodes N  instead, a synthetic country of about N nodes as an OpenStreetMap PBF
                     file (zlib blocks of 8,000 dense nodes, ways, relations; a few in a
                     hundred features are places): the PBF benchmarks' input
      --pbf-place-share F
                     with --pbf-nodes: F of the nodes (0 to 1) are named places, besides
                     the ways and relations that are places (0.125: one node in 8, a
                     dense country such as issue 37's; default: about 1 in 140 features)
      -h, --help     show this help

    Example:
      overpass-synth --elements 100000 --seed 7 > /tmp/synthetic.json
      places nearby --at 60.17,24.94 --data /tmp/synthetic.json
      overpass-synth --pbf-nodes 20000000 > /tmp/country.osm.pbf
      overpass-synth --pbf-nodes 20000000 --pbf-place-share 0.125 > /tmp/dense.osm.pbf

    """

var elements = 10_000
var seed: UInt64 = 1
var style = OverpassSynthesizer.Style.overpass
var disc: OverpassSynthesizer.Disc?
var pbfNodes: Int?
var pbfPlaceShare: Double?
var arguments = CommandLine.arguments.dropFirst()
if arguments.contains("--help") || arguments.contains("-h") {
    writeAll(Array(help.utf8), to: 1)
    exit(0)
}
while let flag = arguments.popFirst() {
    guard ["--elements", "--seed", "--style", "--disc", "--pbf-nodes", "--pbf-place-share"].contains(flag) else {
        fail("unknown flag '\(flag)'")
    }
    guard let value = arguments.popFirst() else { fail("\(flag) needs a value") }
    switch flag {
    case "--elements":
        guard let n = Int(value), n >= 0 else { fail("--elements '\(value)' is not a count") }
        elements = n
    case "--seed":
        guard let s = UInt64(value) else { fail("--seed '\(value)' is not a number") }
        seed = s
    case "--style":
        guard let s = OverpassSynthesizer.Style(rawValue: value) else { fail("--style is overpass or varied") }
        style = s
    case "--disc":
        let parts = value.split(separator: ",").compactMap { Double($0) }
        guard parts.count == 3, abs(parts[0]) <= 90, abs(parts[1]) <= 180, parts[2] > 0, parts[2] <= 20_000 else {
            fail("--disc is LAT,LON,KM")
        }
        disc = OverpassSynthesizer.Disc(lat: parts[0], lon: parts[1], km: parts[2])
    case "--pbf-nodes":
        guard let n = Int(value), n > 0 else { fail("--pbf-nodes '\(value)' is not a positive count") }
        pbfNodes = n
    case "--pbf-place-share":
        guard let f = Double(value), f >= 0, f <= 1 else { fail("--pbf-place-share '\(value)' is not a share from 0 to 1") }
        pbfPlaceShare = f
    default:
        fail("unknown flag '\(flag)'")
    }
}
if pbfPlaceShare != nil && pbfNodes == nil { fail("--pbf-place-share needs --pbf-nodes") }
if let pbfNodes {
    var country = PBFCountrySynthesizer(seed: seed, placeShare: pbfPlaceShare)
    country.write(nodes: pbfNodes) { writeAll($0, to: 1) }
    exit(0)
}
var synthesizer = OverpassSynthesizer(seed: seed, style: style, disc: disc)
synthesizer.document(elements: elements) { writeAll($0, to: 1) }
