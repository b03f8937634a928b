import Foundation
import KochCore

/// What was keyed from a paddle or straight-key log, as one JSON object: every element with its
/// start and length in seconds (to the millisecond), and the text read from them.
public struct KeyerReport: Encodable, Sendable {
    public struct Element: Encodable, Sendable {
        /// "." or "-" from the keyer; absent for a straight key's mark.
        public let element: String?
        public let startSeconds: Double
        public let durationSeconds: Double
    }

    public let file: String
    /// paddles or straight.
    public let key: String
    /// The keyer's mode; absent for a straight key, which no keyer times.
    public let mode: IambicMode?
    /// The keyer's first speed; absent for a straight key.
    public let wpm: Double?
    /// Absent where only the elements were asked for.
    public let text: String?
    public let elements: [Element]

    /// The report of `elements` keyed from `log`, read from `file`; `speedsWPM`, the keyer's speeds in turn.
    public init(file: String, log: PaddleLog, mode: IambicMode, speedsWPM: [Double], text: String?, elements: [KeyedElement]) {
        self.file = file
        key = log.isStraightKey ? "straight" : "paddles"
        self.mode = log.isStraightKey ? nil : mode
        wpm = log.isStraightKey ? nil : speedsWPM.first
        self.text = text
        self.elements = elements.map {
            Element(
                element: $0.element.map { String($0.rawValue) }, startSeconds: Self.milliseconds($0.startSeconds),
                durationSeconds: Self.milliseconds($0.durationSeconds))
        }
    }

    /// The report as pretty-printed JSON with sorted keys.
    public func json() throws -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        return String(decoding: try encoder.encode(self), as: UTF8.self)
    }

    /// Rounds to the millisecond: finer is below any keyer's timing.
    private static func milliseconds(_ seconds: Double) -> Double { (seconds * 1000).rounded() / 1000 }
}
