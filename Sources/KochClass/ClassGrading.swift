import Foundation
import KochCore
import KochIO

/// Grades every return of a class in one run: `RETURNS/NAME/FILE` for each learner of the roster,
/// each file a typed copy or a recording of one lesson of that learner's folder in the pack.
/// Each return is graded as `koch grade` grades one (`LessonGrading`) and recorded as it records
/// one (`SessionRecording`): under the progress file's lock, atomically, a lesson once (unless
/// `replace`). A return that cannot be graded is listed with its path and why, and the others are
/// graded; a learner whose progress file cannot be read is left alone. Recordings are decoded on every core.
public struct ClassGrading: Sendable {
    public let pack: String
    public let returns: String
    public let roster: String
    /// When the lessons were done (the learner's clock), and when they are graded.
    public let done: LocalTimestamp
    public let gradedAt: LocalTimestamp
    /// Grade again lessons graded before, replacing their results.
    public var replace = false
    /// Whether `done` was given with a time of day (true) or as a day alone (false); nil when it
    /// was taken from the clock. A date given is checked against each lesson's (`LessonGrading`).
    public var doneGivenWithTime: Bool?

    public init(pack: String, returns: String, roster: String, done: LocalTimestamp, gradedAt: LocalTimestamp) {
        self.pack = Self.withoutTrailingSlash(pack)
        self.returns = Self.withoutTrailingSlash(returns)
        self.roster = roster
        self.done = done
        self.gradedAt = gradedAt
    }

    /// `returns/` as `returns`, so that the paths in messages read as typed; `/` stays.
    public static func withoutTrailingSlash(_ path: String) -> String {
        var trimmed = Substring(path)
        while trimmed.count > 1, trimmed.hasSuffix("/") { trimmed = trimmed.dropLast() }
        return String(trimmed)
    }

    /// What a run did.
    public struct Result: Sendable {
        public var graded: [GradedReturn] = []
        /// Returns of lessons recorded before (re-run without `replace`).
        public var alreadyGraded: [String] = []
        public var notGraded: [NotGraded] = []
        /// Each learner as their progress file stands after the run.
        public var learners: [ClassLearner] = []
    }

    /// Grades the returns and records them. Throws only when the roster, the pack or the returns
    /// folder cannot be used at all; anything about one return or one learner is in the result.
    public func run() throws -> Result {
        // Grading uses no learner's level; the widest course keeps a line of level 30 (a full-course pack's) from stopping the run.
        let learners = try RosterLoader(path: roster).learners(course: .full)
        var lessons: [String: [PackLesson]] = [:]
        for learner in learners { lessons[learner.folderName] = try PackLesson.read(pack: pack, folderName: learner.folderName) }
        guard lessons.values.contains(where: { !$0.isEmpty }) else {
            throw FileError.malformed(
                path: pack,
                reason: "holds no lesson of any learner of \(roster): give the pack made from this roster (koch pack --roster \(roster)).")
        }
        let folder = try ReturnsFolder(path: returns, learners: learners)
        var result = Result()
        result.notGraded = folder.notGraded
        let allLessons = learners.flatMap { lessons[$0.folderName] ?? [] }
        var jobs: [ReturnEvaluation.Job] = []
        var recorded: [String: LearnerProgress] = [:]
        for learner in learners {
            let files = folder.files[learner.folderName] ?? []
            guard let progress = readProgress(of: learner, files: files, into: &result) else { continue }
            recorded[learner.folderName] = progress
            let own = lessons[learner.folderName] ?? []
            let others = allLessons.filter { $0.folderName != learner.folderName }
            let matched = files.compactMap { match($0, learner: learner, own: own, others: others, into: &result) }
            for job in withoutDuplicates(matched, into: &result) {
                // Told apart before any is read: a re-run as returns come in decodes no recording twice.
                if !replace, progress.session(lessonID: job.lesson.lessonID) != nil {
                    result.alreadyGraded.append(job.file.path)
                } else {
                    jobs.append(job)
                }
            }
        }
        let evaluation = ReturnEvaluation(done: done, gradedAt: gradedAt, doneGivenWithTime: doneGivenWithTime, allLessons: allLessons)
        let pending = jobs
        let evaluated = concurrentMap(pending.count) { evaluation.evaluate(pending[$0]) }
        var ready: [String: [ReturnEvaluation.Graded]] = [:]
        for outcome in evaluated {
            switch outcome {
            case let .success(graded): ready[graded.job.learner.folderName, default: []].append(graded)
            case let .failure(notGraded): result.notGraded.append(notGraded)
            }
        }
        for learner in learners {
            guard let returns = ready[learner.folderName], !returns.isEmpty, let path = learner.progressPath else { continue }
            if let after = record(returns, of: learner, in: ProgressStore(path: path), into: &result) { recorded[learner.folderName] = after }
        }
        result.learners = learners.map { learner in
            ClassLearner(learner: learner, lessons: lessons[learner.folderName] ?? [], progress: recorded[learner.folderName])
        }
        result.notGraded.sort()
        result.alreadyGraded.sort()
        return result
    }

    /// The learner's progress, or nil (with their returns listed) when it cannot be graded into.
    private func readProgress(of learner: RosterLoader.Learner, files: [ReturnsFolder.File], into result: inout Result) -> LearnerProgress? {
        guard let path = learner.progressPath else {
            for file in files {
                result.notGraded.append(
                    NotGraded(
                        path: file.path, learner: learner.name,
                        reason: "the roster gives \(learner.name) a level, not a progress file, so there is nowhere to record a grade "
                            + "(give the progress file in the roster, line \(learner.line))."))
            }
            return nil
        }
        do {
            return try ProgressStore(path: path).read()
        } catch {
            let consequence =
                switch files.count {
                case 0: "nothing can be recorded for them"
                case 1: "their return was not graded"
                default: "none of their \(files.count) returns was graded"
                }
            result.notGraded.append(
                NotGraded(path: path, learner: learner.name, reason: "\(learner.name)'s progress file cannot be read, so \(consequence). \(error)"))
            return nil
        }
    }

    /// The lesson a return is of, or nil with the reason listed.
    private func match(
        _ file: ReturnsFolder.File, learner: RosterLoader.Learner, own: [PackLesson], others: [PackLesson], into result: inout Result
    ) -> ReturnEvaluation.Job? {
        func refuse(_ reason: String) -> ReturnEvaluation.Job? {
            result.notGraded.append(NotGraded(path: file.path, learner: learner.name, reason: reason))
            return nil
        }
        var copy: String?
        if file.kind == .transcript {
            switch ReturnEvaluation.readCopy(file) {
            case let .success(text): copy = text
            case let .failure(reason): return refuse(reason.text)
            }
        }
        // Split on any line ending: a copy saved on Windows ends its lines with "\r\n", one Character that is not "\n".
        let lines = copy.map { $0.split(maxSplits: 1, omittingEmptySubsequences: false, whereSeparator: \.isNewline) }
        let firstLine = lines?.first.map(String.init)
        switch ReturnMatch.match(fileName: file.name, firstLine: firstLine, own: own, others: others) {
        case let .lesson(lesson, firstLineNamesIt):
            if firstLineNamesIt { copy = lines.map { $0.count > 1 ? String($0[1]) : "" } }
            if copy?.contains(where: { !$0.isWhitespace }) == false { return refuse("the file names lesson \(lesson.lessonID) but holds no copy.") }
            return ReturnEvaluation.Job(file: file, learner: learner, lesson: lesson, copy: copy)
        case let .anotherLearners(lesson):
            return refuse("a copy of another learner's lesson: \(lesson.lessonID) is in \(lesson.folderName), not \(learner.folderName).")
        case let .unnamed(count):
            if count == 0 { return refuse("\(learner.name) has no lesson in the pack.") }
            return refuse(
                "names none of \(learner.name)'s \(count) lessons: put the lesson's ID (as in its key's name, koch-level05-01-3fa94c1d) "
                    + "in the file's name or on the copy's first line.")
        case let .several(ids):
            return refuse("names more than one lesson (\(ids.joined(separator: ", "))): a return is of one lesson.")
        }
    }

    /// Two returns of one lesson: neither is graded, since either could be the one meant.
    private func withoutDuplicates(_ jobs: [ReturnEvaluation.Job], into result: inout Result) -> [ReturnEvaluation.Job] {
        let byLesson = Dictionary(grouping: jobs, by: \.lesson.lessonID)
        return jobs.filter { job in
            let same = byLesson[job.lesson.lessonID] ?? []
            guard same.count > 1 else { return true }
            let others = same.filter { $0.file.path != job.file.path }.map(\.file.name).joined(separator: ", ")
            result.notGraded.append(
                NotGraded(
                    path: job.file.path, learner: job.learner.name,
                    reason: "a duplicate return: lesson \(job.lesson.lessonID) was also returned as \(others); keep one and grade again."))
            return false
        }
    }
}
