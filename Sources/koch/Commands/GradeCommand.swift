import ArgumentParser
import Foundation
import KochClass
import KochCore
import KochDecoding
import KochIO

struct GradeCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "grade",
        abstract: "Score your copy of a lesson against its answer key, and record it in your progress.",
        discussion: """
            Type what you copied into a text file, as you wrote it: case, line breaks, \
            extra spaces and group numbers (1. 2) 3:) do not count. Write ? _ * or - for a \
            character you did not catch. Your copy is aligned with what was sent as a \
            whole, so a group you skipped costs only its own characters, and groups you \
            ran together or split cost nothing.

            Accuracy = characters right / (characters sent + extra characters written), \
            so guessing extra characters never helps.

            A level lesson (groups of your course's characters, koch lesson's default) at \
            your level or above, with 90 % or better over at least 20 characters, unlocks \
            the next character: one level up, whatever level the lesson was made at. One \
            below your level is a review. Level lessons also set your next practice day, by \
            the spaced-repetition rules: at 90 % the interval doubles (up to 30 days, at \
            most 2 in your first 14 days), at 70-89 % it stays, under 70 % it is 1 day; a \
            session more than twice the interval late starts again at 1 day. Drills of \
            chosen characters, words, callsigns, QSOs and texts count for your character \
            statistics and your streak, never for the level or the schedule; they are \
            recorded whatever course they are from.

            Stopped a lesson early (in the car, say)? Give --stopped-at M:SS, the time the \
            player showed: only the groups sent before it (their sound ended) are graded \
            (with --heard, count the items before it). A recording or log of your keying needs no stop: it is \
            graded up to the last group you keyed.

            Each lesson counts once: grading the same answer key again is refused \
            unless you give --replace.

            Send exercises (koch lesson --direction send): record your keying and give \
            the recording with --audio. It is decoded as `koch decode` does (WAV, FLAC, \
            Ogg, Opus, MP3, or what a phone records: M4A, 3GP, WebM), graded against \
            the key like a typed copy (a pattern that is no character counts as a wrong \
            character), recorded in your send level, and followed by a report on your \
            fist: speed, dah/dit ratio, gaps, how even your dits and dahs are, the \
            characters whose timing was ambiguous, and what to work on. Someone who \
            copied your sending by ear can grade it with --transcript instead; it counts \
            for your send level too. A receive lesson's key takes only --transcript.

            A contact to answer (koch lesson --kind qso --respond): give the log of your \
            paddles with --events, timed from the start of the lesson, and your copy of the \
            other station with --transcript. Each character you keyed in a pause goes to \
            that pause's over; each over is read against your sheet with the values you \
            heard, and each value sent wrong is named (over 2: report 599, the script: \
            579). Both halves are recorded as QSO sessions, your overs in your send \
            statistics and your copy in your receive ones; a QSO moves neither level nor \
            schedule. An over with nothing keyed counts as not sent; a log with nothing in \
            any pause is refused. --transcript alone grades your copy as any lesson's.

            A spoken lesson (koch lesson --speak), heard in the car with no pen: give \
            --heard N, how many of its items you got right by your own reckoning. It is \
            recorded as self-scored: it keeps your streak and sets your next practice day \
            like a level lesson, and never touches your level or character statistics.

            Examples:
              koch grade --key lessons/NAME.key.json --transcript copy.txt
              koch grade --key NAME.key.json < copy.txt      (copy on standard input)
              koch grade --key NAME.key.json --transcript copy.txt --date 2026-11-21T19:30
                  a lesson done last night, graded today
              koch grade --key NAME.key.json --transcript copy.txt --stopped-at 2:00
                  a lesson stopped two minutes in: the rest is not counted
              koch grade --key NAME.key.json --transcript copy.txt --dry-run --json
                  score only, as JSON; nothing recorded
              koch grade --key lessons/koch-send-NAME.key.json --audio keying.wav
                  a send exercise, from a recording of your keying
              koch grade --key lessons/koch-qso-01-NAME.key.json --events paddles.txt --transcript copy.txt
                  a contact answered: your overs from your paddles, and your copy
              koch grade --key lessons/NAME.key.json --heard 30
                  a spoken lesson: 30 of its items right, by your own count
              koch grade --key lessons/NAME.key.json --audio room.m4a
                  a contact you answered (koch lesson --kind qso --respond), played
                  aloud and recorded with your keying in its pauses

            A teacher grades a whole class's returns at once with --pack (the pack made \
            with koch pack --roster), --returns (a folder with a folder for each learner, \
            named as in the roster, holding their typed copies as .txt files and their \
            recordings); the class list is the roster the pack's manifest names (or \
            --roster class.csv). A roster line that gives a level records in the progress \
            file the pack started for it (progress/NAME.json beside the roster, or the \
            --progress-dir the pack was given). A return is matched to its \
            lesson by the lesson's ID in its file name (koch-level05-01-3fa94c1d.txt, or \
            R05-3fa94c1d2b7e) or on the copy's first line, or by the learner having one \
            lesson; it is never guessed. Each is graded and recorded in the learner's \
            progress file as above; lessons graded before are not graded again (unless \
            --replace), so the command can be run again as returns come in. Recordings \
            are decoded on every core. A return that cannot be graded (an unknown folder, \
            an empty or unreadable file, a copy of another learner's lesson, two returns \
            of one lesson, a silent or implausible recording) is listed with its path and \
            why, the others are graded, and the exit status is 1. A learner whose progress \
            file cannot be read is left out and the file left alone. The pack then holds \
            gradebook.csv (a row per learner and lesson graded, per return not graded and \
            why, and per learner who returned nothing), gradebook.html (the class at a \
            glance) and feedback/NAME.html (a page for each learner to send on).

              koch grade --pack week1 --returns returns
              koch grade --pack week1 --returns returns --date 2026-11-27
                  the returns of the week, recorded as done on Friday
            """
    )

    @Option(name: .customLong("key"), help: ArgumentHelp("The lesson's answer key, NAME.key.json, written by `koch lesson`.", valueName: "file"))
    var keyOption: String?

    /// The key; `validate()` has made sure it was given, unless a class is graded.
    var keyPath: String { keyOption ?? "" }

    @OptionGroup(title: "A class's returns (instead of --key)")
    var returns: ClassReturnsOptions

    @Option(
        name: .customLong("transcript"),
        help: ArgumentHelp("Your copy, as a text file; - or nothing reads it from standard input.", valueName: "file"))
    var transcriptPath: String?

    @Option(
        name: .customLong("audio"),
        help: ArgumentHelp(
            "A recording of your keying of a send exercise, or of a contact you answered (the lesson aloud, your overs in its pauses), to grade.",
            valueName: "file"))
    var audioPath: String?

    @Option(
        name: .customLong("events"),
        help: ArgumentHelp(
            "A log of your paddle or straight-key events for a send exercise (see koch keyer), or for a contact to answer (timed from the lesson's start), to grade.",
            valueName: "file"))
    var eventsPath: String?

    @OptionGroup(title: "Paddle logs (--events)")
    var keyer: KeyerOptions

    @Option(
        name: .customLong("tone"),
        help:
            "With --audio: your sidetone's frequency in Hz, from 100 to 0.45 of the sample rate, if the automatic search (300 to 1500 Hz) picks the wrong one; a few hertz off is near enough."
    )
    var toneHz: Double?

    @Option(
        name: .customLong("wpm"),
        help:
            "With --audio: your speed in WPM (\(DecoderConfiguration.speedRangeWPM.lowerBound.formatted) to \(DecoderConfiguration.speedRangeWPM.upperBound.formatted)), if the decoder misjudges it."
    )
    var speedWPM: Double?

    @OptionGroup
    var progress: ProgressOption

    @Option(
        help: ArgumentHelp(
            "When you did the lesson, on your clock: 2026-11-21T19:30 (or with an offset, +01:00). Default: now.",
            valueName: "date"))
    var date: String?

    @Option(
        name: .customLong("stopped-at"),
        help: ArgumentHelp(
            "Where you stopped the lesson, from its start (M:SS, as the player shows it): only what was sent before it is graded.",
            valueName: "time"))
    var stoppedAt: LessonMoment?

    @Option(
        name: .customLong("heard"),
        help: ArgumentHelp(
            "For a spoken lesson (koch lesson --speak): how many of its items (groups, words, or a QSO's lines) you got right, by your own reckoning. Counts for your streak and schedule, not your level or character statistics.",
            valueName: "count"))
    var heard: Int?

    @Flag(help: "Print the result as one JSON object.")
    var json = false

    @Flag(help: "Score only: record nothing in the progress file.")
    var dryRun = false

    @Flag(help: "Grade a lesson that was graded before again, replacing the earlier result.")
    var replace = false

    @Flag(
        help:
            "Record a copy that covers under a quarter of the lesson, as a partial copy: it counts for your streak and history, not your statistics, level or schedule."
    )
    var partial = false

    @Flag(
        help:
            "Record a copy even though it does not look like one of this lesson (another key in the folder fits it far better, or it matches almost nothing of this one)."
    )
    var force = false

    func validate() throws {
        if let date, LocalTimestamp.parse(date, timeZone: .current) == nil {
            throw ValidationError("--date must be a date and time such as 2026-11-21T19:30 or 2026-11-21, not \"\(date)\".")
        }
        if returns.isGiven { return try validateClass() }
        guard keyOption != nil else {
            throw ValidationError("Give the lesson's answer key with --key NAME.key.json (or a class's returns with --pack, --returns and --roster).")
        }
        if let heard {
            if [audioPath, transcriptPath, eventsPath].contains(where: { $0 != nil }) || partial {
                throw ValidationError("--heard is your own count of a spoken lesson: give it without --transcript, --audio, --events or --partial.")
            }
            guard heard >= 0 else { throw ValidationError("--heard must be 0 or more, not \(heard).") }
            return
        }
        // A keying (a log of paddles, or a recording) and a copy are the two halves of a contact
        // answered (a key with a QSO to answer): checked once the key is read.
        if [audioPath, transcriptPath, eventsPath].compactMap({ $0 }).count > 1, transcriptPath == nil || (audioPath != nil && eventsPath != nil) {
            throw ValidationError("Give one of --audio (a recording of your keying), --events (a log of your paddles) or --transcript (a copy).")
        }
        if audioPath != nil || eventsPath != nil, stoppedAt != nil {
            throw ValidationError(
                "--stopped-at is for a lesson you listened to (--transcript, --heard): a keying is graded up to where it ends, wherever you stopped.")
        }
        if eventsPath != nil, toneHz != nil {
            throw ValidationError("--tone is not for a log of key events.")
        }
        if audioPath == nil, eventsPath == nil, toneHz != nil || speedWPM != nil {
            throw ValidationError("--tone and --wpm describe a recording: use them with --audio.")
        }
        if let toneHz, toneHz < 100 {
            throw ValidationError("--tone must be 100 Hz or more (and under 0.45 of the recording's sample rate), not \(toneHz.formatted).")
        }
        if eventsPath != nil, let speedWPM, !KeyerSpeed.allows(speedWPM) {
            let range = KeyerSpeed.rangeWPM
            throw ValidationError(
                "--wpm for a paddle log is the keyer's speed: \(range.lowerBound.formatted) to \(range.upperBound.formatted), not \(speedWPM.formatted)."
            )
        }
        if eventsPath == nil, keyer.mode != nil || keyer.paddleKeys != nil {
            throw ValidationError("--mode and --paddle-keys describe a log of key events: use them with --events.")
        }
        if partial, audioPath != nil || eventsPath != nil {
            throw ValidationError("--partial is for a copy (--transcript) of under a quarter of the lesson; a keying is graded as it was keyed.")
        }
        if let speedWPM, !DecoderConfiguration.speedRangeWPM.contains(speedWPM) {
            throw ValidationError(
                "--wpm must be \(DecoderConfiguration.speedRangeWPM.lowerBound.formatted) to \(DecoderConfiguration.speedRangeWPM.upperBound.formatted), not \(speedWPM.formatted)."
            )
        }
        if audioPath == nil, eventsPath == nil, transcriptPath == nil || transcriptPath == "-", isatty(STDIN_FILENO) == 1 {
            throw ValidationError("Give your copy with --transcript FILE, or pipe it in: koch grade --key \(keyPath) < copy.txt")
        }
    }

    func run() throws {
        if returns.isGiven { return try gradeClass() }
        let key = try AnswerKeyFile.read(keyPath)
        if let eventsPath, key.qso != nil { return try gradeContact(key, events: eventsPath) }
        if key.qso != nil, let audioPath { return try gradeContactRecording(key, audioPath: audioPath) }
        if eventsPath != nil || audioPath != nil, transcriptPath != nil {
            throw CommandFailure(
                description:
                    "\(keyPath) is not the key of a contact to answer. Give one of --audio (a recording of your keying), --events (a log of your paddles) or --transcript (a copy); a keying and --transcript together grade both halves of a contact (koch lesson --kind qso --respond)."
            )
        }
        let grading = try lessonGrading(of: key)
        let store = progress.store
        let refusals = GradeRefusalText(
            keyPath: keyPath, lessonID: key.lessonID, progressFile: store.path, date: date, copySource: transcriptName ?? "Standard input",
            returnSource: audioPath ?? eventsPath ?? transcriptName ?? "your copy")
        let grade: LessonGrade
        do {
            grade = try grading.grade(try lessonReturn(admittedBy: grading), warn: Self.warn)
        } catch let refused as LessonGrading.Refusal {
            throw refusals.failure(refused)
        }
        let recorded: RecordedGrade
        do {
            // A progress file that cannot be written is said after the result, which the learner sees first.
            recorded = try grade.record(in: store, replace: replace, dryRun: dryRun)
        } catch let refused as SessionRecording.Refusal {
            throw refusals.failure(refused, of: grade.session)
        }
        if json {
            let encoder = JSONEncoder()
            encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
            print(String(decoding: try encoder.encode(LessonReport(recorded, progressFile: store.path)), as: UTF8.self))
        } else if let copy = grade.copy {
            print(GradeText(recorded: recorded, copy: copy, progressFile: store.path).text, terminator: "")
        } else {
            print(HeardText(recorded: recorded, progressFile: store.path).text, terminator: "")
        }
        if let writeFailure = recorded.writeFailure { throw writeFailure }
    }

    /// The transcript's file; nil when the copy comes on standard input.
    var transcriptName: String? { transcriptPath.flatMap { $0 == "-" ? nil : $0 } }

    /// When the lessons were done (`--date`, else now) and when they are graded (now), on this machine's clock.
    func sessionDates() throws -> (done: LocalTimestamp, gradedAt: LocalTimestamp) {
        let gradedAt = LocalTimestamp(date: try Now.date(), timeZone: .current)
        return (date.flatMap { LocalTimestamp.parse($0, timeZone: .current) } ?? gradedAt, gradedAt)
    }

    /// The grading of this lesson as the options ask.
    private func lessonGrading(of key: AnswerKey) throws -> LessonGrading {
        let (done, gradedAt) = try sessionDates()
        var grading = LessonGrading(key: key, done: done, gradedAt: gradedAt)
        grading.doneGivenWithTime = date.map(LocalTimestamp.givesTimeOfDay)
        grading.stoppedAtSeconds = stoppedAt?.seconds
        grading.partial = partial
        grading.force = force
        if heard == nil, !force { grading.otherKeys = AnswerKeyFile.siblings(of: keyPath) }
        return grading
    }

    /// The return the options give, read once the key and the date have been found to take it.
    private func lessonReturn(admittedBy grading: LessonGrading) throws -> LessonReturn {
        if let heard { return .heard(heard) }
        if let audioPath {
            _ = try grading.admit(.keying)
            try FileError.checkNotFolder(audioPath, expected: "the recording of your keying")
            guard FileManager.default.fileExists(atPath: audioPath) else {
                throw CommandFailure(description: "\(audioPath): there is no recording here. Give the path of the recording of your keying.")
            }
            return .recording(path: audioPath, toneHz: toneHz, speedWPM: speedWPM)
        }
        if let eventsPath {
            _ = try grading.admit(.keying)
            return .events(try keyer.read(eventsPath), path: eventsPath, speedWPM: speedWPM, mode: keyer.modeOrDefault)
        }
        _ = try grading.admit(.copy)
        return .copy(try readTranscript())
    }

    /// Said on standard error, where it is seen even when standard output goes to a file.
    static func warn(_ line: String) {
        FileHandle.standardError.write(Data((line + "\n").utf8))
    }

    func readTranscript() throws -> String {
        let data: Data
        if let transcriptPath, transcriptPath != "-" {
            try FileError.checkNotFolder(transcriptPath, expected: "your copy (a text file)")
            guard let contents = try FileBytes.read(transcriptPath) else {
                throw CommandFailure(
                    description: "\(transcriptPath): there is no transcript here. Type your copy into a text file and give its path.")
            }
            data = Data(contents)
        } else {
            data = FileHandle.standardInput.readDataToEndOfFile()
        }
        let source = transcriptName ?? "standard input"
        do {
            return try Transcript.text(of: [UInt8](data))
        } catch .tooLong(let count) {
            throw CommandFailure(description: "\(source): the transcript is \(count) bytes, far more than a lesson's copy; is it the right file?")
        } catch {
            throw CommandFailure(description: "\(source): the transcript is not UTF-8 text. Save it as plain text.")
        }
    }
}
