import Foundation
import KochCore
import KochIO

/// A learner's progress report as one self-contained HTML page (inline
/// CSS and SVG, no scripts): `templates/report.html.mustache` filled from
/// a `ProgressReport`, every chart with a text equivalent beside it.
public enum ReportPage {
    public static func html(_ report: ProgressReport, learner: String, progressFile: String, templates: Templates) throws -> String {
        try templates.render("report.html", context(report, learner: learner, progressFile: progressFile))
    }

    /// Writes the page to `path` whole (its folder made first), or not at all.
    public static func write(
        _ report: ProgressReport, learner: String, progressFile: String, to path: String, templates: Templates
    ) throws {
        let page = try html(report, learner: learner, progressFile: progressFile, templates: templates)
        let folder = FileBytes.folder(of: path)
        if !folder.isEmpty { try Folder.prepareForWriting(folder) }
        try AtomicFile.write(page, to: path)
    }

    static func context(_ report: ProgressReport, learner: String, progressFile: String) -> [String: Any] {
        let first = report.firstDay ?? report.today.adding(days: -7)
        let levelHigh = Double(report.directions.map(\.course.lastLevel).max() ?? 26)
        let levelFrame = ReportCharts.Frame(first: first, last: report.today, low: 2, high: levelHigh)
        let accuracyFrame = ReportCharts.Frame(first: first, last: report.today, low: 0, high: 100)
        let kinds = Dictionary(kindDirections(report).map { ($0["name"] as? String ?? "", $0) }, uniquingKeysWith: { first, _ in first })
        let selfScoredPoints = report.directions.flatMap(\.sessions).contains { $0.kind.isSelfScored }
        return [
            "learner": learner,
            "progressFile": progressFile,
            "today": report.today.description,
            "hasSessions": report.sessionCount > 0,
            "noSessions": report.sessionCount == 0,
            "sessionCount": sessions(report.sessionCount),
            "firstDay": report.firstDay?.description ?? "",
            "streak": days(report.streakDays),
            "longestStreak": days(report.longestStreakDays),
            "chart": [
                "width": ReportCharts.width, "height": ReportCharts.height,
                "left": ReportCharts.margins.left, "right": ReportCharts.width - ReportCharts.margins.right,
                "top": ReportCharts.margins.top, "bottom": ReportCharts.height - ReportCharts.margins.bottom,
                "labelY": ReportCharts.height - 8,
            ],
            "dayTicks": levelFrame.dayTicks.enumerated().map { index, tick in
                [
                    "x": fixed(tick.position), "label": tick.label,
                    "anchor": index == 0 ? "start" : index == levelFrame.dayTicks.count - 1 ? "end" : "middle",
                ]
            },
            "levelTicks": [2.0, (2 + levelHigh) / 2, levelHigh].map { ["y": fixed(levelFrame.y($0)), "label": Int($0.rounded())] },
            "accuracyTicks": [0.0, 50, 100].map { ["y": fixed(accuracyFrame.y($0)), "label": "\(Int($0)) %"] },
            "passLineY": fixed(accuracyFrame.y(90)),
            "directions": report.directions.map { direction in
                var page = self.direction(report, direction, levelFrame: levelFrame, accuracyFrame: accuracyFrame)
                page["kinds"] = kinds[direction.direction.rawValue] ?? false
                return page
            },
            "calendarWeeks": calendarWeeks(report),
            "calendarSummary": calendarSummary(report),
            "hasSelfScoredPoints": selfScoredPoints,
            "selfScoredAdvice": report.selfScoredAdvice ?? false,
            "fist": fist(report.fist),
        ]
    }

    private static func direction(
        _ report: ProgressReport, _ direction: ProgressReport.Direction, levelFrame: ReportCharts.Frame, accuracyFrame: ReportCharts.Frame
    ) -> [String: Any] {
        let steps = ReportCharts.levelSteps(direction.levels, frame: levelFrame, today: report.today)
        let points = ReportCharts.accuracyPoints(direction.sessions, frame: accuracyFrame)
        let radius = 22.0
        let cells = direction.cells.enumerated().map { index, cell -> [String: Any] in
            let arc = cell.accuracy.map { ReportCharts.ringArc(accuracy: $0, radius: radius) }
            return [
                "character": cell.character, "pattern": cell.pattern, "unlocked": cell.unlocked, "locked": !cell.unlocked,
                "x": fixed(Double(index % 9) * 62 + 31), "y": fixed(Double(index / 9) * 70 + 31),
                "practised": cell.accuracy != nil,
                "percent": cell.accuracy.map { "\(Int(($0 * 100).rounded())) %" } ?? "not practised",
                "tier": cell.tier?.rawValue ?? "none",
                "drawn": fixed(arc?.drawn ?? 0), "circumference": fixed(arc?.circumference ?? 0),
                "attempts": cell.attempts,
            ]
        }
        let rows = (direction.cells.count + 8) / 9
        let name = direction.direction.rawValue
        return [
            "name": name, "title": name.capitalized, "isSend": direction.direction == .send, "level": direction.level,
            "lastLevel": direction.course.lastLevel,
            "course": direction.course.rawValue,
            "hasSessions": direction.sessionCount > 0, "noSessions": direction.sessionCount == 0,
            "sessions": sessions(direction.sessionCount),
            "steps": steps.map { "\(fixed($0.x)),\(fixed($0.y))" }.joined(separator: " "),
            "levelPoints": steps.filter { !$0.label.isEmpty }.map { ["x": fixed($0.x), "y": fixed($0.y), "label": $0.label] },
            "accuracyPoints": points.map { ["x": fixed($0.x), "y": fixed($0.y), "label": $0.label, "selfScored": $0.isSelfScored] },
            "levelHistory": ReportCharts.levelHistoryText(direction.levels),
            "sessionRows": direction.sessions.suffix(12).reversed().map {
                ["day": $0.day.description, "percent": "\(Int(($0.accuracy * 100).rounded())) %", "kind": $0.kind.rawValue, "sent": $0.sent]
            },
            "cells": cells, "gridHeight": rows * 70,
            "confusedPairs": direction.confusedPairs.map { ["characters": $0.characters.joined(separator: " "), "text": $0.text] },
            "hasConfusedPairs": !direction.confusedPairs.isEmpty,
            "nextDue": direction.nextDueDay.map { $0 <= report.today ? "due now" : $0.description } ?? "due now (no level lesson yet)",
            "reviews": direction.reviews.map { ["level": $0.level, "day": $0.dueDay.description] },
            "hasReviews": !direction.reviews.isEmpty,
        ]
    }

    /// How many days had practice: since the first session when the calendar reaches back
    /// that far ("5 of the 9 days since your first session, on 2026-11-20"), else over the calendar.
    static func calendarSummary(_ report: ProgressReport) -> String {
        let shown = report.calendar.filter { $0.day <= report.today }
        guard let calendarStart = shown.first?.day else { return "" }
        let start = max(report.firstDay ?? calendarStart, calendarStart)
        let window = shown.filter { $0.day >= start }
        let practised = window.filter { $0.sessions > 0 }.count
        if start > calendarStart {
            return window.count == 1
                ? "Practised today, the day of your first session."
                : "Practised on \(practised) of the \(window.count) days since your first session, on \(start)."
        }
        return "Practised on \(practised) of the last \(window.count) days."
    }

    private static func calendarWeeks(_ report: ProgressReport) -> [[String: Any]] {
        stride(from: 0, to: report.calendar.count, by: 7).enumerated().map { week, start in
            [
                "x": week * 14 + 30,
                "days": report.calendar[start..<min(start + 7, report.calendar.count)].enumerated().map { weekday, cell -> [String: Any] in
                    [
                        "y": weekday * 14 + 4, "day": cell.day.description, "sessions": cell.sessions,
                        "shade": min(cell.sessions, 3), "future": cell.day > report.today,
                    ]
                },
            ]
        }
    }

    /// A coordinate as the SVG is written: to a tenth.
    static func fixed(_ value: Double) -> String { String(format: "%.1f", value) }
    private static func days(_ count: Int) -> String { count == 1 ? "1 day" : "\(count) days" }
    private static func sessions(_ count: Int) -> String { count == 1 ? "1 session" : "\(count) sessions" }
}
