import KochCore

/// What a send exercise practised live shows: the groups to key, and under them what has been read
/// of the keying so far, wrapped to the screen's width.
public struct SendScreenText: Sendable {
    public let groups: [String]
    /// What was read so far: characters, with a space where a word's space was keyed (`?` for a pattern that is no character).
    public let keyed: String
    public let elapsedSeconds: Double
    /// How to stop: "Enter, Esc or Ctrl-C ends".
    public let hint: String
    public let width: Int

    /// The keys keyed on so far, `on the straight key`; nil before any, or from the microphone.
    public let keyedOn: String?

    public init(groups: [String], keyed: String, elapsedSeconds: Double, hint: String, width: Int, keyedOn: String? = nil) {
        self.groups = groups
        self.keyed = keyed
        self.elapsedSeconds = elapsedSeconds
        self.hint = hint
        self.width = width
        self.keyedOn = keyedOn
    }

    public var lines: [String] {
        let task = "Key the groups below" + (keyedOn.map { " " + $0 } ?? "")
        var lines = ScreenLineWrapping.lines("\(task).  \(Self.minuteSecond(elapsedSeconds))  \(hint)", widthColumns: width) + [""]
        lines += Self.wrapped(groups, width: width)
        lines.append("")
        lines.append("Read so far:")
        lines += Self.wrapped(keyed.split(separator: " ").map(String.init), width: width)
        return lines
    }

    /// `2:05`.
    public static func minuteSecond(_ seconds: Double) -> String {
        let whole = max(0, Int(seconds))
        let remainder = whole % 60
        return "\(whole / 60):\(remainder < 10 ? "0" : "")\(remainder)"
    }

    /// Words joined by spaces into lines no wider than `width` (a longer word alone on its line).
    public static func wrapped(_ words: [String], width: Int) -> [String] {
        var lines: [String] = []
        var line = ""
        for word in words {
            if !line.isEmpty, line.count + 1 + word.count > max(width, 10) {
                lines.append(line)
                line = ""
            }
            line += (line.isEmpty ? "" : " ") + word
        }
        if !line.isEmpty { lines.append(line) }
        return lines
    }
}
