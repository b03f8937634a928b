extension LessonKind {
    /// Why a lesson's kind and a text file given for it do not go together.
    public enum TextFileRefusal: Error, Hashable, Sendable {
        /// A text lesson is read from a text, and none was given.
        case textNeedsFile
        /// Only a text lesson reads a file.
        case fileIsOnlyForText
    }

    /// Checks that a text file is given exactly when the lesson is read from a text.
    public func checkTextFile(given: Bool) throws(TextFileRefusal) {
        if self == .text && !given { throw .textNeedsFile }
        if self != .text && given { throw .fileIsOnlyForText }
    }
}
