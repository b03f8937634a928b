import Foundation
import KochCore

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
/// Word boundaries, stuck keys and the marks themselves are kept (but where the
/// caller asks for repairs: see `repaired`); only the dit/dah and gap labels, and
/// so the characters, may change, and words of
/// fewer marks than the caller asks for are dropped (see `DecodeSession`).
/// For a weak signal the caller passes the evidence of every sample: the
/// last round then reads each word anew from it (`SoftWordReader`), and its
/// marks, and where it splits into words, may change too. Evidence that says
/// where it is in doubt (`MarkEvidence.doubtful`: where talk sounded) is read
/// so only for the words that hold some doubt; the others keep their reading.
enum WordRereader {
    struct Word {
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

    /// The output read again as `plan` says, and the statistics of its new labels; nil if it holds no word.
    static func reread(
        _ output: DecoderOutput, model final: TimingModel, assembler: CharacterAssembler, plan: Plan = Plan()
    ) -> (output: DecoderOutput, statistics: TimingStatistics)? {
        var words = resplit(split(output))
        words.removeAll { $0.marks.count < plan.minimumMarksPerWord }
        guard !words.isEmpty else { return nil }
        var readings: [[CharacterAssembler.Reading]] = []
        var models: [TimingModel] = []
        let softReader = plan.evidence.map { _ in
            SoftWordReader(trie: CharacterTrie(prior: assembler.prior), perCharacterCost: assembler.perCharacterCost)
        }
        for round in 0..<rounds {
            models = smoothedModels(words, final: final, law: plan.law)
            readings = []
            let isLast = round == rounds - 1
            let unrepaired = words
            if plan.repairsMarks && isLast {
                for index in words.indices {
                    words[index] = repaired(words[index], model: models[index], assembler: assembler, splitsLongMarks: plan.splitsLongMarks)
                }
            }
            if let evidence = plan.evidence, let softReader, isLast {
                // Each word is read within the midpoints of the gaps to its neighbours: the one
                // before as repaired, the one after as it was when the words were read in turn.
                // Read from the evidence, a word may turn out to be two or more (a word gap that
                // noise broke).
                (words, readings) = softRound(
                    words, nextWords: unrepaired, evidence: evidence, models: models, reader: softReader, assembler: assembler)
                continue
            }
            for index in words.indices {
                readings.append(readByDurations(&words[index], assembler: assembler, model: models[index]))
            }
        }
        let rebuilt = rebuiltOutput(words: words, readings: readings, from: output)
        return (rebuilt, statistics(of: rebuilt, models: models, words: words))
    }

    /// The output of the words as read again (`readings`, by word), with the stuck keys and
    /// off-pitch marks of the first reading.
    private static func rebuiltOutput(words: [Word], readings: [[CharacterAssembler.Reading]], from output: DecoderOutput) -> DecoderOutput {
        var rebuilt = DecoderOutput()
        rebuilt.stuckKeys = output.stuckKeys
        rebuilt.offPitchMarks = output.offPitchMarks
        for (index, word) in words.enumerated() {
            for (readingIndex, reading) in readings[index].enumerated() {
                let first = reading.marks.lowerBound
                for (offset, markIndex) in reading.marks.enumerated() {
                    if markIndex > 0 {
                        let previous = word.marks[markIndex - 1]
                        rebuilt.gaps.append(
                            TimedGap(
                                gap: offset == 0 ? .character : .intraCharacter,
                                startSeconds: previous.startSeconds + previous.durationSeconds,
                                durationSeconds: word.gapSeconds[markIndex - 1]))
                    }
                    rebuilt.elements.append(
                        TimedElement(
                            element: reading.elements[offset], startSeconds: word.marks[markIndex].startSeconds,
                            durationSeconds: word.marks[markIndex].durationSeconds))
                }
                let last = word.marks[reading.marks.upperBound - 1]
                rebuilt.characters.append(
                    DecodedCharacter(
                        text: reading.text, elements: reading.elements, startSeconds: word.marks[first].startSeconds,
                        endSeconds: last.startSeconds + last.durationSeconds,
                        startsWord: readingIndex == 0 && !rebuilt.characters.isEmpty, isAmbiguous: reading.isAmbiguous))
            }
            if let gap = word.endingGap { rebuilt.gaps.append(gap) }
        }
        return rebuilt
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
                if abs(end - gap.startSeconds) < 1e-6 {
                    words[wordIndex].endingGap = gap
                    wordIndex += 1
                    break
                }
                if end > gap.startSeconds { break }
                wordIndex += 1
            }
        }
        return words
    }

    /// The word read from the durations of its marks and gaps against `model`, and relabelled so.
    static func readByDurations(
        _ word: inout Word, assembler: CharacterAssembler, model: TimingModel
    ) -> [CharacterAssembler.Reading] {
        let read = assembler.read(
            markLogs: word.marks.map { log(max($0.durationSeconds, 1e-4)) }, gapLogs: word.gapSeconds.map { log(max($0, 1e-4)) },
            model: model)
        relabel(&word, with: read)
        return read
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
