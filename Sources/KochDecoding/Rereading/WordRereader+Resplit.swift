import Foundation
import KochCore

/// Cuts the words again where the first reading's word gaps were plainly wrong.
extension WordRereader {
    /// Share of the gaps between characters whose word-or-not decision may disagree
    /// with the recording's own two clusters before the words are cut again.
    static let resplitDisagreement = 0.25

    /// Cuts the words again when the first reading's word gaps were plainly wrong.
    ///
    /// As the recording goes by, a model that once takes the gaps between
    /// characters for word gaps learns its word centre from them and keeps doing
    /// so (with Farnsworth spacing in noise, say, every letter becomes a word).
    /// The gaps that end characters fall in two clusters of log length over the
    /// whole recording, between characters and between words, about 2.3 times
    /// apart at any spacing; when a quarter or more of the first decisions
    /// disagree with those clusters, the words are cut where the clusters say.
    static func resplit(_ words: [Word]) -> [Word] {
        guard let midpoint = wordGapMidpoint(characterEndingGaps(words)) else { return words }
        return cut(words, atGapsLongerThanLog: midpoint)
    }

    /// A gap that ended a character: its length in log seconds, and whether the first reading
    /// took it for a word gap.
    private struct EndingGap {
        let log: Double
        let isWord: Bool
    }

    /// Every gap of the words that ended a character, in order.
    private static func characterEndingGaps(_ words: [Word]) -> [EndingGap] {
        var gaps: [EndingGap] = []
        for word in words {
            for (index, seconds) in word.gapSeconds.enumerated() where word.endsCharacter[index] {
                gaps.append(EndingGap(log: log(seconds), isWord: false))
            }
            if let gap = word.endingGap { gaps.append(EndingGap(log: log(max(gap.durationSeconds, 1e-4)), isWord: true)) }
        }
        return gaps
    }

    /// Where the gaps' two clusters (between characters, between words) divide, in log seconds;
    /// nil where there are too few gaps, no two clusters, or the first reading's word gaps
    /// mostly agree with them.
    private static func wordGapMidpoint(_ gaps: [EndingGap]) -> Double? {
        guard gaps.count >= 12 else { return nil }
        let sorted = gaps.map(\.log).sorted()
        // Pauses far longer than the sender's word gaps must not make a cluster of their own.
        let cap = sorted[sorted.count / 2] + log(6)
        let capped = sorted.map { min($0, cap) }
        var centres = TimingModel.kMeans(capped, clusters: 2)
        // Noise that hides a mark leaves gaps of its own, shorter than the gaps between
        // characters but ending characters too: a third cluster, fewer than those above it.
        let three = TimingModel.kMeans(capped, clusters: 3)
        if three.count == 3, three[1] - three[0] >= log(1.6), three[2] - three[1] >= log(1.8) {
            let lowCount = capped.filter { $0 < 0.5 * (three[0] + three[1]) }.count
            let middleCount = capped.filter { $0 >= 0.5 * (three[0] + three[1]) && $0 < 0.5 * (three[1] + three[2]) }.count
            if lowCount < middleCount { centres = [three[1], three[2]] }
        }
        guard centres.count == 2, centres[1] - centres[0] >= log(1.8) else { return nil }
        let midpoint = 0.5 * (centres[0] + centres[1])
        let disagreeing = gaps.filter { ($0.log > midpoint) != $0.isWord }.count
        guard Double(disagreeing) >= resplitDisagreement * Double(gaps.count) else { return nil }
        return midpoint
    }

    /// The marks of the words cut into words again at every gap ending a character that is
    /// longer than `midpoint` (log seconds), and only there.
    private static func cut(_ words: [Word], atGapsLongerThanLog midpoint: Double) -> [Word] {
        var result: [Word] = []
        var current: Word?
        func close() {
            if let word = current, !word.marks.isEmpty { result.append(word) }
            current = nil
        }
        for word in words {
            for index in word.marks.indices {
                if current == nil {
                    current = Word(marks: [], gapSeconds: [], elements: [], endsCharacter: [], isValid: [], endingGap: nil)
                }
                current?.marks.append(word.marks[index])
                current?.elements.append(word.elements[index])
                current?.isValid.append(word.isValid[index])
                guard index < word.gapSeconds.count else { continue }
                let seconds = word.gapSeconds[index]
                if word.endsCharacter[index] && log(seconds) > midpoint {
                    let mark = word.marks[index]
                    current?.endingGap = TimedGap(gap: .word, startSeconds: mark.startSeconds + mark.durationSeconds, durationSeconds: seconds)
                    close()
                } else {
                    current?.gapSeconds.append(seconds)
                    current?.endsCharacter.append(word.endsCharacter[index])
                }
            }
            if let gap = word.endingGap, log(max(gap.durationSeconds, 1e-4)) <= midpoint {
                // Not a word gap after all: the next word continues this one.
                current?.gapSeconds.append(gap.durationSeconds)
                current?.endsCharacter.append(true)
            } else {
                current?.endingGap = word.endingGap
                close()
            }
        }
        close()
        return result
    }
}
