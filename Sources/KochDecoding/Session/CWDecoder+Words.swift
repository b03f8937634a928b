import Foundation
import KochCore

/// Marks and spaces to characters: each word read against the timing model, which learns from it.
extension CWDecoder {
    /// A mark shorter than this share of the dit, alone between long spaces, is not read (a
    /// real E or T is a whole dit or dah).
    static let shortestLoneMarkDits = 0.5
    /// ...where noise can make such marks at all: a clean signal's short dits are keying (an
    /// uneven hand keys an E of half a dit now and then). Talk heard in the warm-up makes
    /// them too.
    static let loneMarksBelowDB = 20.0

    /// A mark shorter than this share of the dit is a click or a static crash: no fist keys it...
    static let shortestMarkDits = 1.0 / 3.0
    /// ...nor one this many of the hand's spreads (`handSpread`) below the dit: a hand whose
    /// dits vary by 30 % keys some of a quarter of a dit, and those are keying.
    static let clickSpreads = 6.0
    static let loneMarkSpreads = 4.0

    /// Below this SNR (in 500 Hz) the segmenter is told how long marks and spaces last.
    static let durationPriorBelowDB = 1.5

    private var stuckLimitSeconds: Double { max(2.0, 8 * model.dahSeconds) }

    func seconds(_ sample: Int) -> Double {
        let filterDelay = Double((pipeline?.filterLength ?? 1) - 1) / (2 * rate)
        return max(0, Double(sample) / rate - filterDelay - delaySeconds)
    }

    mutating func handle(_ run: KeyingRun, atEnd: Bool, into output: inout DecoderOutput) {
        if run.isOpenSpace {
            readOpenWord(into: &output)
            return
        }
        var start = seconds(run.startSample)
        var duration = Double(run.lengthSamples) / rate
        if run.isMark {
            if duration > stuckLimitSeconds {
                flushWord(endingGap: nil, into: &output)
                (awaitsGapAfterRead, gapAfterRead) = (false, nil)
                output.stuckKeys.append(StuckKey(startSeconds: start, durationSeconds: duration, lastsToEnd: atEnd))
                return
            }
            // A click or a static crash: it and the spaces either side of it are one space.
            if duration < model.ditSeconds * min(Self.shortestMarkDits, exp(-Self.clickSpreads * handSpread)) {
                if wordGaps.count == wordMarks.count, let gap = wordGaps.popLast() ?? gapAfterRead.take() {
                    carriedGap = (gap.startSeconds, gap.durationSeconds + duration)
                }
                return
            }
            if awaitsGapAfterRead && wordMarks.isEmpty { closeGapAfterRead(into: &output) }
            // A lone mark cut by the end of the recording may be anything: it is not read.
            if atEnd && wordMarks.isEmpty { return }
            if wordMarks.isEmpty { wordStartsRecording = run.startSample <= pipeline?.filterLength ?? 0 }
            wordMarks.append((start, duration))
            return
        }
        if let carried = carriedGap.take() {
            start = carried.startSeconds
            duration += carried.durationSeconds
        }
        if awaitsGapAfterRead && wordMarks.isEmpty {
            gapAfterRead = (start, duration)
            return
        }
        guard !wordMarks.isEmpty else { return }
        if model.isWordGap(seconds: duration) {
            // Likewise a lone mark cut by the start of the recording.
            if wordStartsRecording && wordMarks.count == 1 {
                wordMarks.removeAll()
                wordGaps.removeAll()
                return
            }
            flushWord(endingGap: (start, duration), into: &output)
        } else {
            wordGaps.append((start, duration))
            if wordMarks.count >= 80 { flushWord(endingGap: nil, into: &output) }
        }
    }

    /// A mark far shorter than a dit with no mark near it on either side (spaces of a
    /// character gap or more, or the word's ends) is a burst of noise in a long space: it and
    /// the spaces either side of it are one space.
    private mutating func dropLoneShortMarks() {
        guard (talkHeard && !heardRoomEcho) || (signalToNoiseDB.map { $0 < Self.loneMarksBelowDB } ?? false) else { return }
        let shortest = model.ditSeconds * min(Self.shortestLoneMarkDits, exp(-Self.loneMarkSpreads * handSpread))
        let apart = exp(0.5 * (model.intraCharacterLog + model.characterLog))
        var index = 0
        while index < wordMarks.count {
            let mark = wordMarks[index]
            let spaceBefore = index == 0 || wordGaps[index - 1].durationSeconds > apart
            let spaceAfter = index == wordMarks.count - 1 || wordGaps[index].durationSeconds > apart
            guard mark.durationSeconds < shortest, spaceBefore, spaceAfter else {
                index += 1
                continue
            }
            let hasBefore = index > 0, hasAfter = index < wordMarks.count - 1
            wordMarks.remove(at: index)
            if hasBefore && hasAfter {
                let before = wordGaps[index - 1], after = wordGaps.remove(at: index)
                wordGaps[index - 1] = (before.startSeconds, before.durationSeconds + mark.durationSeconds + after.durationSeconds)
            } else if hasBefore {
                wordGaps.remove(at: index - 1)
            } else if hasAfter {
                wordGaps.remove(at: index)
            }
        }
    }

    mutating func flushWord(endingGap: (startSeconds: Double, durationSeconds: Double)?, into output: inout DecoderOutput) {
        defer {
            wordMarks.removeAll(keepingCapacity: true)
            wordGaps.removeAll(keepingCapacity: true)
        }
        // A trailing gap that is not a word gap belongs to nothing.
        wordGaps = Array(wordGaps.prefix(max(0, wordMarks.count - 1)))
        dropLoneShortMarks()
        let gaps = wordGaps
        guard !wordMarks.isEmpty else { return }
        let markLogs = wordMarks.map { log(max($0.durationSeconds, 1e-4)) }
        let gapLogs = gaps.map { log(max($0.durationSeconds, 1e-4)) }
        let readings = assembler.read(markLogs: markLogs, gapLogs: gapLogs, model: model)
        let learning = model
        for (readingIndex, reading) in readings.enumerated() {
            let first = reading.marks.lowerBound
            if first > 0 {
                let gap = TimedGap(gap: .character, startSeconds: gaps[first - 1].startSeconds, durationSeconds: gaps[first - 1].durationSeconds)
                output.gaps.append(gap)
                statistics.add(gap)
                model.learn(gapLog: gapLogs[first - 1], as: .character)
            }
            for (offset, index) in reading.marks.enumerated() {
                if offset > 0 {
                    let gap = TimedGap(
                        gap: .intraCharacter, startSeconds: gaps[index - 1].startSeconds, durationSeconds: gaps[index - 1].durationSeconds)
                    output.gaps.append(gap)
                    statistics.add(gap)
                    if reading.text != "*" { model.learn(gapLog: gapLogs[index - 1], as: .intraCharacter) }
                }
                let element = TimedElement(
                    element: reading.elements[offset], startSeconds: wordMarks[index].startSeconds, durationSeconds: wordMarks[index].durationSeconds)
                output.elements.append(element)
                statistics.add(element)
                if reading.text != "*" { model.learn(markLog: markLogs[index], as: element.element) }
            }
            let last = reading.marks.upperBound - 1
            output.characters.append(
                DecodedCharacter(
                    text: reading.text, elements: reading.elements,
                    startSeconds: wordMarks[first].startSeconds,
                    endSeconds: wordMarks[last].startSeconds + wordMarks[last].durationSeconds,
                    startsWord: readingIndex == 0 && hasEmittedCharacter && !continuesWord, isAmbiguous: reading.isAmbiguous))
            hasEmittedCharacter = true
            continuesWord = false
        }
        if let endingGap { addWordGap(endingGap, learning: learning, into: &output) }
        followSpeed()
    }

    /// A gap between words, learned from as `learning` has it unless it is a long pause.
    mutating func addWordGap(_ gap: (startSeconds: Double, durationSeconds: Double), learning: TimingModel, into output: inout DecoderOutput) {
        let timed = TimedGap(gap: .word, startSeconds: gap.startSeconds, durationSeconds: gap.durationSeconds)
        output.gaps.append(timed)
        // A long pause is not a word gap of the sender's rhythm.
        if gap.durationSeconds < 3 * exp(learning.wordLog) {
            statistics.add(timed)
            model.learn(gapLog: log(gap.durationSeconds), as: .word)
        }
    }

    private mutating func followSpeed() {
        let signalToNoiseDB = signalToNoiseDB
        guard var pipeline = pipeline.take() else { return }
        let target = filterLength(ditSeconds: model.ditSeconds)
        if abs(Double(target - pipeline.filterLength)) > 0.15 * Double(pipeline.filterLength) {
            pipeline.setFilterLength(target)
            pipeline.setMinimumRunLength(minimumRunLength(ditSeconds: model.ditSeconds))
        }
        pipeline.setDit(seconds: model.ditSeconds)
        if configuration.isLive { pipeline.openSpaceReportSamples = openSpaceReportSamples() }
        if let signalToNoiseDB, signalToNoiseDB < Self.durationPriorBelowDB {
            pipeline.setDurationPrior(SegmentDurationPrior(model: model, rate: rate))
        }
        self.pipeline = pipeline
    }
}
