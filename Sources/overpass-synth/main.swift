#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

// overpass-synth: writes a synthetic Overpass JSON document to stdout, for Scripts/bench.sh
// and the scanner's tests. Usage: overpass-synth [--elements N] [--seed S] [--style overpass|varied]
// [--disc LAT,LON,KM] (every place uniformly within KM of LAT,LON instead of around ten cities)
func writeAll(_ bytes: [UInt8], to fd: Int32) {
    bytes.withUnsafeBytes { buffer in
        var done = 0
        while done < buffer.count {
            let n = write(fd, buffer.baseAddress! + done, buffer.count - done)
            if n < 0 && errno == EINTR { continue }
            guard n > 0 else { exit(74) }
            done += n
        }
    }
}

func fail(_ message: String) -> Never {
    writeAll(Array("overpass-synth: error: \(message)\nusage: overpass-synth [--elements N] [--seed S] [--style overpass|varied] [--disc LAT,LON,KM]\n".utf8), to: 2)
    exit(64)
}

var elements = 10_000
var seed: UInt64 = 1
var style = OverpassSynthesizer.Style.overpass
var disc: OverpassSynthesizer.Disc?
var arguments = CommandLine.arguments.dropFirst()
while let flag = arguments.popFirst() {
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
    default:
        fail("unknown flag \(flag)")
    }
}
var synthesizer = OverpassSynthesizer(seed: seed, style: style, disc: disc)
synthesizer.document(elements: elements) { writeAll($0, to: 1) }
