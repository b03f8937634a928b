import ArgumentParser
import Foundation
import KochAudio
import KochClass
import KochCore
import KochIO
import KochLessons
import KochPresentation

struct PackCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "pack",
        abstract: "Make a lesson pack for a class: lessons, answer sheets, playlists, an index and a manifest.",
        discussion: """
            One folder a level (or a learner, with --roster), each with its lessons (MP3, \
            and WAV if asked), their answer keys, playlist.m3u in lesson order, and \
            sheets.html to print (numbered boxes to copy into, then the keys for the \
            teacher). At the top: index.html with links to everything, and manifest.json \
            with every file's size and SHA-256 (check it with `koch pack --verify DIR`).

            The same command and seed make the same pack, byte for byte, whatever --jobs \
            is, when SOURCE_DATE_EPOCH gives the time stamps (else they are the time the \
            pack was begun). An interrupted pack is finished by running the same command \
            again: complete files are kept, the rest is made, and the seed and time stamp \
            are the pack's. --shard K/N makes the K-th of N disjoint parts (for several \
            machines or processes: give each the same --seed and SOURCE_DATE_EPOCH); the \
            run that completes the pack writes the manifest.

            Examples:
              koch pack --levels 2-26 --per-level 5 --out pack
              koch pack --levels 2-10 --per-level 3 --format both --seed 7 --out week1
              koch pack --roster class.csv --per-level 2 --out class
              koch pack --roster class.csv --direction send --out class-send
                  send exercises at each learner's send level, sheets to key from
              koch pack --levels 2-26 --seed 7 --out pack --shard 2/4
              koch pack --verify pack
              koch pack --levels 2-10 --keys separate --out week1
                  the keys in week1/teacher/, not linked from the learners' index
              koch pack --levels 2-8 --per-level 3 --speak after --spell phonetic --out car
                  lessons for the car: every answer said after it is sent

            A roster is one learner a line: `name, level` or `name, path/to/progress.json` \
            (a path relative to the roster's folder); lessons are then made at each \
            learner's level (their send level with --direction send), with their weak \
            characters coming up more often, in a folder learner-NAME (the name in plain \
            ASCII: Anna Müller is learner-anna-muller). A line with a level starts the \
            learner's progress file at that level, progress/NAME.json beside the roster \
            (or in --progress-dir), where koch grade --pack records their returns; a file \
            already there is used as it stands, never overwritten (a direction with no start \
            and no session in it is started). A roster's pack keeps \
            its answer keys in teacher/ (--keys separate) unless you give --keys beside.

              koch pack --roster class.csv --progress-dir progress-files --out week1
            """
    )

    @Option(help: "Levels to make lessons for: 2-26, 5, or 2,4,6 (to 41 with --course full).")
    var levels: String?

    @Option(help: "A class list (CSV): one learner a line, `name, level` (their progress file is started at it) or `name, progress.json`.")
    var roster: String?

    @Option(
        name: .customLong("progress-dir"),
        help: ArgumentHelp(
            "Where the progress files of the roster's learners given a level are started (NAME.json). Default: progress/ beside the roster.",
            valueName: "folder"))
    var progressFolder: String?

    @Option(
        help: ArgumentHelp(
            "beside (each lesson's keys beside it, and the key pages after the copy pages in sheets.html) or separate (the keys and their pages in teacher/, which the learners' index does not link). Default: separate with --roster (the learners get their folders), else beside.",
            valueName: "where"))
    var keys: KeyPlacement?

    /// A roster's pack goes to its learners, so its keys are kept apart unless asked otherwise.
    private var keysSeparate: Bool { (keys ?? (roster == nil ? .beside : .separate)) == .separate }

    enum KeyPlacement: String, ExpressibleByArgument {
        case beside, separate
    }

    @Option(help: "receive (lessons to copy) or send (exercises to key, with sheets for keying; a roster's learners at their send level).")
    var direction: Direction = .receive

    @Option(name: .customLong("per-level"), help: "Lessons per level (or per learner), 1 to 99.")
    var perLevel: Int = 5

    @Option(
        help:
            "Length of each lesson in minutes, \(LessonSettings.Limits.minutes.lowerBound.formatted) to \(LessonSettings.Limits.minutes.upperBound.formatted)."
    )
    var minutes: Double = 5

    @Option(help: "Audio to write: mp3, wav or both.")
    var format: AudioFormat = .mp3

    @Option(name: .customLong("out"), help: "The pack's folder; created if missing.")
    var outputFolder: String = "pack"

    @Option(help: "Seed of the whole pack. Default: the seed of an unfinished pack in --out, else a new random seed.")
    var seed: UInt64?

    @Option(help: "Lessons made at once. Default: the number of cores.")
    var jobs: Int = ProcessInfo.processInfo.activeProcessorCount

    @Option(help: "Make only the K-th of N disjoint parts of the pack, e.g. 2/4.")
    var shard: String?

    @Option(name: .customLong("verify"), help: "Check a finished pack against its manifest and exit.")
    var verifyFolder: String?

    @OptionGroup(title: "Content")
    var content: ContentOptions

    @OptionGroup(title: "Sound")
    var sound: SoundOptions

    @OptionGroup(title: "MP3")
    var mp3: MP3Options

    @OptionGroup(title: "Band conditions")
    var band: BandOptions

    @OptionGroup(title: "Spoken answers")
    var speech: SpeechOptions

    func validate() throws {
        if verifyFolder != nil { return }
        guard (levels == nil) != (roster == nil) else {
            throw ValidationError("Give either --levels (e.g. --levels 2-26) or --roster class.csv.")
        }
        if let levels { _ = try Self.parseLevels(levels, lesson: content.lessonCourse) }
        if progressFolder != nil, roster == nil { throw ValidationError("--progress-dir is for a roster's pack: give --roster class.csv.") }
        guard (1...99).contains(perLevel) else { throw ValidationError("--per-level must be 1 to 99, not \(perLevel).") }
        guard LessonSettings.Limits.minutes.contains(minutes) else {
            throw ValidationError(
                "--minutes must be \(LessonSettings.Limits.minutes.lowerBound.formatted) to \(LessonSettings.Limits.minutes.upperBound.formatted), not \(minutes.formatted)."
            )
        }
        do throws(PackPlan.Refusal) {
            try PackPlan.check(kind: content.kind, format: format)
        } catch .kindWithoutLevel {
            throw ValidationError("A pack is made of groups, words or callsigns; make QSO and text lessons with koch lesson.")
        } catch .noAudio {
            throw ValidationError("--format must be mp3, wav or both for a pack.")
        }
        guard (1...256).contains(jobs) else { throw ValidationError("--jobs must be 1 to 256, not \(jobs).") }
        if let shard { _ = try Self.parseShard(shard) }
        do {
            try LessonSettings.checkSpeech(speech.settings, direction: direction)
        } catch {
            throw ValidationError("--speak is for lessons to copy: a send exercise is keyed from its sheet.")
        }
        if format.writesMP3 { _ = try mp3.encoder(sound: sound) }
    }

    /// The settings every lesson of the pack shares.
    private func baseSettings() throws -> LessonSettings {
        var base = LessonSettings()
        base.minutes = minutes
        base.direction = direction
        content.apply(to: &base)
        sound.apply(to: &base)
        mp3.apply(to: &base)
        base.conditions = try band.conditions()
        base.speech = speech.settings
        return base
    }

    func run() throws {
        if let verifyFolder { return try verify(verifyFolder) }
        let root = outputFolder.hasSuffix("/") && outputFolder.count > 1 ? String(outputFolder.dropLast()) : outputFolder
        let (shardIndex, shardCount) = try shard.map(Self.parseShard) ?? (1, 1)
        let templates = try Templates()
        let base = try baseSettings()
        let answers = try speech.answers(sound: sound)
        let requests = try folderRequests(base: base)
        let origin = try PackOrigin.resolve(inPack: root, seed: seed, newSeed: LessonSettings.randomSeed, now: try Now.date())
        let (seed, createdAt) = (origin.seed, origin.createdAt)
        let plan = try PackPlan(folders: requests, perFolder: perLevel, seed: seed, speechSeconds: SpeechOptions.measure(answers))
        try SpeechOptions.check(answers)
        let signature = plan.signature(
            format: format, settings: base, mp3Quality: mp3.quality, createdAt: createdAt, keysSeparate: keysSeparate)

        let encoder = format.writesMP3 ? try mp3.encoder(sound: sound) : nil
        let synthesizer = answers?.tone ?? sound.synthesizer
        let format = self.format
        let interruption = Interruption(notice: "Stopping once the lessons being made are complete (Ctrl-C again stops at once)...")
        var builder = PackBuilder(
            root: root, plan: plan, seed: seed, signature: signature, shard: shardIndex, shardCount: shardCount,
            jobs: jobs, createdAt: createdAt, templates: templates,
            makeWriter: { folder in
                var writer = LessonWriter(folder: folder, templates: templates, synthesizer: synthesizer, encoder: encoder, format: format)
                writer.speech = answers
                return writer
            })
        builder.shouldStop = { interruption.isRequested }
        if let count = Self.interruptAfterLessons() {
            builder.lessonMade = { made in if made == count { interruption.requestAsCtrlC() } }
        }
        builder.progress = ProgressBar.packProgress(label: "lessons")
        builder.keysSeparate = keysSeparate
        builder.roster = roster.map { RelativePath.from(folder: root, to: $0) }
        builder.progressFolder = progressFolder.map { RelativePath.from(folder: root, to: $0) }
        let share = shardCount > 1 ? " (shard \(shardIndex) of \(shardCount))" : ""
        print(
            "Pack in \(root)\(share): \(DayText.count(plan.folders.count, "folder")), \(DayText.count(plan.lessons.count, "lesson")), seed \(seed), \(DayText.count(jobs, "job"))"
        )
        try startProgressFiles(base: base)
        let start = Date()
        let summary: PackBuilder.Summary
        do {
            summary = try builder.build()
        } catch let interrupted as PackError {
            guard case .interrupted = interrupted else { throw interrupted }
            // Said on standard error, where it is seen even when standard output goes to a file.
            FileHandle.standardError.write(Data("\(interrupted)\n".utf8))
            throw ExitCode(130)
        }
        let elapsed = ProgressBar.clock(Date().timeIntervalSince(start))
        print("Made \(DayText.count(summary.made, "lesson")), kept \(summary.kept) already complete, in \(elapsed).")
        if summary.manifestWritten {
            print(
                "The pack is complete: \(root)/index.html, \(root)/manifest.json (\(String(format: "%.1f", Double(summary.bytes) / 1_000_000)) MB).")
        } else {
            print("The pack is not complete yet: run the other shards (or this command without --shard) to finish it.")
        }
    }

    private func folderRequests(base: LessonSettings) throws -> [PackPlan.FolderRequest] {
        let words = try LessonContentSource.levelContent(for: content.kind)
        if let levels {
            let list = try Self.parseLevels(levels, lesson: content.lessonCourse)
            return list.flatMap { PackPlan.levelFolders($0...$0, settings: base, content: words) }
        }
        return try RosterLoader(path: roster ?? "", progressFolder: progressFolder).folderRequests(base: base, content: words)
    }

    /// Starts the progress file of each learner the roster gives a level, and says where (`RosterLoader.startProgressFiles`).
    private func startProgressFiles(base: LessonSettings) throws {
        guard let roster else { return }
        let loader = RosterLoader(path: roster, progressFolder: progressFolder)
        try loader.startProgressFiles(direction: base.direction, course: base.course) { learner, start in
            switch start {
            case let .started(level):
                print("\(learner.name): progress file \(learner.progressPath) started at \(base.direction.rawValue) level \(level).")
            case let .kept(level) where level != learner.level:
                print(
                    "\(learner.name): progress file \(learner.progressPath) is there, at \(base.direction.rawValue) level \(level): "
                        + "used as it is (the roster says \(learner.level ?? level)).")
            case .kept:
                print("\(learner.name): progress file \(learner.progressPath) is there, and used.")
            }
        }
    }

    /// Checks every file of the manifest: present, same SHA-256 (`PackVerification`).
    private func verify(_ root: String) throws {
        guard let count = try PackVerification.verify(root) else {
            throw ValidationError("\(root) has no manifest.json: it is not a finished pack.")
        }
        print("\(root): all \(count) files match the manifest.")
    }

    /// `KOCH_TEST_INTERRUPT_AFTER_LESSONS=N`, for the tests: the run stops as
    /// at a Ctrl-C once its N-th lesson is complete (at exactly that point with `--jobs 1`).
    static func interruptAfterLessons(environment: [String: String] = ProcessInfo.processInfo.environment) -> Int? {
        environment["KOCH_TEST_INTERRUPT_AFTER_LESSONS"].flatMap { Int($0) }
    }

    /// The levels `--levels` names, each one the lesson's course has (`LessonCourse`).
    static func parseLevels(_ text: String, lesson: LessonCourse) throws -> [Int] {
        var levels: [Int] = []
        for part in text.split(separator: ",") {
            let bounds = part.split(separator: "-", maxSplits: 1).map { Int($0.trimmingCharacters(in: .whitespaces)) }
            guard bounds.allSatisfy({ $0 != nil }), let low = bounds.first ?? nil, let high = bounds.last ?? nil, low <= high else {
                throw ValidationError("--levels must look like 2-26, 5 or 2,4,6, not '\(text)'.")
            }
            do throws(LevelOutsideCourse) {
                try lesson.check(level: low)
                try lesson.check(level: high)
            } catch {
                throw ValidationError(
                    "--levels must lie within \(error.levels.lowerBound) to \(error.levels.upperBound), not '\(text)'\(ContentOptions.courseClause(error))."
                )
            }
            levels += Array(low...high)
        }
        guard !levels.isEmpty else { throw ValidationError("--levels names no level.") }
        return Array(Set(levels)).sorted()
    }

    static func parseShard(_ text: String) throws -> (Int, Int) {
        let parts = text.split(separator: "/").map { Int($0) }
        guard parts.count == 2, let k = parts[0], let n = parts[1], n >= 1, (1...n).contains(k) else {
            throw ValidationError("--shard must be K/N with 1 ≤ K ≤ N, e.g. 2/4, not '\(text)'.")
        }
        return (k, n)
    }
}
