import Foundation
import KochCore
import KochIO
import KochLessons
import KochPresentation
import Testing

/// Lessons made into files with one call, as every front end makes them (`LessonMaking`).
@Suite struct LessonMakingTests {
    /// A folder of its own for the lessons and the progress file, removed with it.
    final class Scratch {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("koch-making-\(UUID().uuidString)").path
        var store: ProgressStore { ProgressStore(path: path + "/progress.json") }
        init() throws { try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true) }
        deinit { try? FileManager.default.removeItem(atPath: path) }
    }

    /// Two short level-2 lessons as MP3 at 8 kHz into `folder`, from seed 7.
    func making(into folder: String) -> LessonMaking {
        var request = LessonRequest()
        request.level = 2
        request.minutes = 0.5
        request.count = 2
        request.seed = 7
        request.sound.sampleRateHz = 8000
        request.mp3BitrateKbps = 16
        return LessonMaking(request: request, outputFolder: folder, format: .mp3)
    }

    let now = Date(timeIntervalSince1970: 1_759_276_800)

    @Test func theLessonsAreWrittenWithTheirFilesAndToldInOrder() throws {
        let scratch = try Scratch()
        let folder = scratch.path + "/lessons"
        var told: [String] = []
        let written = try making(into: folder).make(progress: scratch.store, now: now, templates: try Templates(environment: [:])) { event in
            switch event {
            case .warning: told.append("warning")
            case .heading(let heading): told.append("heading \(heading.prepared.settings.seed)")
            case .written(let written): told.append("lesson \(written.lesson.number)")
            }
        }
        #expect(told == ["heading 7", "lesson 1", "lesson 2"])
        #expect(written.map(\.lesson.number) == [1, 2] && written.allSatisfy { $0.replacedFileCount == 0 })
        let names = written.flatMap(\.files).map { URL(fileURLWithPath: $0).lastPathComponent }
        #expect(names.contains { $0.hasSuffix(".mp3") } && names.contains { $0.hasSuffix(".key.json") })
        let inFolder = Set(try FileManager.default.contentsOfDirectory(atPath: folder))
        #expect(Set(names).isSubset(of: inFolder) && !names.isEmpty)
    }

    @Test func makingTheSameLessonsAgainTellsWhichFilesItReplaces() throws {
        let scratch = try Scratch()
        let making = making(into: scratch.path + "/lessons")
        let templates = try Templates(environment: [:])
        let first = try making.make(progress: scratch.store, now: now, templates: templates)
        let again = try making.make(progress: scratch.store, now: now, templates: templates)
        #expect(again.map(\.replacedFileCount) == first.map(\.files.count))
    }

    @Test func theSameSeedGivesByteIdenticalAudio() throws {
        let scratch = try Scratch()
        let templates = try Templates(environment: [:])
        let one = try making(into: scratch.path + "/one").make(progress: scratch.store, now: now, templates: templates)
        let two = try making(into: scratch.path + "/two").make(progress: scratch.store, now: now, templates: templates)
        let audio = { (written: [LessonMaking.Written], folder: String) in
            try written.flatMap(\.files).filter { $0.hasSuffix(".mp3") }.map {
                try Data(contentsOf: URL(fileURLWithPath: scratch.path + "/" + folder + "/" + URL(fileURLWithPath: $0).lastPathComponent))
            }
        }
        let first = try audio(one, "one")
        #expect(first.count == 2 && first[0] != first[1])
        #expect(first == (try audio(two, "two")))
    }

    @Test func aDrillWithNothingConfusedWritesNothing() throws {
        let scratch = try Scratch()
        let folder = scratch.path + "/lessons"
        var making = making(into: folder)
        making.request.drill = .confusions
        var told = 0
        #expect(throws: NothingConfused.self) {
            _ = try making.make(progress: scratch.store, now: now, templates: try Templates(environment: [:])) { _ in told += 1 }
        }
        #expect(told == 0 && !FileManager.default.fileExists(atPath: folder))
    }
}
