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
        let name = name.trimmingCharacters(in: .whitespacesAndNewlines)
        guard !name.isEmpty, name.count <= Self.nameLengthLimit, !name.contains(where: \.isNewline) else {
            throw ServerRefusal.badRequest("Give the learner's name: one line, at most \(Self.nameLengthLimit) characters.")
        }
        let course = KochCourse.letters
        guard course.levels.contains(level) else {
            throw ServerRefusal.badRequest("A level is \(course.levels.lowerBound) to \(course.levels.upperBound), not \(level).")
        }
        var start = StartingLevels()
        start[.receive] = StartingLevel(level: level, course: course)
        start[.send] = StartingLevel(level: level, course: course)
        return try database.addLearner(name: name, progress: LearnerProgress(start: start), now: now())
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
    /// (the same name) is left as they are, so the roster can be given at every start.
    public func addLearners(rosterPath: String) throws -> RosterAdded {
        let existing = Set(try database.learners().map(\.name))
        var added: [(name: String, level: Int)] = []
        var kept: [String] = []
        for learner in try RosterLoader(path: rosterPath).learners() {
            if existing.contains(learner.name) {
                kept.append(learner.name)
                continue
            }
            if let level = learner.level {
                try addLearner(name: learner.name, level: level)
                added.append((learner.name, level))
            } else {
                let progress = try ProgressStore(path: learner.progressPath).read()
                try database.addLearner(name: learner.name, progress: progress, now: now())
                added.append((learner.name, DirectionProgress(progress: progress, direction: .receive).level))
            }
        }
        return RosterAdded(added: added, kept: kept)
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
