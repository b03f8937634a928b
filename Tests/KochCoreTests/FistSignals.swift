import Foundation
import KochTestSupport

@testable import KochCore

/// Synthetic fists: what the decoder reports for a text keyed with chosen
/// proportions and jitter, without going through audio.
struct FistStyle {
    var speedWPM = 20.0
    var dahDits = 3.0
    var intraCharacterGapDits = 1.0
    var characterGapDits = 3.0
    var wordGapDits = 7.0
    /// Every length is scaled by max(0.25, 1 + jitter·N(0,1)).
    var jitter = 0.0
    var seed: UInt64 = 1
}

enum FistSignals {
    /// The elements, gaps and characters of `text` keyed in `style`;
    /// `overrides` sets single lengths in dits: (mark index, dits).
    static func keyed(
        _ text: String, _ style: FistStyle, markOverrides: [Int: Double] = [:],
        gapAfterMarkOverrides: [Int: Double] = [:]
    ) -> DecoderOutput {
        var random = SeededGenerator(seed: style.seed)
        let dit = Timing.unitSeconds(wpm: style.speedWPM)
        func jittered(_ dits: Double) -> Double {
            dits * dit * (style.jitter == 0 ? 1 : max(0.25, 1 + style.jitter * DecodingSignals.gaussian(&random)))
        }
        var output = DecoderOutput()
        var time = 0.5
        var markIndex = 0
        var pendingGap: (Gap, Double)?
        for (wordIndex, word) in text.split(separator: " ").enumerated() {
            for (letterIndex, letter) in word.enumerated() {
                guard let symbol = MorseAlphabet.symbol(for: letter) else { continue }
                var start = time
                for (elementIndex, element) in symbol.elements.enumerated() {
                    if elementIndex > 0 {
                        let length = pendingGap?.1 ?? jittered(style.intraCharacterGapDits)
                        output.gaps.append(TimedGap(gap: .intraCharacter, startSeconds: time, durationSeconds: length))
                        time += length
                    } else if let (gap, length) = pendingGap {
                        output.gaps.append(TimedGap(gap: gap, startSeconds: time, durationSeconds: length))
                        time += length
                    }
                    pendingGap = nil
                    let length = markOverrides[markIndex].map { $0 * dit } ?? jittered(element == .dit ? 1 : style.dahDits)
                    if elementIndex == 0 { start = time }
                    output.elements.append(TimedElement(element: element, startSeconds: time, durationSeconds: length))
                    time += length
                    let nextIsWord = elementIndex == symbol.elements.count - 1 && letterIndex == word.count - 1
                    let nextIsCharacter = elementIndex == symbol.elements.count - 1
                    let nominal = nextIsWord ? style.wordGapDits : nextIsCharacter ? style.characterGapDits : style.intraCharacterGapDits
                    let gapLength = gapAfterMarkOverrides[markIndex].map { $0 * dit } ?? jittered(nominal)
                    pendingGap = (nextIsWord ? .word : nextIsCharacter ? .character : .intraCharacter, gapLength)
                    markIndex += 1
                }
                output.characters.append(
                    DecodedCharacter(
                        text: symbol.text, elements: symbol.elements, startSeconds: start, endSeconds: time,
                        startsWord: letterIndex == 0 && wordIndex > 0, isAmbiguous: false))
            }
        }
        return output
    }

    /// An answer key holding `text` as its groups, at `timing`.
    static func key(_ text: String, level: Int = 2, characterSpeedWPM: Double = 20, effectiveSpeedWPM: Double = 20) -> AnswerKey {
        var settings = LessonSettings()
        settings.level = level
        settings.direction = .send
        settings.characterSpeedWPM = characterSpeedWPM
        settings.effectiveSpeedWPM = effectiveSpeedWPM
        settings.minutes = 0.5
        // Random groups of a level can always be made.
        var key = AnswerKey(lesson: try! Lesson(settings: settings), createdAt: .init(timeIntervalSince1970: 0))
        key.groups = text.split(separator: " ").enumerated().map { index, group in
            AnswerKey.Group(number: index + 1, text: String(group), startSeconds: 0, endSeconds: 0)
        }
        return key
    }

    /// The fist report on `text` keyed in `style`, graded against `text` itself.
    static func report(
        _ text: String, _ style: FistStyle, exercise: Timing? = nil,
        markOverrides: [Int: Double] = [:], gapAfterMarkOverrides: [Int: Double] = [:]
    ) -> FistReport? {
        let output = keyed(text, style, markOverrides: markOverrides, gapAfterMarkOverrides: gapAfterMarkOverrides)
        let copy = KeyedCopy(key: key(text), characters: output.characters)
        return FistReport(output: output, copy: copy, exercise: exercise ?? Timing(characterSpeedWPM: style.speedWPM))
    }

    /// Koch groups of K and M, `count` of them, the same every time.
    static func groups(_ count: Int, seed: UInt64 = 7) -> String {
        var random = SeededGenerator(seed: seed)
        return (0..<count).map { _ in
            String((0..<(2 + Int(random.nextUnit() * 4))).map { _ in random.nextUnit() < 0.5 ? Character("K") : Character("M") })
        }.joined(separator: " ")
    }
}
