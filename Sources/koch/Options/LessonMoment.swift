import ArgumentParser

/// A moment in a lesson, from its start: M:SS, H:MM:SS or seconds (`--stopped-at 2:00`).
struct LessonMoment: ExpressibleByArgument, Sendable {
    let seconds: Double

    init?(argument: String) {
        let parts = argument.split(separator: ":", omittingEmptySubsequences: false)
        guard (1...3).contains(parts.count) else { return nil }
        var total = 0.0
        for (index, part) in parts.enumerated() {
            guard let value = Double(part), value >= 0, value.isFinite else { return nil }
            // Minutes and seconds after the first part are under 60.
            if index > 0, value >= 60 { return nil }
            total = total * 60 + value
        }
        guard total > 0 else { return nil }
        seconds = total
    }

    /// "2:05".
    static func text(_ seconds: Double) -> String {
        let whole = Int(seconds.rounded())
        return "\(whole / 60):" + (whole % 60 < 10 ? "0" : "") + "\(whole % 60)"
    }
}
