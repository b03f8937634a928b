import KochCore
import KochDecoding

extension QSORecordingReading {
    /// Where the learner's overs belong in the recording: the pauses between the other
    /// station's overs, mapped from the lesson's clock to the recording's.
    struct Pauses {
        /// One per learner over, in seconds of the recording: from when the other station's
        /// over before it has died away in the room to just before the next begins.
        let inside: [ClosedRange<Double>]
        /// The same, reaching `edgeSeconds` into the other station's overs (never past their middles).
        let widened: [ClosedRange<Double>]

        /// How long a room's echo of the other station's last mark is heard at its pitch.
        static let echoSeconds = 0.3
        /// How far a learner keys into the other station's over: begun before it ended, or still
        /// going when it began again.
        static let edgeSeconds = 1.0
        /// After the learner's last over, the time it may run past its pause.
        static let lastOverRunSeconds = 3.0

        init(qso: QSOKey, alignment: KeyingAlignment) {
            var inside: [ClosedRange<Double>] = []
            var widened: [ClosedRange<Double>] = []
            for (index, over) in qso.overs.enumerated() where over.station == .learner {
                let before = qso.overs[..<index].last { $0.station == .other }
                let after = qso.overs[(index + 1)...].first { $0.station == .other }
                let start = before.map { $0.endSeconds + Self.echoSeconds } ?? over.startSeconds
                let end = after.map { $0.startSeconds - 0.05 } ?? over.endSeconds + Self.lastOverRunSeconds
                let wideStart = before.map { max($0.endSeconds - Self.edgeSeconds, ($0.startSeconds + $0.endSeconds) / 2) } ?? start
                let wideEnd = after.map { min($0.startSeconds + Self.edgeSeconds, ($0.startSeconds + $0.endSeconds) / 2) } ?? end
                func mapped(_ first: Double, _ last: Double) -> ClosedRange<Double> {
                    alignment.recordingSeconds(first)...max(alignment.recordingSeconds(first), alignment.recordingSeconds(last))
                }
                inside.append(mapped(start, end))
                widened.append(mapped(wideStart, wideEnd))
            }
            self.inside = inside
            self.widened = widened
        }

        /// The text of the characters decoded from `splice` that fall in each of its pauses (by
        /// their middles), words as decoded, each character as the lesson writes its code (`=`
        /// keyed for `<BT>` is `<BT>`).
        static func texts(of characters: [DecodedCharacter], in splice: StretchSplice, alphabet: WrittenTokens.Alphabet) -> [String] {
            var texts = [String](repeating: "", count: splice.pieces.count)
            for character in characters {
                guard let index = splice.stretch(atSeconds: (character.startSeconds + character.endSeconds) / 2) else { continue }
                let pattern = String(character.elements.map(\.rawValue))
                let token = alphabet.token(pattern: pattern) ?? character.text.uppercased()
                texts[index] += (character.startsWord && !texts[index].isEmpty ? " " : "") + token
            }
            return texts
        }
    }
}
