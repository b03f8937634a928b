import KochTestSupport
import Testing

@testable import KochCore
@testable import KochDecoding

/// A known keying found in a recording's envelope: where the lesson's 0:00 falls and how fast
/// the recording's clock runs; and not found where it is not.
@Suite struct KeyingAlignmentTests {
    /// Three overs of a keying: marks of a few lengths, 3 s of overs with 2 s pauses between.
    static func keying(seed: UInt64 = 3) -> KnownKeying {
        var random = SeededGenerator(seed: seed)
        var marks: [ClosedRange<Double>] = []
        var spans: [ClosedRange<Double>] = []
        var time = 1.0
        for _ in 0..<3 {
            let start = time
            while time < start + 8 {
                let length = random.nextUnit() < 0.5 ? 0.06 : 0.18
                marks.append(time...(time + length))
                time += length + (random.nextUnit() < 0.7 ? 0.06 : 0.18)
            }
            spans.append(start...(marks.last?.upperBound ?? start))
            time += 6
        }
        return KnownKeying(marks: marks, spans: spans)
    }

    /// The envelope of `keying` recorded from `offsetSeconds` at `rate`, with noise and, in
    /// the pauses, another's keying at the same level.
    static func envelope(of keying: KnownKeying, offsetSeconds: Double, rate: Double, seed: UInt64 = 4) -> ToneEnvelope {
        var random = SeededGenerator(seed: seed)
        let frames = Int((offsetSeconds + rate * (keying.endSeconds + 3)) / ToneEnvelope.frameSeconds)
        let levels = (0..<max(frames, 0)).map { frame -> Float in
            let lessonSeconds = (Double(frame) * ToneEnvelope.frameSeconds - offsetSeconds) / rate
            let keyed = keying.marks.contains { $0.contains(lessonSeconds) }
            let inPause = !keying.spans.contains { $0.contains(lessonSeconds) } && Int(lessonSeconds * 4) % 3 == 0
            return Float((keyed || inPause ? 1 : 0.05) + 0.1 * random.nextUnit())
        }
        return ToneEnvelope(levels: levels)
    }

    @Test func theOffsetAndTheClockRateAreFound() throws {
        let keying = Self.keying()
        for (offset, rate) in [(3.7, 1.002), (-1.2, 0.997), (0.0, 1.0)] {
            let found = try #require(KeyingAlignment.find(keying, in: Self.envelope(of: keying, offsetSeconds: offset, rate: rate)))
            #expect(abs(found.offsetSeconds - offset) < 0.01, "\(found) for \(offset)")
            #expect(abs(found.rate - rate) < 0.0005, "\(found) for \(rate)")
            #expect(found.spansFound == 3)
        }
    }

    @Test func anotherKeyingIsNotFound() {
        let recorded = Self.envelope(of: Self.keying(seed: 3), offsetSeconds: 2, rate: 1)
        #expect(KeyingAlignment.find(Self.keying(seed: 11), in: recorded) == nil)
        #expect(KeyingAlignment.find(Self.keying(), in: ToneEnvelope(levels: [Float](repeating: 0.05, count: 5000))) == nil)
    }

    @Test func stretchesAreJoinedWithQuietBetweenAndFoundAgain() {
        var samples = [Float](repeating: 0, count: 8000)
        for index in samples.indices { samples[index] = index % 2 == 0 ? 0.01 : -0.01 }
        let splice = StretchSplice([1.0...2.0, 3.0...3.5], of: samples, sampleRate: 1000)
        #expect(splice.pieces.map(\.startSeconds) == [1.0, 3.0])
        #expect(splice.samples.count == 1000 + 1000 + 1000 + 500 + 1000)
        #expect(splice.stretch(atSeconds: 1.5) == 0)
        #expect(splice.stretch(atSeconds: 2.5) == nil)
        #expect(splice.stretch(atSeconds: 3.2) == 1)
        let quiet = splice.samples[0..<1000].map { Double($0 * $0) }.reduce(0, +) / 1000
        #expect(abs(quiet.squareRoot() - 0.01) < 0.002, "the quiet is as loud as the stretches' quietest frames")
    }

    @Test func charactersFarFainterThanTheSendersAreLeftOut() {
        func character(_ text: String, at seconds: Double, startsWord: Bool) -> DecodedCharacter {
            DecodedCharacter(
                text: text, elements: [.dit], startSeconds: seconds, endSeconds: seconds + 0.1, startsWord: startsWord, isAmbiguous: false)
        }
        let levels = (0..<500).map { frame -> Float in (100..<140).contains(frame) || (300..<340).contains(frame) ? 1 : 0.1 }
        let characters = [
            character("K", at: 1.0, startsWord: false), character("E", at: 2.0, startsWord: true),
            character("M", at: 3.0, startsWord: false), character("E", at: 4.5, startsWord: true),
        ]
        let kept = FaintCharacters.removed(from: characters, envelope: ToneEnvelope(levels: levels))
        #expect(kept.map(\.text) == ["K", "M"])
        #expect(kept.map(\.startsWord) == [false, true], "the word the faint E began is begun by M")
    }
}
