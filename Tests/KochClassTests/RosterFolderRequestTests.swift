import Foundation
import KochClass
import KochCore
import KochIO
import Testing

/// A class pack's folder for a learner with a progress file is made as their own lesson would be (`LessonPlan`).
@Suite struct RosterFolderRequestTests {
    @Test func aLearnersFolderHasTheLevelAndWeakCharactersTheirProgressGives() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("koch-roster-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let key = try LessonGradingTests.key()
        let copy = ClassFixture.copy(of: key)
        // One character miscopied, so that the learner has a weak character.
        let miscopied = (copy.first == "K" ? "M" : "K") + copy.dropFirst()
        let grade = try LessonGradingTests.grading(key).grade(.copy(miscopied))
        _ = try grade.record(in: ProgressStore(path: folder + "/ann.json"), replace: false, dryRun: false)
        try "name, level\nAnn, ann.json\nBob, 7\n".write(toFile: folder + "/class.csv", atomically: true, encoding: .utf8)

        let requests = try RosterLoader(path: folder + "/class.csv").folderRequests(base: LessonSettings())
        let progress = try ProgressStore(path: folder + "/ann.json").read()
        let plan = LessonPlan(level: nil, lesson: LessonCourse(kind: .groups, asked: .letters), direction: .receive, progress: progress)
        #expect(requests.count == 2)
        #expect(requests[0].settings.level == plan.level && requests[0].settings.extraWeight == plan.extraWeight)
        #expect(requests[0].title.hasSuffix(", from progress"))
        #expect(requests[1].settings.level == 7 && requests[1].settings.extraWeight.isEmpty)
    }
}
