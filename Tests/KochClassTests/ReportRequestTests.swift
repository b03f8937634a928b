import Foundation
import KochClass
import KochCore
import KochIO
import KochPresentation
import Testing

/// Progress pages as a front end asks them: what is refused together, where the pages go by default, and what is written.
@Suite struct ReportRequestTests {
    @Test func aRosterNamesEachLearnersProgressFile() {
        var request = ReportRequest()
        request.rosterPath = "class.csv"
        request.progressGiven = true
        #expect(request.conflict == .progressWithRoster)
    }

    @Test func aFolderOfProgressFilesNeedsARoster() {
        var request = ReportRequest()
        request.progressFolder = "progress"
        #expect(request.conflict == .progressFolderWithoutRoster)
        request.rosterPath = "class.csv"
        #expect(request.conflict == nil)
    }

    @Test func onePageGoesToReportHTMLAndAClasssIntoReports() {
        var request = ReportRequest()
        #expect(request.resolvedOutputPath == "report.html")
        request.rosterPath = "class.csv"
        #expect(request.resolvedOutputPath == "reports")
        request.outputPath = "pages"
        #expect(request.resolvedOutputPath == "pages")
    }

    @Test func aLearnersPageIsWrittenFromTheirProgressFile() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("koch-report-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let key = try LessonGradingTests.key()
        let grade = try LessonGradingTests.grading(key).grade(.copy(ClassFixture.copy(of: key)))
        let store = ProgressStore(path: folder + "/progress.json")
        _ = try grade.record(in: store, replace: false, dryRun: false)
        var request = ReportRequest()
        request.outputPath = folder + "/page/report.html"

        let outcome = try request.write(learnerStore: store, today: CalendarDay(year: 2026, month: 11, day: 28)!, templates: try Templates())

        #expect(outcome == .page(path: folder + "/page/report.html", sessionCount: 1, progressFile: store.path))
        #expect(try String(contentsOfFile: folder + "/page/report.html", encoding: .utf8).contains("<html"))
    }

    @Test func aClassesPagesAreCountedAndTheUnreadableNamed() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("koch-report-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let key = try LessonGradingTests.key()
        let grade = try LessonGradingTests.grading(key).grade(.copy(ClassFixture.copy(of: key)))
        _ = try grade.record(in: ProgressStore(path: folder + "/ann.json"), replace: false, dryRun: false)
        try "{".write(toFile: folder + "/bob.json", atomically: true, encoding: .utf8)
        try "name, progress\nAnn Lee, ann.json\nBob, bob.json\nCy, 7\n".write(toFile: folder + "/class.csv", atomically: true, encoding: .utf8)
        var request = ReportRequest()
        request.rosterPath = folder + "/class.csv"
        request.outputPath = folder + "/reports"

        let outcome = try request.write(
            learnerStore: ProgressStore(path: "unused.json"), today: CalendarDay(year: 2026, month: 11, day: 28)!, templates: try Templates())

        #expect(outcome == .classPages(folder: folder + "/reports", written: 1, unreadable: ["Bob"]))
    }
}
