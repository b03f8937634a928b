/// Where the learner's progress file is: `--progress FILE`, else
/// `$KOCH_PROGRESS`, else `$XDG_DATA_HOME/koch/progress.json`, else
/// `~/.local/share/koch/progress.json` (the XDG Base Directory default).
public enum ProgressLocation {
    public static let fileName = "progress.json"

    /// The path, and which rule chose it, for messages.
    public static func resolve(option: String?, environment: [String: String]) -> (path: String, source: String) {
        if let option, !option.isEmpty { return (expandingTilde(option, environment: environment), "--progress") }
        if let path = environment["KOCH_PROGRESS"], !path.isEmpty { return (expandingTilde(path, environment: environment), "KOCH_PROGRESS") }
        // XDG: a relative XDG_DATA_HOME is invalid and must be ignored.
        if let data = environment["XDG_DATA_HOME"], data.hasPrefix("/") {
            return (data + "/koch/" + fileName, "XDG_DATA_HOME")
        }
        let home = environment["HOME"].flatMap { $0.isEmpty ? nil : $0 } ?? "."
        return (home + "/.local/share/koch/" + fileName, "the default")
    }

    private static func expandingTilde(_ path: String, environment: [String: String]) -> String {
        guard path == "~" || path.hasPrefix("~/"), let home = environment["HOME"], !home.isEmpty else { return path }
        return home + path.dropFirst()
    }
}
