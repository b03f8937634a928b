import Foundation
import KochAudio
import KochCore
import KochPresentation

/// Receive practice: the lesson plays through the sound device while the learner types what they
/// hear, each key as it is pressed; the copy goes under the groups' boxes as they go (`ReceiveCopy`
/// puts each character in its group by when it was typed). Space pauses and resumes; Ctrl-C or `q`
/// (where the lesson has no Q to copy) stops. It reads and plays; grading is the caller's, by
/// the one pipeline (`LessonGrading`), so a copy typed live is graded as the same copy typed into a file.
public struct ReceiveSession {
    /// How the session ended.
    public enum Ending: Sendable {
        /// The lesson played to its end.
        case finished
        /// The learner stopped it.
        case stopped
        /// The sound device went away.
        case soundLost(SoundError)
    }

    /// What the learner copied, and where the lesson stopped.
    public struct Result: Sendable {
        public let copy: ReceiveCopy
        public let ending: Ending
        /// Where in the lesson it ended, in seconds from its start; nil when it played to its end.
        public let stoppedAtSeconds: Double?

        /// The copy to grade: of the groups sent before the stop, where it stopped.
        public var text: String { copy.graded(stoppedAtLessonSeconds: stoppedAtSeconds).text }
    }

    public let lesson: PracticeLesson
    public let show: ShowSent

    public init(lesson: PracticeLesson, show: ShowSent) {
        self.lesson = lesson
        self.show = show
    }

    /// Whether `q` stops the session: not when the lesson has a Q for the learner to copy.
    public var quitsOnQ: Bool { !lesson.key.characterTokens.contains("Q") }

    /// What the keys do, said before the lesson starts.
    public var hint: String {
        quitsOnQ ? "Space pauses; q or Ctrl-C stops and grades." : "Space pauses; Ctrl-C stops and grades (q is for copying Q)."
    }

    /// Plays the lesson through `output` while reading `input`, drawing on `screen`.
    public func run(output: SoundOutput, input: TerminalInput, screen: TerminalScreen) -> Result {
        let player = LessonPlayer(sound: lesson.sound, output: output, toneSpans: lesson.toneSpans)
        var copy = ReceiveCopy(key: lesson.key)
        var clock = PracticeClock(startSeconds: MonotonicClock.seconds())
        player.start()
        let endSeconds = lesson.key.durationSeconds
        var ending = Ending.finished
        var inputEnded = false
        var lastDrawn: [String] = []
        while true {
            let now = MonotonicClock.seconds()
            let lessonSeconds = clock.lessonSeconds(atSeconds: now)
            if let lost = player.lost {
                ending = .soundLost(lost)
                break
            }
            // Typing goes on for the last group's window after the sound; Enter ends it sooner.
            if lessonSeconds >= endSeconds + ReceiveCopy.lastTypingSeconds { break }
            // While the last group may still be typed, its text stays hidden.
            let shownSeconds = min(lessonSeconds, endSeconds - 0.001)
            let lines = screenText(copy: copy, lessonSeconds: shownSeconds, isPaused: clock.isPaused, screen: screen).lines
            if lines != lastDrawn || screen.isResized {
                screen.show(lines)
                lastDrawn = lines
            }
            guard !inputEnded, let key = input.next(timeoutSeconds: 0.02) else {
                if inputEnded { Thread.sleep(forTimeInterval: 0.02) }
                continue
            }
            if key == .enter, lessonSeconds >= endSeconds { break }
            switch handle(key, copy: &copy, clock: &clock, player: player) {
            case .stop: ending = .stopped
            case .inputEnded: inputEnded = true
            case .goOn: break
            }
            if case .stopped = ending { break }
        }
        player.stop()
        output.close()
        let stoppedAt: Double?
        switch ending {
        case .finished: stoppedAt = nil
        case .stopped, .soundLost:
            let seconds = clock.lessonSeconds(atSeconds: MonotonicClock.seconds())
            stoppedAt = copy.stop(atLessonSeconds: seconds)
        }
        // What was sent is shown once the session is over, up to where it stopped.
        var final = screenText(copy: copy, lessonSeconds: endSeconds, isPaused: false, screen: screen)
        if let stoppedAt {
            final.copy = copy.stopped(atLessonSeconds: stoppedAt)
            final.lessonSeconds = stoppedAt
        }
        screen.show(final.lines)
        screen.close()
        return Result(copy: copy, ending: ending, stoppedAtSeconds: stoppedAt)
    }

    /// What a key pressed does to the session.
    private enum KeyEffect {
        case goOn
        case stop
        /// Typing from a file or a pipe that has ended: the lesson plays on.
        case inputEnded
    }

    /// Space pauses and resumes; Ctrl-C (and `q`, where it is no copy) stops; the rest is typed.
    private func handle(_ key: TerminalKey, copy: inout ReceiveCopy, clock: inout PracticeClock, player: LessonPlayer) -> KeyEffect {
        let now = MonotonicClock.seconds()
        let typedAt = clock.lessonSeconds(atSeconds: now)
        switch key {
        case .space:
            if clock.isPaused {
                clock.resume(atSeconds: now)
                player.resume()
            } else {
                // The sound pauses at the end of the element sounding: the lesson's time stops with it.
                clock.pause(atSeconds: now + player.pause())
            }
        case .interrupt:
            return .stop
        case .character(let character) where quitsOnQ && (character == "q" || character == "Q"):
            return .stop
        case .character(let character):
            if !clock.isPaused { copy.type(character, atLessonSeconds: typedAt) }
        case .backspace:
            if !clock.isPaused { copy.erase(atLessonSeconds: typedAt) }
        case .endOfInput:
            return .inputEnded
        case .enter, .other:
            break
        }
        return .goOn
    }

    private func screenText(copy: ReceiveCopy, lessonSeconds: Double, isPaused: Bool, screen: TerminalScreen) -> ReceiveScreenText {
        var text = ReceiveScreenText(
            copy: copy, lessonSeconds: lessonSeconds, isPaused: isPaused, showSent: show, widthColumns: screen.lineWidthColumns,
            rowLimit: screen.heightLines.map { max(1, ($0 - 3) / 3) })
        text.quitsOnQ = quitsOnQ
        return text
    }
}
