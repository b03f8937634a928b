import Foundation
import KochCore

/// Reads words again from the evidence of their samples, on every core.
extension WordRereader {
    /// The last round where the words are read from the evidence: each word read again from it
    /// (`softReadAll`), or from its durations where its evidence holds no doubt; the words as
    /// read, and their readings.
    static func softRound(
        _ words: [Word], nextWords: [Word], evidence: MarkEvidence, models: [TimingModel], reader: SoftWordReader,
        assembler: CharacterAssembler
    ) -> (words: [Word], readings: [[CharacterAssembler.Reading]]) {
        var softWords: [Word] = []
        var readings: [[CharacterAssembler.Reading]] = []
        for (index, parts) in softReadAll(words, nextWords: nextWords, evidence: evidence, models: models, reader: reader).enumerated() {
            guard let parts else {
                var word = words[index]
                readings.append(readByDurations(&word, assembler: assembler, model: models[index]))
                softWords.append(word)
                continue
            }
            for part in parts {
                softWords.append(part.word)
                readings.append(part.readings)
            }
        }
        // A word read from the evidence may end or start elsewhere than it did: each word gap
        // runs from the end of the word before to the start of the word after.
        for index in softWords.indices {
            guard let gap = softWords[index].endingGap, let last = softWords[index].marks.last else { continue }
            let start = last.startSeconds + last.durationSeconds
            let end = index + 1 < softWords.count ? softWords[index + 1].marks[0].startSeconds : gap.startSeconds + gap.durationSeconds
            softWords[index].endingGap = TimedGap(gap: .word, startSeconds: start, durationSeconds: max(1e-4, end - start))
        }
        return (softWords, readings)
    }

    /// Every word read again from the evidence (`softRead`), the words shared out among the cores;
    /// each word's parts, in order, or nil for a word whose evidence holds no doubt (it keeps the
    /// reading from its durations).
    static func softReadAll(
        _ words: [Word], nextWords: [Word], evidence: MarkEvidence, models: [TimingModel], reader: SoftWordReader
    ) -> [[(word: Word, readings: [CharacterAssembler.Reading])]?] {
        let chunkCount = min(words.count, 4 * ProcessInfo.processInfo.activeProcessorCount)
        return concurrentMap(chunkCount) { chunk in
            ((words.count * chunk / chunkCount)..<(words.count * (chunk + 1) / chunkCount)).map { index in
                softRead(words, at: index, nextWords: nextWords, evidence: evidence, model: models[index], reader: reader)
            }
        }.flatMap { $0 }
    }

    /// Reads a word again from the evidence of its samples, from a little before its first
    /// mark to a little after its last (never into its neighbours): the word as read, split
    /// where the reading found word gaps; the word as it was if nothing in it beats silence; nil
    /// where the evidence there holds no doubt (`MarkEvidence.holdsDoubt`).
    private static func softRead(
        _ words: [Word], at index: Int, nextWords: [Word], evidence: MarkEvidence, model: TimingModel, reader: SoftWordReader
    ) -> [(word: Word, readings: [CharacterAssembler.Reading])]? {
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
        guard evidence.holdsDoubt(fromSeconds: from, toSeconds: to) else { return nil }
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
}
