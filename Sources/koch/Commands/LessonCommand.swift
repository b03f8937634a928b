import ArgumentParser
import Foundation
import KochAudio
import KochCore
import KochIO

struct LessonCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "lesson",
        abstract: "Write Koch lessons as audio files, each with an answer key.",
        discussion: """
            Each lesson is random groups of 2 to 5 of the characters unlocked at your \
            level, the newest character coming up more often than the others. Beside each \
            audio file go NAME.key.json (for `koch grade`) and NAME.key.txt (the groups to \
            check your copy against, five to a line with the time each line starts).

            The level comes from your progress file (see `koch status`) unless you give \
            --level, and characters you often miss come up more often.

            With --direction send you get a send exercise instead: NAME.sheet.txt (the \
            groups to key) and NAME.key.json, and no audio unless you ask for it with \
            --format. Record your keying and grade it with `koch grade --audio`.

            Examples:
              koch lesson                      a 5-minute MP3 lesson at your level
              koch lesson --level 5 --count 3  three lessons with K M R S U
              koch lesson --seed 42            the same lesson every time
              koch lesson --direction send     a send exercise: a sheet to key
              koch lesson --wpm 25 --effective 15 --tone 700 --format both --out ~/morse
            """
    )

    @Option(help: "Koch level: how many characters of the course are unlocked, 2 to 26 (2 is K M). Default: your level in the progress file.")
    var level: Int?

    @Option(help: "receive (copying) or send (keying): whose level and weak characters to use.")
    var direction: Direction = .receive

    @OptionGroup
    var progress: ProgressOption

    @Option(help: "Length of each lesson in minutes, 0.5 to 60.")
    var minutes: Double = 5

    @Option(help: "How many lessons to write, 1 to 999.")
    var count: Int = 1

    @Option(help: "Audio to write: mp3, wav, both or none (answer key only). Default: mp3; none for --direction send.")
    var format: AudioFormat?

    /// Send exercises are read from a sheet; their audio is only a model to imitate.
    var audioFormat: AudioFormat { format ?? (direction == .send ? .none : .mp3) }

    @Option(name: .customLong("out"), help: "Folder to write into; created if missing.")
    var outputFolder: String = "lessons"

    @Option(help: "Seed for the random groups; the same seed and settings give the same lessons. Default: a new random seed, recorded in the key.")
    var seed: UInt64?

    @OptionGroup(title: "Sound")
    var sound: SoundOptions

    func validate() throws {
        let course = KochCourse.letters
        if let level, !course.levels.contains(level) {
            throw ValidationError("--level must be \(course.levels.lowerBound) to \(course.levels.upperBound), not \(level).")
        }
        guard (0.5...60).contains(minutes) else {
            throw ValidationError("--minutes must be 0.5 to 60, not \(minutes.formatted).")
        }
        guard (1...999).contains(count) else {
            throw ValidationError("--count must be 1 to 999, not \(count).")
        }
        if audioFormat.writesMP3 { _ = try sound.mp3Encoder() }
    }

    func run() throws {
        try Folder.prepareForWriting(outputFolder)
        let templates = try Templates()
        let encoder = audioFormat.writesMP3 ? try sound.mp3Encoder() : nil

        var settings = LessonSettings()
        let plan = try learnerPlan(course: settings.course)
        let level = plan.level
        settings.level = level
        settings.direction = direction
        settings.extraWeight = plan.extraWeight
        settings.minutes = minutes
        sound.apply(to: &settings)
        settings.seed = seed ?? UInt64.random(in: 0...UInt64.max >> 11)

        let writer = LessonWriter(folder: outputFolder, templates: templates, synthesizer: sound.synthesizer, encoder: encoder, format: audioFormat)
        let unlocked = settings.course.unlocked(atLevel: level).map(\.text).joined(separator: " ")
        print("Level \(level) (\(unlocked)), \(settings.characterSpeedWPM.formatted)/\(settings.effectiveSpeedWPM.formatted) WPM, \(sound.toneHz.formatted) Hz, seed \(settings.seed):")
        if let note = plan.note { print("  " + note) }
        for number in 1...count {
            let lesson = Lesson(settings: settings, number: number, count: count)
            let files = try writer.write(lesson, createdAt: Date())
            print("  lesson \(number) of \(count): \(AnswerSheet.minuteSecond(lesson.timeline.durationSeconds)), \(lesson.text.words.count) groups")
            for file in files { print("    \(file)") }
        }
    }
}
