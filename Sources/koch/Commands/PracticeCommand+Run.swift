import ArgumentParser
import Foundation
import KochAudio
import KochClass
import KochCore
import KochIO
import KochLessons
import KochPractice
import KochSound

/// A practice session as the options ask: the lesson made (or read from its key), the devices
/// opened, the session run, then graded and recorded by the pipeline `koch grade` uses.
struct PracticeRunner {
    let command: PracticeCommand
    var store: ProgressStore { command.progress.store }
    var folder: PracticeFolder { PracticeFolder(progressFile: store.path) }

    /// Sidetone and microphone rate: what sound cards and sound servers run at.
    static let liveSampleRateHz = 48_000

    func receive() throws {
        let practice = try lesson(direction: .receive)
        guard practice.key.direction == .receive else {
            throw CommandFailure(description: "\(command.keyPath ?? "The key") is a send exercise's: practise it with koch practice send.")
        }
        try requireCopyTerminal()
        let output = try soundOutput(sampleRateHz: practice.sampleRateHz)
        let timings = PracticeTimings(nowSeconds: MonotonicClock.seconds())
        timings.outputLatencySeconds = output.outputLatencySeconds
        let session = ReceiveSession(lesson: practice, show: command.show)
        say(session.hint)
        fflush(nil)
        let terminal = try terminalInput()
        let result = session.run(output: output, input: terminal, screen: TerminalScreen())
        terminal.close()
        try writeTimings(timings)
        // Where it stopped is said once, by the grade, with how many groups that leaves.
        if case .soundLost(let error) = result.ending { print("\(error)") }
        let base = PracticeFolder.baseName(of: practice.lesson)
        let keyPath = try keep(practice.key, base: base)
        let copyPath = try keepCopy(result.text, base: base)
        try grade(.copy(result.text), key: practice.key, keyPath: keyPath, stoppedAtSeconds: result.stoppedAtSeconds, source: copyPath)
    }

    func send() throws {
        // The lesson first: a drill with nothing to drill says so before any device is asked for.
        let practice = try lesson(direction: .send)
        try requireKeying()
        guard practice.key.direction == .send else {
            throw CommandFailure(description: "\(command.keyPath ?? "The key") is a lesson to copy: practise it with koch practice (receive).")
        }
        let timings = PracticeTimings(nowSeconds: MonotonicClock.seconds())
        let input = try keyingInput(speedWPM: practice.key.settings.characterSpeedWPM, timings: timings)
        fflush(nil)
        let terminal = try terminalInput()
        let (ending, _) = SendSession(key: practice.key).run(input: input, terminal: terminal, screen: TerminalScreen())
        terminal.close()
        try writeTimings(timings)
        if case .inputEnded(let end) = ending { try report(end, source: input.source) }
        let base = PracticeFolder.baseName(of: practice.lesson)
        let keyPath = try keep(practice.key, base: base)
        try folder.prepare()
        let (returned, kept) = try input.lessonReturn(keptIn: folder.path, baseName: base)
        try grade(returned, key: practice.key, keyPath: keyPath, stoppedAtSeconds: nil, source: kept)
    }

    func characters() throws {
        try requireKeying()
        let (settings, note) = try settings(direction: .send)
        if let note { print(note) }
        let timings = PracticeTimings(nowSeconds: MonotonicClock.seconds())
        let input = try keyingInput(speedWPM: settings.characterSpeedWPM, timings: timings)
        var session = CharacterSession(drill: CharacterDrill(settings: settings), count: command.count, minutes: command.minutes)
        fflush(nil)
        let terminal = try terminalInput()
        let ending = session.run(input: input, terminal: terminal, screen: TerminalScreen())
        terminal.close()
        try writeTimings(timings)
        if case .inputEnded(let end) = ending { try report(end, source: input.source) }
        let drill = session.drill
        print("\(drill.rightCount) of \(drill.attempts.count) keyed right.")
        guard let lesson = try drill.lesson() else {
            print("Nothing was keyed, so nothing is recorded.")
            return
        }
        let key = AnswerKey(lesson: lesson, createdAt: CreationDate.date(now: try Now.date()))
        let base = PracticeFolder.baseName(of: lesson)
        let keyPath = try keep(key, base: base)
        // Graded as the drill read it, so that the grade says what the drill showed; the keying is kept to look at again.
        let (_, kept) = try input.lessonReturn(keptIn: folder.path, baseName: base)
        try grade(
            .readLive(drill.reading, path: kept, keyerMade: drill.marksAreTheKeyers), key: key, keyPath: keyPath, stoppedAtSeconds: nil, source: kept)
    }

    /// Prints `text`, broken at its spaces to fit the terminal.
    func say(_ text: String) {
        print(TerminalScreen().fitted(text))
    }

    /// Refuses, before anything plays, a session whose copy would come from standard input that is no terminal.
    func requireCopyTerminal() throws {
        do {
            try CopyTerminal.check(keyPath: command.keyPath)
        } catch {
            throw CommandFailure(description: error.description)
        }
    }

    func terminalInput() throws -> TerminalInput {
        do {
            return try TerminalInput()
        } catch {
            throw CommandFailure(description: "\(error)")
        }
    }

    /// Says why the keying stopped coming in; refuses the session, recording nothing, when the
    /// key device's file or FIFO held no input events (none of it was keying).
    func report(_ end: KeyingInputEnding, source: String) throws {
        switch end {
        case .keyDeviceEnded(let reason): print("\(reason) What was keyed before is graded.")
        case .soundLost(let error): print("\(error) What was keyed before is graded.")
        case .recordingEnded: print("\(source) has ended.")
        case .notInputEvents(let reason):
            throw CommandFailure(description: "\(reason) Nothing was recorded: \(store.path) was not changed.")
        }
    }
}
