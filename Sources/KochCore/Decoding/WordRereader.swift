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
/// For a weak signal the caller passes the evidence of every sample: the
/// last round then reads each word anew from it (`SoftWordReader`), and its
/// marks, and where it splits into words, may change too.
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
    /// `law` is how durations spread about the centres (see `TimingModel.DurationLaw`).
    static func reread(
        _ output: DecoderOutput, model final: TimingModel, assembler: CharacterAssembler, minimumMarksPerWord: Int = 1,
        repairsMarks: Bool = false, law: TimingModel.DurationLaw = .logNormal, evidence: MarkEvidence? = nil
    ) -> (output: DecoderOutput, statistics: TimingStatistics)? {
        var words = resplit(split(output))
        words.removeAll { $0.marks.count < minimumMarksPerWord }
        guard !words.isEmpty else { return nil }
        var readings: [[CharacterAssembler.Reading]] = []
        var models: [TimingModel] = []
        // Read from the evidence, a word may turn out to be two or more (a word gap that noise broke).
        var softWords: [Word] = []
        let softReader = evidence.map { _ in
            SoftWordReader(trie: CharacterTrie(nonLetterCost: assembler.nonLetterCost), perCharacterCost: assembler.perCharacterCost)
        }
        for round in 0..<rounds {
            models = smoothedModels(words, final: final, law: law)
            readings = []
            let isLast = round == rounds - 1
            let unrepaired = words
            if repairsMarks && isLast {
                for index in words.indices { words[index] = repaired(words[index], model: models[index], assembler: assembler) }
            }
            if let evidence, let softReader, isLast {
                // Each word is read within the midpoints of the gaps to its neighbours: the one
                // before as repaired, the one after as it was when the words were read in turn.
                let parts = softReadAll(words, nextWords: unrepaired, evidence: evidence, models: models, reader: softReader)
                for part in parts.joined() {
                    softWords.append(part.word)
                    readings.append(part.readings)
                }
                continue
            }
            for index in words.indices {
                let word = words[index]
                let read = assembler.read(
                    markLogs: word.marks.map { log(max($0.durationSeconds, 1e-4)) },
                    gapLogs: word.gapSeconds.map { log(max($0, 1e-4)) }, model: models[index])
                readings.append(read)
                relabel(&words[index], with: read)
            }
        }
        if evidence != nil { words = softWords }
        var rebuilt = DecoderOutput()
        rebuilt.stuckKeys = output.stuckKeys
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
    private static func repaired(_ word: Word, model: TimingModel, assembler: CharacterAssembler) -> Word {
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
    private static func resplit(_ words: [Word]) -> [Word] {
        // Every gap that ended a character: (log seconds, was a word gap).
        var gaps: [(log: Double, isWord: Bool)] = []
        for word in words {
            for (index, seconds) in word.gapSeconds.enumerated() where word.endsCharacter[index] { gaps.append((log(seconds), false)) }
            if let gap = word.endingGap { gaps.append((log(max(gap.durationSeconds, 1e-4)), true)) }
        }
        guard gaps.count >= 12 else { return words }
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
        guard centres.count == 2, centres[1] - centres[0] >= log(1.8) else { return words }
        let midpoint = 0.5 * (centres[0] + centres[1])
        let disagreeing = gaps.filter { ($0.log > midpoint) != $0.isWord }.count
        guard Double(disagreeing) >= resplitDisagreement * Double(gaps.count) else { return words }
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

    private static func relabel(_ word: inout Word, with readings: [CharacterAssembler.Reading]) {
        for reading in readings {
            for (offset, index) in reading.marks.enumerated() {
                word.elements[index] = reading.elements[offset]
                word.isValid[index] = reading.text != "*"
                if index > 0 { word.endsCharacter[index - 1] = offset == 0 }
            }
        }
    }

    /// Every word read again from the evidence (`softRead`), the words shared out among the cores;
    /// each word's parts, in order.
    private static func softReadAll(
        _ words: [Word], nextWords: [Word], evidence: MarkEvidence, models: [TimingModel], reader: SoftWordReader
    ) -> [[(word: Word, readings: [CharacterAssembler.Reading])]] {
        let results = SoftReadings(count: words.count)
        let chunkCount = min(words.count, 4 * ProcessInfo.processInfo.activeProcessorCount)
        DispatchQueue.concurrentPerform(iterations: chunkCount) { chunk in
            for index in (words.count * chunk / chunkCount)..<(words.count * (chunk + 1) / chunkCount) {
                results.store(
                    softRead(words, at: index, nextWords: nextWords, evidence: evidence, model: models[index], reader: reader), at: index)
            }
        }
        return results.all
    }

    /// Each word's soft reading, filled in from several cores.
    private final class SoftReadings: @unchecked Sendable {
        private var readings: [[(word: Word, readings: [CharacterAssembler.Reading])]]
        private let lock = NSLock()

        init(count: Int) { readings = Array(repeating: [], count: count) }

        func store(_ parts: [(word: Word, readings: [CharacterAssembler.Reading])], at index: Int) {
            lock.lock()
            readings[index] = parts
            lock.unlock()
        }

        var all: [[(word: Word, readings: [CharacterAssembler.Reading])]] { readings }
    }

    /// Reads a word again from the evidence of its samples, from a little before its first
    /// mark to a little after its last (never into its neighbours): the word as read, split
    /// where the reading found word gaps; the word as it was if nothing in it beats silence.
    private static func softRead(
        _ words: [Word], at index: Int, nextWords: [Word], evidence: MarkEvidence, model: TimingModel, reader: SoftWordReader
    ) -> [(word: Word, readings: [CharacterAssembler.Reading])] {
        let word = words[index]
        let first = word.marks[0], last = word.marks[word.marks.count - 1]
        let margin = softMarginDits * model.ditSeconds
        var from = first.startSeconds - margin
        var to = last.startSeconds + last.durationSeconds + margin
        if index > 0, let previous = words[index - 1].marks.last {
            from = max(from, 0.5 * (previous.startSeconds + previous.durationSeconds + first.startSeconds))
        }
        if index + 1 < nextWords.count {
            to = min(to, 0.5 * (last.startSeconds + last.durationSeconds + nextWords[index + 1].marks[0].startSeconds))
        }
        let soft = reader.read(evidence, fromSeconds: from, toSeconds: to, model: model)
        guard !soft.isEmpty else { return [] }
        var parts: [(word: Word, readings: [CharacterAssembler.Reading])] = []
        func newWord() -> Word {
            Word(marks: [], gapSeconds: [], elements: [], endsCharacter: [], isValid: [], endingGap: nil)
        }
        var current = newWord()
        var readings: [CharacterAssembler.Reading] = []
        for character in soft {
            if character.startsWord, let previous = current.marks.last, let next = character.marks.first {
                let end = previous.startSeconds + previous.durationSeconds
                current.endingGap = TimedGap(gap: .word, startSeconds: end, durationSeconds: max(1e-4, next.startSeconds - end))
                parts.append((current, readings))
                current = newWord()
                readings = []
            }
            let start = current.marks.count
            for (offset, mark) in character.marks.enumerated() {
                if let previous = current.marks.last {
                    current.gapSeconds.append(max(1e-4, mark.startSeconds - previous.startSeconds - previous.durationSeconds))
                    current.endsCharacter.append(offset == 0)
                }
                current.marks.append(
                    TimedElement(
                        element: character.elements[offset], startSeconds: mark.startSeconds,
                        durationSeconds: mark.endSeconds - mark.startSeconds))
                current.elements.append(character.elements[offset])
                current.isValid.append(true)
            }
            readings.append(
                CharacterAssembler.Reading(
                    marks: start..<current.marks.count, text: character.text, elements: character.elements, isAmbiguous: false))
        }
        current.endingGap = word.endingGap
        parts.append((current, readings))
        return parts
    }

    /// How far before a word's first mark and after its last the soft reading looks, in dits.
    static let softMarginDits = 1.5

    /// For every word, the mean of the forward model just before it and the backward one just after it.
    private static func smoothedModels(_ words: [Word], final: TimingModel, law: TimingModel.DurationLaw) -> [TimingModel] {
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
