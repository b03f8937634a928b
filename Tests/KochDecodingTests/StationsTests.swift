import KochCore
import KochTestSupport
import Testing

@testable import KochDecoding

/// Two stations in one recording: told apart without a key (`StationSeparation`), and each
/// read at its own pitch and speed when they are known (`StationReading`).
@Suite struct StationsTests {
    static let sampleRate = 8000
    static let contest: [(station: Int, text: String)] = [
        (0, "CQ TEST YT7MK"), (1, "DL1ABC"), (0, "DL1ABC 599 001"), (1, "TU 599 002"), (0, "TU YT7MK TEST"),
    ]

    /// A contest QSO of two stations 6 Hz apart at 20 and 18 WPM, a little noise over it.
    static func contestQSO(seed: UInt64 = 3) -> (samples: [Float], overs: [StationSignals.Over]) {
        var made = StationSignals.turns(
            contest, stations: [.init(toneHz: 600, speedWPM: 20), .init(toneHz: 606, speedWPM: 18)], pauseSeconds: 1.2,
            sampleRate: sampleRate)
        DecodingSignals.addWhiteNoise(&made.samples, snrDB: 15, amplitude: 0.4, sampleRate: sampleRate, seed: seed)
        return made
    }

    @Test func twoStationsSixHertzApartTakingTurnsAreToldApartAndEachOverLabelled() throws {
        let qso = Self.contestQSO()
        let outcome = try StationSeparation.separate(channels: [qso.samples], sampleRate: Self.sampleRate)
        guard case .twoStations(let stations, let overs, let byPitch) = outcome else {
            Issue.record("not told apart: \(outcome)")
            return
        }
        #expect(!byPitch)
        #expect(overs.map(\.text) == Self.contest.map(\.text))
        #expect(overs.map(\.station) == [1, 2, 1, 2, 1])
        #expect(abs(stations[0].known.toneHz - 600) < 1 && abs(stations[1].known.toneHz - 606) < 1)
        #expect(abs((stations[0].speedWPM ?? 0) - 20) < 1.5 && abs((stations[1].speedWPM ?? 0) - 18) < 1.5)
        for (over, keyed) in zip(overs, qso.overs) {
            #expect(abs(over.startSeconds - keyed.startSeconds) < 0.1 && abs(over.endSeconds - keyed.endSeconds) < 0.1)
        }
    }

    @Test func aStationIsReadWhereAnotherOneHundredHertzAwayKeysOverIt() throws {
        let wanted = DecodingSignals.keying("CQ CQ DE YT7MK YT7MK K", startWPM: 20)
        let other = DecodingSignals.keying("TEST DL1ABC DL1ABC TEST", startWPM: 24, leadSeconds: 0.8)
        let stations = [StationSignals.Station(toneHz: 600, speedWPM: 20, amplitude: 0.3), .init(toneHz: 700, speedWPM: 24, amplitude: 0.45)]
        var samples = StationSignals.overlaid(
            [wanted.intervals, other.intervals], stations: stations, durationSeconds: max(wanted.endSeconds, other.endSeconds),
            sampleRate: Self.sampleRate)
        DecodingSignals.addWhiteNoise(&samples, snrDB: 15, amplitude: 0.3, sampleRate: Self.sampleRate, seed: 5)
        let plain = try DecodeSession.decode(channels: [samples], sampleRate: Self.sampleRate)
        #expect(abs((plain.toneHz ?? 0) - 700) < 10, "the louder station is the one read unasked")
        let read = try StationReading.read(
            channels: [samples], sampleRate: Self.sampleRate, stations: [KnownStation(toneHz: 600), KnownStation(toneHz: 700)])
        #expect(read[0].text == "CQ CQ DE YT7MK YT7MK K")
        #expect(read[1].text == "TEST DL1ABC DL1ABC TEST")
        #expect(read[0].overs.allSatisfy { $0.station == 1 && $0.toneHz == 600 })
    }

    @Test func stationsAtOnePitchAreReadApartByTheirSpans() throws {
        let qso = StationSignals.turns(
            Self.contest, stations: [.init(toneHz: 600, speedWPM: 22), .init(toneHz: 600, speedWPM: 14)], pauseSeconds: 0.8,
            sampleRate: Self.sampleRate)
        let known = (0...1).map { station in
            KnownStation(toneHz: 600, spansSeconds: qso.overs.filter { $0.station == station }.map { $0.startSeconds...$0.endSeconds })
        }
        let read = try StationReading.read(channels: [qso.samples], sampleRate: Self.sampleRate, stations: known)
        #expect(read[0].overs.map(\.text) == ["CQ TEST YT7MK", "DL1ABC 599 001", "TU YT7MK TEST"])
        #expect(read[1].overs.map(\.text) == ["DL1ABC", "TU 599 002"])
        #expect(abs((read[1].speedWPM ?? 0) - 14) < 1.5)
    }

    @Test func oneStationAloneIsSaidToBeOne() throws {
        let qso = StationSignals.turns(
            [(0, "CQ TEST YT7MK"), (0, "YT7MK TEST"), (0, "CQ YT7MK")], stations: [.init(toneHz: 650, speedWPM: 20)], pauseSeconds: 1.5,
            sampleRate: Self.sampleRate)
        let outcome = try StationSeparation.separate(channels: [qso.samples], sampleRate: Self.sampleRate)
        guard case .oneStation(let reading) = outcome else {
            Issue.record("one station taken for two: \(outcome)")
            return
        }
        #expect(reading.text == "CQ TEST YT7MK YT7MK TEST CQ YT7MK")
        #expect(outcome.caution?.contains("one station") == true)
    }

    @Test func oversAlikeInPitchSpeedAndLevelAreOneStationAndMixedOnesAreNotSplit() {
        func over(_ toneHz: Double, _ wpm: Double, _ levelDB: Double) -> OverMeasure {
            OverMeasure(spanSeconds: 0...1, toneHz: toneHz, ditSeconds: Timing.unitSeconds(wpm: wpm), levelDB: levelDB)
        }
        #expect(OverGrouping([over(600, 20, -10), over(600.5, 20.5, -11), over(599.8, 19.6, -9)]) == .oneStation)
        #expect(OverGrouping([over(600, 20, -10), over(606, 20, -10), over(600, 20, -11)]) == .twoStations([0, 1, 0]))
        #expect(OverGrouping([over(600, 20, -10), over(600, 17, -10), over(600, 20, -10)]) == .twoStations([0, 1, 0]))
        // One station's overs measured loosely, another's 42 Hz away: the pitch parts them.
        #expect(OverGrouping([over(600, 20, -10), over(642, 13.8, -12), over(600, 19, -10), over(642, 16.2, -12)]) == .twoStations([0, 1, 0, 1]))
        // A chain of overs each like the next, the ends unlike: no two groups keep the rule.
        #expect(OverGrouping([over(600, 20, -10), over(601.5, 20, -10), over(603, 20, -10), over(604.5, 20, -10)]) == .notToldApart)
    }
}
