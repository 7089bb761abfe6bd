import Foundation

/// A word as a POSIX shell reads it back: as it is when it is plain, else single-quoted.
enum ShellWord {
    static func quoted(_ word: String) -> String {
        let plain =
            !word.isEmpty
            && word.utf8.allSatisfy { byte in
                (byte >= 0x30 && byte <= 0x39) || (byte >= 0x41 && byte <= 0x5A) || (byte >= 0x61 && byte <= 0x7A)
                    || [UInt8(ascii: "/"), UInt8(ascii: "."), UInt8(ascii: "-"), UInt8(ascii: "_"), UInt8(ascii: "+"), UInt8(ascii: ",")]
                        .contains(byte)
            }
        return plain ? word : "'" + word.replacingOccurrences(of: "'", with: "'\\''") + "'"
    }
}
