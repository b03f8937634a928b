import Foundation
import KochClass
import KochCore
import KochIO

extension ClassService {
    /// The longest name taken for a learner.
    public static let nameLengthLimit = 80

    /// Adds a learner at `level` in both directions of the letters course (2: a beginner's K and M).
    @discardableResult
    public func addLearner(name: String, level: Int) throws -> LearnerRow {
        let (name, progress) = try Self.newLearner(name: name, level: level)
        return try database.addLearner(name: name, progress: progress, now: now())
    }

    /// A new learner's name, checked, and their progress started at `level`; refused when either is not one.
    static func newLearner(name: String, level: Int) throws -> (name: String, progress: LearnerProgress) {
        let name = name.trimmingCharacters(in: .whitespacesAndNewlines)
        // No control character either (a NUL, a tab): a name is printed on pages, sheets and CSV, and kept by either store.
        guard !name.isEmpty, name.count <= Self.nameLengthLimit, !name.unicodeScalars.contains(where: { $0.properties.generalCategory == .control })
        else {
            throw ServerRefusal.badRequest("Give the learner's name: one line of text, at most \(Self.nameLengthLimit) characters.")
        }
        let course = KochCourse.letters
        guard course.levels.contains(level) else {
            throw ServerRefusal.badRequest("A level is \(course.levels.lowerBound) to \(course.levels.upperBound), not \(level).")
        }
        var start = StartingLevels()
        start[.receive] = StartingLevel(level: level, course: course)
        start[.send] = StartingLevel(level: level, course: course)
        return (name, LearnerProgress(start: start))
    }

    /// What adding a roster's learners did.
    public struct RosterAdded: Sendable {
        /// Those added, each with their level.
        public let added: [(name: String, level: Int)]
        /// Those already in the class, by name, left as they are.
        public let kept: [String]
    }

    /// Adds the learners of a roster (`name, level` lines, as a pack's roster), each at their level; a
    /// line with a progress file instead brings that file's progress. A learner already in the class
    /// (the same name) is left as they are, so the roster can be given at every start. Every line is read
    /// first, then all are added in one transaction: a line that cannot be (a progress file not read, a
    /// level out of the course) adds nobody.
    public func addLearners(rosterPath: String) throws -> RosterAdded {
        let existing = Set(try database.learners().map(\.name))
        var new: [(name: String, progress: LearnerProgress)] = []
        var kept: [String] = []
        for learner in try RosterLoader(path: rosterPath).learners() {
            if existing.contains(learner.name) {
                kept.append(learner.name)
            } else if let level = learner.level {
                new.append(try Self.newLearner(name: learner.name, level: level))
            } else {
                new.append((learner.name, try ProgressStore(path: learner.progressPath).read()))
            }
        }
        try database.addLearners(new, now: now())
        return RosterAdded(
            added: new.map { ($0.name, DirectionProgress(progress: $0.progress, direction: .receive).level) }, kept: kept)
    }

    /// Removes a learner with their lessons' files.
    public func removeLearner(_ learner: LearnerRow) throws {
        for file in try database.removeLearner(id: learner.id) {
            let folder = (file as NSString).deletingLastPathComponent
            guard folder.hasPrefix("lessons/"), !folder.contains("..") else { continue }
            try? FileManager.default.removeItem(atPath: dataFolder + "/" + folder)
        }
    }
}
