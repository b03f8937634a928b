import KochCore

/// Characters read far fainter than the sender's others: the noise of a quiet stretch, read
/// as marks where the decoder's threshold sank during a long pause, not keying.
public enum FaintCharacters {
    /// A character whose loudest frame is under this share of the sender's level is left out (−12 dB).
    public static let leastShareOfSender: Float = 0.25
    /// The sender's level: the loudest frame of the character this share of the others are under,
    /// so that a pause full of faint noise cannot pull it down.
    static let senderRank = 0.9

    /// `characters` without the faint ones, measured on `envelope` (at the sender's pitch, on
    /// the decoded recording's clock); a word begun by a character left out is begun by the next.
    public static func removed(from characters: [DecodedCharacter], envelope: ToneEnvelope) -> [DecodedCharacter] {
        let peaks = characters.map { peak(of: $0, in: envelope) }
        guard let sender = peaks.sorted()[safe: Int(Double(peaks.count) * senderRank)] else { return characters }
        var kept: [DecodedCharacter] = []
        var beginsWord = false
        for (character, peak) in zip(characters, peaks) {
            guard peak >= leastShareOfSender * sender else {
                beginsWord = beginsWord || character.startsWord
                continue
            }
            kept.append(
                DecodedCharacter(
                    text: character.text, elements: character.elements, startSeconds: character.startSeconds,
                    endSeconds: character.endSeconds, startsWord: character.startsWord || (beginsWord && !kept.isEmpty),
                    isAmbiguous: character.isAmbiguous))
            beginsWord = false
        }
        return kept
    }

    /// The loudest frame of the envelope over a character.
    static func peak(of character: DecodedCharacter, in envelope: ToneEnvelope) -> Float {
        let first = max(0, Int(character.startSeconds / ToneEnvelope.frameSeconds))
        let last = min(envelope.levels.count, max(first + 1, Int((character.endSeconds / ToneEnvelope.frameSeconds).rounded(.up)) + 1))
        guard first < last else { return 0 }
        return envelope.levels[first..<last].max() ?? 0
    }
}

extension Array {
    fileprivate subscript(safe index: Int) -> Element? { indices.contains(index) ? self[index] : nil }
}
