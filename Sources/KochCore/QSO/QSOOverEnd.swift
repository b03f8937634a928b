/// When a learner's over is over: at the hand-over word (`K`, `<KN>`,
/// `<AR>`, `<SK>`) that ends the script's over, or after a pause of twice
/// the word gap, whichever comes first. An `<AR>` in the middle of an over
/// (`HW? <AR> W1ABC DE K1XY <KN>`) does not end it: the over ends at the
/// last of as many hand-over words as the script's over has, and the words the script has after
/// it (`73 <SK> W1ABC DE K1XY` ends at `K1XY`).
public struct QSOOverEnd: Sendable, Hashable {
    /// How many hand-over words the script's over has.
    public let handOverCount: Int
    /// How many words the script's over has after its last hand-over word.
    public let wordsAfterLastHandOver: Int
    /// Twice the word gap at the learner's speed.
    public let pauseSeconds: Double

    public init(over: QSOOver, timing: Timing) {
        handOverCount = over.words.filter { QSOOver.handOverWords.contains($0) }.count
        wordsAfterLastHandOver = over.words.reversed().prefix { !QSOOver.handOverWords.contains($0) }.count
        pauseSeconds = 2 * timing.durationSeconds(of: .word)
    }

    /// Whether an over whose words read so far are `words` has ended, the
    /// key having rested `silenceSeconds` since the last character ended.
    /// Nothing read is never an end: the learner has not begun.
    public func hasEnded(words: [String], silenceSeconds: Double) -> Bool {
        guard !words.isEmpty else { return false }
        if silenceSeconds >= pauseSeconds { return true }
        guard handOverCount > 0 else { return false }
        let upper = words.map { $0.uppercased() }
        let tail = upper.reversed().prefix { !QSOOver.handOverWords.contains($0) }.count
        guard tail < upper.count, wordsAfterLastHandOver == 0 ? tail == 0 : tail >= wordsAfterLastHandOver else { return false }
        return upper.filter { QSOOver.handOverWords.contains($0) }.count >= handOverCount
    }
}
