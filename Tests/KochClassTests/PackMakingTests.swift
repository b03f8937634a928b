import Foundation
import KochClass
import KochCore
import KochIO
import KochLessons
import KochPresentation
import Testing

/// A pack made with one call from its request, as every front end makes one (`PackRequest`).
@Suite struct PackMakingTests {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("koch-pack-request-\(UUID().uuidString)").path

    /// Half-minute lessons at 8 kHz, two a folder, from seed 7, into `out` in the test's folder.
    func pack(_ folders: PackRequest.Folders, out: String) -> PackRequest {
        var lesson = LessonRequest()
        lesson.minutes = 0.5
        lesson.sound.sampleRateHz = 8000
        lesson.mp3BitrateKbps = 16
        var pack = PackRequest(lesson: lesson, folders: folders, outputFolder: folder + "/" + out)
        pack.perFolder = 2
        pack.seed = 7
        pack.jobs = 2
        return pack
    }

    let now = Date(timeIntervalSince1970: 1_759_276_800)

    @Test func aRostersPackStartsTheProgressFilesAndIsCompleteAndTheSameFromTheSameSeed() throws {
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        try "name, level\nBob, 3\n".write(toFile: folder + "/class.csv", atomically: true, encoding: .utf8)
        let templates = try Templates(environment: [:])
        var told: [String] = []
        let summary = try pack(.roster(path: folder + "/class.csv", progressFolder: nil), out: "one").make(now: now, templates: templates) {
            switch $0 {
            case .heading(let heading): told.append("\(heading.folderCount) folder, \(heading.lessonCount) lessons, seed \(heading.seed)")
            case let .progressFile(learner, start): told.append("\(learner.name) \(start)")
            }
        }
        #expect(told == ["1 folder, 2 lessons, seed 7", "Bob started(level: 3)"])
        #expect(summary.made == 2 && summary.manifestWritten)
        #expect(FileManager.default.fileExists(atPath: folder + "/progress/bob.json"))

        _ = try pack(.roster(path: folder + "/class.csv", progressFolder: nil), out: "two").make(now: now, templates: templates)
        let manifest = { (out: String) in try Data(contentsOf: URL(fileURLWithPath: folder + "/" + out + "/manifest.json")) }
        let one = String(decoding: try manifest("one"), as: UTF8.self).replacingOccurrences(of: "/one", with: "")
        let two = String(decoding: try manifest("two"), as: UTF8.self).replacingOccurrences(of: "/two", with: "")
        #expect(one == two)
    }

    @Test func aPackAskedToStopMakesNoLessonAndSaysSo() throws {
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        var hooks = PackRequest.Hooks()
        hooks.shouldStop = { true }
        let error = #expect(throws: PackError.self) {
            _ = try pack(.levels([2, 3]), out: "pack").make(now: now, templates: try Templates(environment: [:]), hooks: hooks)
        }
        guard case .interrupted(let made, let total) = error else {
            Issue.record("not interrupted: \(String(describing: error))")
            return
        }
        #expect(made == 0 && total == 4)
        #expect(!FileManager.default.fileExists(atPath: folder + "/pack/manifest.json"))
    }
}
