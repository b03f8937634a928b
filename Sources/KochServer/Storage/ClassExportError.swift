/// Why a class export could not be read, or a store would not take one. Whatever the reason,
/// nothing was written.
public enum ClassExportError: Error, Equatable, CustomStringConvertible {
    /// The file is not a document `koch serve export` wrote (another JSON file, or no JSON at all).
    case notAnExport(path: String)
    /// A class export of another layout than this koch reads (nil: it says none).
    case otherVersion(path: String, version: Int?)
    /// A class export with a field missing or of the wrong kind.
    case unreadable(path: String, reason: String)
    /// A class export whose rows contradict themselves or could not be the store's own (a lesson of
    /// nobody, a token that is no token, an audio file outside the data folder).
    case inconsistent(path: String, reason: String)
    /// The store that was to take the class already holds one (`holds`: what of it).
    case notEmpty(location: String, holds: String)

    public var description: String {
        switch self {
        case let .notAnExport(path):
            return "\(path) is not a koch class export: give the file `koch serve export` wrote."
        case let .otherVersion(path, version):
            let which = version.map { "version \($0)" } ?? "no version"
            return "\(path) is a koch class export of \(which); this koch reads version \(ClassExport.currentVersion). "
                + "Export the class again with the koch that will import it."
        case let .unreadable(path, reason):
            return "\(path) cannot be read as a koch class export: \(reason). Export the class again, and import the file unedited."
        case let .inconsistent(path, reason):
            return "\(path) cannot be imported: \(reason). Export the class again, and import the file unedited."
        case let .notEmpty(location, holds):
            return "The class kept in \(location) is not empty (\(holds)): a class is imported only into an empty one, "
                + "so nothing was changed. Give a new --data folder or a new database."
        }
    }
}

extension ClassExportError {
    /// Refuses an import into a store that holds any of a class: learners, lessons, a teacher's password.
    static func checkEmpty(location: String, learners: Int64, lessons: Int64, hasTeacher: Bool) throws(ClassExportError) {
        var holds: [String] = []
        if learners > 0 { holds.append(learners == 1 ? "1 learner" : "\(learners) learners") }
        if lessons > 0 { holds.append(lessons == 1 ? "1 lesson" : "\(lessons) lessons") }
        if hasTeacher { holds.append("a teacher's password") }
        guard holds.isEmpty else { throw .notEmpty(location: location, holds: holds.joined(separator: ", ")) }
    }
}
