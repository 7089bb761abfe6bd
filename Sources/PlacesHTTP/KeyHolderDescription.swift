/// Every type that holds an API key describes and reflects itself without it: `print`,
/// `"\(x)"`, `String(reflecting:)`, `dump` and `Mirror` show where it talks to, never the key.
/// Each key holder conforms in its own target. (The request types carry their own redacting
/// descriptions: `HTTPRequest`, `DryRunCapture`, `Cassette`, `CassetteRecordingTransport`.)
package protocol KeyHolderDescription: CustomStringConvertible, CustomDebugStringConvertible, CustomReflectable {
    /// What may be shown: the type's name and where it sends requests.
    var shownParts: KeyValuePairs<String, String> { get }
}

extension KeyHolderDescription {
    package var description: String {
        "\(String(describing: Self.self))(" + shownParts.map { "\($0.key): \($0.value)" }.joined(separator: ", ")
            + ", key: \(Redaction.placeholder))"
    }

    package var debugDescription: String { description }

    package var customMirror: Mirror {
        Mirror(
            self,
            children: shownParts.map { (label: Optional($0.key), value: $0.value as Any) } + [
                (label: "key", value: Redaction.placeholder as Any)
            ],
            displayStyle: .struct)
    }
}
