import Foundation
import KochAudio
import KochCore
import KochPresentation

/// The drill of a character at a time, live: koch shows a character, the learner keys it, and the
/// moment the character's gap ends it shows what was read, its pattern and the timing of each
/// element against the standard; right or wrong, then the next; `count` characters, or until
/// `minutes` have passed. A character keyed before the next is shown counts for the one shown,
/// however many pieces a gap split it into (`CharacterDrill.add`).
public struct CharacterSession {
    public enum Ending: Sendable {
        case finished
        case stopped
        case inputEnded(KeyingInputEnding)
    }

    public var drill: CharacterDrill
    public let count: Int?
    public let seconds: Double

    public init(drill: CharacterDrill, count: Int?, minutes: Double) {
        self.drill = drill
        self.count = count
        seconds = minutes * 60
    }

    public mutating func run(input: LiveKeyingInput, terminal: TerminalInput, screen: TerminalScreen) -> Ending {
        let start = MonotonicClock.seconds()
        input.start(sessionStartSeconds: start)
        var ending: Ending?
        var terminalEnded = false
        var last: CharacterAttempt?
        _ = drill.next()
        while ending == nil {
            let now = MonotonicClock.seconds()
            var judged = input.takeCharacters().compactMap { drill.add(pattern: $0.pattern, marks: $0.marks) }
            judged += [drill.judgeEnded(restingSinceSeconds: input.restingSinceSeconds, atSeconds: now - start)].compactMap { $0 }
            for attempt in judged where ending == nil {
                last = attempt
                if let count, drill.attempts.count >= count {
                    ending = .finished
                } else {
                    _ = drill.next()
                }
            }
            if ending == nil, count == nil, now - start >= seconds { ending = .finished }
            screen.show(
                screenLines(elapsedSeconds: now - start, last: last, keyedOn: input.keysKeyed?.keyedOn, widthColumns: screen.lineWidthColumns))
            if ending != nil { break }
            if let end = input.ending {
                ending = .inputEnded(end)
            } else if terminalEnded {
                Thread.sleep(forTimeInterval: 0.02)
            } else if let pressed = terminal.next(timeoutSeconds: 0.02) {
                if case .endOfInput = pressed { terminalEnded = true }
                if SendSession.ends(pressed) { ending = .stopped }
            }
        }
        input.stop()
        // A character keyed before the stop is judged as it stands.
        if count.map({ drill.attempts.count < $0 }) ?? true {
            _ = drill.judgeEnded(restingSinceSeconds: nil, atSeconds: MonotonicClock.seconds() - start, finishing: true)
        }
        screen.close()
        return ending ?? .stopped
    }

    private func screenLines(elapsedSeconds: Double, last: CharacterAttempt?, keyedOn: String?, widthColumns: Int) -> [String] {
        let progress = count.map { "\(drill.attempts.count) of \($0)" } ?? SendScreenText.minuteSecond(elapsedSeconds)
        let task = "Key the character shown" + (keyedOn.map { " " + $0 } ?? "")
        var lines = ScreenLineWrapping.lines("\(task).  \(progress)  \(drill.rightCount) right.  q or Ctrl-C ends", widthColumns: widthColumns)
        lines.append("")
        lines.append("    \(drill.current?.text ?? "")")
        lines.append("")
        lines += last?.lines(widthColumns: widthColumns) ?? []
        return lines
    }
}
