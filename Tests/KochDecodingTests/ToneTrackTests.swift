import KochCore
import Testing
@testable import KochDecoding

/// Following a drifting tone through blocks of levels, as the tone finder keeps them.
@Suite struct ToneTrackTests {
    static let binHz = 12.5
    static let binCount = 100  // 300 to 1537.5 Hz

    /// Blocks of a noise floor at −60 dB, with peaks (two bins wide) at the given pitches and levels.
    static func blocks(_ peaks: [[(hz: Double, levelDB: Float)]]) -> [Float] {
        var levels: [Float] = []
        for block in peaks {
            var row = [Float](repeating: -60, count: binCount)
            for peak in block {
                let position = (peak.hz - 300) / binHz
                let bin = Int(position.rounded(.down))
                let fraction = Float(position - Double(bin))
                row[bin] = max(row[bin], peak.levelDB - 6 * fraction)
                row[bin + 1] = max(row[bin + 1], peak.levelDB - 6 * (1 - fraction))
                row[bin - 1] = max(row[bin - 1], peak.levelDB - 12)
                row[bin + 2] = max(row[bin + 2], peak.levelDB - 12)
            }
            levels += row
        }
        return levels
    }

    static func follow(_ levels: [Float], startHz: Double) -> ToneTrack? {
        ToneTrack.follow(
            levelsDB: levels, binCount: binCount, firstBinHz: 300, binHz: binHz, blockSeconds: 1,
            startHz: startHz, onLevelDB: -10)
    }

    @Test func followsATwoHertzASecondDriftBothWaysFromWhereItWasFound() throws {
        // 600 Hz rising 2 Hz a second for 90 s; found near its middle.
        let levels = Self.blocks((0..<90).map { [(hz: 600 + 2 * Double($0), levelDB: Float(-10))] })
        let track = try #require(Self.follow(levels, startHz: 690))
        for second in stride(from: 5, to: 85, by: 10) {
            let truth = 600 + 2 * (Double(second) - 0.5) + 1
            #expect(abs(track.frequencyHz(atSeconds: Double(second)) - truth) < 4, "at \(second) s")
        }
    }

    @Test func aSteadyCarrierFiftyHertzAwayDoesNotCaptureIt() throws {
        // The tone pauses for 10 s while a louder carrier sounds 50 Hz below it throughout.
        let levels = Self.blocks(
            (0..<60).map { second in
                let tone: [(hz: Double, levelDB: Float)] = (20..<30).contains(second) ? [] : [(700, -10)]
                return tone + [(650, -4)]
            })
        let track = try #require(Self.follow(levels, startHz: 700))
        #expect(track.frequenciesHz.allSatisfy { abs($0 - 700) < 5 }, "\(track.frequenciesHz)")
    }

    @Test func aPauseLetsTheTrackCatchUpWithTheDrift() throws {
        // 5 Hz a second, silent for 3 s in the middle: the tone is 15 Hz away when it returns.
        let levels = Self.blocks((0..<40).map { second in (18..<21).contains(second) ? [] : [(hz: 500 + 5 * Double(second), levelDB: Float(-10))] })
        let track = try #require(Self.follow(levels, startHz: 500))
        #expect(abs(track.frequencyHz(atSeconds: 35.5) - 675) < 5)
    }
}
