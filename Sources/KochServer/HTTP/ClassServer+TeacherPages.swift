import Foundation
import KochClass
import KochCore

extension ClassServer {
    /// The teacher's page: every learner with their level, grades, what is due and their links, and the forms that change the class.
    func teacherPage(csrf: String) throws -> String {
        let learners = try service.database.learners()
        let book = try service.gradebook()
        let rows: [[String: Any]] = learners.map { learner in
            let summary = book.learners.first { $0.folderName == ClassService.folderName(learner) }
            let last = summary?.rows.last
            return [
                "id": learner.id, "name": learner.name, "csrf": csrf,
                "level": summary?.level.map { "\($0) of \(summary?.lastLevel ?? 0)" } ?? "—",
                "graded": summary?.rows.count ?? 0,
                "last": last.map { "\(ServerRefusal.percent((($0.accuracy * 1000).rounded()) / 10)) on \($0.done.day)" } ?? "—",
                "due": Self.dueText(summary?.due),
                "link": links.learnerURL(learner), "feed": links.feedURL(learner),
            ]
        }
        return try pages.templates.render(
            "server/teacher.html",
            [
                "title": "Your class", "className": "Your class", "csrf": csrf, "learners": rows,
                "summary": Self.count(learners.count, "learner") + ", " + Self.count(book.rows.count, "graded lesson"),
                "lastLevel": KochCourse.letters.lastLevel,
            ])
    }

    static func count(_ number: Int, _ noun: String) -> String { "\(number) \(noun)\(number == 1 ? "" : "s")" }

    static func dueText(_ due: Gradebook.Due?) -> String {
        switch due {
        case let .later(day)?: "on \(day)"
        case .today?: "today"
        case let .overdue(days)?: "overdue \(days) d"
        case .now?: "now"
        case nil: "—"
        }
    }

    /// One printed sheet: each learner's link as a QR code, with their name.
    func sheetPage() throws -> String {
        let learners = try service.database.learners().map { learner -> [String: Any] in
            let link = links.learnerURL(learner)
            let svg = (try? QRCode(text: link).svg(moduleSizePixels: 4, title: "Link of \(learner.name)")) ?? ""
            return ["name": learner.name, "link": link, "qr": svg]
        }
        return try pages.templates.render("server/sheet.html", ["title": "Links to print", "className": "Your class", "learners": learners])
    }
}
