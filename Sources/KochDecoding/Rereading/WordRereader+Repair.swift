import Foundation
import KochCore

/// Repairs marks broken by noise, marks that were noise, and marks that talk ran together,
/// in a word read again.
extension WordRereader {
    /// Price, in nats, of taking a suspect gap for noise that broke a mark, a suspect mark for a
    /// noise burst, or a suspect long mark for two that talk ran together.
    static let repairCostNats = 3.0
    /// A gap shorter than this fraction of the gap inside characters, or a mark shorter than
    /// this fraction of a dit, is a suspect: the sender makes neither.
    static let suspectFraction = 0.5
    /// Most suspects tried in one word (every subset of them is read).
    static let maximumSuspects = 4

    /// In noise, a mark may be broken by a dip (leaving a gap far shorter than any
    /// the sender makes) and a burst may make a mark far shorter than a dit. Each
    /// such suspect is tried both ways: the word is read with every subset of them
    /// repaired, each repair at a price, and the cheapest reading is kept. Where
    /// `splitsLongMarks` (talk sounded), a mark far longer than a dah is a suspect too:
    /// two marks whose gap the talk filled.
    static func repaired(_ word: Word, model: TimingModel, assembler: CharacterAssembler, splitsLongMarks: Bool = false) -> Word {
        var suspects = suspects(in: word, model: model, splitsLongMarks: splitsLongMarks)
        guard !suspects.isEmpty else { return word }
        suspects.sort { $0.ratio < $1.ratio }
        suspects = Array(suspects.prefix(maximumSuspects))
        var best = word
        var bestCost = Double.infinity
        for subset in 0..<(1 << suspects.count) {
            let chosen = suspects.enumerated().filter { subset & (1 << $0.offset) != 0 }.map(\.element)
            guard let variant = variant(of: word, repairing: chosen, model: model) else { continue }
            let cost =
                assembler.readWithCost(
                    markLogs: variant.word.marks.map { log(max($0.durationSeconds, 1e-4)) },
                    gapLogs: variant.word.gapSeconds.map { log(max($0, 1e-4)) }, model: model
                ).cost + repairCostNats * Double(variant.repairs)
            if cost < bestCost {
                bestCost = cost
                best = variant.word
            }
        }
        return best
    }

    /// The suspects of a word: gaps and marks too short for the sender's, and where
    /// `splitsLongMarks`, marks too long for one.
    private static func suspects(in word: Word, model: TimingModel, splitsLongMarks: Bool) -> [Suspect] {
        let shortGap = suspectFraction * exp(model.intraCharacterLog)
        let shortMark = suspectFraction * exp(model.ditLog)
        var suspects: [Suspect] = []
        for (index, seconds) in word.gapSeconds.enumerated() where seconds < shortGap {
            suspects.append(Suspect(repair: .merge, index: index, ratio: seconds / shortGap))
        }
        for (index, mark) in word.marks.enumerated() where mark.durationSeconds < shortMark && word.marks.count > 1 {
            suspects.append(Suspect(repair: .drop, index: index, ratio: mark.durationSeconds / shortMark))
        }
        if splitsLongMarks {
            let longMark = longMarkDahs * exp(model.dahLog)
            for (index, mark) in word.marks.enumerated() where mark.durationSeconds > longMark {
                // Two ways to cut it, each a suspect of its own; a subset holding both is not read.
                let ratio = longMark / mark.durationSeconds
                suspects.append(Suspect(repair: .split(firstSeconds: exp(model.ditLog)), index: index, ratio: ratio))
                suspects.append(Suspect(repair: .split(firstSeconds: exp(model.dahLog)), index: index, ratio: ratio))
            }
        }
        return suspects
    }

    /// A word with some of its suspects repaired, and how many.
    private struct Variant {
        var word: Word
        var repairs = 0
    }

    /// The word with the suspects `chosen` repaired; nil where they cannot all be (a mark cut
    /// both ways, a repair that an earlier one left no room for, a part cut too short).
    private static func variant(of word: Word, repairing chosen: [Suspect], model: TimingModel) -> Variant? {
        let gapSeconds = exp(model.intraCharacterLog)
        let shortestPart = suspectFraction * exp(model.ditLog)
        // Apply from the highest index down so earlier indices stay valid; at one index a merge
        // before a split, so that a mark joined to the next across a break is then cut.
        let ordered = chosen.sorted { ($0.index, $0.order) > ($1.index, $1.order) }
        // A mark is cut one way or the other, not both.
        guard Set(ordered.filter(\.isSplit).map(\.index)).count == ordered.count(where: \.isSplit) else { return nil }
        var variant = Variant(word: word)
        for suspect in ordered {
            switch suspect.repair {
            case .merge:
                guard suspect.index + 1 < variant.word.marks.count else { return nil }
                mergeMarks(&variant.word, at: suspect.index)
            case .drop:
                guard suspect.index < variant.word.marks.count, variant.word.marks.count > 1 else { return nil }
                dropMark(&variant.word, at: suspect.index)
            case let .split(firstSeconds):
                let secondSeconds = variant.word.marks[suspect.index].durationSeconds - firstSeconds - gapSeconds
                guard secondSeconds >= shortestPart else { return nil }
                splitMark(&variant.word, at: suspect.index, firstSeconds: firstSeconds, gapSeconds: gapSeconds)
            }
            variant.repairs += 1
        }
        return variant
    }

    /// A mark longer than this many dahs, where talk sounded through the filter, may be two
    /// marks whose gap the talk filled: it is tried cut after a dit and after a dah, with the
    /// sender's gap inside characters between (two characters run together stay one). The
    /// limit lies under the 1.7 dahs of a dah and a dit run together, and over a dah that talk
    /// lengthens by a few tens of milliseconds, which stays one.
    static let longMarkDahs = 1.5

    /// A place in a word that may be noise's doing, and its repair.
    private struct Suspect {
        enum Repair {
            /// A gap that broke a mark: the marks either side are joined.
            case merge
            /// A mark that was a noise burst: dropped.
            case drop
            /// A mark that was two, the gap between filled: cut after its first `firstSeconds`.
            case split(firstSeconds: Double)
        }
        let repair: Repair
        /// The gap's index for a merge, else the mark's.
        let index: Int
        /// How far past its limit it lies (smaller is surer).
        let ratio: Double
        /// Which repair goes first at one index (the greatest first).
        var order: Int {
            switch repair {
            case .drop: 1
            case .merge: 0
            case .split: -1
            }
        }
        var isSplit: Bool {
            if case .split = repair { return true }
            return false
        }
    }

    /// Joins mark `index` and the next across the gap between them.
    private static func mergeMarks(_ word: inout Word, at index: Int) {
        let first = word.marks[index], second = word.marks[index + 1]
        word.marks[index] = TimedElement(
            element: first.element, startSeconds: first.startSeconds,
            durationSeconds: second.startSeconds + second.durationSeconds - first.startSeconds)
        word.marks.remove(at: index + 1)
        word.gapSeconds.remove(at: index)
        word.elements.remove(at: index + 1)
        word.isValid.remove(at: index + 1)
        word.endsCharacter.remove(at: index)
    }

    /// Cuts mark `index` in two: its first `firstSeconds`, a gap of `gapSeconds` and the rest.
    private static func splitMark(_ word: inout Word, at index: Int, firstSeconds: Double, gapSeconds: Double) {
        let mark = word.marks[index]
        word.marks[index] = TimedElement(element: mark.element, startSeconds: mark.startSeconds, durationSeconds: firstSeconds)
        word.marks.insert(
            TimedElement(
                element: mark.element, startSeconds: mark.startSeconds + firstSeconds + gapSeconds,
                durationSeconds: mark.durationSeconds - firstSeconds - gapSeconds),
            at: index + 1)
        word.gapSeconds.insert(gapSeconds, at: index)
        word.elements.insert(word.elements[index], at: index + 1)
        word.isValid.insert(word.isValid[index], at: index + 1)
        word.endsCharacter.insert(false, at: index)
    }

    /// Takes mark `index` for noise: the gaps on either side become one.
    private static func dropMark(_ word: inout Word, at index: Int) {
        let mark = word.marks[index]
        if index == 0 {
            word.gapSeconds.removeFirst()
            word.endsCharacter.removeFirst()
        } else if index == word.marks.count - 1 {
            word.gapSeconds.removeLast()
            word.endsCharacter.removeLast()
        } else {
            word.gapSeconds[index - 1] += mark.durationSeconds + word.gapSeconds[index]
            word.gapSeconds.remove(at: index)
            word.endsCharacter.remove(at: index)
        }
        word.marks.remove(at: index)
        word.elements.remove(at: index)
        word.isValid.remove(at: index)
    }
}
