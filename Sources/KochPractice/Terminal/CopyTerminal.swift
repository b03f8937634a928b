import Foundation

/// Where live practice reads the learner's copy: a terminal, key by key as the sound plays.
///
/// A copy from a pipe or a file is no copy of what was heard: it would be taken as typed while a
/// whole lesson played to no one. So a session that reads copy (receive practice, a contact)
/// refuses standard input that is not a terminal before it plays anything or records anything; a
/// copy written down or typed into a file is `koch grade --transcript`'s. A session that only
/// reads keys to stop it (send practice, characters: the keying comes from a key device or the
/// microphone) needs no terminal.
public enum CopyTerminal {
    /// Standard input is not a terminal, where the learner's copy would be read from it.
    public struct Refusal: Error, CustomStringConvertible, Sendable {
        /// The lesson's key, when it was practised from one, to name in the way to grade it instead.
        public let keyPath: String?

        public var description: String {
            "koch practice reads your copy from the keyboard, key by key as the sound plays, but its standard input "
                + "is not a terminal (a pipe or a file): nothing was played and nothing is recorded. "
                + "Run it in a terminal; to grade a copy written down or typed into a file, use "
                + "koch grade --key \(keyPath ?? "NAME.key.json") --transcript FILE"
                + (keyPath == nil ? " (the key of a lesson made with koch lesson)." : ".")
        }
    }

    /// Throws `Refusal` when `descriptor` (standard input by default) is not a terminal.
    public static func check(descriptor: Int32 = STDIN_FILENO, keyPath: String?) throws(Refusal) {
        guard isatty(descriptor) == 1 else { throw Refusal(keyPath: keyPath) }
    }
}
