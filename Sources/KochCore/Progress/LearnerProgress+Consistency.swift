extension LearnerProgress {
    /// What is wrong with a progress file that decoded fine, if anything.
    public var consistencyProblems: [ConsistencyProblem] {
        var problems: [ConsistencyProblem] = []
        if formatVersion > Self.currentFormatVersion || formatVersion < 1 {
            problems.append(
                .init(
                    codingPath: "formatVersion",
                    reason: "is \(formatVersion); this koch reads progress files of format version 1 to \(Self.currentFormatVersion)"))
        }
        var seen: [String: Int] = [:]
        var courses: [Direction: KochCourse] = [:]
        for direction in Direction.allCases {
            guard let start = start[direction] else { continue }
            courses[direction] = start.course
            if !start.course.levels.contains(start.level) {
                problems.append(
                    .init(
                        codingPath: "start.\(direction.rawValue).level",
                        reason:
                            "is \(start.level), but the \(start.course.rawValue) course has levels \(start.course.levels.lowerBound) to \(start.course.lastLevel)"
                    ))
            }
        }
        for (index, session) in sessions.enumerated() {
            let path = "sessions[\(index)]"
            if !session.course.levels.contains(session.level) {
                problems.append(
                    .init(
                        codingPath: path + ".level",
                        reason:
                            "is \(session.level), but the \(session.course.rawValue) course has levels \(session.course.levels.lowerBound) to \(session.course.levels.upperBound)"
                    ))
            }
            if session.sent < 0 || session.correct < 0 || session.inserted < 0 {
                problems.append(.init(codingPath: path + ".sent", reason: "or `correct` or `inserted` is negative"))
            } else if session.correct > session.sent {
                problems.append(.init(codingPath: path + ".correct", reason: "is \(session.correct), more than the \(session.sent) characters sent"))
            }
            if let stop = session.stoppedAtSeconds, !(stop > 0) {
                problems.append(.init(codingPath: path + ".stoppedAtSeconds", reason: "is \(stop); a lesson stopped early stops after its start"))
            }
            if let first = seen[session.lessonID] {
                problems.append(.init(codingPath: path + ".lessonID", reason: "is \"\(session.lessonID)\", already recorded as `sessions[\(first)]`"))
            }
            seen[session.lessonID] = seen[session.lessonID] ?? index
            if session.kind.isLevelLesson {
                if let course = courses[session.direction], course != session.course {
                    problems.append(
                        .init(
                            codingPath: path + ".course",
                            reason:
                                "is \(session.course.rawValue), but earlier \(session.direction.rawValue) level lessons follow the \(course.rawValue) course"
                        ))
                }
                courses[session.direction] = courses[session.direction] ?? session.course
            }
            for (character, statistics) in session.characters.sorted(by: { $0.key < $1.key })
            where statistics.correct > statistics.attempts || statistics.correct < 0 || statistics.missed < 0 {
                problems.append(.init(codingPath: path + ".characters.\(character)", reason: "counts more correct or mistaken copies than attempts"))
            }
            if problems.count >= 5 { break }
        }
        return problems
    }
}
