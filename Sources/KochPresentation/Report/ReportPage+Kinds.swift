import Foundation
import KochCore

extension ReportPage {
    /// Per direction with sessions: its accuracy by kind of practice week by week (a chart, a
    /// legend and the table it is drawn from) and its characters with their attempts, accuracy,
    /// last day and, for sending, their keying time against the standard.
    static func kindDirections(_ report: ProgressReport) -> [[String: Any]] {
        report.directions.filter { $0.sessionCount > 0 }.map { direction in
            let (weeks, frame) = ReportCharts.kindWindow(direction.byKind, today: report.today)
            let series = ReportCharts.kindSeries(weeks, frame: frame)
            let name = direction.direction.rawValue
            let isSend = direction.direction == .send
            return [
                "name": name, "title": name.capitalized, "isSend": isSend,
                "hasWeeks": !weeks.isEmpty, "noWeeks": weeks.isEmpty,
                "firstWeek": weeks.first?.weekStart.isoWeekText ?? "", "lastWeek": weeks.last?.weekStart.isoWeekText ?? "",
                "weekTicks": frame.dayTicks.enumerated().map { index, tick in
                    [
                        "x": fixed(tick.position), "label": "week of " + tick.label,
                        "anchor": index == 0 ? "start" : index == frame.dayTicks.count - 1 ? "end" : "middle",
                    ]
                },
                "accuracyTicks": [0.0, 50, 100].map { ["y": fixed(frame.y($0)), "label": "\(Int($0)) %"] },
                "series": series.map { line in
                    [
                        "kind": line.kind.rawValue, "kindName": line.kind.name, "selfScored": line.kind.isSelfScored,
                        "points": line.points.map { "\(fixed($0.x)),\(fixed($0.y))" }.joined(separator: " "),
                        "dots": line.points.map { ["x": fixed($0.x), "y": fixed($0.y), "label": $0.label] },
                    ]
                },
                "weekRows": weeks.reversed().flatMap { week in
                    week.kinds.map { tally -> [String: Any] in
                        [
                            "week": week.weekStart.isoWeekText, "weekStart": week.weekStart.description, "kind": tally.kind.rawValue,
                            "kindName": tally.kind.name, "sessions": tally.sessions,
                            "sent": tally.kind.isSelfScored ? "\(tally.sent) items" : "\(tally.sent)",
                            "percent": tally.accuracy.map { DayText.percent($0) } ?? "nothing sent",
                        ]
                    }
                },
                "characterRows": direction.characters.map { character -> [String: Any] in
                    [
                        "character": character.character, "attempts": character.attempts, "correct": character.correct,
                        "percent": character.accuracy.map { DayText.percent($0) } ?? "",
                        "lastDay": character.lastDay.description,
                        "timed": character.keying?.timed ?? 0, "keyingTime": character.keying?.text ?? "not timed",
                    ]
                },
                "hasCharacters": !direction.characters.isEmpty,
            ]
        }
    }

}
