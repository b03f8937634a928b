/// A teacher's class list: one learner a line, `name, level` or
/// `name, path/to/progress.json`. Blank lines and lines starting with `#`
/// are skipped, and so is a first line `name, level` (a header).
public struct Roster: Sendable, Hashable {
    public enum Source: Sendable, Hashable {
        case level(Int)
        /// A progress file, as written in the roster (relative to the roster's folder).
        case progressFile(String)
    }

    public struct Learner: Sendable, Hashable {
        public let name: String
        public let source: Source
        /// The roster line it came from, for messages.
        public let line: Int
    }

    public let learners: [Learner]

    public init(parsing text: String, course: KochCourse = .letters) throws(RosterError) {
        var learners: [Learner] = []
        var names = Set<String>()
        for (index, rawLine) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            let line = index + 1
            let content = rawLine.trimmingCharacters(in: " \t\r")
            if content.isEmpty || content.hasPrefix("#") { continue }
            let fields = content.split(separator: ",", maxSplits: 1).map { $0.trimmingCharacters(in: " \t\"") }
            if learners.isEmpty, fields.first?.lowercased() == "name" { continue }
            guard fields.count == 2, !fields[0].isEmpty, !fields[1].isEmpty else {
                throw .malformedLine(line: line, text: content)
            }
            let name = fields[0]
            guard names.insert(name.lowercased()).inserted else { throw .duplicateName(line: line, name: name) }
            let source: Source
            if let level = Int(fields[1]) {
                guard course.levels.contains(level) else {
                    throw .levelOutOfRange(line: line, level: level, levels: course.levels)
                }
                source = .level(level)
            } else {
                source = .progressFile(fields[1])
            }
            learners.append(Learner(name: name, source: source, line: line))
        }
        guard !learners.isEmpty else { throw .empty }
        self.learners = learners
    }
}

/// Why a roster cannot be used; the command adds the file's path.
public enum RosterError: Error, Equatable, CustomStringConvertible {
    case empty
    case malformedLine(line: Int, text: String)
    case duplicateName(line: Int, name: String)
    case levelOutOfRange(line: Int, level: Int, levels: ClosedRange<Int>)

    public var description: String {
        switch self {
        case .empty:
            return "the roster lists no learner: write one learner a line, as `name, level` or `name, progress.json`."
        case let .malformedLine(line, text):
            return "line \(line) (\(text)) is not `name, level` or `name, path/to/progress.json`."
        case let .duplicateName(line, name):
            return "line \(line) names \(name) a second time; give each learner a distinct name."
        case let .levelOutOfRange(line, level, levels):
            return "line \(line) gives level \(level); levels run from \(levels.lowerBound) to \(levels.upperBound)."
        }
    }
}

extension Substring {
    fileprivate func trimmingCharacters(in set: String) -> String {
        var slice = self[...]
        while let first = slice.first, set.contains(first) { slice = slice.dropFirst() }
        while let last = slice.last, set.contains(last) { slice = slice.dropLast() }
        return String(slice)
    }
}

extension String {
    fileprivate func trimmingCharacters(in set: String) -> String {
        self[...].trimmingCharacters(in: set)
    }
}
