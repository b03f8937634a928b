extension AnswerKey {
    /// What is wrong with a key, if anything: a key that contradicts itself
    /// was edited or damaged, and grading against it would give a wrong
    /// score. Empty for every key koch writes.
    public var consistencyProblems: [ConsistencyProblem] {
        var problems: [ConsistencyProblem] = []
        if formatVersion > Self.currentFormatVersion || formatVersion < 1 {
            problems.append(
                .init(
                    codingPath: "formatVersion",
                    reason: "is \(formatVersion); this koch reads answer keys of format version 1 to \(Self.currentFormatVersion)"))
        }
        if lessonID.isEmpty {
            problems.append(.init(codingPath: "lessonID", reason: "is empty"))
        }
        guard course.levels.contains(level) else {
            problems.append(
                .init(
                    codingPath: "level",
                    reason: "is \(level), but the \(course.rawValue) course has levels \(course.levels.lowerBound) to \(course.levels.upperBound)"))
            return problems
        }
        let unlocked = settings.characters.map(\.text).joined()
        if characters != unlocked {
            let source =
                settings.customCharacters != nil
                ? "the chosen characters are"
                : settings.drill != nil
                    ? "level \(level) of the \(course.rawValue) course and the drilled pairs make"
                    : settings.kind.usesLevel
                        ? "level \(level) of the \(course.rawValue) course unlocks" : "a \(settings.kind.rawValue) lesson may use"
            problems.append(.init(codingPath: "characters", reason: "is \"\(characters)\", but \(source) \"\(unlocked)\""))
        }
        if settings.level != level || settings.direction != direction || settings.course != course {
            problems.append(.init(codingPath: "settings", reason: "disagree with the key's level, direction or course"))
        }
        let prefix = (direction == .send ? "S" : "R") + (level < 10 ? "0" : "") + String(level) + "-"
        if !lessonID.hasPrefix(prefix) {
            problems.append(
                .init(
                    codingPath: "lessonID",
                    reason: "is \"\(lessonID)\", but a \(direction.rawValue) lesson at level \(level) has an ID starting \"\(prefix)\""))
        }
        if let qso, qso.learnerOvers.isEmpty {
            problems.append(.init(codingPath: "qso.overs", reason: "has no over of the learner's: the contact has nothing for you to send"))
        }
        if let qso, let over = qso.learnerOvers.first(where: { !($0.endSeconds > $0.startSeconds) }) {
            problems.append(
                .init(
                    codingPath: "qso.overs", reason: "has a learner's over that ends (\(over.endSeconds) s) before it starts (\(over.startSeconds) s)"
                ))
        }
        if groups.isEmpty {
            problems.append(.init(codingPath: "groups", reason: "is empty: the key has no groups to grade against"))
        }
        if speech != nil, let last = groups.last, last.spoken == nil {
            problems.append(
                .init(
                    codingPath: "groups[\(groups.count - 1)].spoken",
                    reason: "is missing: the key is of a spoken lesson, whose last group is followed by its answer"))
        }
        let allowed = Set(unlocked)
        for (index, group) in groups.enumerated() {
            if group.number != index + 1 {
                problems.append(
                    .init(
                        codingPath: "groups[\(index)].number",
                        reason: "is \(group.number), but the groups are numbered 1, 2, 3, ... and this is group \(index + 1)"))
            }
            if group.text.isEmpty {
                problems.append(.init(codingPath: "groups[\(index)].text", reason: "is empty"))
            }
            let strangers = group.text.filter { !allowed.contains($0) }
            if !strangers.isEmpty {
                problems.append(
                    .init(
                        codingPath: "groups[\(index)].text",
                        reason: "is \"\(group.text)\", which has \"\(strangers)\", not among the key's characters \"\(unlocked)\""))
            }
            if problems.count >= 5 { break }
        }
        return problems
    }
}
