import Foundation
import KochCore

/// Where a class is kept: its learners with their progress, the lessons made for them, every
/// submission graded, the teacher's password and sessions, the server's settings. The service
/// (`ClassService`) reads and writes a class through this alone, whatever keeps it: SQLite
/// (`ClassDatabase`, one server's file) or a database several servers share.
///
/// Each call is one transaction. A submission is recorded with the learner's progress in one
/// (`recordSubmission`), serialised per learner by the store, never by a lock in one process.
public protocol ClassStore: Sendable {
    /// Where the class is kept, to tell the teacher: a file's path, or a database's address without its password.
    var location: String { get }

    // Learners

    /// Adds learners in one transaction: all of them, or none when one cannot be added.
    @discardableResult
    func addLearners(_ learners: [(name: String, progress: LearnerProgress)], now: Date) throws -> [LearnerRow]
    /// The learner whose token of `kind` has this digest (`AccessToken.digest`), or nil: to be compared
    /// with the token itself (`learner(token:kind:)`).
    func learner(digest: String, kind: LearnerTokenKind) throws -> LearnerRow?
    func learner(id: Int64) throws -> LearnerRow?
    /// Every learner, in the order they were added.
    func learners() throws -> [LearnerRow]
    func progress(of learner: LearnerRow) throws -> LearnerProgress
    /// Replaces the learner's progress with what `change` makes of it, in one transaction.
    func updateProgress(of learner: LearnerRow, change: @Sendable (LearnerProgress) throws -> LearnerProgress) throws
    func setSpokenFeed(of learner: LearnerRow, _ spoken: Bool) throws
    /// Gives the learner a new token of `kind`: the old one opens nothing from now on.
    @discardableResult
    func renewToken(of learnerID: Int64, kind: LearnerTokenKind) throws -> LearnerRow?
    /// Removes the learner, their lessons and their submissions; returns the lessons' audio files to delete.
    func removeLearner(id: Int64) throws -> [String]

    // Lessons

    /// Runs `work` while no other request, of this server or another on the same store, makes the
    /// learner's lessons: two requests at once (the feed fetched twice, the page and the feed) would
    /// each find no lesson ready and each make one.
    func withLessonMaking<Result>(for learnerID: Int64, _ work: () throws -> Result) throws -> Result
    /// Keeps a lesson just made.
    func insert(_ lesson: LessonRow) throws
    /// The learner's lesson of that ID, or nil (another learner's lesson is nobody's to this one).
    func lesson(_ id: LessonID, of learner: LearnerRow) throws -> LessonRow?
    /// The learner's lessons not graded yet in `direction` at `level`, oldest first.
    func ungradedLessons(of learner: LearnerRow, direction: Direction, level: Int, spoken: Bool) throws -> [LessonRow]
    func lessons(of learnerID: Int64) throws -> [LessonRow]

    // Submissions

    func submission(of lesson: LessonID) throws -> SubmissionRow?
    func submissions(of learnerID: Int64) throws -> [SubmissionRow]
    /// Records a submission in one transaction: reads the learner's progress as it is now, lets
    /// `record` make the progress with the grade, then writes it with the submission's row. A lesson
    /// graded before is refused (`ServerRefusal.alreadyGraded`), and `record` throwing writes nothing.
    func recordSubmission<Value: Sendable>(
        of lesson: LessonRow, learner: LearnerRow, kind: String, receivedAt: Date,
        record: @Sendable (LearnerProgress) throws -> SubmissionRecording<Value>
    ) throws -> SubmissionRecording<Value>

    // The teacher and the server

    func teacherPasswordHash() throws -> String?
    /// Sets the password's hash, closing every session opened with the old one.
    func setTeacherPasswordHash(_ hash: String) throws
    /// Opens a session that lasts `lifetimeSeconds` from `now`.
    func openTeacherSession(now: Date, lifetimeSeconds: Double) throws -> TeacherSession
    /// The session a token opens at `now`, or nil (an expired one is gone).
    func teacherSession(_ token: AccessToken, now: Date) throws -> TeacherSession?
    func closeTeacherSession(_ token: AccessToken) throws
    /// The server's secret of that name (the CSRF tokens' key), made at random the first time.
    func secret(named name: String) throws -> String
    func setting(named name: String) throws -> String?
    func setSetting(named name: String, to value: String) throws

    // Moving the class (koch serve export, koch serve import)

    /// The whole class but the teacher's sessions, each row as kept, in the store's order.
    func exported() throws -> ClassExport
    /// Writes a class exported from another store into this one in one transaction, keeping the
    /// learners' numbers and tokens (their links keep working) and the rows' order; the teacher's
    /// sessions end. Refused (`ClassExportError.notEmpty`), with nothing changed, unless the store
    /// holds no learner, no lesson and no teacher's password: an import never merges two classes.
    func importClass(_ export: ClassExport) throws
}

extension ClassStore {
    /// Adds a learner with `progress` (a new learner's, or started at a level) and new tokens.
    @discardableResult
    public func addLearner(name: String, progress: LearnerProgress, now: Date) throws -> LearnerRow {
        guard let added = try addLearners([(name, progress)], now: now).first else { throw ServerRefusal.unknown }
        return added
    }

    /// The learner a token of `kind` opens, or nil: looked up by the token's digest, then compared in
    /// constant time, whatever store keeps the class.
    public func learner(token: AccessToken, kind: LearnerTokenKind) throws -> LearnerRow? {
        guard let found = try learner(digest: token.digest, kind: kind) else { return nil }
        let stored = kind == .link ? found.linkToken : found.feedToken
        return AccessToken.constantTimeEqual(stored.text, token.text) ? found : nil
    }
}

/// Which of a learner's tokens a request gives.
public enum LearnerTokenKind: String, Sendable {
    case link
    case feed
}

/// A teacher's session, opened at login: its cookie's token, and the CSRF token of its forms.
public struct TeacherSession: Sendable {
    public let token: AccessToken
    public let csrf: String

    public init(token: AccessToken, csrf: String) {
        self.token = token
        self.csrf = csrf
    }
}

/// What recording a submission makes: the progress with it, its report, its accuracy, and what
/// the caller keeps of it.
public struct SubmissionRecording<Value: Sendable>: Sendable {
    public let progress: LearnerProgress
    public let report: String
    public let accuracyPercent: Double
    public let value: Value

    public init(progress: LearnerProgress, report: String, accuracyPercent: Double, value: Value) {
        self.progress = progress
        self.report = report
        self.accuracyPercent = accuracyPercent
        self.value = value
    }
}
