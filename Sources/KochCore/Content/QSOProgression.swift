/// The QSO styles in the order a learner meets them (the method's
/// progression: first contact, then signal report, contest, rag chew),
/// each for a quarter of the course.
public enum QSOProgression {
    /// Template names under `qso/`, beginner first.
    public static let styles = ["first-contact", "signal-report", "contest", "rag-chew"]

    /// The style for a learner at `level` of `course`: the first quarter of
    /// the course's levels gets the first style, the last quarter the last.
    public static func style(level: Int, course: KochCourse) -> String {
        let span = course.lastLevel - KochCourse.firstLevel
        let reached = min(max(level - KochCourse.firstLevel, 0), span)
        let index = span > 0 ? min(reached * styles.count / span, styles.count - 1) : styles.count - 1
        return styles[index]
    }
}
