import Foundation

/// Repairs marks broken by noise and marks that were noise, in a word read again.
extension WordRereader {
    /// Price, in nats, of taking a suspect gap for noise that broke a mark, or a suspect mark for a noise burst.
    static let repairCostNats = 3.0
    /// A gap shorter than this fraction of the gap inside characters, or a mark shorter than
    /// this fraction of a dit, is a suspect: the sender makes neither.
    static let suspectFraction = 0.5
    /// Most suspects tried in one word (every subset of them is read).
    static let maximumSuspects = 4

    /// In noise, a mark may be broken by a dip (leaving a gap far shorter than any
    /// the sender makes) and a burst may make a mark far shorter than a dit. Each
    /// such suspect is tried both ways: the word is read with every subset of them
    /// repaired, each repair at a price, and the cheapest reading is kept.
    static func repaired(_ word: Word, model: TimingModel, assembler: CharacterAssembler) -> Word {
        let shortGap = suspectFraction * exp(model.intraCharacterLog)
        let shortMark = suspectFraction * exp(model.ditLog)
        // Suspects: (is a gap, index, how far below its limit).
        var suspects: [(isGap: Bool, index: Int, ratio: Double)] = []
        for (index, seconds) in word.gapSeconds.enumerated() where seconds < shortGap {
            suspects.append((true, index, seconds / shortGap))
        }
        for (index, mark) in word.marks.enumerated() where mark.durationSeconds < shortMark && word.marks.count > 1 {
            suspects.append((false, index, mark.durationSeconds / shortMark))
        }
        guard !suspects.isEmpty else { return word }
        suspects.sort { $0.ratio < $1.ratio }
        suspects = Array(suspects.prefix(maximumSuspects))
        var best = word
        var bestCost = Double.infinity
        for subset in 0..<(1 << suspects.count) {
            var variant = word
            var repairs = 0
            // Apply from the highest index down so earlier indices stay valid.
            let chosen = suspects.enumerated().filter { subset & (1 << $0.offset) != 0 }.map(\.element)
                .sorted { ($0.index, $0.isGap ? 0 : 1) > ($1.index, $1.isGap ? 0 : 1) }
            var valid = true
            for suspect in chosen {
                if suspect.isGap {
                    guard suspect.index + 1 < variant.marks.count else {
                        valid = false
                        break
                    }
                    mergeMarks(&variant, at: suspect.index)
                } else {
                    guard suspect.index < variant.marks.count, variant.marks.count > 1 else {
                        valid = false
                        break
                    }
                    dropMark(&variant, at: suspect.index)
                }
                repairs += 1
            }
            guard valid else { continue }
            let cost =
                assembler.readWithCost(
                    markLogs: variant.marks.map { log(max($0.durationSeconds, 1e-4)) },
                    gapLogs: variant.gapSeconds.map { log(max($0, 1e-4)) }, model: model
                ).cost + repairCostNats * Double(repairs)
            if cost < bestCost {
                bestCost = cost
                best = variant
            }
        }
        return best
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
