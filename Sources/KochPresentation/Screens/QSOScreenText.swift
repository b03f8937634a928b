import KochCore

/// The screen of a live contact (`koch practice --kind qso`), as lines of plain text: the contact
/// so far, one line per over (the other station's as it was sent, once `ShowSent` lets it be
/// shown; the learner's as it was read, with what was wrong in it under it), then what happens
/// now: the other station sending, or the learner's script for their over with the blanks to
/// fill in by ear, and what has been read of their keying so far.
public struct QSOScreenText: Sendable {
    /// One line of the contact so far.
    public struct Entry: Sendable, Hashable {
        public enum Speaker: Sendable, Hashable {
            /// The other station: its over or its query.
            case other
            /// The learner's over, as read.
            case learner
        }

        public var speaker: Speaker
        public var text: String
        /// What was wrong in a learner's over (`QSOScreenText.describe`).
        public var notes: [String]

        public init(speaker: Speaker, text: String, notes: [String] = []) {
            self.speaker = speaker
            self.text = text
            self.notes = notes
        }
    }

    /// What the contact is doing now.
    public enum Turn: Sendable, Hashable {
        /// The other station sends; what the learner types is their copy. `coming`: the
        /// script of the learner's next over, to read ahead.
        case listening(typed: String, coming: String?)
        /// The learner keys their over from `script`; `keyed` is what has been read of it so far.
        case keying(script: String, keyed: String)
        case ended
    }

    public var entries: [Entry]
    public var turn: Turn
    public var elapsedSeconds: Double
    public var widthColumns: Int
    /// When set, only the last lines of the contact so far that fit this many lines.
    public var lineLimit: Int?

    public init(entries: [Entry], turn: Turn, elapsedSeconds: Double, widthColumns: Int, lineLimit: Int? = nil) {
        self.entries = entries
        self.turn = turn
        self.elapsedSeconds = elapsedSeconds
        self.widthColumns = widthColumns
        self.lineLimit = lineLimit
    }

    public var lines: [String] {
        var contact = entries.flatMap(Self.lines(of:))
        let current = currentLines
        if let lineLimit, contact.count + current.count > lineLimit {
            contact = Array(contact.suffix(max(0, lineLimit - current.count)))
        }
        return ["QSO  \(SendScreenText.minuteSecond(elapsedSeconds))  Enter or Ctrl-C ends", ""] + contact + [""] + current
    }

    private static func lines(of entry: Entry) -> [String] {
        let label = entry.speaker == .other ? "them: " : " you: "
        return [label + entry.text] + entry.notes.map { "      " + $0 }
    }

    private var currentLines: [String] {
        switch turn {
        case let .listening(typed, coming):
            return ["They are sending; type what you hear."] + (typed.isEmpty ? [] : ["Your copy: " + typed])
                + (coming.map { ["", "Then you: " + $0] } ?? [])
        case let .keying(script, keyed):
            return ["Your turn, key:"] + SendScreenText.wrapped(script.split(separator: " ").map(String.init), width: widthColumns)
                + ["Read so far:"] + SendScreenText.wrapped(keyed.split(separator: " ").map(String.init), width: widthColumns)
        case .ended:
            return ["The contact is over."]
        }
    }

    /// What was wrong in an over, each value once (a report sent twice wrong is one line).
    public static func notes(_ checks: [QSOOverReading.Check]) -> [String] {
        var seen: Set<String> = []
        return checks.map(describe).filter { seen.insert($0).inserted }
    }

    /// A value sent wrong, for the screen and the report: `their call: W1ABC, you sent W1ABD`,
    /// `your report: 579, you sent 599`, `their name: BOB, not sent`.
    public static func describe(_ check: QSOOverReading.Check) -> String {
        let sent = check.sent.map { "you sent \($0)" } ?? "not sent"
        return "\(name(of: check.field)): \(check.field.value), \(sent)"
    }

    /// `their call`, `your report`, `your name`.
    public static func name(of field: QSOField) -> String {
        let key = field.key.split(separator: ".").last.map(String.init) ?? field.key
        let spoken = ["rst": "report", "qth": "QTH", "serial": "serial number", "years": "years licensed"][key] ?? key
        return (field.isHeard ? "their " : "your ") + spoken
    }
}
