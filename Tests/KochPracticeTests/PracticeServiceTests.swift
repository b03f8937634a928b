import Foundation
import KochAudio
import KochCore
import KochIO
import KochLessons
import KochSound
import Testing

@testable import KochPractice

/// The practice service driven as a front end drives it: what it refuses before anything plays,
/// what it tells, that it records nothing then, and a drill keyed into a recording recorded.
@Suite struct PracticeServiceTests {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("koch-service-\(UUID().uuidString)").path
    var progressFile: String { folder + "/progress.json" }

    /// Collects what the service tells.
    final class Screen {
        var events: [PracticeEvent] = []
        func show(_ event: PracticeEvent) { events.append(event) }
    }

    func request(_ exercise: PracticeRequest.Exercise) throws -> PracticeRequest {
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        var lesson = LessonRequest()
        lesson.minutes = 0.5
        lesson.seed = 42
        return PracticeRequest(exercise: exercise, lesson: lesson, progressFile: progressFile)
    }

    func run(_ request: PracticeRequest, screen: Screen) throws -> PracticeOutcome {
        try PracticeService(request: request, now: { Date(timeIntervalSince1970: 1_790_000_000) }, events: screen.show).run()
    }

    /// Nothing written beside the progress file: no progress, no practice folder.
    func expectNothingWritten() throws {
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder).isEmpty)
    }

    @Test func aSendExerciseWithoutKeyingIsRefusedOnceItsLessonIsToldAndRecordsNothing() throws {
        let screen = Screen()
        #expect {
            _ = try run(try request(.send), screen: screen)
        } throws: { error in
            guard case .noKeying(let listing) = error as? PracticeRefusal else { return false }
            return listing.contains("--key-device PATH")
        }
        guard case let .lesson(settings, origin: .made) = screen.events.first else {
            Issue.record("The lesson was not told first: \(screen.events)")
            return
        }
        #expect(settings.direction == .send)
        #expect(settings.level == 2)
        #expect(settings.seed == 42)
        try expectNothingWritten()
    }

    @Test func aKeyOfALessonToCopyIsRefusedForSendingBeforeAnyDeviceIsOpened() throws {
        var request = try request(.send)
        let lesson = try Lesson(settings: request.lesson.settings, content: .generated)
        let keyPath = folder + "/lesson.key.json"
        try AnswerKeyFile.encode(AnswerKey(lesson: lesson, createdAt: Date())).write(toFile: keyPath, atomically: true, encoding: .utf8)
        request.keyPath = keyPath
        request.keyDevice = folder + "/no-such-device"
        let screen = Screen()
        #expect {
            _ = try run(request, screen: screen)
        } throws: { error in
            guard case .keyOfOtherDirection(keyPath, .receive) = error as? PracticeRefusal else { return false }
            return "\(error)" == "\(keyPath) is a lesson to copy: practise it with koch practice (receive)."
        }
        guard case .lesson(_, origin: .key(keyPath)) = screen.events.first else {
            Issue.record("The key's lesson was not told: \(screen.events)")
            return
        }
        #expect(screen.events.count == 1)
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder) == ["lesson.key.json"])
    }

    @Test func aContactFromAKeyIsRefusedBeforeAnythingIsMade() throws {
        var request = try request(.contact)
        request.keyPath = folder + "/lesson.key.json"
        request.keyDevice = folder + "/no-such-device"
        let screen = Screen()
        #expect {
            _ = try run(request, screen: screen)
        } throws: { error in
            guard case .contactFromKey = error as? PracticeRefusal else { return false }
            return true
        }
        #expect(screen.events.isEmpty)
        try expectNothingWritten()
    }

    @Test func aConfusionDrillWithNothingConfusedIsRefusedBeforeItsLessonIsTold() throws {
        var request = try request(.receive)
        request.lesson.drill = .confusions
        let screen = Screen()
        #expect {
            _ = try run(request, screen: screen)
        } throws: { error in
            guard case let .nothingConfused(confusions, course) = error as? PracticeRefusal else { return false }
            return confusions.sessionCount == 0 && confusions.direction == .receive && course == .letters
        }
        #expect(screen.events.isEmpty)
        try expectNothingWritten()
    }

    @Test func aKeyDeviceThatIsNotThereIsRefusedByItsPath() throws {
        var request = try request(.characters)
        request.keyDevice = folder + "/no-such-device"
        let screen = Screen()
        #expect {
            _ = try run(request, screen: screen)
        } throws: { error in
            guard case .keyDevice(.notFound(let path)) = error as? PracticeRefusal else { return false }
            return path == request.keyDevice
        }
        try expectNothingWritten()
    }

    @Test func theTestToneOnNoSoundDeviceTellsTheDeviceAndItsTone() throws {
        var request = try request(.testSound)
        request.soundDevice = "null"
        request.lesson.sound.toneHz = 700
        let screen = Screen()
        #expect(try run(request, screen: screen) == .toneTested(toneHz: 700))
        guard case .soundOpened(deviceName: "null", _) = screen.events.first else {
            Issue.record("The device was not told: \(screen.events)")
            return
        }
        #expect(screen.events.count == 1)
        try expectNothingWritten()
    }

    @Test func aMicrophoneValueThatIsAFileIsARecordingAndAnyOtherADevice() throws {
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        let recording = folder + "/keying.wav"
        #expect(FileManager.default.createFile(atPath: recording, contents: Data()))
        #expect(MicrophoneChoice(recording) == .recording(path: recording))
        #expect(MicrophoneChoice("default") == .device(name: nil))
        #expect(MicrophoneChoice("USB Audio") == .device(name: "USB Audio"))
        #expect(MicrophoneChoice(folder + "/missing.wav") == .device(name: folder + "/missing.wav"))
    }

    @Test func aContactsFilesAreNamedForBothItsSessions() {
        #expect(PracticeFolder.contactBaseName(style: "ragchew", lessonID: "R02-1a2b3c4d") == "koch-qso-ragchew-02-1a2b3c4d")
    }

    /// `text` keyed cleanly at 20 WPM and 600 Hz after a second of silence, with time after it
    /// for the drill to see the character end, as a WAV at 48 kHz.
    func recordKeying(_ text: String, to path: String) throws {
        let unitSeconds = Timing(characterSpeedWPM: 20, effectiveSpeedWPM: 20).unitSeconds
        var marks: [KeyedElement] = []
        var timeSeconds = 1.0
        for element in text.flatMap({ MorseAlphabet.symbol(for: $0)?.elements ?? [] }) {
            let units = element == .dit ? 1.0 : 3.0
            marks.append(KeyedElement(element: element, startSeconds: timeSeconds, durationSeconds: units * unitSeconds))
            timeSeconds += (units + 1) * unitSeconds
        }
        let synthesizer = ToneSynthesizer(frequencyHz: 600, sampleRate: 48_000)
        try WAVWriter.write(synthesizer.render(marks, durationSeconds: timeSeconds + 3), sampleRate: 48_000, to: path)
    }

    /// A character drill of one character keyed into the recording given as the microphone, its
    /// keys from a pipe nothing is written to (the learner never stops it), its screen nowhere.
    func drill(keying character: (_ shown: String) -> String, screen: Screen) throws -> PracticeOutcome {
        var request = try request(.characters)
        request.count = 1
        request.soundDevice = "null"
        request.microphone = folder + "/keyed.wav"
        let service = PracticeService(request: request) { _ in }
        var drawn = CharacterDrill(settings: try service.prepared(direction: .send).settings)
        try recordKeying(character(drawn.next().text), to: folder + "/keyed.wav")
        var keys: [Int32] = [0, 0]
        #expect(pipe(&keys) == 0)
        let nowhere = open("/dev/null", O_WRONLY)
        defer { for descriptor in keys + [nowhere] { close(descriptor) } }
        return try PracticeService(
            request: request, now: { Date(timeIntervalSince1970: 1_790_000_000) },
            terminal: PracticeTerminal(inputDescriptor: keys[0], screenDescriptor: nowhere), events: screen.show
        ).run()
    }

    @Test func aCharacterKeyedIntoARecordingGivenAsTheMicrophoneIsGradedAndRecorded() throws {
        let screen = Screen()
        #expect(try drill(keying: { $0 }, screen: screen) == .recorded)
        #expect(screen.events.contains { if case .listening(source: folder + "/keyed.wav") = $0 { true } else { false } })
        #expect(screen.events.contains { if case .charactersKeyed(right: 1, of: 1) = $0 { true } else { false } })
        #expect(screen.events.contains { if case .graded = $0 { true } else { false } })
        let sessions = try ProgressStore(path: progressFile).read().sessions
        #expect(sessions.count == 1)
        #expect(sessions.first?.direction == .send)
        let kept = try FileManager.default.contentsOfDirectory(atPath: folder + "/practice").sorted()
        #expect(kept.count == 2)
        #expect(kept.contains { $0.hasSuffix(".key.json") } && kept.contains { $0.hasSuffix(".keying.wav") })
    }

    @Test func anotherCharacterKeyedIntoTheRecordingIsRefusedAndRecordsNothing() throws {
        let screen = Screen()
        #expect {
            _ = try drill(keying: { $0 == "K" ? "M" : "K" }, screen: screen)
        } throws: { error in
            guard case .lessonNotGraded(.mismatch, let files) = error as? PracticeRefusal else { return false }
            return files.sourcePath.hasSuffix(".keying.wav")
        }
        #expect(screen.events.contains { if case .charactersKeyed(right: 0, of: 1) = $0 { true } else { false } })
        #expect(!FileManager.default.fileExists(atPath: progressFile))
    }
}
