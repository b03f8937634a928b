import Foundation
import KochAudio
import KochCore
import KochPresentation

/// One run of a `QSOSession`: the contact's state and the devices, turn by turn.
final class QSOSessionRun {
    let session: QSOSession
    let output: SoundOutput
    let input: LiveKeyingInput
    let terminal: TerminalInput
    let screen: TerminalScreen
    let startSeconds = MonotonicClock.seconds()
    var contact: QSOLiveContact
    var ending: QSOSession.Ending?
    var copyKeys: [(key: QSOSession.CopyKey, seconds: Double)] = []
    private var entries: [(entry: QSOScreenText.Entry, hidden: Bool)] = []
    private var transmissions = 0
    private var terminalEnded = false
    private var lastDrawn: [String] = []

    init(session: QSOSession, output: SoundOutput, input: LiveKeyingInput, terminal: TerminalInput, screen: TerminalScreen) {
        self.session = session
        self.output = output
        self.input = input
        self.terminal = terminal
        self.screen = screen
        contact = QSOLiveContact(script: session.script)
    }

    var sessionSeconds: Double { MonotonicClock.seconds() - startSeconds }

    /// Plays the other station's transmission; what is typed meanwhile is the copy.
    func play(_ transmission: QSOLiveContact.Transmission) {
        let text: String
        switch transmission {
        case let .over(over): text = over.text
        case let .query(query): text = query
        }
        guard let (timeline, sound) = session.sound(of: text, index: transmissions) else {
            contact.stop()
            return
        }
        transmissions += 1
        let player = LessonPlayer(sound: sound, output: output)
        let start = sessionSeconds
        input.readsKeying(false, fromSeconds: start)
        player.start()
        var typed = ""
        while ending == nil, player.positionSamples < sound.count {
            if let lost = player.lost { ending = .soundLost(lost) }
            if let end = input.ending { ending = .inputEnded(end) }
            // Keying while the other station sends is not the learner's over.
            _ = input.takeCharacters()
            draw(.listening(typed: typed, coming: contact.comingLearnerOver?.script))
            readCopy(into: &typed)
        }
        player.stop()
        // The learner's turn, from when the transmission's last sound has left the device and died away in the room.
        input.readsKeying(true, fromSeconds: sessionSeconds + output.outputLatencySeconds + QSOSession.echoSeconds)
        contact.sent(timeline, startSeconds: start, stoppedAtSeconds: ending == nil ? nil : sessionSeconds)
        let isQuery = if case .query = transmission { true } else { false }
        entries.append((QSOScreenText.Entry(speaker: .other, text: text), !isQuery && session.show == .end))
    }

    /// Reads one key of the copy (waiting up to 20 ms): a character or an erasure, or a stop.
    private func readCopy(into typed: inout String) {
        guard !terminalEnded else {
            Thread.sleep(forTimeInterval: 0.02)
            return
        }
        guard let key = terminal.next(timeoutSeconds: 0.02) else { return }
        switch key {
        case .interrupt, .enter: ending = .stopped
        case .character(let character) where session.quitsOnQ && (character == "q" || character == "Q"): ending = .stopped
        case .character(let character):
            copyKeys.append((.character(character), sessionSeconds))
            typed.append(character)
        case .backspace:
            copyKeys.append((.erase, sessionSeconds))
            if !typed.isEmpty { typed.removeLast() }
        case .endOfInput: terminalEnded = true
        case .space, .other: break
        }
    }

    /// Reads the learner's over until it ends; the other station's answer to it comes next.
    func key(_ over: QSOOver) {
        let overEnd = QSOOverEnd(over: over, timing: session.learnerTiming)
        let wordGapSeconds = session.learnerTiming.durationSeconds(of: .word)
        let start = sessionSeconds
        var keyed = ""
        var typed = ""
        var lastReadSeconds = start
        while ending == nil {
            let now = sessionSeconds
            let read = input.takeCharacters()
            SendSession.append(read, to: &keyed)
            if !read.isEmpty { lastReadSeconds = now }
            draw(.keying(script: over.script, keyed: keyed))
            if let end = input.ending {
                ending = .inputEnded(end)
                break
            }
            let silence = input.restingSinceSeconds.map { now - $0 } ?? 0
            let words = keyed.split(separator: " ").map(String.init)
            let complete = silence >= wordGapSeconds ? words : Array(words.dropLast())
            if overEnd.hasEnded(words: complete, silenceSeconds: silence) { break }
            if now - lastReadSeconds > QSOSession.waitSeconds {
                if keyed.isEmpty { ending = .nothingKeyed }
                break
            }
            // What is typed in the learner's own turn is still copy: the other station's last words, typed late.
            readCopy(into: &typed)
        }
        finish(over, keyed: keyed, startSeconds: start)
    }

    /// The over as keyed, given to the contact, and shown with what was wrong in it.
    private func finish(_ over: QSOOver, keyed: String, startSeconds: Double) {
        guard ending == nil || !keyed.isEmpty else {
            contact.stop()
            return
        }
        let stopped = ending != nil
        guard let reading = contact.keyed(keyed, startSeconds: startSeconds, endSeconds: sessionSeconds, stopped: stopped, render: session.render)
        else { return }
        let notes = QSOScreenText.notes(reading.wrongChecks)
        entries.append((QSOScreenText.Entry(speaker: .learner, text: keyed.isEmpty ? "(nothing read)" : keyed, notes: notes), false))
        if stopped { contact.stop() }
    }

    /// Shows the contact so far and `turn`; `reveal` shows what `--show end` held back.
    func draw(_ turn: QSOScreenText.Turn, reveal: Bool = false) {
        let shown = entries.map { item in
            item.hidden && !reveal ? QSOScreenText.Entry(speaker: .other, text: "(sent; shown at the end)") : item.entry
        }
        let lines = QSOScreenText(
            entries: shown, turn: turn, elapsedSeconds: sessionSeconds, widthColumns: screen.lineWidthColumns,
            lineLimit: screen.heightLines.map { max(4, $0 - 4) }
        ).lines
        guard lines != lastDrawn || screen.isResized else { return }
        screen.show(lines)
        lastDrawn = lines
    }
}
