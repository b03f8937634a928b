import KochCore

/// The geometry of the report's charts, in SVG user units: where each
/// point, line and cell goes. The page (a template) draws them.
public enum ReportCharts {
    public static let width = 640.0
    public static let height = 220.0
    /// Room for the axis labels: left, right, top, bottom.
    public static let margins = (left: 44.0, right: 16.0, top: 12.0, bottom: 28.0)

    public struct Point: Sendable, Hashable {
        public let x: Double
        public let y: Double
        /// For a screen reader and a tooltip: `2026-11-21: 92 %`.
        public let label: String
        /// A session the learner scored themselves, drawn apart: it does not count for the level.
        public var isSelfScored = false
    }

    public struct Tick: Sendable, Hashable {
        public let position: Double
        public let label: String
    }

    /// A chart over the days from `first` to `last`, its values from `low` to `high`.
    public struct Frame: Sendable, Hashable {
        public let first: CalendarDay
        public let last: CalendarDay
        public let low: Double
        public let high: Double

        public init(first: CalendarDay, last: CalendarDay, low: Double, high: Double) {
            self.first = first
            self.last = max(last, first.adding(days: 1))
            self.low = low
            self.high = high > low ? high : low + 1
        }

        public func x(_ day: CalendarDay) -> Double {
            let span = Double(first.days(until: last))
            return margins.left + Double(first.days(until: day)) / span * (width - margins.left - margins.right)
        }

        public func y(_ value: Double) -> Double {
            let plot = height - margins.top - margins.bottom
            return margins.top + (1 - (value - low) / (high - low)) * plot
        }

        /// The first and last day, and one between when the span is long enough.
        public var dayTicks: [Tick] {
            var days = [first, last]
            if first.days(until: last) >= 14 { days.insert(first.adding(days: first.days(until: last) / 2), at: 1) }
            return days.map { Tick(position: x($0), label: $0.description) }
        }
    }

    /// The level after each level lesson, as steps: flat until the next lesson, then up.
    public static func levelSteps(_ points: [DirectionProgress.LevelStep], frame: Frame, today: CalendarDay) -> [Point] {
        var steps: [Point] = []
        for (index, point) in points.enumerated() {
            if index > 0 {
                steps.append(Point(x: frame.x(point.day), y: frame.y(Double(points[index - 1].level)), label: ""))
            }
            steps.append(Point(x: frame.x(point.day), y: frame.y(Double(point.level)), label: "\(point.day): level \(point.level)"))
        }
        if let last = points.last, last.day < today {
            steps.append(Point(x: frame.x(today), y: frame.y(Double(last.level)), label: "\(today): level \(last.level)"))
        }
        return steps
    }

    /// The levels in words, each once however many sessions it held: "level 2 from 2026-11-20,
    /// level 3 from 2026-11-25".
    public static func levelHistoryText(_ points: [DirectionProgress.LevelStep]) -> String {
        var changes: [DirectionProgress.LevelStep] = []
        for point in points where changes.last?.level != point.level { changes.append(point) }
        return changes.map { "level \($0.level) from \($0.day)" }.joined(separator: ", ")
    }

    /// One point a session: its day and accuracy in percent.
    public static func accuracyPoints(_ sessions: [ProgressReport.SessionPoint], frame: Frame) -> [Point] {
        sessions.map { session in
            let percent = session.accuracy * 100
            return Point(
                x: frame.x(session.day), y: frame.y(percent),
                label:
                    "\(session.day): \(Int(percent.rounded())) % (\(session.kind.rawValue), \(session.sent) \(session.kind.isSelfScored ? "items, self-scored" : "characters"))",
                isSelfScored: session.kind.isSelfScored)
        }
    }

    /// The ring around a character's cell: the length of the arc drawn (a share of the
    /// circumference as long as the accuracy), on a circle of `radius`.
    public static func ringArc(accuracy: Double, radius: Double) -> (drawn: Double, circumference: Double) {
        let circumference = 2 * Double.pi * radius
        return (circumference * min(max(accuracy, 0), 1), circumference)
    }
}
