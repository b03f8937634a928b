/// Why no style can be chosen for a QSO lesson.
public enum QSOStyleRefusal: Error, Equatable, Sendable {
    /// The style asked for is not among `available`.
    case unknown(style: String, available: [String])
    /// There is no style at all to draw a contact from.
    case noStyles
}

extension QSOProgression {
    /// The styles a QSO lesson draws its contacts from, out of `available` (template names
    /// under `qso/`): `asked` if given; else the style of the learner's `level` when it is
    /// available, so that the contacts grow with the learner; else every available style, drawn
    /// at random.
    public static func styles(available: [String], asked: String?, level: Int, course: KochCourse) throws(QSOStyleRefusal) -> [String] {
        let all = available.sorted()
        if let asked {
            guard all.contains(asked) else { throw .unknown(style: asked, available: all) }
            return [asked]
        }
        let levelStyle = style(level: level, course: course)
        if all.contains(levelStyle) { return [levelStyle] }
        guard !all.isEmpty else { throw .noStyles }
        return all
    }
}
