import Foundation
import KochClass
import KochCore
import KochIO
import KochPresentation
import Testing

/// A class's progress pages: one per learner whose progress file reads, the others told apart.
@Suite struct ClassReportsTests {
    @Test func aPageIsWrittenForEachReadableProgressFileAndTheOthersAreSaidWhy() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("koch-reports-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let key = try LessonGradingTests.key()
        let grade = try LessonGradingTests.grading(key).grade(.copy(ClassFixture.copy(of: key)))
        _ = try grade.record(in: ProgressStore(path: folder + "/ann.json"), replace: false, dryRun: false)
        try "name, progress\nAnn Lee, ann.json\nBob, 7\nCy, missing.json\n".write(toFile: folder + "/class.csv", atomically: true, encoding: .utf8)

        var outcomes: [String: ClassReports.Outcome] = [:]
        try ClassReports.write(
            rosterPath: folder + "/class.csv", into: folder + "/reports/", today: CalendarDay(year: 2026, month: 11, day: 28)!,
            templates: try Templates()
        ) { outcomes[$0.name] = $1 }

        guard case .written(let page, let sessions) = outcomes["Ann Lee"] else {
            Issue.record("Ann's page: \(String(describing: outcomes["Ann Lee"]))")
            return
        }
        #expect(page == folder + "/reports/ann-lee.html" && sessions == 1)
        #expect(try String(contentsOfFile: page, encoding: .utf8).contains("Ann Lee"))
        guard case .noProgressFile = outcomes["Bob"] else {
            Issue.record("Bob: \(String(describing: outcomes["Bob"]))")
            return
        }
        guard case .unreadable(let reason) = outcomes["Cy"] else {
            Issue.record("Cy: \(String(describing: outcomes["Cy"]))")
            return
        }
        #expect(reason.contains("missing.json") && reason.contains("no progress file here"))
        #expect(!FileManager.default.fileExists(atPath: folder + "/reports/cy.html"))
    }
}
