import PlacesCore
import PlacesSupport

/// A shell `places completions` writes a script for.
enum CompletionShell: String, Sendable, CaseIterable {
    case bash, zsh, fish

    /// The shell a user named; an unknown one is a usage error listing the supported ones.
    static func named(_ text: String) throws -> CompletionShell {
        guard let shell = CompletionShell(rawValue: text) else {
            let supported = allCases.map(\.rawValue).joined(separator: ", ")
            let hint = Suggestion.closest(to: text, among: allCases.map(\.rawValue)).map { "; did you mean '\($0)'?" } ?? ""
            throw UsageError("no completions for shell '\(text)'\(hint); supported: \(supported)")
        }
        return shell
    }

    /// The whole script, generated from `CommandTable`.
    var script: String {
        switch self {
        case .bash: return BashCompletionScript.text
        case .zsh: return ZshCompletionScript.text
        case .fish: return FishCompletionScript.text
        }
    }
}
