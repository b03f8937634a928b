import KochCore

/// The short report after a live contact: both halves' figures, the values the learner sent
/// wrong in the overs that stood, and the overs the other station queried.
public struct QSOReportText: Sendable {
    public let grade: QSOContactGrade
    public let queries: [QSOLiveContact.Query]

    public init(grade: QSOContactGrade, queries: [QSOLiveContact.Query]) {
        self.grade = grade
        self.queries = queries
    }

    public var lines: [String] {
        var lines = ["Your overs: " + Self.figures(grade.sent) + " sent right."]
        if let copied = grade.copied {
            lines.append("Your copy of theirs: " + Self.figures(copied) + " copied right.")
        } else {
            lines.append("Your copy of theirs: nothing typed, so only your overs are graded.")
        }
        let wrong = grade.readings.flatMap { QSOScreenText.notes($0.wrongChecks) }
        if !wrong.isEmpty {
            lines.append("Sent wrong:")
            lines += wrong.map { "  " + $0 }
        }
        for query in queries {
            let why = QSOScreenText.notes(query.reading.wrongChecks.filter { $0.field.isHeard })
            lines.append("Queried (\(query.text)): " + (why.isEmpty ? query.reading.readText : why.joined(separator: "; ")) + ".")
        }
        return lines
    }

    /// `45 of 48 characters (94 %)`.
    static func figures(_ score: Score) -> String {
        let percent = score.sent + score.inserted == 0 ? 0 : Int((score.accuracy * 100).rounded())
        return "\(score.correct) of \(score.sent) characters (\(percent) %)"
    }
}
