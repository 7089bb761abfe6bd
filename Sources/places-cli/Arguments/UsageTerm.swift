/// One part of a command's usage line after its positionals, made of flag declarations so
/// that it spells each flag as help does: `[--jobs N]`, `--from POINT`, or a choice
/// `(--at LAT,LON | --near PLACE | --from POINT --to POINT)`.
struct UsageTerm: Sendable {
    /// Each alternative: flags given together.
    let alternatives: [[FlagSpec]]
    let required: Bool

    /// `[--jobs N]`.
    static func optional(_ flag: some DeclaredFlag) -> UsageTerm {
        UsageTerm(alternatives: [[flag.spec]], required: false)
    }

    /// `--from POINT`: the command needs it.
    static func required(_ flag: some DeclaredFlag) -> UsageTerm {
        UsageTerm(alternatives: [[flag.spec]], required: true)
    }

    /// `[--at LAT,LON | --near PLACE]`, or in parentheses when one of them is needed.
    static func oneOf(_ alternatives: [[any DeclaredFlag]], required: Bool = false) -> UsageTerm {
        UsageTerm(alternatives: alternatives.map { $0.map(\.spec) }, required: required)
    }

    var flags: [FlagSpec] { alternatives.flatMap { $0 } }

    var text: String {
        let choice = alternatives.map { $0.map(\.usage).joined(separator: " ") }.joined(separator: " | ")
        if !required { return "[\(choice)]" }
        return alternatives.count > 1 ? "(\(choice))" : choice
    }
}
