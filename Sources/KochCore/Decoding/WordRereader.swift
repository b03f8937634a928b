import Foundation

/// Reads every word of a recording a second time, against timing learned
/// from both sides of it.
///
/// The first reading is made as the recording goes by, against a timing
/// model that knows only what came before: at the start it has only the
/// warm-up's clusters, and as the speed drifts its moving averages lag
/// behind. Once the whole recording has been read, the durations of its
/// marks and gaps (a few numbers a mark, small even for an hour) are kept
/// with their first labels, and the model is run over them twice, as a
/// fixed-lag smoother does (Rauch, Tung and Striebel, "Maximum likelihood
/// estimates of linear dynamic systems", AIAA J. 1965): backwards from the
/// end, then forwards from the estimate the backward run reached at the start.
/// Each word is then read again against the mean of the forward estimate just
/// before it and the backward one just after it: the two lags cancel, and the
/// opening words are judged by the sender's settled rhythm rather than the
/// warm-up's guess. Labels of the new reading feed a second round.
///
/// Word boundaries, stuck keys and the marks themselves are kept; only the
/// dit/dah and gap labels, and so the characters, may change, and words of
/// fewer marks than the caller asks for are dropped (see `DecodeSession`).
enum WordRereader {
    private struct Word {
        var marks: [TimedElement]
        /// Gaps between consecutive marks, in seconds.
        var gapSeconds: [Double]
        var elements: [Element]
        /// Whether the gap before mark i + 1 ends a character.
        var endsCharacter: [Bool]
        /// Whether mark i belongs to a character of the code table.
        var isValid: [Bool]
        var endingGap: TimedGap?
    }

    /// Rounds of smoothing and reading again.
    static let rounds = 2

    /// The output read again, and the statistics of its new labels; nil if it holds no word.
    static func reread(
        _ output: DecoderOutput, model final: TimingModel, assembler: CharacterAssembler, minimumMarksPerWord: Int = 1
    ) -> (output: DecoderOutput, statistics: TimingStatistics)? {
        var words = split(output)
        words.removeAll { $0.marks.count < minimumMarksPerWord }
        guard !words.isEmpty else { return nil }
        var readings: [[CharacterAssembler.Reading]] = []
        var models: [TimingModel] = []
        for _ in 0..<rounds {
            models = smoothedModels(words, final: final)
            readings = []
            for index in words.indices {
                let word = words[index]
                let read = assembler.read(
                    markLogs: word.marks.map { log(max($0.durationSeconds, 1e-4)) },
                    gapLogs: word.gapSeconds.map { log(max($0, 1e-4)) }, model: models[index])
                readings.append(read)
                relabel(&words[index], with: read)
            }
        }
        var rebuilt = DecoderOutput()
        rebuilt.stuckKeys = output.stuckKeys
        for (index, word) in words.enumerated() {
            for (readingIndex, reading) in readings[index].enumerated() {
                let first = reading.marks.lowerBound
                for (offset, markIndex) in reading.marks.enumerated() {
                    if markIndex > 0 {
                        let previous = word.marks[markIndex - 1]
                        rebuilt.gaps.append(TimedGap(
                            gap: offset == 0 ? .character : .intraCharacter,
                            startSeconds: previous.startSeconds + previous.durationSeconds,
                            durationSeconds: word.gapSeconds[markIndex - 1]))
                    }
                    rebuilt.elements.append(TimedElement(
                        element: reading.elements[offset], startSeconds: word.marks[markIndex].startSeconds,
                        durationSeconds: word.marks[markIndex].durationSeconds))
                }
                let last = word.marks[reading.marks.upperBound - 1]
                rebuilt.characters.append(DecodedCharacter(
                    text: reading.text, elements: reading.elements, startSeconds: word.marks[first].startSeconds,
                    endSeconds: last.startSeconds + last.durationSeconds,
                    startsWord: readingIndex == 0 && !rebuilt.characters.isEmpty, isAmbiguous: reading.isAmbiguous))
            }
            if let gap = word.endingGap { rebuilt.gaps.append(gap) }
        }
        return (rebuilt, statistics(of: rebuilt, models: models, words: words))
    }

    /// The words of the first reading, with their marks, gaps and labels.
    private static func split(_ output: DecoderOutput) -> [Word] {
        var words: [Word] = []
        var elementIndex = 0
        for character in output.characters {
            let count = character.elements.count
            guard count > 0, elementIndex + count <= output.elements.count else { return [] }
            if character.startsWord || words.isEmpty {
                words.append(Word(marks: [], gapSeconds: [], elements: [], endsCharacter: [], isValid: [], endingGap: nil))
            }
            let last = words.count - 1
            for offset in 0..<count {
                let mark = output.elements[elementIndex + offset]
                if let previous = words[last].marks.last {
                    words[last].gapSeconds.append(max(1e-4, mark.startSeconds - previous.startSeconds - previous.durationSeconds))
                    words[last].endsCharacter.append(offset == 0)
                }
                words[last].marks.append(mark)
                words[last].elements.append(character.elements[offset])
                words[last].isValid.append(character.text != "*")
            }
            elementIndex += count
        }
        // Each word gap follows the word whose last mark it starts at.
        var wordIndex = 0
        for gap in output.gaps where gap.gap == .word {
            while wordIndex < words.count {
                let mark = words[wordIndex].marks[words[wordIndex].marks.count - 1]
                let end = mark.startSeconds + mark.durationSeconds
                if abs(end - gap.startSeconds) < 1e-6 { words[wordIndex].endingGap = gap; wordIndex += 1; break }
                if end > gap.startSeconds { break }
                wordIndex += 1
            }
        }
        return words
    }

    private static func relabel(_ word: inout Word, with readings: [CharacterAssembler.Reading]) {
        for reading in readings {
            for (offset, index) in reading.marks.enumerated() {
                word.elements[index] = reading.elements[offset]
                word.isValid[index] = reading.text != "*"
                if index > 0 { word.endsCharacter[index - 1] = offset == 0 }
            }
        }
    }

    /// For every word, the mean of the forward model just before it and the backward one just after it.
    private static func smoothedModels(_ words: [Word], final: TimingModel) -> [TimingModel] {
        var backward = Array(repeating: final, count: words.count)
        var model = final
        for index in words.indices.reversed() {
            backward[index] = model
            learn(words[index], into: &model, reversed: true)
        }
        var smoothed: [TimingModel] = []
        smoothed.reserveCapacity(words.count)
        for index in words.indices {
            smoothed.append(midway(model, backward[index]))
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

    private static func statistics(of output: DecoderOutput, models: [TimingModel], words: [Word]) -> TimingStatistics {
        var statistics = TimingStatistics()
        for element in output.elements { statistics.add(element) }
        var wordIndex = 0
        for gap in output.gaps {
            if gap.gap == .word {
                // Advance to the word this gap ends, to judge it against that word's rhythm.
                while wordIndex < words.count, words[wordIndex].endingGap != gap { wordIndex += 1 }
                let wordLog = wordIndex < models.count ? models[wordIndex].wordLog : .infinity
                if gap.durationSeconds < 3 * exp(wordLog) { statistics.add(gap) }
            } else {
                statistics.add(gap)
            }
        }
        return statistics
    }
}
