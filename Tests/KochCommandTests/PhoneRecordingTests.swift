import Foundation
import KochCore
import KochIO
import KochTestSupport
import Testing

/// Recordings as phones make them (M4A with AAC, 3GP with AMR, Opus in WebM), made here from a
/// keyed exercise with the ffmpeg and sox programs, graded and decoded through the binary; and files
/// that are no recording, named for what they are.
@Suite struct PhoneRecordingTests {
    func shell(_ command: String) throws { try Shell.run(command) }

    /// `wav` as a phone would have recorded it: M4A (AAC at 44.1 kHz) or 3GP (AMR-NB at 8 kHz).
    func phoneRecording(of wav: String, as fileExtension: String) throws -> String {
        let base = (wav as NSString).deletingPathExtension
        if fileExtension == "3gp" {
            try shell("sox '\(wav)' -r 8000 -c 1 -t amr-nb '\(base).amr'")
            try shell("ffmpeg -nostdin -y -i '\(base).amr' -c copy '\(base).3gp'")
        } else {
            try shell("ffmpeg -nostdin -y -i '\(wav)' -ar 44100 -c:a aac '\(base).\(fileExtension)'")
        }
        return base + "." + fileExtension
    }

    func gradeAudio(_ scratch: GradingScratch, key: String, audio: String, extra: [String] = []) throws -> KochBinary.Result {
        try KochBinary.run(
            ["grade", "--key", key, "--audio", audio, "--progress", scratch.progressPath, "--date", "2026-11-21T19:30"] + extra,
            environment: ["TZ": "UTC"])
    }

    @Test(arguments: ["m4a", "3gp"])
    func aPhoneRecordingOfASendExerciseIsGradedAndRecorded(fileExtension: String) throws {
        let scratch = try GradingScratch("phone-\(fileExtension)")
        let key = try scratch.lesson(level: 2, seed: 3, minutes: 0.5, direction: .send)
        let sent = try SendPracticeTests.sentText(key)
        // One character keyed wrong: the grade is the WAV's, not a perfect score by default.
        let keyed = (sent.hasPrefix("K") ? "M" : "K") + sent.dropFirst()
        let wav = scratch.folder + "/keying.wav"
        try SendPracticeTests.recordKeying(keyed, to: wav)
        let reference = try jsonObject(try gradeAudio(scratch, key: key, audio: wav, extra: ["--dry-run", "--json"]).standardOutput)
        let phone = try phoneRecording(of: wav, as: fileExtension)

        let result = try gradeAudio(scratch, key: key, audio: phone, extra: ["--json"])
        #expect(result.succeeded, "\(result.standardError)")
        let report = try jsonObject(result.standardOutput)
        let accuracy = try #require(report["accuracy"] as? Double)
        #expect(accuracy < 1 && accuracy > 0.9 && accuracy == reference["accuracy"] as? Double)
        #expect((report["recording"] as? [String: Any])?["decodedText"] as? String == keyed)
        let sessions = try scratch.sessions()
        #expect(sessions.count == 1)
        #expect(sessions.first?.direction == .send && sessions.first?.accuracy == accuracy)
        #expect(sessions.first?.lessonID == (try AnswerKeyFile.read(key)).lessonID)

        let decoded = try KochBinary.run(["decode", phone])
        #expect(decoded.succeeded, "\(decoded.standardError)")
        #expect(decoded.standardOutput.trimmingCharacters(in: .whitespacesAndNewlines) == keyed)
    }

    @Test func aClassReturnRecordedOnAPhoneIsGraded() throws {
        let week = try ClassGradeCommandTests.Class(["Ann", "Bob"])
        let bob = try week.keys(1)
        try FileManager.default.createDirectory(atPath: week.returns + "/Bob", withIntermediateDirectories: true)
        let wav = week.folder + "/" + ClassGradeCommandTests.name(of: bob[0]) + ".wav"
        try SendPracticeTests.recordKeying(try SendPracticeTests.sentText(bob[0]), to: wav)
        try FileManager.default.moveItem(
            atPath: try phoneRecording(of: wav, as: "m4a"), toPath: week.returns + "/Bob/" + ClassGradeCommandTests.name(of: bob[0]) + ".m4a")

        let result = try week.grade()
        #expect(result.standardOutput.contains("Graded 1 return of 1 learner."), "\(result.standardOutput)\(result.standardError)")
        let sessions = try ProgressStore(path: week.progressPath(1)).read().sessions
        #expect(sessions.map(\.direction) == [.send] && sessions.first?.accuracy == 1)
    }

    @Test func opusInWebMIsDecoded() throws {
        let folder = try KochBinary.scratchFolder()
        try KochBinary.run(["render", "CQ DE K1ABC", "--out", folder + "/cq.wav", "--sample-rate", "8000", "--wpm", "22"])
        try shell("ffmpeg -nostdin -y -i '\(folder)/cq.wav' -ar 48000 -c:a libopus '\(folder)/cq.webm'")
        let result = try KochBinary.run(["decode", folder + "/cq.webm"])
        #expect(result.standardOutput.trimmingCharacters(in: .whitespacesAndNewlines) == "CQ DE K1ABC", "\(result.standardError)")
    }

    @Test func aPhotoADocumentOrTheSheetGivenAsTheRecordingIsNamedAndNothingIsRecorded() throws {
        let scratch = try GradingScratch()
        let key = try scratch.lesson(level: 2, seed: 4, minutes: 0.5, direction: .send)
        let photo = scratch.folder + "/IMG_0042.m4a"
        try shell("ffmpeg -nostdin -y -f lavfi -i color=c=blue:size=32x32 -frames:v 1 '\(scratch.folder)/photo.jpg'")
        try FileManager.default.moveItem(atPath: scratch.folder + "/photo.jpg", toPath: photo)
        let pdf = scratch.folder + "/keying.wav"
        try Data("%PDF-1.4\n%âãÏÓ\n1 0 obj\n<< /Type /Catalog >>\nendobj\n".utf8).write(to: URL(fileURLWithPath: pdf))
        let sheet = key.replacingOccurrences(of: ".key.json", with: ".sheet.txt")
        let cases = [
            (photo, "this is a JPEG image, not a recording"), (pdf, "this is a PDF document, not a recording"),
            (sheet, "this is the sheet of a send exercise, the groups to key, not a recording"),
            (key, "this is a lesson's answer key (JSON), not a recording"),
        ]
        for (path, message) in cases {
            let result = try gradeAudio(scratch, key: key, audio: path)
            #expect(!result.succeeded)
            #expect(result.standardError.contains("\(path): \(message)."), "\(result.standardError)")
            #expect(!result.standardError.contains("ffmpeg"), "\(result.standardError)")
        }
        #expect(scratch.progressBytes() == nil)
    }

    @Test(arguments: ["wav", "mp3"])
    func theExercisesOwnAudioIsNotTakenForTheLearnersKeying(fileExtension: String) throws {
        let scratch = try GradingScratch("own-audio-\(fileExtension)")
        let out = scratch.folder + "/send"
        let made = try KochBinary.run([
            "lesson", "--direction", "send", "--level", "2", "--minutes", "0.5", "--seed", "9", "--out", out,
            "--progress", scratch.progressPath, "--format", fileExtension,
        ])
        #expect(made.succeeded, "\(made.standardError)")
        let files = try FileManager.default.contentsOfDirectory(atPath: out)
        let key = out + "/" + (try #require(files.first { $0.hasSuffix(".key.json") }))
        let audio = out + "/" + (try #require(files.first { $0.hasSuffix("." + fileExtension) }))
        let lessonID = try AnswerKeyFile.read(key).lessonID

        let result = try gradeAudio(scratch, key: key, audio: audio)
        #expect(!result.succeeded)
        #expect(
            result.standardError.contains("\(audio): this is the audio koch made for lesson \(lessonID), not a recording of your keying."),
            "\(result.standardError)")
        #expect(scratch.progressBytes() == nil)
        // Decoding it is another matter: koch reads its own lessons.
        let decoded = try KochBinary.run(["decode", audio])
        #expect(decoded.standardOutput.trimmingCharacters(in: .whitespacesAndNewlines).hasSuffix(try SendPracticeTests.sentText(key)))
    }

    @Test func aVideoWithNoSoundIsNamed() throws {
        let folder = try KochBinary.scratchFolder()
        try shell("ffmpeg -nostdin -y -f lavfi -i testsrc=size=64x64:rate=5 -t 1 -an -c:v mpeg4 '\(folder)/clip.mp4'")
        let result = try KochBinary.run(["decode", folder + "/clip.mp4"])
        #expect(!result.succeeded)
        #expect(result.standardError.contains("\(folder)/clip.mp4: this is a video with no sound, not a recording."), "\(result.standardError)")
    }
}
