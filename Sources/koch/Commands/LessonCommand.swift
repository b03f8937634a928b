import ArgumentParser
import Foundation
import KochAudio
import KochCore
import KochIO
import KochLessons

struct LessonCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "lesson",
        abstract: "Write Koch lessons as audio files, each with an answer key.",
        discussion: """
            Each lesson is random groups of 2 to 5 of the characters unlocked at your \
            level, the newest character coming up more often than the others, after that \
            character sent five times on its own (at level 2, both K and M: not graded; \
            --no-intro leaves it out). \
            Beside each audio file go NAME.key.json (for `koch grade`) and NAME.key.txt \
            (the groups to check your copy against, five to a line with the time each line \
            starts).

            --kind words, callsigns, qso or text make other lessons; --band (or --qrn, \
            --qsb, --qrm) puts them on a noisy, fading, busy band. The key records both.

            The level comes from your progress file (see `koch status`) unless you give \
            --level, and characters you often miss come up more often.

            With --direction send you get a send exercise instead: NAME.sheet.txt (the \
            groups to key) and NAME.key.json, and no audio unless you ask for it with \
            --format. Record your keying and grade it with `koch grade --audio`.

            With --kind qso --respond you answer a contact: the other station calls you, \
            and after each of its overs comes a pause in which you key yours (at --send-wpm, \
            default --wpm). NAME.sheet.txt gives your overs, with a blank for each thing \
            to fill in by ear (their call, their name). Play the lesson aloud, key into \
            the pauses, and grade both halves with `koch grade --key NAME.key.json --events \
            PADDLES.txt --transcript COPY.txt`. One lesson is one whole contact: --minutes \
            does not cut it.

            With --drill confusions each group sets two characters you confused lately \
            against each other (R and K, H and 5 …), the pairs you confused most and latest \
            drawn most often, the rest of the group from your level's characters; the key \
            and sheet name the pairs. It reads your last \(ConfusedPairs.windowSessions) \
            sessions in the lesson's direction (--direction send: what you keyed). With \
            nothing confused lately it says so and writes nothing.

            With --speak after (or before, repeat) the answers are spoken: after each \
            group, word or callsign a pause to think, then the answer said aloud (--spell \
            phonetic says Kilo Mike rather than K M), for lessons in the car with no pen. \
            The lesson opens with "Koch lesson, level 5. New character: R." and R sent \
            five times, each followed by its name, still lasts --minutes, and its key and \
            sheet tell where every item is sent and said. The voice is as loud as the \
            tone (--speech-volume moves it). Say how many you got with \
            `koch grade --key NAME.key.json --heard N`: it keeps your streak and schedule.

            Examples:
              koch lesson                      a 5-minute MP3 lesson at your level
              koch lesson --level 5 --count 3  three lessons with K M R S U
              koch lesson --seed 42            the same lesson every time
              koch lesson --direction send     a send exercise: a sheet to key
              koch lesson --kind words --band fair
              koch lesson --kind qso --qso-style contest --wpm 25 --effective 20
              koch lesson --kind qso --respond --send-wpm 15    a contact to answer
              koch lesson --kind text --file book.txt --format mp3 --out book
              koch lesson --chars KMRS --no-intro
              koch lesson --drill confusions   the pairs you confuse, drilled
              koch lesson --speak after --spell phonetic    for the car: answers spoken
              koch lesson --kind words --speak repeat --voice en-gb --speech-rate 140
              koch lesson --wpm 25 --effective 15 --tone 700 --format both --out ~/morse
            """
    )

    @Option(
        help:
            "Koch level: how many characters of the course are unlocked, 2 to 26 (2 is K M; to 41 in the full course, which a QSO or a text follows). Default: your level in the progress file."
    )
    var level: Int?

    @Option(help: "receive (copying) or send (keying): whose level and weak characters to use.")
    var direction: Direction = .receive

    @OptionGroup
    var progress: ProgressOption

    @Option(
        help:
            "Length of each lesson in minutes, \(LessonSettings.Limits.minutes.lowerBound.formatted) to \(LessonSettings.Limits.minutes.upperBound.formatted)."
    )
    var minutes: Double = LessonSettings.Defaults.minutes

    @Option(
        help:
            "How many lessons to write, \(LessonSettings.Limits.lessonCount.lowerBound) to \(LessonSettings.Limits.lessonCount.upperBound). Default: 1; with --kind text, every part of the text."
    )
    var count: Int?

    @Option(help: "Audio to write: mp3, wav, both or none (answer key only). Default: mp3; none for --direction send.")
    var format: AudioFormat?

    var audioFormat: AudioFormat { format ?? .standard(for: direction) }

    @Option(name: .customLong("out"), help: "Folder to write into; created if missing.")
    var outputFolder: String = "lessons"

    @Option(help: "Seed for the random groups; the same seed and settings give the same lessons. Default: a new random seed, recorded in the key.")
    var seed: UInt64?

    @OptionGroup(title: "Content")
    var content: ContentOptions

    @OptionGroup(title: "Drill")
    var drill: DrillOption

    @OptionGroup(title: "Sound")
    var sound: SoundOptions

    @OptionGroup(title: "MP3")
    var mp3: MP3Options

    @OptionGroup(title: "Band conditions")
    var band: BandOptions

    @OptionGroup(title: "Spoken answers")
    var speech: SpeechOptions

    @OptionGroup(title: "A contact to answer")
    var respond: RespondOptions

    /// What was asked for, as the libraries take it.
    func request() throws -> LessonRequest {
        var request = LessonRequest()
        content.apply(to: &request)
        request.level = level
        request.direction = direction
        request.minutes = minutes
        request.count = count
        request.sound = sound.request
        request.mp3BitrateKbps = mp3.bitrateKbps
        request.conditions = try band.conditions()
        request.seed = seed
        request.speech = speech.settings
        request.drill = drill.drill
        request.respond = respond.isOn
        request.respondSpeedWPM = respond.sendSpeedWPM
        return request
    }

    func validate() throws {
        try LessonRefusalText.check(try request())
        if audioFormat.writesMP3 { _ = try mp3.encoder(sound: sound) }
    }

    func run() throws {
        var making = LessonMaking(request: try request(), outputFolder: outputFolder, format: audioFormat)
        making.mp3Quality = mp3.quality
        do {
            _ = try making.make(progress: progress.store, now: try Now.date(), events: Self.tell)
        } catch let nothing as NothingConfused {
            print(DrillOption.nothingConfused(nothing.confusions, hint: LessonHint.command(direction: direction, course: nothing.course)))
            throw ExitCode.failure
        } catch let error as SpeechError {
            throw CommandFailure(description: error.description)
        }
    }
}
