import Foundation

/// A decoding failure as one short phrase saying where and what, for error lines:
/// "missing key 'id' at places[3]", "invalid JSON (Unexpected character...)".
package enum DecodingErrorText {
    package static func describe(_ error: Error) -> String {
        guard let error = error as? DecodingError else { return "not JSON (\(ForeignErrorText.describe(error)))" }
        func path(_ context: DecodingError.Context) -> String {
            let p = context.codingPath.map { $0.intValue.map { "[\($0)]" } ?? ".\($0.stringValue)" }.joined()
            return p.isEmpty ? "at the top level" : "at \(p.hasPrefix(".") ? String(p.dropFirst()) : p)"
        }
        switch error {
        case .dataCorrupted(let context):
            let underlying = (context.underlyingError as NSError?)?.userInfo[NSDebugDescriptionErrorKey] as? String
            return "invalid JSON \(path(context))\(underlying.map { " (\($0))" } ?? "")"
        case .keyNotFound(let key, let context):
            return "missing key '\(key.stringValue)' \(path(context))"
        case .typeMismatch(_, let context), .valueNotFound(_, let context):
            return "\(context.debugDescription.lowercased().trimmingCharacters(in: .punctuationCharacters)) \(path(context))"
        @unknown default:
            return "it cannot be decoded"
        }
    }
}
