import Foundation

/// Reading JSON into a `JSONValue`, so a file can be checked field by field and
/// written back with keys this version does not know kept as they were.
extension JSONValue {
    /// Parses a whole document (with `JSONSerialization`, several times faster here than
    /// `Decodable`); throws what it reports.
    package static func parse(_ data: Data) throws -> JSONValue {
        try value(of: JSONSerialization.jsonObject(with: data, options: [.fragmentsAllowed]))
    }

    private static func value(of object: Any) throws -> JSONValue {
        // Containers first: on Linux, testing one for NSNumber would bridge it whole.
        switch object {
        case let members as [String: Any]:
            return .object(try members.sorted { $0.key < $1.key }.map { ($0.key, try value(of: $0.value)) })
        case let items as [Any]:
            return .array(try items.map(value(of:)))
        case let s as String:
            return .string(s)
        case is NSNull:
            return .null
        case let n as NSNumber:
            // Booleans come as NSNumber of type char ("c") on Linux and Darwin alike.
            switch String(cString: n.objCType) {
            case "c", "B": return .bool(n.boolValue)
            case "d", "f": return .number(n.doubleValue)
            case "Q": return Int(exactly: n.uint64Value).map(JSONValue.integer) ?? .number(n.doubleValue)
            default: return .integer(Int(n.int64Value))
            }
        default:
            throw CocoaError(.coderReadCorrupt)
        }
    }

    /// The members of an object, by key; nil for anything else.
    package var objectMembers: [String: JSONValue]? {
        guard case .object(let pairs) = self else { return nil }
        return Dictionary(pairs, uniquingKeysWith: { first, _ in first })
    }

    /// Every key of an object, sorted recursively, so equal content gives equal text.
    package var withSortedKeys: JSONValue {
        switch self {
        case .object(let pairs): return .object(pairs.map { ($0.0, $0.1.withSortedKeys) }.sorted { $0.0 < $1.0 })
        case .array(let items): return .array(items.map(\.withSortedKeys))
        default: return self
        }
    }
}
