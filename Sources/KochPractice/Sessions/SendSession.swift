import Foundation
import KochAudio
import KochCore
import KochPresentation

/// A send exercise practised live: its groups on the screen, the learner's keying read under them
/// as it comes, until they end it (Enter, Ctrl-C or `q`), key the whole sheet and pause, or
/// the keying stops coming in. Grading is the caller's, by the one pipeline, from what the input
/// kept (`LiveKeyingInput.lessonReturn`), with the fist report as for a recording.
public struct SendSession {
    public enum Ending: Sendable {
        /// The whole sheet was keyed, then the key rested.
        case finished
        /// The learner ended it.
        case stopped
        /// The keying stopped coming in.
        case inputEnded(KeyingInputEnding)
        /// The time allowed for the exercise ran out.
        case timeUp
    }

    public let key: AnswerKey
    /// How long the key rests, after the whole sheet has been read, before the session ends.
    public static let restSeconds = 3.0

    public init(key: AnswerKey) {
        self.key = key
    }

    /// The longest the session waits for the sheet to be keyed: three times its length, at least two minutes.
    public var allowedSeconds: Double { max(key.durationSeconds * 3, 120) }

    /// Reads `input` until the session ends, drawing on `screen`.
    public func run(input: LiveKeyingInput, terminal: TerminalInput, screen: TerminalScreen) -> (ending: Ending, keyed: String) {
        let start = MonotonicClock.seconds()
        input.start(sessionStartSeconds: start)
        let sheetCharacters = key.groups.reduce(0) { $0 + WrittenTokens.split($1.text).count }
        var keyed = ""
        var readCount = 0
        var lastReadSeconds = start
        var ending: Ending?
        var terminalEnded = false
        while ending == nil {
            let now = MonotonicClock.seconds()
            let read = input.takeCharacters()
            Self.append(read, to: &keyed)
            if !read.isEmpty {
                readCount += read.count
                lastReadSeconds = now
            }
            screen.show(
                SendScreenText(
                    groups: key.groups.map(\.text), keyed: keyed, elapsedSeconds: now - start, hint: "Enter, q or Ctrl-C ends",
                    width: screen.lineWidthColumns, keyedOn: input.keysKeyed?.keyedOn
                ).lines)
            if let end = input.ending {
                ending = .inputEnded(end)
            } else if readCount >= sheetCharacters, now - lastReadSeconds >= Self.restSeconds {
                ending = .finished
            } else if now - start >= allowedSeconds {
                ending = .timeUp
            } else if terminalEnded {
                Thread.sleep(forTimeInterval: 0.02)
            } else if let pressed = terminal.next(timeoutSeconds: 0.02) {
                if case .endOfInput = pressed { terminalEnded = true }
                if Self.ends(pressed) { ending = .stopped }
            }
        }
        input.stop()
        Self.append(input.takeCharacters(), to: &keyed)
        screen.close()
        return (ending ?? .stopped, keyed)
    }

    /// The characters read, added to the text read so far: a space before a word, `?` for a pattern that is no character.
    static func append(_ characters: [ShownCharacter], to keyed: inout String) {
        for character in characters {
            if character.wordSpaceBefore, !keyed.isEmpty { keyed += " " }
            keyed += character.text ?? "?"
        }
    }

    /// Whether a key pressed at the terminal ends a send session. Only these: an adapter that
    /// types `[`, `]` or a space as its paddles or key also types into the terminal.
    static func ends(_ key: TerminalKey) -> Bool {
        switch key {
        case .enter, .interrupt: true
        case .character(let character): character == "q" || character == "Q"
        default: false
        }
    }
}
