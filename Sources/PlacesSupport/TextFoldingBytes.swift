import Foundation

/// `TextFolding.fold` as UTF-8 bytes appended to a buffer, without building Strings for the
/// text most place names are made of: ASCII, and the Latin letters of U+0080–U+024F
/// (`Töölö`, `Café`, `Łódź`), folded by a table made with `fold`'s own steps one scalar at a
/// time. Anything else (a combining mark, Greek, CJK) goes through `fold` itself. A test holds
/// the two to the same bytes.
///
/// Why a scalar at a time gives the same answer for these: compatibility decomposition is
/// per scalar up to the reordering of combining marks, and every combining mark the table's
/// scalars decompose into is a nonspacing one, which `fold` drops; lower-casing is already
/// per scalar in `fold`; and what is left is one character per scalar, so splitting on
/// whitespace characters is splitting on whitespace scalars.
extension TextFolding {
    /// Appends the folded form of `text`; returns the number of bytes appended.
    @discardableResult
    static func appendFolded(_ text: String, to out: inout [UInt8]) -> Int {
        if let count = appendFoldedQuickly(text, to: &out) { return count }
        let start = out.count
        out.append(contentsOf: fold(text).utf8)
        return out.count - start
    }

    /// `appendFolded` when the text has only scalars the table covers; nil (and nothing
    /// appended) otherwise.
    static func appendFoldedQuickly(_ text: String, to out: inout [UInt8]) -> Int? {
        var text = text
        return text.withUTF8 { appendFoldedQuickly(UnsafeRawBufferPointer($0), to: &out) }
    }

    /// `appendFoldedQuickly` for UTF-8 bytes in place.
    package static func appendFoldedQuickly(_ utf8: UnsafeRawBufferPointer, to out: inout [UInt8]) -> Int? {
        let start = out.count
        if appendFoldedFast(utf8.bindMemory(to: UInt8.self), to: &out) { return out.count - start }
        out.removeSubrange(start...)
        return nil
    }

    /// The fast path; false (with partial output) when the text has a scalar it does not cover.
    private static func appendFoldedFast(_ utf8: UnsafeBufferPointer<UInt8>, to out: inout [UInt8]) -> Bool {
        let table = LatinFoldTable.shared
        var pendingSpace = false
        let start = out.count
        var i = 0
        @inline(__always) func emit(_ b: UInt8) {
            if pendingSpace {
                if out.count > start { out.append(0x20) }
                pendingSpace = false
            }
            out.append(b)
        }
        while i < utf8.count {
            let b = utf8[i]
            if b < 0x80 {
                if b == 0x20 || (0x09...0x0D).contains(b) {
                    pendingSpace = true
                } else {
                    emit(b >= 0x41 && b <= 0x5A ? b + 0x20 : b)
                }
                i += 1
                continue
            }
            // Two-byte sequences up to U+024F: lead bytes C2–C9. C9 also starts U+0250–U+027F
            // (IPA: the ə of Azerbaijani names, the ɛ and ɔ of Ghanaian ones), past the table.
            guard b >= 0xC2 && b <= 0xC9, i + 1 < utf8.count, utf8[i + 1] & 0xC0 == 0x80 else { return false }
            let scalar = Int(b & 0x1F) << 6 | Int(utf8[i + 1] & 0x3F)
            guard scalar - 0x80 < table.entries.count else { return false }
            switch table.entries[scalar - 0x80] {
            case .unsupported:
                return false
            case .space:
                pendingSpace = true
            case .bytes(let bytes):
                for folded in bytes { emit(folded) }
            }
            i += 2
        }
        return true
    }
}

/// What `TextFolding.fold` makes of each scalar from U+0080 to U+024F on its own.
private final class LatinFoldTable: Sendable {
    enum Entry: Sendable {
        case bytes([UInt8])
        /// A whitespace scalar (U+0085, or U+00A0, which decomposes to a space).
        case space
        /// Not folded a scalar at a time: the text goes through `fold`.
        case unsupported
    }

    static let shared = LatinFoldTable()
    let entries: [Entry]

    private init() {
        entries = (0x80...0x24F).map { value in
            guard let scalar = Unicode.Scalar(value) else { return .unsupported }
            return Self.entry(for: scalar)
        }
    }

    /// `fold`'s steps before whitespace is collapsed, for one scalar.
    private static func entry(for scalar: Unicode.Scalar) -> Entry {
        if scalar.properties.isWhitespace { return .space }
        var out = String.UnicodeScalarView()
        for part in String(scalar).decomposedStringWithCompatibilityMapping.unicodeScalars {
            if part.properties.generalCategory == .nonspacingMark { continue }
            // A mark that would be kept, or reordered against a neighbour's: not per scalar.
            if part.properties.canonicalCombiningClass != .notReordered { return .unsupported }
            for lower in String(part).lowercased().unicodeScalars {
                out.append(contentsOf: (TextFolding.special[lower] ?? String(lower)).unicodeScalars)
            }
        }
        var bytes: [UInt8] = []
        for part in out {
            switch part.properties.generalCategory {
            case .nonspacingMark, .spacingMark, .enclosingMark, .format, .control:
                // Not a character of its own (or one the table should not decide about).
                if part.value >= 0x80 { return .unsupported }
            default:
                break
            }
            if part.properties.isWhitespace || part.properties.canonicalCombiningClass != .notReordered { return .unsupported }
            bytes.append(contentsOf: String(part).utf8)
        }
        return .bytes(bytes)
    }
}
