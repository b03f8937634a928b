import KochCore

extension PackPlan {
    /// Why a pack cannot be made of the lessons asked for.
    public enum Refusal: Error, Equatable, Sendable {
        /// A pack's folders are levels: a kind whose lessons follow no level (QSO, text) is made lesson by lesson.
        case kindWithoutLevel(LessonKind)
        /// A pack is for listening: without audio its pages would play nothing.
        case noAudio
    }

    /// Checks that lessons of `kind` written as `format` can make a pack; the kind is checked first.
    public static func check(kind: LessonKind, format: AudioFormat) throws(Refusal) {
        guard kind.usesLevel else { throw .kindWithoutLevel(kind) }
        guard format != .none else { throw .noAudio }
    }
}
