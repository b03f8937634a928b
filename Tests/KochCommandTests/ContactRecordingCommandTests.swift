import Foundation
import KochAudio
import KochCore
import KochIO
import KochTestSupport
import Testing

/// `koch grade --key K --audio R` for a contact to answer: R is a phone's recording of the lesson
/// played aloud in a room, with the learner's keying in its pauses.
@Suite struct ContactRecordingCommandTests {
    /// The key and a recording written to a scratch folder; returns their paths.
    private func written(_ recording: ContactRecording, key: AnswerKey? = nil, in scratch: GradingScratch) throws -> (key: String, audio: String) {
        let keyPath = scratch.folder + "/koch-qso-respond.key.json"
        try Data(try AnswerKeyFile.encode(key ?? recording.key).utf8).write(to: URL(fileURLWithPath: keyPath))
        let audio = scratch.folder + "/room.wav"
        try WAVWriter.write(recording.samples, sampleRate: recording.sampleRate, to: audio)
        return (keyPath, audio)
    }

    @Test func aRecordingOfTheContactIsGradedAndItsSendHalfRecordedAsAQSO() throws {
        let scratch = try GradingScratch()
        let recording = try ContactRecording.make(learnerToneHz: 700)
        let (key, audio) = try written(recording, in: scratch)
        let dry = try KochBinary.run(["grade", "--key", key, "--audio", audio, "--progress", scratch.progressPath, "--dry-run", "--json"])
        #expect(dry.succeeded, "\(dry.standardError)")
        let report = try jsonObject(dry.standardOutput)
        #expect(abs((report["lessonFoundAtSeconds"] as? Double ?? 0) - 3.7) < 0.02)
        #expect(abs((report["clockRate"] as? Double ?? 0) - 1.002) < 0.0003)
        #expect((report["overs"] as? [Any])?.count == 2)
        #expect((report["send"] as? [String: Any]) != nil)
        #expect(report["receive"] == nil)
        #expect(scratch.progressBytes() == nil)
        let result = try KochBinary.run(["grade", "--key", key, "--audio", audio, "--progress", scratch.progressPath])
        #expect(result.succeeded, "\(result.standardError)")
        #expect(result.standardOutput.contains("the lesson found from 0:03."), "\(result.standardOutput)")
        #expect(result.standardOutput.contains("0.20 % fast"))
        #expect(result.standardOutput.contains("over 2: report 559 (the script: 579)"), "\(result.standardOutput)")
        let keyed = Score(key: recording.key.learnerHalf(recording.qso), transcript: recording.keyedTexts.joined(separator: "\n"))
        let sessions = try scratch.sessions()
        let session = try #require(sessions.first)
        #expect(sessions.count == 1)
        #expect(session.kind == .qso)
        #expect(session.direction == .send)
        #expect(abs(session.accuracy - keyed.accuracy) <= 0.02, "recorded \(session.accuracy), keyed \(keyed.accuracy)")
        let status = try scratch.statusJSON(date: "2026-11-28")
        #expect((status["send"] as? [String: Any])?["level"] as? Int == 2, "a QSO moves no level")
    }

    @Test func aRecordingAndACopyGradeBothHalves() throws {
        let scratch = try GradingScratch()
        let recording = try ContactRecording.make(learnerToneHz: 700)
        let (key, audio) = try written(recording, in: scratch)
        let copy = scratch.folder + "/copy.txt"
        try Data(recording.key.sentText.utf8).write(to: URL(fileURLWithPath: copy))
        let result = try KochBinary.run(["grade", "--key", key, "--audio", audio, "--transcript", copy, "--progress", scratch.progressPath])
        #expect(result.succeeded, "\(result.standardError)")
        #expect(result.standardOutput.contains("Your copy of the other station: accuracy 100"), "\(result.standardOutput)")
        let sessions = try scratch.sessions()
        #expect(Set(sessions.map(\.direction)) == [.send, .receive])
        #expect(sessions.allSatisfy { $0.kind == .qso })
    }

    @Test func aRecordingOfAnotherLessonIsRefusedAndNothingRecorded() throws {
        let scratch = try GradingScratch()
        var contact = ContactRecording.contact()
        contact.caller.call = "VE3QRP"
        let (key, audio) = try written(try ContactRecording.make(learnerToneHz: 600), key: try ContactRecording.key(of: contact), in: scratch)
        let result = try KochBinary.run(["grade", "--key", key, "--audio", audio, "--progress", scratch.progressPath])
        #expect(!result.succeeded)
        #expect(result.standardError.contains("the lesson's own station was not found in \(audio): is it the recording of this lesson?"))
        #expect(result.standardError.contains("Nothing was recorded"))
        #expect(scratch.progressBytes() == nil)
    }
}
