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
    /// Where the progress files of the learners the roster gives a level are (nil: `progress/` beside the roster).
    public let progressFolder: String?
    /// When the lessons were done (the learner's clock), and when they are graded.
    public let done: LocalTimestamp
    public let gradedAt: LocalTimestamp
    /// Grade again lessons graded before, replacing their results.
    public var replace = false
    /// Whether `done` was given with a time of day (true) or as a day alone (false); nil when it
    /// was taken from the clock. A date given is checked against each lesson's (`LessonGrading`).
    public var doneGivenWithTime: Bool?

    public init(pack: String, returns: String, roster: String, progressFolder: String? = nil, done: LocalTimestamp, gradedAt: LocalTimestamp) {
        self.pack = Self.withoutTrailingSlash(pack)
        self.returns = Self.withoutTrailingSlash(returns)
        self.roster = roster
        self.progressFolder = progressFolder
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
        /// Progress files started in this run, at the level the roster gives (`RosterLoader.Start`).
        public var started: [(learner: RosterLoader.Learner, level: Int)] = []
        /// Each learner as their progress file stands after the run.
        public var learners: [ClassLearner] = []
    }

    /// Grades the returns and records them. Throws only when the roster, the pack or the returns
    /// folder cannot be used at all; anything about one return or one learner is in the result.
    public func run() throws -> Result {
        // Grading uses no learner's level; the widest course keeps a line of level 30 (a full-course pack's) from stopping the run.
        let learners = try RosterLoader(path: roster, progressFolder: progressFolder).learners(course: .full).map { $0.inPack(pack) }
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
            let own = lessons[learner.folderName] ?? []
            guard let progress = readProgress(of: learner, lessons: own, files: files, into: &result) else { continue }
            recorded[learner.folderName] = progress
            let others = allLessons.filter { $0.folderName != learner.folderName }
            // Returns of lessons graded before are told apart before any is read, so that a re-run as returns
            // come in decodes no recording twice, and a lesson graded is never also listed as not graded.
            let fresh = files.compactMap { match($0, learner: learner, own: own, others: others, into: &result) }.filter { job in
                guard !replace, progress.session(lessonID: job.lesson.lessonID) != nil else { return true }
                result.alreadyGraded.append(job.file.path)
                return false
            }
            for job in withoutDuplicates(fresh, into: &result) {
                if let refusal = job.refusal {
                    result.notGraded.append(NotGraded(path: job.file.path, learner: learner.name, reason: refusal))
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
            guard let returns = ready[learner.folderName], !returns.isEmpty else { continue }
            if let after = record(returns, of: learner, in: ProgressStore(path: learner.progressPath), into: &result) {
                recorded[learner.folderName] = after
            }
        }
        result.learners = learners.map { learner in
            ClassLearner(learner: learner, lessons: lessons[learner.folderName] ?? [], progress: recorded[learner.folderName])
        }
        result.notGraded.sort()
        result.alreadyGraded.sort()
        return result
    }

    /// The learner's progress, or nil (with their returns listed) when it cannot be graded into. The
    /// progress file of a learner the roster gives a level is started at it when they have returns
    /// and it is not there yet (a pack made before packs started them), as `koch pack` starts it.
    private func readProgress(
        of learner: RosterLoader.Learner, lessons: [PackLesson], files: [ReturnsFolder.File], into result: inout Result
    ) -> LearnerProgress? {
        let path = learner.progressPath
        if let level = learner.level, let key = lessons.first?.key, !FileManager.default.fileExists(atPath: path) {
            guard !files.isEmpty else { return LearnerProgress(start: Self.start(level: level, key: key)) }
            let loader = RosterLoader(path: roster, progressFolder: progressFolder)
            do {
                if case .started = try loader.startProgressFile(of: learner, at: level, direction: key.direction, course: key.course) {
                    result.started.append((learner, level))
                }
            } catch {
                for file in files {
                    result.notGraded.append(
                        NotGraded(path: file.path, learner: learner.name, reason: "\(learner.name)'s progress file cannot be started: \(error)"))
                }
                return nil
            }
        }
        do {
            return try ProgressStore(path: learner.progressPath).read()
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

    /// A start at `level` in the direction and course of the learner's lessons (their `key`).
    static func start(level: Int, key: AnswerKey) -> StartingLevels {
        var start = StartingLevels()
        start[key.direction] = StartingLevel(level: level, course: key.course)
        return start
    }
}
