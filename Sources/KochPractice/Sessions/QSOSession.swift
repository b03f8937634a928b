import Foundation
import KochAudio
import KochCore
import KochSound

/// A contact practised live (`koch practice --kind qso`): the other station's overs play through
/// the sound device at the lesson's tone, speed and band conditions while the learner types
/// their copy (taken in their own turn too, as a copy typed late); then the learner keys their over (a key device or the microphone) from the script
/// on the screen, its blanks filled in by ear, each character shown as it is read; the over ends
/// at its hand-over word or a pause (`QSOOverEnd`), is read against the script, and the other
/// station answers what was sent (`QSOLiveContact`, `QSOReply`), until the contact's end or a
/// stop (Enter, `q` or Ctrl-C, or a device going away). It reads and plays; grading is the
/// caller's (`QSOSessionGrading`).
public struct QSOSession {
    /// How the session ended.
    public enum Ending: Sendable {
        /// The contact came to its end.
        case finished
        /// The learner stopped it.
        case stopped
        /// The keying stopped coming in (the key device went away).
        case inputEnded(KeyingInputEnding)
        /// The sound device went away.
        case soundLost(SoundError)
        /// An over was waited for and nothing was keyed.
        case nothingKeyed
    }

    /// A key pressed while the other station sent, at its time in the session.
    public enum CopyKey: Sendable, Hashable {
        case character(Character)
        case erase
    }

    public struct Result: Sendable {
        public let contact: QSOLiveContact
        public let ending: Ending
        /// What was typed as the copy of the other station, with its session seconds.
        public let copyKeys: [(key: CopyKey, seconds: Double)]
        public let durationSeconds: Double
    }

    public let script: QSOScript
    public let render: QSOScript.Renderer
    /// The other station's tone, speed, band conditions and seed.
    public let settings: LessonSettings
    /// The learner's sending speed: when their over's pause is long enough to end it.
    public let learnerTiming: Timing
    public let show: ShowSent
    /// How long after the other station's sound has left the device a microphone may still hear
    /// it (its echo, a sound server's buffers): the learner's keying is read from then on.
    public static let echoSeconds = 0.3
    /// The longest wait for an over: to begin keying it, or between two characters of it.
    public static let waitSeconds = 60.0

    public init(script: QSOScript, render: @escaping QSOScript.Renderer, settings: LessonSettings, learnerTiming: Timing, show: ShowSent) {
        self.script = script
        self.render = render
        self.settings = settings
        self.learnerTiming = learnerTiming
        self.show = show
    }

    /// Whether `q` stops the contact: not when the other station sends a Q to copy.
    public var quitsOnQ: Bool { !script.overs.contains { $0.station == .other && $0.text.contains("Q") } }

    /// Plays the other station through `output` and reads the learner's keying from `input` and
    /// their typing from `terminal`, drawing on `screen`, until the contact ends.
    public func run(output: SoundOutput, input: LiveKeyingInput, terminal: TerminalInput, screen: TerminalScreen) -> Result {
        let run = QSOSessionRun(session: self, output: output, input: input, terminal: terminal, screen: screen)
        run.input.start(sessionStartSeconds: run.startSeconds)
        while run.ending == nil, !run.contact.isOver {
            if let next = run.contact.next {
                run.play(next)
            } else if let over = run.contact.learnerOver {
                run.key(over)
            }
        }
        run.input.stop()
        output.close()
        run.draw(.ended, reveal: true)
        screen.close()
        return Result(
            contact: run.contact, ending: run.ending ?? .finished, copyKeys: run.copyKeys, durationSeconds: run.sessionSeconds)
    }

    /// The other station's transmission as sound: its words laid out at the lesson's timing, keyed
    /// with the lesson's tone and band conditions (each transmission its own stretch of noise).
    func sound(of text: String, index: Int) -> (Timeline, SampleSource)? {
        guard let words = try? MorseText(parsing: text) else { return nil }
        let timeline = Timeline(text: words, timing: settings.timing, leadInSeconds: 0.2, tailSeconds: 0.3)
        let synthesizer = ToneSynthesizer(
            frequencyHz: settings.toneHz, sampleRate: settings.sampleRateHz, riseSeconds: settings.riseMilliseconds / 1000)
        let sound = MixedSound(
            timeline: timeline, synthesizer: synthesizer, conditions: settings.conditions,
            seed: SeededGenerator.derivedSeed(settings.seed ^ 0x9503, index: index), speech: nil)
        return (timeline, sound.source)
    }
}
