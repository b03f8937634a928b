import KochTestSupport
import Testing

@testable import KochClass
@testable import KochCore
@testable import KochDecoding

/// A phone's recording of a contact to answer, played aloud while the learner keys into its
/// pauses: the lesson is found by its own station, and the learner's overs are read and graded.
@Suite struct QSORecordingReadingTests {
    /// Reads the recording and grades the learner's half; checks where the lesson was found.
    private func gradedWithinTwoPoints(_ recording: ContactRecording) throws {
        let reading = try QSORecordingReading.read(
            samples: recording.samples, sampleRate: recording.sampleRate, key: recording.key, qso: recording.qso)
        #expect(abs(reading.alignment.offsetSeconds - 3.7) < 0.02, "offset \(reading.alignment.offsetSeconds)")
        #expect(abs(reading.alignment.rate - 1.002) < 0.0003, "rate \(reading.alignment.rate)")
        let grade = QSOContactGrade(key: recording.key, qso: recording.qso, readTexts: reading.readTexts, copy: nil)
        let keyed = Score(key: recording.key.learnerHalf(recording.qso), transcript: recording.keyedTexts.joined(separator: "\n"))
        #expect(keyed.accuracy < 0.98, "the keying holds a wrong report")
        #expect(
            abs(grade.sent.accuracy - keyed.accuracy) <= 0.02,
            "read \(reading.readTexts) at \(grade.sent.accuracy), keyed at \(keyed.accuracy)")
        #expect(grade.readings[1].wrongChecks.map(\.field.key).contains("answerer.rst"))
        #expect(grade.readings[1].sentValues["answerer.rst"] == "559")
    }

    @Test func aSidetoneAtAnotherPitchIsReadInThePauses() throws {
        try gradedWithinTwoPoints(try ContactRecording.make(learnerToneHz: 700))
    }

    @Test func aSidetoneAtTheLessonsPitchIsToldApartByTime() throws {
        try gradedWithinTwoPoints(try ContactRecording.make(learnerToneHz: 600))
    }

    @Test func keyingBegunBeforeTheOtherStationEndedIsReadAtAnotherPitch() throws {
        // The learner begins half a second before the other station's last mark ends.
        let recording = try ContactRecording.make(learnerToneHz: 700, beginAfterSeconds: -1.5)
        let reading = try QSORecordingReading.read(
            samples: recording.samples, sampleRate: recording.sampleRate, key: recording.key, qso: recording.qso)
        #expect(reading.readTexts.allSatisfy { $0.hasPrefix("W1ABC DE") }, "read \(reading.readTexts)")
    }

    /// A phone records at 48 kHz, its noise only where the sound was (here under 4 kHz).
    @Test func aRecordingAt48kHzWithItsNoiseUnder4kHzIsReadAsAt8kHz() throws {
        let recording = try ContactRecording.make(learnerToneHz: 700)
        let factor = 6
        var samples = [Float](repeating: 0, count: recording.samples.count * factor)
        for index in samples.indices {
            let position = index / factor
            let fraction = Float(index % factor) / Float(factor)
            let next = recording.samples[min(position + 1, recording.samples.count - 1)]
            samples[index] = recording.samples[position] * (1 - fraction) + next * fraction
        }
        let reading = try QSORecordingReading.read(
            samples: samples, sampleRate: recording.sampleRate * factor, key: recording.key, qso: recording.qso)
        #expect(reading.doubts.isEmpty, "\(reading.doubts)")
        let grade = QSOContactGrade(key: recording.key, qso: recording.qso, readTexts: reading.readTexts, copy: nil)
        let keyed = Score(key: recording.key.learnerHalf(recording.qso), transcript: recording.keyedTexts.joined(separator: "\n"))
        #expect(abs(grade.sent.accuracy - keyed.accuracy) <= 0.02, "read \(reading.readTexts)")
    }

    @Test func aClockRunningSlowAndARecordingBegunLateAreFound() throws {
        let recording = try ContactRecording.make(learnerToneHz: 700, leadSeconds: -1.5, rate: 0.997)
        let reading = try QSORecordingReading.read(
            samples: recording.samples, sampleRate: recording.sampleRate, key: recording.key, qso: recording.qso)
        #expect(abs(reading.alignment.offsetSeconds + 1.5) < 0.02, "offset \(reading.alignment.offsetSeconds)")
        #expect(abs(reading.alignment.rate - 0.997) < 0.0003, "rate \(reading.alignment.rate)")
    }

    @Test func anOverNotKeyedReadsAsNothing() throws {
        let texts = ContactRecording.keyedTexts(of: try #require(try ContactRecording.key().qso))
        let recording = try ContactRecording.make(learnerToneHz: 700, keyedTexts: [texts[0], ""])
        let reading = try QSORecordingReading.read(
            samples: recording.samples, sampleRate: recording.sampleRate, key: recording.key, qso: recording.qso)
        #expect(reading.readTexts.count == 2)
        #expect(reading.readTexts[1] == "")
        let grade = QSOContactGrade(key: recording.key, qso: recording.qso, readTexts: reading.readTexts, copy: nil)
        #expect(grade.readings[1].checks.allSatisfy { $0.sent == nil })
    }

    @Test func nothingKeyedInAnyPauseIsRefused() throws {
        let recording = try ContactRecording.make(learnerToneHz: 700, keyedTexts: ["", ""])
        #expect(throws: QSORecordingReading.Refusal.noKeyingInPauses) {
            try QSORecordingReading.read(samples: recording.samples, sampleRate: recording.sampleRate, key: recording.key, qso: recording.qso)
        }
    }

    @Test func aRecordingOfAnotherContactIsRefused() throws {
        let recording = try ContactRecording.make(learnerToneHz: 700)
        // Another contact of the same style: the same words but for the other station's call and report.
        var contact = ContactRecording.contact()
        contact.caller.call = "VE3QRP"
        contact.caller.rst = "449"
        let other = try ContactRecording.key(of: contact)
        let qso = try #require(other.qso)
        #expect(throws: QSORecordingReading.Refusal.lessonNotFound) {
            try QSORecordingReading.read(samples: recording.samples, sampleRate: recording.sampleRate, key: other, qso: qso)
        }
        var silence = [Float](repeating: 0, count: recording.samples.count)
        DecodingSignals.addWhiteNoise(&silence, snrDB: 10, sampleRate: recording.sampleRate, seed: 9)
        #expect(throws: QSORecordingReading.Refusal.lessonNotFound) {
            try QSORecordingReading.read(samples: silence, sampleRate: recording.sampleRate, key: recording.key, qso: recording.qso)
        }
    }
}
