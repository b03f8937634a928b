/// A teacher's class list: one learner a row, `name, level` or
/// `name, path/to/progress.json`; further columns (an e-mail address) are
/// not read. Blank rows and rows starting with `#` are skipped, and so is a
/// first row `name, ...` (a header). The rows come from the CSV file a
/// spreadsheet writes (`RosterFile` in KochIO reads it).
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

    /// One row of the file: its line number and its fields, unquoted.
    public struct Row: Sendable, Hashable {
        public let line: Int
        public let fields: [String]

        public init(line: Int, fields: [String]) {
            self.line = line
            self.fields = fields
        }
    }

    public let learners: [Learner]

    public init(rows: [Row], course: KochCourse = .letters) throws(RosterError) {
        var learners: [Learner] = []
        var names = Set<String>()
        for row in rows {
            let fields = row.fields.map { $0.trimmingCharacters(in: " \t") }
            if fields.allSatisfy(\.isEmpty) || fields[0].hasPrefix("#") { continue }
            if learners.isEmpty, fields[0].lowercased() == "name" { continue }
            guard fields.count >= 2, !fields[0].isEmpty, !fields[1].isEmpty else {
                throw .malformedLine(line: row.line, text: fields.filter { !$0.isEmpty }.joined(separator: ", "))
            }
            let name = fields[0]
            guard names.insert(name.lowercased()).inserted else { throw .duplicateName(line: row.line, name: name) }
            let source: Source
            if let level = Int(fields[1]) {
                guard course.levels.contains(level) else {
                    throw .levelOutOfRange(line: row.line, level: level, levels: course.levels)
                }
                source = .level(level)
            } else {
                source = .progressFile(fields[1])
            }
            learners.append(Learner(name: name, source: source, line: row.line))
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
    case unreadableLine(line: Int, reason: String)

    public var description: String {
        switch self {
        case .empty:
            return "the roster lists no learner: write one learner a line, as `name, level` or `name, progress.json`."
        case let .malformedLine(line, text):
            return "line \(line) (\(text)) is not `name, level` or `name, path/to/progress.json`."
        case let .duplicateName(line, name):
            return "line \(line) names \(name) a second time; give each learner a distinct name."
        case let .unreadableLine(line, reason):
            return "line \(line) cannot be read as CSV: \(reason)."
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
