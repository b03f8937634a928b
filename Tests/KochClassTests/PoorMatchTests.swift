import Foundation
import KochTestSupport
import Testing

@testable import KochClass
@testable import KochCore
@testable import KochDecoding

/// A reading of a send exercise that matches it poorly: in a clean recording the mistakes are
/// the sender's, and are graded; where the recording was hard to read (the tone near the
/// noise, another station keyed) they may be the recording's, and the reading is doubtful.
@Suite struct PoorMatchTests {
    static let text = "KMRSU EEKRM SUMKR RESUK MKSEU RRMKS"

    static func decoded(snrDB: Double) throws -> DecodeResult {
        let keying = DecodingSignals.keying(text, startWPM: 20, jitter: 0.08, seed: 5)
        var samples = DecodingSignals.tone(keying.intervals, durationSeconds: keying.endSeconds, frequencyHz: 650, sampleRate: 8000)
        DecodingSignals.addWhiteNoise(&samples, snrDB: snrDB, sampleRate: 8000, seed: 9)
        return try DecodeSession.decode(channels: [samples], sampleRate: 8000)
    }

    /// A reading of nothing at 680 Hz, 20 dB over the noise, with nothing else hard about it.
    static func clearReading(toneWavered: Bool = false, output: DecoderOutput = DecoderOutput()) -> DecodeResult {
        DecodeResult(
            output: output, toneHz: 680, otherTones: [], channelWeights: [1], statistics: TimingStatistics(), model: nil,
            signalToNoiseDB: 20, trace: [], nothingToDecode: nil,
            toneSearch: ToneSearchResult(best: nil, others: [], channelWeights: [1], reason: nil), toneWasGiven: false,
            roomEchoTakenOut: false, roomEchoHeard: false, readFromKeySteps: false, toneWavered: toneWavered)
    }

    /// A reading along the tone's phase past talk (`InPhaseReading`) is of a recording hard to
    /// read, and carries the talk doubt of the plain reading it stands for, judged among that
    /// reading's marks: 2 passed over of 150 judged is doubtful, however few marks it read itself.
    @Test func aReadingAlongTheTonesPhaseKeepsTalksDoubt() {
        #expect(!Self.clearReading().isHardToRead)
        func alongThePhase(marksJudged: Int) -> DecodeResult {
            var output = DecoderOutput()
            output.offPitchMarks = 2
            output.marksJudgedForTalk = marksJudged
            var result = Self.clearReading(output: output)
            result.secondReading = .alongTonePhase
            return result
        }
        #expect(alongThePhase(marksJudged: 150).isHardToRead)
        #expect(alongThePhase(marksJudged: 150).implausibilities().contains { if case .talkAtTheTone(2, 148) = $0 { true } else { false } })
        #expect(alongThePhase(marksJudged: 250).implausibilities().isEmpty, "2 of 250 is under 1 %")
    }

    static func nearTheNoise(_ result: DecodeResult, matchAccuracy: Double) -> Bool {
        ImplausibleDecode.found(in: result, expectedCharacters: 30, matchAccuracy: matchAccuracy).contains {
            if case .poorMatch(.nearTheNoise, _) = $0 { true } else { false }
        }
    }

    @Test func aPoorMatchNearTheNoiseIsDoubtfulAndInTheClearIsTheSenders() throws {
        let clear = try Self.decoded(snrDB: 25), noisy = try Self.decoded(snrDB: 0)
        #expect(clear.text == Self.text && noisy.text == Self.text, "both read right: \(clear.text) / \(noisy.text)")
        let clearSNR = try #require(clear.signalToNoiseDB), noisySNR = try #require(noisy.signalToNoiseDB)
        #expect(clearSNR >= ReadingHardship.nearTheNoiseBelowDB && noisySNR < ReadingHardship.nearTheNoiseBelowDB, "\(clearSNR) / \(noisySNR) dB")
        #expect(!Self.nearTheNoise(clear, matchAccuracy: 0.6), "a clean recording's poor match is the sender's")
        #expect(Self.nearTheNoise(noisy, matchAccuracy: 0.6), "near the noise it may be the noise's")
        #expect(!Self.nearTheNoise(noisy, matchAccuracy: 0.95), "a good match near the noise is graded")
        #expect(Self.nearTheNoise(noisy, matchAccuracy: 0.85), "under what moves the level, it is not")
        #expect(noisy.implausibilities().isEmpty, "without an exercise, nothing is doubtful")
        let doubt = ImplausibleDecode.poorMatch(.nearTheNoise(signalToNoiseDB: 1.6), accuracy: 0.62).description
        #expect(doubt.contains("only 2 dB over the noise") && doubt.contains("62 %"), "\(doubt)")
    }

    /// A tone whose pitch wavered as a voice's does (a room's echo) was read because its marks kept
    /// a fist's timing; a poor match there may be the room's.
    @Test func aPoorMatchOfAWaveringToneIsDoubtful() {
        func result(toneWavered: Bool) -> DecodeResult { Self.clearReading(toneWavered: toneWavered) }
        func wavering(_ result: DecodeResult, matchAccuracy: Double) -> Bool {
            ImplausibleDecode.found(in: result, expectedCharacters: 30, matchAccuracy: matchAccuracy).contains {
                if case .poorMatch(.waveringTone, _) = $0 { true } else { false }
            }
        }
        #expect(wavering(result(toneWavered: true), matchAccuracy: 0.7))
        #expect(!wavering(result(toneWavered: true), matchAccuracy: 0.95))
        #expect(!wavering(result(toneWavered: false), matchAccuracy: 0.7), "a steady tone's poor match is the sender's")
    }

    /// A reading through a room undone (`RoomEqualizer`) is of a recording hard to read, whether
    /// or not its first seconds showed the echo: a poor match there may be the room's.
    @Test func aPoorMatchOfARoomUndoneIsDoubtful() {
        func result(equalized: Bool) -> DecodeResult {
            var result = Self.clearReading()
            result.secondReading = equalized ? .roomUndone : nil
            return result
        }
        func echo(_ result: DecodeResult, matchAccuracy: Double) -> Bool {
            ImplausibleDecode.found(in: result, expectedCharacters: 30, matchAccuracy: matchAccuracy).contains {
                if case .poorMatch(.roomEcho, _) = $0 { true } else { false }
            }
        }
        #expect(result(equalized: true).isHardToRead && !result(equalized: false).isHardToRead)
        #expect(echo(result(equalized: true), matchAccuracy: 0.8))
        #expect(!echo(result(equalized: true), matchAccuracy: 0.95), "a good match is graded")
        #expect(!echo(result(equalized: false), matchAccuracy: 0.8), "a clean recording's poor match is the sender's")
    }

    /// Talk heard by the tone search (a pitch keyed clearly but gliding) makes a recording hard
    /// to read even where no mark was passed over for its pitch (a phone's automatic gain can
    /// hide talk from it): a poor match there is doubtful.
    @Test func aPoorMatchWhereTalkWasHeardIsDoubtful() {
        func result(talkKeyednessDB: Double) -> DecodeResult {
            let tone = ToneCandidate(frequencyHz: 650, channel: 0, keyednessDB: 28, tonality: 1, onLevelDB: -10, offLevelDB: -38)
            let voice = ToneCandidate(
                frequencyHz: 420, channel: 0, keyednessDB: talkKeyednessDB, tonality: 0.35, onLevelDB: -8, offLevelDB: -8 - talkKeyednessDB)
            return DecodeResult(
                output: DecoderOutput(), toneHz: 650, otherTones: [], channelWeights: [1], statistics: TimingStatistics(), model: nil,
                signalToNoiseDB: 20, trace: [], nothingToDecode: nil,
                toneSearch: ToneSearchResult(best: tone, others: [], channelWeights: [1], reason: nil, unsteady: [voice]), toneWasGiven: false,
                roomEchoTakenOut: false, roomEchoHeard: false, readFromKeySteps: false, toneWavered: false)
        }
        func talk(_ result: DecodeResult, matchAccuracy: Double) -> Bool {
            ImplausibleDecode.found(in: result, expectedCharacters: 30, matchAccuracy: matchAccuracy).contains {
                if case .poorMatch(.talk, _) = $0 { true } else { false }
            }
        }
        #expect(result(talkKeyednessDB: 34).isHardToRead)
        #expect(talk(result(talkKeyednessDB: 34), matchAccuracy: 0.6))
        #expect(!talk(result(talkKeyednessDB: 34), matchAccuracy: 0.95))
        #expect(!result(talkKeyednessDB: 15).isHardToRead, "a faint unsteady pitch is no talk")
        let wavering = ToneCandidate(frequencyHz: 652, channel: 0, keyednessDB: 30, tonality: 0.5, onLevelDB: -10, offLevelDB: -40)
        let search = ToneSearchResult(best: nil, others: [], channelWeights: [1], reason: nil, unsteady: [wavering])
        #expect(!search.heardTalk(besidesHz: 650), "a sidetone given with --tone that wavered is not talk beside itself")
        #expect(search.heardTalk(besidesHz: 900))
        #expect(!talk(result(talkKeyednessDB: 15), matchAccuracy: 0.6))
    }

    /// Marks passed over for their pitch or phase where an echo was heard are talk's where the
    /// tone search heard talk beside the tone (talk right after the first seconds' marks sounds
    /// as their echo), and the recording is read along the tone's phase; where it heard none,
    /// they are the echo's, and it is not.
    @Test func marksPassedOverWhereAnEchoAndTalkWereHeardAreTalks() {
        func result(offPitchMarks: Int, echo: Bool, talk: Bool) -> DecodeResult {
            let tone = ToneCandidate(frequencyHz: 650, channel: 0, keyednessDB: 28, tonality: 1, onLevelDB: -10, offLevelDB: -38)
            let voice = ToneCandidate(frequencyHz: 420, channel: 0, keyednessDB: 34, tonality: 0.35, onLevelDB: -8, offLevelDB: -42)
            var output = DecoderOutput()
            output.offPitchMarks = offPitchMarks
            return DecodeResult(
                output: output, toneHz: 650, otherTones: [], channelWeights: [1], statistics: TimingStatistics(), model: nil,
                signalToNoiseDB: 20, trace: [], nothingToDecode: nil,
                toneSearch: ToneSearchResult(best: tone, others: [], channelWeights: [1], reason: nil, unsteady: talk ? [voice] : []),
                toneWasGiven: false, roomEchoTakenOut: false, roomEchoHeard: echo, readFromKeySteps: false, toneWavered: false)
        }
        #expect(result(offPitchMarks: 5, echo: true, talk: true).talkThroughTheFilter)
        #expect(!result(offPitchMarks: 5, echo: true, talk: false).talkThroughTheFilter, "an echo bends the marks' pitch too")
        #expect(!result(offPitchMarks: 0, echo: true, talk: true).talkThroughTheFilter)
        #expect(result(offPitchMarks: 5, echo: false, talk: false).talkThroughTheFilter, "with no echo, marks off the pitch are talk's")
    }

    /// A harmonic of the tone, or what a square wave folds back from above half the sample rate,
    /// is the same keying, not another station's.
    @Test func onlyAnotherStationsToneIsARival() {
        func tone(_ hz: Double, levelDB: Double) -> ToneCandidate {
            ToneCandidate(frequencyHz: hz, channel: 0, keyednessDB: 30, tonality: 1, onLevelDB: levelDB, offLevelDB: levelDB - 30)
        }
        let search = ToneSearchResult(
            best: tone(600, levelDB: -10),
            others: [tone(1800, levelDB: -19), tone(1400, levelDB: -30), tone(620, levelDB: -12), tone(750, levelDB: -16), tone(900, levelDB: -4)],
            channelWeights: [1], reason: nil)
        #expect(search.rivals.map(\.frequencyHz) == [750, 900])
    }
}
