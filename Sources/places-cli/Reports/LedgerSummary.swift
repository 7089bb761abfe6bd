import PlacesCore
import PlacesHTTP

extension RequestLedger {
    /// `--verbose`'s closing line: "sent 2 requests: google Text Search Pro ×2; 1 cache hit",
    /// "sent no requests".
    var summary: String {
        let (sent, hits) = counts
        let total = sent.reduce(0) { $0 + $1.count }
        var text: String
        if total == 0 {
            text = "sent no requests"
        } else {
            let parts = sent.map { "\($0.label) ×\($0.count)" }
            text = "sent \(total) request\(total == 1 ? "" : "s"): " + parts.joined(separator: ", ")
        }
        if hits > 0 { text += "; \(hits) cache hit\(hits == 1 ? "" : "s")" }
        return text
    }
}
