import Foundation
import KochCore
import KochIO
import KochTestSupport
import Testing

/// The drill of a character at a time through the built binary, on a straight key: what the drill
/// shows live is what it grades and records at the end.
@Suite(.serialized) struct CharacterDrillReadingTests {
    /// A pattern keyed on the straight key (the space bar) at `unitSeconds`, each mark's length in
    /// units given by `marks` and the gap after each by `gaps`, from `startSeconds`.
    static func keyed(_ marks: [Double], gaps: [Double], unitSeconds: Double, startSeconds: Double) -> [KeyEventFeed.Press] {
        var time = startSeconds
        var presses: [KeyEventFeed.Press] = []
        for (index, mark) in marks.enumerated() {
            presses.append(.init(seconds: time, code: KeyEventFeed.space, isDown: true))
            time += mark * unitSeconds
            presses.append(.init(seconds: time, code: KeyEventFeed.space, isDown: false))
            time += (gaps.indices.contains(index) ? gaps[index] : 1) * unitSeconds
        }
        return presses
    }

    @Test func aCharacterSplitByALongGapAnswersOnePromptAndTheGradeIsTheDrills() throws {
        let scratch = try KochBinary.scratchFolder()
        let shown = PracticeKeyingTests.charactersShown(6)
        let unit = Timing.unitSeconds(wpm: 20)
        var presses: [KeyEventFeed.Press] = []
        for (index, character) in shown.enumerated() {
            // The fourth keyed wrong (M for K, K for M); the second split by a gap of 2.5 units after its first dah.
            let meant = index == 3 ? (character == "K" ? "M" : "K") : character
            let marks: [Double] = meant == "K" ? [3, 1, 3] : [3, 3]
            presses += Self.keyed(marks, gaps: index == 1 ? [2.5] : [], unitSeconds: unit, startSeconds: Double(index) * 1.5)
        }
        let fifo = scratch + "/key"
        try KeyEventFeed.makeFIFO(fifo)
        KeyEventFeed.play(presses, into: fifo)
        let progress = scratch + "/progress.json"
        let result = try KochBinary.run([
            "practice", "characters", "--level", "2", "--seed", "3", "--count", "6", "--wpm", "20", "--key-device", fifo, "--sound-device",
            "null", "--progress", progress,
        ])
        #expect(result.succeeded, "\(result.standardOutput)\n\(result.standardError)")
        let output = result.standardOutput
        #expect(output.contains("5 of 6 keyed right."), "\(output)")
        #expect(output.contains("5 of 6 characters right"), "\(output)")
        #expect(output.contains("Read live as you keyed"), "\(output)")
        let split = shown[1] == "K" ? "K  -.-  right" : "M  --  right"
        #expect(output.contains(split), "\(output)")
        let recorded = try PracticeKeyingTests.sessions(progress)
        #expect(recorded.first?["sent"] as? Int == 6)
        #expect(recorded.first?["correct"] as? Int == 5)
    }
}
