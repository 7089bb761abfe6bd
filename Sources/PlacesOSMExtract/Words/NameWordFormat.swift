/// The layout of a name-word file, kept beside a spatial index (`<index>.words`) so that
/// `autocomplete` finds the places whose name has a word beginning with what was typed
/// without reading every text (all integers little-endian):
///
/// ```
/// header    64 bytes: magic "PLCSWRD\x1A", version, the identity of the index it was
///           made from (a hash of that index's header, which holds the source's key), the
///           index's entry count, the word, posting and pool sizes, and a checksum of the
///           header and of the word table and pool
/// words     24 bytes per distinct word, in byte order: its offset and length in the pool,
///           its first posting, and a checksum of its postings
/// pool      the words' bytes (folded, `AutocompleteWords`), padded to 8 bytes
/// postings  20 bytes per (word, place): the place's entry number in the index, the name's
///           folded length and whether this is its first word, and the place's position as
///           a unit vector (Float32 x, y, z), so that a ranking by distance reads nothing else
/// ```
///
/// A prefix is a run of words (binary search), so its places are one run of postings.
/// Nothing read is trusted: the header and tables are checked when the file is opened, a
/// word's postings against their checksum before they are used, and every place picked is
/// read from the index and the source, where its name must match what was typed. A file
/// of another version, or made from another index, is rebuilt without a word.
enum NameWordFormat {
    static let signature = CacheFileSignature(magic: "PLCSWRD\u{1A}", version: 1)
    static let headerLength = 64
    static let rowLength = 24
    static let postingLength = 20
    /// In a posting's info word: the word is the first of the name.
    static let firstWordFlag: UInt32 = 1 << 31
    /// In a posting's info word: the folded name's length in bytes (capped).
    static let nameLengthBits: UInt32 = 0xFFFF

    static func path(forIndex indexPath: String) -> String { indexPath + ".words" }
}

/// One place under one word, as written.
struct NameWordPosting {
    var entry: UInt32
    var info: UInt32
    var x: Float
    var y: Float
    var z: Float

    /// A position as a point of the unit sphere.
    static func unitVector(latitude: Double, longitude: Double) -> (x: Double, y: Double, z: Double) {
        let lat = latitude * .pi / 180, lon = longitude * .pi / 180
        return (cos(lat) * cos(lon), cos(lat) * sin(lon), sin(lat))
    }
}

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
