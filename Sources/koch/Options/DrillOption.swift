import ArgumentParser
import Foundation
import KochCore
import KochIO
import KochLessons

extension LessonDrill.Kind: ExpressibleByArgument {}

/// `--drill confusions`, shared by `koch lesson` and `koch practice`: groups that set the pairs
/// the learner confused lately against each other, instead of a level lesson's.
struct DrillOption: ParsableArguments {
    @Option(
        help: ArgumentHelp(
            "confusions: groups that each set two characters you confused lately against each other (K and R, S and H …), from your progress file's last \(ConfusedPairs.windowSessions) sessions in the lesson's direction; the rest of each group is your level's characters.",
            valueName: "drill"))
    var drill: LessonDrill.Kind?

    /// Refuses `--drill` beside what makes another lesson: chosen characters or another kind
    /// (`LessonRequest.check`).
    func check(content: ContentOptions) throws {
        var request = LessonRequest()
        content.apply(to: &request)
        request.drill = drill
        try LessonRefusalText.check(request)
    }

    /// The drill of the pairs the learner confused lately in `direction`, from `store`; nil without
    /// `--drill`. With nothing confused, prints why there is no drill and what to do instead, and
    /// stops with status 1 (nothing is written).
    func lessonDrill(direction: Direction, course: KochCourse, store: ProgressStore) throws -> LessonDrill? {
        guard drill != nil else { return nil }
        let confusions = ConfusedPairs(progress: try store.read(), direction: direction)
        guard let made = LessonDrill(confusions: confusions) else {
            print(Self.nothingConfused(confusions, hint: LessonHint.command(direction: direction, course: course)))
            throw ExitCode.failure
        }
        return made
    }

    /// `Nothing confused in your last 10 receive sessions: no drill to make. Your level lesson: koch lesson`.
    static func nothingConfused(_ confusions: ConfusedPairs, hint: String) -> String {
        let direction = confusions.direction.rawValue
        let looked =
            switch confusions.sessionCount {
            case 0: "No graded \(direction) sessions yet, so nothing confused"
            case 1: "Nothing confused in your last \(direction) session"
            default: "Nothing confused in your last \(confusions.sessionCount) \(direction) sessions"
            }
        return looked + ": no drill to make. Your level lesson: \(hint)"
    }

    /// What `koch lesson` prints under its heading for a drill: each pair and what the record says of it.
    static func notes(_ drill: LessonDrill) -> [String] { PreparedLesson.notes(drill) }
}
