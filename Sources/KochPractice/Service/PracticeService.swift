import Foundation
import KochAudio
import KochClass
import KochCore
import KochIO

/// Live practice as a service: a request in, events out as the session goes (what a screen
/// shows), and at the end a result recorded in the progress file or a typed refusal
/// (`PracticeRefusal`) that recorded nothing. It makes the lesson (or reads it from its key),
/// chooses and opens the devices, runs the session, keeps its files in `practice/` beside the
/// progress file, grades what came back by the pipeline `koch grade` uses, and records it.
public struct PracticeService {
    /// Sidetone and microphone rate: what sound cards and sound servers run at.
    public static let liveSampleRateHz = 48_000
    /// How long the test tone sounds (`--test-sound`), and the silence either side of it, which
    /// lets the device start and drain without cutting the tone's edges.
    static let testToneSeconds = 1.0
    static let testToneLeadSeconds = 0.05

    public let request: PracticeRequest
    let emit: (PracticeEvent) -> Void
    /// Now, for the lesson's creation and the session's date (`KOCH_NOW` by default, else the system's clock).
    let now: () throws -> Date
    /// The terminal the session reads keys from and draws on.
    let terminalEdge: PracticeTerminal

    var store: ProgressStore { ProgressStore(path: request.progressFile) }
    var folder: PracticeFolder { PracticeFolder(progressFile: request.progressFile) }

    public init(
        request: PracticeRequest, now: @escaping () throws -> Date = { try RunClock.now() }, terminal: PracticeTerminal = .standard,
        events: @escaping (PracticeEvent) -> Void
    ) {
        self.request = request
        self.now = now
        terminalEdge = terminal
        emit = events
    }

    /// Runs the session asked for; throws `PracticeRefusal` for what it refuses, and the errors of
    /// the files it reads and writes as they come.
    public func run() throws -> PracticeOutcome {
        if let conflict = request.conflict { throw PracticeRefusal.conflict(conflict) }
        switch request.exercise {
        case .testSound: return try testSound()
        case .characters: return try characters()
        case .contact: try contact()
        case .receive: try receive()
        case .send: try send()
        }
        return .recorded
    }

    func receive() throws {
        let practice = try lesson(direction: .receive)
        guard practice.key.direction == .receive else {
            throw PracticeRefusal.keyOfOtherDirection(path: request.keyPath, keyDirection: practice.key.direction)
        }
        try requireCopyTerminal()
        let output = try soundOutput(sampleRateHz: practice.sampleRateHz)
        let timings = PracticeTimings(nowSeconds: MonotonicClock.seconds())
        timings.outputLatencySeconds = output.outputLatencySeconds
        let session = ReceiveSession(lesson: practice, show: request.show)
        emit(.hint(session.hint))
        let terminal = try terminalInput()
        let result = session.run(output: output, input: terminal, screen: terminalEdge.screen())
        terminal.close()
        try writeTimings(timings)
        // Where it stopped is said once, by the grade, with how many groups that leaves.
        if case .soundLost(let error) = result.ending { emit(.soundLost(error)) }
        let base = PracticeFolder.baseName(of: practice.lesson)
        let keyPath = try keep(practice.key, base: base)
        let copyPath = try folder.keep(copy: result.text, baseName: base)
        try grade(.copy(result.text), key: practice.key, keyPath: keyPath, stoppedAtSeconds: result.stoppedAtSeconds, source: copyPath)
    }

    func send() throws {
        // The lesson first: a drill with nothing to drill says so before any device is asked for.
        let practice = try lesson(direction: .send)
        try requireKeying()
        guard practice.key.direction == .send else {
            throw PracticeRefusal.keyOfOtherDirection(path: request.keyPath, keyDirection: practice.key.direction)
        }
        let timings = PracticeTimings(nowSeconds: MonotonicClock.seconds())
        let input = try keyingInput(speedWPM: practice.key.settings.characterSpeedWPM, timings: timings)
        let terminal = try terminalInput()
        let (ending, _) = SendSession(key: practice.key).run(input: input, terminal: terminal, screen: terminalEdge.screen())
        terminal.close()
        try writeTimings(timings)
        if case .inputEnded(let end) = ending { try report(end, source: input.source) }
        let base = PracticeFolder.baseName(of: practice.lesson)
        let keyPath = try keep(practice.key, base: base)
        try folder.prepare()
        let (returned, kept) = try input.lessonReturn(keptIn: folder.path, baseName: base)
        try grade(returned, key: practice.key, keyPath: keyPath, stoppedAtSeconds: nil, source: kept)
    }

    func characters() throws -> PracticeOutcome {
        try requireKeying()
        let prepared = try prepared(direction: .send)
        let settings = prepared.settings
        tellNotes(of: prepared)
        let timings = PracticeTimings(nowSeconds: MonotonicClock.seconds())
        let input = try keyingInput(speedWPM: settings.characterSpeedWPM, timings: timings)
        var session = CharacterSession(drill: CharacterDrill(settings: settings), count: request.count, minutes: settings.minutes)
        let terminal = try terminalInput()
        let ending = session.run(input: input, terminal: terminal, screen: terminalEdge.screen())
        terminal.close()
        try writeTimings(timings)
        if case .inputEnded(let end) = ending { try report(end, source: input.source) }
        let drill = session.drill
        emit(.charactersKeyed(right: drill.rightCount, of: drill.attempts.count))
        guard let lesson = try drill.lesson() else { return .nothingKeyed }
        let key = AnswerKey(lesson: lesson, createdAt: CreationDate.date(now: try now()))
        let base = PracticeFolder.baseName(of: lesson)
        let keyPath = try keep(key, base: base)
        // Graded as the drill read it, so that the grade says what the drill showed; the keying is kept to look at again.
        let (_, kept) = try input.lessonReturn(keptIn: folder.path, baseName: base)
        try grade(
            .readLive(drill.reading, path: kept, keyerMade: drill.marksAreTheKeyers), key: key, keyPath: keyPath, stoppedAtSeconds: nil,
            source: kept)
        return .recorded
    }

    /// Says why the keying stopped coming in; refuses the session, recording nothing, when the
    /// key device's file or FIFO held no input events (none of it was keying).
    func report(_ end: KeyingInputEnding, source: String) throws(PracticeRefusal) {
        if case .notInputEvents(let reason) = end { throw .notInputEvents(reason, progressFile: store.path) }
        emit(.keyingEnded(end, source: source))
    }

    func writeTimings(_ timings: PracticeTimings) throws {
        guard let path = request.timingsPath else { return }
        try AtomicFile.write(try timings.json(nowSeconds: MonotonicClock.seconds()), to: path)
    }
}
