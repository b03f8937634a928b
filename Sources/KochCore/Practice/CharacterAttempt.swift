import Foundation

/// One character keyed in the drill of a character at a time, against the one shown: what it read
/// as, and how long each mark and each gap between them lasted, in units of the drill's speed,
/// against the standard (a dit 1, a dah 3, a gap 1).
public struct CharacterAttempt: Sendable, Hashable {
    public let target: Symbol
    public let text: String?
    public let pattern: String
    /// Its marks, in seconds from the session's start.
    public let marks: [KeyedElement]
    public let timings: [ElementTiming]

    public var isRight: Bool { text == target.text }

    init(target: Symbol, text: String?, pattern: String, marks: [KeyedElement], unitSeconds: Double) {
        self.target = target
        self.text = text
        self.pattern = pattern
        self.marks = marks
        timings = ElementTiming.of(marks, pattern: pattern, unitSeconds: unitSeconds)
    }
}
