import Foundation
import KochTestSupport
import Testing

@testable import KochCore
@testable import KochDecoding

/// Reading the keying from the key's steps: where a room's echo cancels the marks' level,
/// the moments the key goes down and up still say what was keyed.
@Suite struct TransitionLatchTests {
    static let rate = 500.0

    /// Marks of one and three units (60 ms) with gaps of one, three and seven, from 0.5 s.
    static let marks: [(start: Int, end: Int)] = {
        let unit = 30
        var marks: [(Int, Int)] = []
        var sample = 250
        for (index, units) in [1, 3, 1, 1, 3, 3, 1, 3, 1, 1, 1, 3, 3, 1, 1, 3].enumerated() {
            marks.append((sample, sample + units * unit))
            sample += units * unit + [1, 3, 1, 7][index % 4] * unit
        }
        return marks
    }()

    /// The baseband of those marks repeated over `seconds`: the direct sound turning at 2 Hz
    /// off the mixing pitch (its phase starting afresh at each mark where `restartsEachMark`),
    /// and an echo that builds up within 25 ms to 0.95 of it in the opposite phase, ringing on
    /// after each mark; noise 40 dB under the direct sound.
    static func room(seconds: Double = 20, restartsEachMark: Bool = false, seed: UInt64 = 5) -> (
        real: [Float], imaginary: [Float], marks: [(start: Int, end: Int)]
    ) {
        var random = SeededGenerator(seed: seed)
        let count = Int(seconds * rate)
        let period = (marks.last?.end ?? 0) + 210
        var keyed: [(start: Int, end: Int)] = []
        var offset = 0
        while offset + period <= count {
            keyed += marks.map { ($0.start + offset, $0.end + offset) }
            offset += period
        }
        var real = [Float](repeating: 0, count: count), imaginary = [Float](repeating: 0, count: count)
        var echoReal = 0.0, echoImaginary = 0.0
        let keep = exp(-1 / (0.025 * rate))
        var next = 0, markPhase = 0.0
        for index in 0..<count {
            while next < keyed.count, keyed[next].end <= index { next += 1 }
            let isDown = next < keyed.count && keyed[next].start <= index
            if next < keyed.count, keyed[next].start == index, restartsEachMark { markPhase = 2 * Double.pi * random.nextUnit() }
            let phase = 2 * Double.pi * 2 * Double(index) / rate + 1 + markPhase
            let directReal = isDown ? cos(phase) : 0, directImaginary = isDown ? sin(phase) : 0
            echoReal = keep * echoReal - (1 - keep) * 0.95 * directReal
            echoImaginary = keep * echoImaginary - (1 - keep) * 0.95 * directImaginary
            real[index] = Float(directReal + echoReal + 0.007 * DecodingSignals.gaussian(&random))
            imaginary[index] = Float(directImaginary + echoImaginary + 0.007 * DecodingSignals.gaussian(&random))
        }
        return (real, imaginary, keyed)
    }

    /// The key-down spans of a latch's output.
    static func spans(_ levels: [Float]) -> [(start: Int, end: Int)] {
        var spans: [(Int, Int)] = []
        var start: Int?
        for (index, level) in levels.enumerated() {
            if level > 0, start == nil { start = index }
            if level == 0, let first = start {
                spans.append((first, index))
                start = nil
            }
        }
        if let first = start { spans.append((first, levels.count)) }
        return spans
    }

    @Test func theKeysStepsAreReadWhereTheEchoCancelsTheMarks() throws {
        let room = Self.room()
        // The level says little: a steady mark sounds at under a third of its start, and the
        // gap right after it louder.
        let steady = Int(Self.marks[1].end) - 5, justAfter = Int(Self.marks[1].end) + 5
        let steadyLevel = hypot(Double(room.real[steady]), Double(room.imaginary[steady]))
        let afterLevel = hypot(Double(room.real[justAfter]), Double(room.imaginary[justAfter]))
        #expect(steadyLevel < 0.35 && afterLevel > 1.5 * steadyLevel, "\(steadyLevel) \(afterLevel)")

        var latch = try #require(TransitionLatch.learn(real: room.real, imaginary: room.imaginary, rate: Self.rate))
        #expect(abs(latch.turnPerSample * Self.rate / (2 * Double.pi) - 2) < 0.01, "the tone's 2 Hz offset is found")
        // Fed in blocks, as the decoder feeds it.
        var levels: [Float] = []
        for start in stride(from: 0, to: room.real.count, by: 700) {
            let end = min(room.real.count, start + 700)
            levels += latch.process(real: room.real[start..<end], imaginary: room.imaginary[start..<end])
        }
        levels += latch.finish()
        #expect(levels.count == room.real.count, "every sample comes out")
        let read = Self.spans(levels)
        #expect(read.count == room.marks.count, "\(read.filter { span in !room.marks.contains { abs($0.start - span.start) <= 3 } })")
        for (mark, span) in zip(room.marks, read) {
            #expect(abs(span.start - mark.start) <= 3 && abs(span.end - mark.end) <= 3, "\(mark) read as \(span)")
        }
    }

    @Test func aToneWhosePhaseStartsAfreshAtEachMarkIsNotLearned() {
        let room = Self.room(restartsEachMark: true)
        #expect(TransitionLatch.learn(real: room.real, imaginary: room.imaginary, rate: Self.rate) == nil)
    }

    @Test func noiseAloneIsNotLearned() {
        var random = SeededGenerator(seed: 8)
        let count = Int(20 * Self.rate)
        let real = (0..<count).map { _ in Float(DecodingSignals.gaussian(&random)) }
        let imaginary = (0..<count).map { _ in Float(DecodingSignals.gaussian(&random)) }
        #expect(TransitionLatch.learn(real: real, imaginary: imaginary, rate: Self.rate) == nil)
    }
}
