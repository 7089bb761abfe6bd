/// The answer to an address lookup: the best match and the others it was chosen over.
public struct AddressLookup: Sendable {
    public var match: AddressMatch
    /// Other matches, best first (the note "ambiguous: using X; N others" names how many).
    public var others: [AddressMatch]

    public init(match: AddressMatch, others: [AddressMatch] = []) {
        self.match = match
        self.others = others
    }
}
