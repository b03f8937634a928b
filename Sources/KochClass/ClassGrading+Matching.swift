import KochCore

extension ClassGrading {
    /// The lesson a return is of, or nil with the reason listed. A return that names one of the
    /// learner's lessons but cannot be graded (an empty file, a copy under its naming line that
    /// is blank) is still that lesson's return, carrying its refusal: with another return of the
    /// same lesson it is a duplicate, and of a lesson graded before it is not graded again.
    func match(
        _ file: ReturnsFolder.File, learner: RosterLoader.Learner, own: [PackLesson], others: [PackLesson], into result: inout Result
    ) -> ReturnEvaluation.Job? {
        func refuse(_ reason: String) -> ReturnEvaluation.Job? {
            result.notGraded.append(NotGraded(path: file.path, learner: learner.name, reason: reason))
            return nil
        }
        var copy: String?
        var unreadable: String?
        if file.kind == .transcript {
            switch ReturnEvaluation.readCopy(file) {
            case let .success(text): copy = text
            case let .failure(reason): unreadable = reason.text
            }
        }
        // Split on any line ending: a copy saved on Windows ends its lines with "\r\n", one Character that is not "\n".
        let lines = copy.map { $0.split(maxSplits: 1, omittingEmptySubsequences: false, whereSeparator: \.isNewline) }
        let firstLine = lines?.first.map(String.init)
        let matched = ReturnMatch.match(fileName: file.name, firstLine: firstLine, own: own, others: others)
        // A file that cannot be read stands for a lesson only when its name names it.
        if let unreadable {
            guard case let .lesson(lesson, _) = matched, lesson.isNamed(in: file.name) else { return refuse(unreadable) }
            return ReturnEvaluation.Job(file: file, learner: learner, lesson: lesson, copy: nil, refusal: unreadable)
        }
        switch matched {
        case let .lesson(lesson, firstLineNamesIt):
            if firstLineNamesIt { copy = lines.map { $0.count > 1 ? String($0[1]) : "" } }
            var job = ReturnEvaluation.Job(file: file, learner: learner, lesson: lesson, copy: copy)
            if copy?.contains(where: { !$0.isWhitespace }) == false { job.refusal = "the file names lesson \(lesson.lessonID) but holds no copy." }
            return job
        case let .anotherLearners(lesson):
            return refuse("a copy of another learner's lesson: \(lesson.lessonID) is in \(lesson.folderName), not \(learner.folderName).")
        case let .unnamed(count):
            if count == 0 { return refuse("\(learner.name) has no lesson in the pack.") }
            return refuse(
                "names none of \(learner.name)'s \(count) lessons: put the lesson's name (as its files are named: \(Self.names(of: own))) "
                    + "in the file's name or on the copy's first line.")
        case let .several(ids):
            return refuse("names more than one lesson (\(ids.joined(separator: ", "))): a return is of one lesson.")
        }
    }

    /// Lessons named in a line, at most this many (then how many more).
    static let lessonNamesListed = 8

    /// `koch-sendlevel02-01-3fa94c1d or koch-sendlevel02-02-9b1e04a7`: a learner's own lessons, as their files are named.
    static func names(of lessons: [PackLesson]) -> String {
        var names = lessons.prefix(lessonNamesListed).map(\.baseName)
        if lessons.count > lessonNamesListed { names.append("\(lessons.count - lessonNamesListed) more") }
        return names.count > 1 ? names.dropLast().joined(separator: ", ") + " or " + names[names.count - 1] : names.joined()
    }

    /// Two returns of one lesson: neither is graded, since either could be the one meant.
    func withoutDuplicates(_ jobs: [ReturnEvaluation.Job], into result: inout Result) -> [ReturnEvaluation.Job] {
        let byLesson = Dictionary(grouping: jobs, by: \.lesson.lessonID)
        return jobs.filter { job in
            let same = byLesson[job.lesson.lessonID] ?? []
            guard same.count > 1 else { return true }
            let others = same.filter { $0.file.path != job.file.path }.map(\.file.name).joined(separator: ", ")
            let own = job.refusal.map { " This one: \($0)" } ?? ""
            result.notGraded.append(
                NotGraded(
                    path: job.file.path, learner: job.learner.name,
                    reason: "a duplicate return: lesson \(job.lesson.lessonID) was also returned as \(others); keep one and grade again.\(own)"))
            return false
        }
    }
}
