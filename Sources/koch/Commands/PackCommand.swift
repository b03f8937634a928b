import ArgumentParser
import Foundation
import KochAudio
import KochClass
import KochCore
import KochIO
import KochLessons

struct PackCommand: ParsableCommand {
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

    enum KeyPlacement: String, ExpressibleByArgument {
        case beside, separate
    }

    @Option(help: "receive (lessons to copy) or send (exercises to key, with sheets for keying; a roster's learners at their send level).")
    var direction: Direction = .receive

    @Option(
        name: .customLong("per-level"),
        help: "Lessons per level (or per learner), \(PackPlan.lessonsPerFolder.lowerBound) to \(PackPlan.lessonsPerFolder.upperBound).")
    var perLevel: Int = 5

    @Option(
        help:
            "Length of each lesson in minutes, \(LessonSettings.Limits.minutes.lowerBound.formatted) to \(LessonSettings.Limits.minutes.upperBound.formatted)."
    )
    var minutes: Double = LessonSettings.Defaults.minutes

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
        if let levels { _ = try Self.levels(levels, lesson: content.lessonCourse) }
        if progressFolder != nil, roster == nil { throw ValidationError("--progress-dir is for a roster's pack: give --roster class.csv.") }
        let perFolder = PackPlan.lessonsPerFolder
        guard perFolder.contains(perLevel) else {
            throw ValidationError("--per-level must be \(perFolder.lowerBound) to \(perFolder.upperBound), not \(perLevel).")
        }
        do {
            try LessonRequest.check(minutes: minutes)
        } catch {
            throw ValidationError(LessonRefusalText.message(error))
        }
        do throws(PackPlan.Refusal) {
            try PackPlan.check(kind: content.kind, format: format)
        } catch .kindWithoutLevel {
            throw ValidationError("A pack is made of groups, words or callsigns; make QSO and text lessons with koch lesson.")
        } catch .noAudio {
            throw ValidationError("--format must be mp3, wav or both for a pack.")
        }
        guard PackPlan.jobs.contains(jobs) else {
            throw ValidationError("--jobs must be \(PackPlan.jobs.lowerBound) to \(PackPlan.jobs.upperBound), not \(jobs).")
        }
        if let shard { _ = try Self.shard(shard) }
        try LessonRefusalText.check(try request())
        if format.writesMP3 { _ = try mp3.encoder(sound: sound) }
    }

    /// What every lesson of the pack is asked to be, as the libraries take it.
    private func request() throws -> LessonRequest {
        var request = LessonRequest()
        content.apply(to: &request)
        request.direction = direction
        request.minutes = minutes
        request.sound = sound.request
        request.mp3BitrateKbps = mp3.bitrateKbps
        request.conditions = try band.conditions()
        request.speech = speech.settings
        return request
    }

    /// The pack asked for, as the libraries take it.
    private func packRequest() throws -> PackRequest {
        let folders: PackRequest.Folders =
            if let levels { .levels(try Self.levels(levels, lesson: content.lessonCourse)) } else {
                .roster(path: roster ?? "", progressFolder: progressFolder)
            }
        var pack = PackRequest(lesson: try request(), folders: folders, outputFolder: outputFolder)
        pack.perFolder = perLevel
        pack.format = format
        pack.mp3Quality = mp3.quality
        pack.seed = seed
        pack.jobs = jobs
        (pack.shard, pack.shardCount) = try shard.map(Self.shard) ?? (1, 1)
        pack.keysSeparateAsked = keys.map { $0 == .separate }
        return pack
    }

    func run() throws {
        if let verifyFolder { return try verify(verifyFolder) }
        let pack = try packRequest()
        let interruption = Interruption(notice: "Stopping once the lessons being made are complete (Ctrl-C again stops at once)...")
        var hooks = PackRequest.Hooks()
        hooks.shouldStop = { interruption.isRequested }
        if let count = Self.interruptAfterLessons() {
            hooks.lessonMade = { made in if made == count { interruption.requestAsCtrlC() } }
        }
        hooks.progress = ProgressBar.packProgress(label: "lessons")
        let start = Date()
        let summary: PackBuilder.Summary
        do {
            summary = try pack.make(now: try Now.date(), hooks: hooks) { Self.tell($0, direction: direction) }
        } catch let interrupted as PackError {
            guard case .interrupted = interrupted else { throw interrupted }
            // Said on standard error, where it is seen even when standard output goes to a file.
            FileHandle.standardError.write(Data("\(interrupted)\n".utf8))
            throw ExitCode(130)
        } catch let error as SpeechError {
            throw CommandFailure(description: error.description)
        }
        Self.report(summary, root: pack.root, elapsedSeconds: Date().timeIntervalSince(start))
    }
}
