/// Paddles and a straight key keyed live: events go in as they happen, time moves on as the
/// sound card asks for samples, and what was keyed comes out as elements, as a log for the
/// grading pipeline, and character by character as each one ends.
///
/// The paddles drive an `IambicKeyer` in real time; a straight key's marks pass through as the
/// learner keys them. Events and times that would go back are taken at the current instant: the
/// clock only moves forward. Events of one instant all apply before the keyer acts on them (both
/// paddles pressed at once: a dit first), as `PaddleLog.keyed` has it, so the elements here are
/// the ones `PaddleLog.keying` makes of `log`.
public struct LiveKeying: Sendable {
    public private(set) var keyer: IambicKeyer
    /// The current instant, in the events' seconds.
    public private(set) var now = -Double.infinity
    private var events: [PaddleEvent] = []
    private var straightDownSeconds: Double?
    private var straightMarks: [KeyedElement] = []
    private var reader: LiveCharacterReader
    /// The keyer's speed, within its 5 to 40 WPM.
    private let startWPM: Double
    /// The keyer's elements already handed to the reader.
    private var keyerElementsRead = 0
    /// Whether a paddle has gone down yet.
    public private(set) var hasKeyedPaddles = false
    /// Whether the straight key has gone down yet.
    public private(set) var hasKeyedStraightKey = false

    /// Paddles through a keyer at `wpm` (5 to 40) in `mode`; a straight key read from `wpm` on.
    public init(wpm: Double, mode: IambicMode) {
        keyer = IambicKeyer(wpm: wpm, mode: mode)
        startWPM = keyer.wpm
        reader = LiveCharacterReader(keyerUnitSeconds: keyer.unitSeconds)
    }

    /// A paddle or the straight key goes down or up at `seconds`.
    public mutating func press(_ input: PaddleEvent.Input, isDown: Bool, atSeconds seconds: Double) {
        let instant = max(seconds, now)
        if instant > now {
            keyer.advance(to: instant)
            now = instant
        }
        events.append(PaddleEvent(seconds: instant, action: isDown ? .down(input) : .up(input), line: events.count + 1))
        switch (input, isDown) {
        case let (.paddle(paddle), true):
            hasKeyedPaddles = true
            keyer.paddleDown(paddle)
        case let (.paddle(paddle), false): keyer.paddleUp(paddle)
        case (.straightKey, true):
            hasKeyedStraightKey = true
            straightDownSeconds = straightDownSeconds ?? instant
        case (.straightKey, false):
            if let start = straightDownSeconds, instant > start {
                let mark = KeyedElement(element: nil, startSeconds: start, durationSeconds: instant - start)
                straightMarks.append(mark)
                reader.add(mark)
            }
            straightDownSeconds = nil
        }
    }

    /// Moves the clock to `seconds`: the keyer sounds and ends what falls due on the way.
    public mutating func advance(to seconds: Double) {
        guard seconds >= now else { return }
        keyer.advance(to: seconds)
        now = seconds
        while keyerElementsRead < keyer.elements.count {
            reader.add(keyer.elements[keyerElementsRead])
            keyerElementsRead += 1
        }
    }

    /// Whether the tone sounds now.
    public var isToneOn: Bool { toneOn(atSeconds: now) }

    /// Whether the tone sounds at `seconds` (now or later) with the keys as they are: sample-exact
    /// between events, without moving the clock.
    public func toneOn(atSeconds seconds: Double) -> Bool {
        straightDownSeconds != nil || keyer.toneOn(atSeconds: seconds)
    }

    /// Since when the keys have been at rest (the end of the last element, or minus infinity
    /// before any); nil while a paddle or the key is held or the keyer is still sending.
    public var restingSinceSeconds: Double? {
        guard straightDownSeconds == nil, !keyer.ditHeld, !keyer.dahHeld, keyer.phase == .idle else { return nil }
        return elements.map { $0.startSeconds + $0.durationSeconds }.max() ?? -Double.infinity
    }

    /// The elements completed so far, in order of their start: the keyer's and the straight key's.
    public var elements: [KeyedElement] {
        (keyer.elements + straightMarks).sorted { $0.startSeconds < $1.startSeconds }
    }

    /// The events so far as a log, checked as a log read from a file is: what `LessonReturn.events`
    /// grades, as `koch grade --events` does. Empty, it is refused. It opens with the keyer's
    /// speed (a `wpm` line), so that the log read back (`koch keyer`, `koch grade --events`)
    /// keys at the speed it was keyed at, whatever speed the reader would start from.
    public var log: PaddleLog {
        get throws(PaddleLog.Problem) {
            let speed = events.first.map { [PaddleEvent(seconds: $0.seconds, action: .wpm(startWPM), line: 0)] } ?? []
            return try PaddleLog(events: speed + events)
        }
    }

    /// The characters that have ended by `seconds` (the clock moves there first), each once, in order.
    public mutating func endedCharacters(atSeconds seconds: Double) -> [LiveKeyedCharacter] {
        advance(to: seconds)
        let sounding = keyer.phase == .playing ? keyer.elementStartSeconds : nil
        let inProgress = [sounding, straightDownSeconds].compactMap { $0 }.min()
        return reader.ended(atSeconds: now, inProgressSinceSeconds: inProgress)
    }
}
