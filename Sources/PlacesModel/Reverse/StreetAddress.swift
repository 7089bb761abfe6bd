/// A street address as a reverse geocoder gives it: the parts as the source tags them
/// (OpenStreetMap's `addr:street`, `addr:housenumber`, `addr:postcode`, `addr:city`), each nil
/// when unknown, and one line to show.
public struct StreetAddress: Sendable, Hashable {
    /// One line: "Simonkatu 7, 00100 Helsinki" (the source's own when it has one).
    public var formatted: String?
    public var street: String?
    /// As written: `7`, `14-20`, `6 B`.
    public var housenumber: String?
    public var postcode: String?
    public var city: String?
    /// ISO 3166-1 alpha-2, upper case.
    public var countryCode: String?

    public init(
        formatted: String? = nil, street: String? = nil, housenumber: String? = nil, postcode: String? = nil,
        city: String? = nil, countryCode: String? = nil
    ) {
        self.street = street
        self.housenumber = housenumber
        self.postcode = postcode
        self.city = city
        self.countryCode = countryCode
        self.formatted = formatted ?? Self.line(street: street, housenumber: housenumber, postcode: postcode, city: city)
    }

    /// Whether nothing of it is known: no line and no part, or only empty ones (a geocoder's
    /// answer with nothing usable, such as a result of another shape). It is no address.
    package var isEmpty: Bool {
        [formatted, street, housenumber, postcode, city, countryCode].allSatisfy { $0?.isEmpty ?? true }
    }

    /// `street housenumber, postcode city`, leaving out what is unknown; nil when all is.
    package static func line(street: String?, housenumber: String?, postcode: String?, city: String?) -> String? {
        let first = [street, housenumber].compactMap { $0 }.joined(separator: " ")
        let second = [postcode, city].compactMap { $0 }.joined(separator: " ")
        let parts = [first, second].filter { !$0.isEmpty }
        return parts.isEmpty ? nil : parts.joined(separator: ", ")
    }
}
