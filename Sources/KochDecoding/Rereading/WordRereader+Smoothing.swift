import Foundation
import KochCore

/// The timing smoothed over the whole recording: each word's model from both sides of it.
extension WordRereader {
    /// For every word, the mean of the forward model just before it and the backward one just after it.
    static func smoothedModels(_ words: [Word], final: TimingModel, law: TimingModel.DurationLaw) -> [TimingModel] {
        var backward = Array(repeating: final, count: words.count)
        var model = final
        for index in words.indices.reversed() {
            backward[index] = model
            learn(words[index], into: &model, reversed: true)
        }
        var smoothed: [TimingModel] = []
        smoothed.reserveCapacity(words.count)
        for index in words.indices {
            var local = midway(model, backward[index])
            local.law = law
            smoothed.append(local)
            learn(words[index], into: &model, reversed: false)
        }
        return smoothed
    }

    private static func learn(_ word: Word, into model: inout TimingModel, reversed: Bool) {
        let order = reversed ? Array(word.marks.indices.reversed()) : Array(word.marks.indices)
        for index in order {
            let gapIndex = reversed ? index : index - 1
            if gapIndex >= 0, gapIndex < word.gapSeconds.count {
                let gapLog = log(word.gapSeconds[gapIndex])
                if word.endsCharacter[gapIndex] {
                    model.learn(gapLog: gapLog, as: .character)
                } else if word.isValid[gapIndex + 1] {
                    model.learn(gapLog: gapLog, as: .intraCharacter)
                }
            }
            if word.isValid[index] {
                model.learn(markLog: log(max(word.marks[index].durationSeconds, 1e-4)), as: word.elements[index])
            }
        }
        // A long pause is not a word gap of the sender's rhythm.
        if let gap = word.endingGap, gap.durationSeconds < 3 * exp(model.wordLog) {
            model.learn(gapLog: log(gap.durationSeconds), as: .word)
        }
    }

    private static func midway(_ a: TimingModel, _ b: TimingModel) -> TimingModel {
        var model = a
        model.ditLog = 0.5 * (a.ditLog + b.ditLog)
        model.dahLog = 0.5 * (a.dahLog + b.dahLog)
        model.intraCharacterLog = 0.5 * (a.intraCharacterLog + b.intraCharacterLog)
        model.characterLog = 0.5 * (a.characterLog + b.characterLog)
        model.wordLog = 0.5 * (a.wordLog + b.wordLog)
        model.markSpread = 0.5 * (a.markSpread + b.markSpread)
        model.gapSpread = 0.5 * (a.gapSpread + b.gapSpread)
        return model
    }
}
