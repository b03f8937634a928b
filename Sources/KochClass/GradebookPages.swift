import Foundation
import KochCore

/// What the gradebook's HTML templates see (`pack/gradebook.html`, `pack/feedback.html`): plain
/// dictionaries and strings, every figure already in words.
public enum GradebookPages {
    public static let gradebookName = "gradebook.html"
    public static let csvName = "gradebook.csv"
    public static let feedbackFolder = "feedback"

    /// `feedback/learner-ann-lee.html`, relative to the pack.
    public static func feedbackPath(_ learner: Gradebook.Learner) -> String { feedbackFolder + "/" + learner.folderName + ".html" }

    /// `feedback/learner-ann-lee-fist-3fa94c1d.txt`: the fist report of a recording, kept for the learner's page.
    public static func fistPath(folderName: String, lessonID: String) -> String {
        let short = lessonID.split(separator: "-").last.map { String($0.prefix(8)) } ?? lessonID
        return feedbackFolder + "/" + folderName + "-fist-" + short + ".txt"
    }

    public static func gradebook(_ book: Gradebook, title: String) -> [String: Any] {
        let graded = book.rows.count
        return [
            "title": title,
            "today": book.today.description,
            "passPercent": DirectionProgress.advancementPercent,
            "summary":
                "\(DayText.count(book.learners.count, "learner")), \(DayText.count(graded, "graded lesson")), \(book.notGraded.count) not graded",
            "learners": book.learners.map { learner(book, $0) },
            "nothingReturned": book.learners.filter(\.returnedNothing).map(\.name).joined(separator: ", "),
            "hasNothingReturned": book.learners.contains(where: \.returnedNothing),
            "notGraded": book.notGraded.map { ["path": $0.path, "reason": $0.reason, "learner": $0.learner ?? "—"] },
            "hasNotGraded": !book.notGraded.isEmpty,
        ]
    }

    private static func learner(_ book: Gradebook, _ learner: Gradebook.Learner) -> [String: Any] {
        let movement = learner.movement
        let dueText: String
        let dueSort: Int
        let dueClass: String
        switch learner.due {
        case let .later(day):
            (dueText, dueSort, dueClass) = ("due " + day.description, book.today.days(until: day), "later")
        case .today:
            (dueText, dueSort, dueClass) = ("due today", 0, "today")
        case let .overdue(days):
            (dueText, dueSort, dueClass) = ("overdue by \(DayText.count(days, "day"))", -days, "overdue")
        case .now:
            (dueText, dueSort, dueClass) = ("due now (no level lesson yet)", 0, "today")
        case nil:
            (dueText, dueSort, dueClass) = ("progress file not read", 9999, "unknown")
        }
        let accuracies = learner.rows.map(\.accuracy)
        let mean = accuracies.isEmpty ? -1 : accuracies.reduce(0, +) / Double(accuracies.count)
        return [
            "name": learner.name,
            "feedback": feedbackPath(learner),
            "level": learner.level.map { "\($0) of \(learner.lastLevel)" } ?? "—",
            "levelSort": learner.level ?? 0,
            "movement": learner.level == nil ? "—" : movement > 0 ? "+\(movement)" : movement == 0 ? "±0" : "\(movement)",
            "movementSort": movement,
            "movementClass": movement > 0 ? "up" : "same",
            "direction": learner.direction.rawValue,
            "returns": learner.rows.map { row in
                [
                    // The bar's label keeps its sign beside its figure (a no-break space), so that it never wraps out of the bar.
                    "lesson": row.lessonNumber, "percent": DayText.percent(row.accuracy),
                    "label": DayText.percent(row.accuracy).replacingOccurrences(of: " %", with: "\u{A0}%"),
                    "width": String(format: "%.1f", min(row.accuracy, 1) * 100),
                    "passed": row.passed, "result": row.passed ? "pass" : "below", "lessonID": row.lessonID,
                ]
            },
            "returnedCount": "\(learner.rows.count) of \(learner.lessonCount)",
            "accuracySort": String(format: "%.4f", mean),
            "weak": learner.weakCharacters.isEmpty
                ? "none" : learner.weakCharacters.map { "\($0.character) \(DayText.percent($0.accuracy))" }.joined(separator: ", "),
            "weakSort": learner.weakCharacters.count,
            "due": dueText, "dueSort": dueSort, "dueClass": dueClass,
            "returnedNothing": learner.returnedNothing,
            "notGraded": learner.notGraded > 0 ? "\(learner.notGraded) not graded" : false,
        ]
    }

    /// A learner's page: each graded lesson with what they missed and took it for, and their fist
    /// report for a recording (`fists`: by lesson ID, the report's lines).
    public static func feedback(_ book: Gradebook, _ learner: Gradebook.Learner, fists: [String: [String]]) -> [String: Any] {
        let notGraded = book.notGraded.filter { $0.learner == learner.name }
        return [
            "name": learner.name,
            "today": book.today.description,
            "level": learner.level.map { "\(learner.direction.rawValue.capitalized) level \($0) of \(learner.lastLevel)" as Any } ?? false,
            "movement": learner.movement > 0 ? "up \(DayText.count(learner.movement, "level")) with these lessons" as Any : false,
            "passPercent": DirectionProgress.advancementPercent,
            "lessons": learner.rows.map { row -> [String: Any] in
                let fist = fists[row.lessonID] ?? []
                let troubles = troubled(row.characters)
                return [
                    "number": row.lessonNumber, "lessonID": row.lessonID, "day": row.done.day.description,
                    "percent": DayText.percent(row.accuracy), "passed": row.passed,
                    "figures": "\(row.correct) of \(row.sent) characters right" + (row.inserted > 0 ? ", \(row.inserted) extra" : ""),
                    "levelChange": row.levelAfter > row.levelBefore ? "Level up: \(row.levelBefore) → \(row.levelAfter)." : "",
                    "troubles": troubles, "allRight": troubles.isEmpty,
                    "fist": fist.joined(separator: "\n"), "hasFist": !fist.isEmpty,
                ]
            },
            "noLessons": learner.rows.isEmpty,
            "weak": learner.weakCharacters.map { "\($0.character) (\(DayText.percent($0.accuracy)))" }.joined(separator: ", "),
            "hasWeak": !learner.weakCharacters.isEmpty,
            "due": dueSentence(learner.due),
            "notGraded": notGraded.map { ["file": URL(fileURLWithPath: $0.path).lastPathComponent, "reason": $0.reason] },
            "hasNotGraded": !notGraded.isEmpty,
        ]
    }

    /// The characters missed or mistaken in a lesson, worst first: `R: 3 of 5 right; taken for S ×2, not copied ×1`.
    static func troubled(_ characters: [String: CharacterStatistics]) -> [[String: String]] {
        characters.filter { $0.value.correct < $0.value.attempts }
            .sorted { ($0.value.correct * $1.value.attempts, $0.key) < ($1.value.correct * $0.value.attempts, $1.key) }
            .map { character, statistics in
                var parts = statistics.mistakenFor.sorted { ($1.value, $0.key) < ($0.value, $1.key) }.map { "\($0.key) ×\($0.value)" }
                let taken = parts.isEmpty ? "" : "taken for " + parts.joined(separator: ", ")
                parts = [taken].filter { !$0.isEmpty }
                if statistics.missed > 0 { parts.append("not copied ×\(statistics.missed)") }
                return [
                    "character": character, "right": "\(statistics.correct) of \(statistics.attempts) right", "how": parts.joined(separator: "; "),
                ]
            }
    }

    private static func dueSentence(_ due: Gradebook.Due?) -> String {
        switch due {
        case let .later(day): return "Next practice: \(day)."
        case .today: return "Next practice: today."
        case let .overdue(days): return "Practice is overdue by \(DayText.count(days, "day")): do a lesson today."
        case .now: return "Next practice: now."
        case nil: return ""
        }
    }
}
