import Foundation
import KochCore
import KochLessons
import Testing

@testable import KochPractice

/// What live practice refuses as it takes a request (`PracticeRequest.conflict`), whichever front
/// end asks: the command line as it parses its options, a server as it reads a form.
@Suite struct PracticeRequestConflictTests {
    static func request(_ exercise: PracticeRequest.Exercise, _ change: (inout PracticeRequest) -> Void = { _ in }) -> PracticeRequest {
        var request = PracticeRequest(exercise: exercise, lesson: LessonRequest(), progressFile: "/nowhere/progress.json")
        change(&request)
        return request
    }

    /// Each rule, with a request it refuses.
    static let refused: [(PracticeRequest, PracticeRequest.Conflict)] = [
        (request(.receive) { $0.lesson.minutes = 90 }, .lesson(.minutes(90))),
        (request(.characters) { $0.count = 1000 }, .characterCount(1000)),
        (request(.characters) { $0.count = 0 }, .characterCount(0)),
        (request(.send) { $0.count = 5 }, .countWithoutCharacters),
        (request(.send) { $0.lesson.kind = .qso }, .contactNotKeyedAlone),
        (request(.characters) { $0.lesson.kind = .qso }, .contactNotKeyedAlone),
        (request(.receive) { $0.microphone = "default" }, .keyingForCopy),
        (request(.receive) { $0.keyDevice = "/dev/input/event5" }, .keyingForCopy),
        (request(.characters) { $0.keyPath = "a.key.json" }, .keyForCharacters),
        (
            request(.send) { ($0.keyPath, $0.lesson.sound.characterSpeedWPM) = ("a.key.json", 25) },
            .speedsOfKey(keyPath: "a.key.json", direction: .send)
        ),
        (
            request(.receive) { ($0.keyPath, $0.lesson.sound.effectiveSpeedWPM) = ("a.key.json", 8) },
            .speedsOfKey(keyPath: "a.key.json", direction: .receive)
        ),
        (request(.receive) { ($0.lesson.drill, $0.lesson.characters) = (.confusions, "KMRS") }, .lesson(.drillWithCharacters)),
        (request(.receive) { ($0.lesson.drill, $0.lesson.kind) = (.confusions, .words) }, .lesson(.drillWithKind(.words))),
        (request(.characters) { $0.lesson.drill = .confusions }, .drillOfCharactersOrKey),
        (request(.receive) { ($0.lesson.drill, $0.keyPath) = (.confusions, "a.key.json") }, .drillOfCharactersOrKey),
        (request(.send) { ($0.keyDevice, $0.microphone) = ("/dev/input/event5", "default") }, .keyDeviceAndMicrophone),
        (request(.send) { ($0.microphone, $0.pitchHz) = ("default", 50) }, .pitchHz(50)),
        (request(.send) { ($0.keyDevice, $0.pitchHz) = ("/dev/input/event5", 700) }, .pitchWithoutMicrophone),
    ]

    @Test(arguments: refused.indices) func eachRuleRefusesWhatItNames(index: Int) {
        let (request, conflict) = Self.refused[index]
        #expect(request.conflict == conflict)
    }

    /// Requests the rules allow, next to those they refuse.
    static let allowed: [PracticeRequest] = [
        request(.receive),
        request(.characters) { $0.count = PracticeRequest.characterCountRange.upperBound },
        request(.contact) { ($0.lesson.kind, $0.microphone, $0.pitchHz) = (.qso, "default", 700) },
        request(.receive) { $0.lesson.kind = .qso },
        request(.send) { ($0.lesson.drill, $0.keyDevice) = (.confusions, "/dev/input/event5") },
        request(.receive) { $0.keyPath = "a.key.json" },
        request(.testSound) { ($0.count, $0.microphone, $0.lesson.minutes) = (5, "default", 90) },
    ]

    @Test(arguments: allowed.indices) func whatNoRuleNamesIsAllowed(index: Int) {
        #expect(Self.allowed[index].conflict == nil)
    }

    /// A level outside the lesson's course is refused as `koch lesson` refuses it, by the same rule.
    @Test func aLevelOutsideTheCourseIsRefusedAsALessonIs() throws {
        for level in [0, 1, 27, 99] {
            let request = Self.request(.send) { $0.lesson.level = level }
            guard case .lesson(let refusal) = request.conflict else {
                Issue.record("level \(level) was not refused: \(String(describing: request.conflict))")
                continue
            }
            #expect(throws: refusal) { try request.lesson.check() }
        }
        #expect(Self.request(.receive) { $0.lesson.level = 26 }.conflict == nil)
    }

    @Test func theFirstConflictIsTheOneTold() {
        let request = Self.request(.send) { ($0.lesson.minutes, $0.count, $0.keyDevice, $0.microphone) = (90, 5, "/dev/input/event5", "default") }
        #expect(request.conflict == .lesson(.minutes(90)))
    }

    @Test func theServiceRefusesAConflictBeforeTellingOrWritingAnything() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("koch-conflict-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        var request = Self.request(.receive) { $0.microphone = "default" }
        request.progressFile = folder + "/progress.json"
        var told: [PracticeEvent] = []
        #expect {
            _ = try PracticeService(request: request) { told.append($0) }.run()
        } throws: { error in
            guard case .conflict(.keyingForCopy) = error as? PracticeRefusal else { return false }
            return "\(error)" == "A lesson to copy is typed: a key device or the microphone is for keying."
        }
        #expect(told.isEmpty)
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder).isEmpty)
    }
}
