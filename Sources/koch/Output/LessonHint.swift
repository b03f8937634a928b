import KochCore

/// The `koch lesson` command that makes the lesson a hint speaks of: the
/// level, and the direction and course when they are not the defaults, so
/// that following the hint makes that lesson.
enum LessonHint {
    static func command(level: Int? = nil, direction: Direction, course: KochCourse) -> String {
        var words = ["koch", "lesson"]
        if let level { words += ["--level", "\(level)"] }
        if direction == .send { words += ["--direction", "send"] }
        if course != .letters { words += ["--course", course.rawValue] }
        return words.joined(separator: " ")
    }
}
