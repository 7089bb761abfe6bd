import PlacesCore
import PlacesSupport

/// Which columns of a table a terminal shows, and how wide: what people copy next (the
/// id) and what they sort by (the distance) stay whole; the rest gives way in a fixed order.
///
/// When the natural widths do not fit, the text columns other than NAME may shrink to a
/// floor and NAME to a comfortable width; where even that is too wide, DIR, TYPE, ADDRESS
/// and CUISINE are dropped in that order (`TableRenderer.dropOrder`) until it fits. Then
/// the flexible columns shrink, widest first, to those floors; then the other text
/// columns (`--fields website,...`) down to their headers' width; then NAME. An id or a
/// distance is cut (at the terminal's edge) only when nothing else is left to give.
struct TableLayout {
    /// Indices of the columns shown, in order.
    let shown: [Int]
    /// Their widths, one per shown column.
    let widths: [Int]

    /// The narrowest a flexible text column other than NAME becomes before columns are dropped.
    static let textFloor = 8
    /// The narrowest NAME becomes before columns are dropped.
    static let nameFloor = 20

    init(columns: [TableRenderer.Column], rows: [[String]], available: Int?) {
        var natural = columns.map { TerminalText.displayWidth($0.header) }
        for row in rows {
            for (i, cell) in row.enumerated() { natural[i] = max(natural[i], TerminalText.displayWidth(cell)) }
        }
        guard let available else {
            shown = Array(columns.indices)
            widths = natural
            return
        }
        var shown = Array(columns.indices)
        func total(_ widths: [Int]) -> Int { shown.map { widths[$0] }.reduce(0, +) + 2 * max(shown.count - 1, 0) }
        let comfortable = columns.indices.map { i -> Int in
            guard columns[i].flexible else { return natural[i] }
            return min(natural[i], columns[i].isName ? Self.nameFloor : Self.textFloor)
        }
        let droppable = columns.indices.compactMap { i in columns[i].dropRank.map { (i, $0) } }.sorted { $0.1 < $1.1 }.map(\.0)
        for i in droppable where total(comfortable) > available {
            shown.removeAll { $0 == i }
        }
        var widths = natural
        func shrink(_ candidates: [Int], to floor: (Int) -> Int) {
            var excess = total(widths) - available
            while excess > 0 {
                guard let widest = candidates.filter({ widths[$0] > floor($0) }).max(by: { widths[$0] < widths[$1] }) else { return }
                widths[widest] -= 1
                excess -= 1
            }
        }
        let flexible = shown.filter { columns[$0].flexible }
        shrink(flexible) { comfortable[$0] }
        shrink(flexible.filter { !columns[$0].isName }) { TerminalText.displayWidth(columns[$0].header) }
        shrink(flexible) { TerminalText.displayWidth(columns[$0].header) }
        self.shown = shown
        self.widths = shown.map { widths[$0] }
    }
}
