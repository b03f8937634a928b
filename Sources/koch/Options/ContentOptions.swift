import ArgumentParser
import KochCore
import KochLessons

extension LessonKind: ExpressibleByArgument {}
extension KochCourse: ExpressibleByArgument {}

/// What a lesson is made of: the kind, the course or a chosen set of
/// characters, and the introduction.
struct ContentOptions: ParsableArguments {
    @Option(
        help: ArgumentHelp(
            "groups (random groups), words (common and radio words of your characters), callsigns (needs digits), qso (whole contacts from templates/qso/; full course) or text (a plain text read as lessons; needs --file).",
            valueName: "kind"))
    var kind: LessonKind = .groups

    @Option(help: "letters (the 26 letters in Koch order) or full (letters, digits, punctuation: LCWO's order, 41 characters).")
    var course: KochCourse?

    @Option(help: ArgumentHelp("Drill these characters instead of your level's, e.g. --chars KMRS.", valueName: "characters"))
    var chars: String?

    @Flag(name: .customLong("no-intro"), help: "Do not open with the newest character sent on its own.")
    var noIntroduction = false

    @Option(name: .customLong("file"), help: ArgumentHelp("The text for --kind text.", valueName: "file"))
    var textFile: String?

    @Flag(name: .customLong("skip-unsendable"), help: "With --kind text, leave out characters Morse code has not, instead of stopping.")
    var skipUnsendable = false

    @Option(
        name: .customLong("qso-style"),
        help: ArgumentHelp(
            "With --kind qso, only this style (a template in templates/qso/, e.g. contest). Default: all, at random.", valueName: "style"))
    var qsoStyle: String?

    func validate() throws {
        var request = LessonRequest()
        apply(to: &request)
        do {
            try request.checkContent()
        } catch {
            throw ValidationError(LessonRefusalText.message(error))
        }
    }

    /// Which course the lesson belongs to, and the levels it allows.
    var lessonCourse: LessonCourse { LessonCourse(kind: kind, asked: course) }

    /// Copies the content choices into a lesson request.
    func apply(to request: inout LessonRequest) {
        request.kind = kind
        request.course = course
        request.characters = chars
        request.introduction = !noIntroduction
        request.textFile = textFile
        request.skipUnsendable = skipUnsendable
        request.qsoStyle = qsoStyle
    }

    /// What follows `--level must be 2 to 26, not 27` in a refusal: `, in the letters course;
    /// give --course full for levels up to 41`.
    static func courseClause(_ refusal: LevelOutsideCourse) -> String {
        let course = refusal.course.rawValue
        let whose =
            refusal.asked || refusal.kind.usesLevel ? "the \(course) course" : "the \(course) course a \(refusal.kind.rawValue) lesson follows"
        guard let other = refusal.otherCourse, other.lastLevel > refusal.course.lastLevel else { return ", in \(whose)" }
        return ", in \(whose); give --course \(other.rawValue) for levels up to \(other.lastLevel)"
    }
}
