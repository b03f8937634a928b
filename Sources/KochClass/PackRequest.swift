import Foundation
import KochAudio
import KochCore
import KochIO
import KochLessons
import KochPresentation

/// A lesson pack as a teacher asks for it, in plain values (what `koch pack` takes as options, and a
/// server as fields), and `make`, which builds it (`PackBuilder`): the pack's seed and time stamp,
/// its plan and signature, the encoder, the voice and the writers, the roster's progress files
/// started. What to show goes out as events; the interruption and the progress bar come in as closures.
public struct PackRequest: Sendable {
    /// Where the pack's folders come from.
    public enum Folders: Sendable, Hashable {
        /// One folder a level.
        case levels([Int])
        /// One folder a learner of the roster at `path`; `progressFolder`: nil for `progress/` beside it.
        case roster(path: String, progressFolder: String?)
    }

    /// What every lesson of the pack is asked to be (its level, count and seed are the pack's).
    public var lesson: LessonRequest
    public var folders: Folders
    /// The pack's folder; created if missing.
    public var outputFolder: String
    /// Lessons a folder (`PackPlan.lessonsPerFolder`).
    public var perFolder = 5
    public var format: AudioFormat = .mp3
    /// The MP3 encoder's quality, 0 (best) to 9.
    public var mp3Quality = MP3Encoder.defaultQuality
    /// The pack's seed; nil: an unfinished pack's in the folder, else a new random one.
    public var seed: UInt64?
    /// Lessons made at once.
    public var jobs = 1
    /// Which of `shardCount` disjoint parts to make (1-based).
    public var shard = 1
    public var shardCount = 1
    /// Whether the keys go in teacher/, as asked; nil: the default (`PackPlan.keysSeparate`).
    public var keysSeparateAsked: Bool?

    public init(lesson: LessonRequest, folders: Folders, outputFolder: String) {
        self.lesson = lesson
        self.folders = folders
        self.outputFolder = outputFolder
    }

    /// The pack's folder as its files name it (`PackBuilder.root`).
    public var root: String { PackBuilder.root(ofFolder: outputFolder) }

    /// The pack about to be made, told before any lesson is.
    public struct Heading: Sendable, Hashable {
        public let root: String
        public let shard: Int
        public let shardCount: Int
        public let folderCount: Int
        public let lessonCount: Int
        public let seed: UInt64
        public let jobs: Int
    }

    /// What `make` tells before it builds, in this order.
    public enum Event: Sendable {
        case heading(Heading)
        /// The progress file of a learner the roster gives a level, started or found there.
        case progressFile(RosterLoader.Learner, RosterLoader.Start)
    }

    /// What a build is told as it goes: between lessons whether to stop, each lesson made (the
    /// count this run), and the progress to show (`PackBuilder`).
    public struct Hooks: Sendable {
        public var shouldStop: @Sendable () -> Bool = { false }
        public var lessonMade: @Sendable (_ madeInThisRun: Int) -> Void = { _ in }
        public var progress: PackProgress = .silent

        public init() {}
    }

    /// Builds the pack, or the rest of an unfinished one. `now`: the present, for a new pack's
    /// time stamp (`SOURCE_DATE_EPOCH` when set). Throws `PackError.interrupted` when `hooks` asks
    /// it to stop; `templates`: nil for the ones `Templates()` finds.
    public func make(
        now: Date, templates given: Templates? = nil, hooks: Hooks = Hooks(), events: (Event) -> Void = { _ in }
    ) throws -> PackBuilder.Summary {
        let templates = try given ?? Templates()
        let base = lesson.settings
        let sound = lesson.sound
        let answers = try lesson.speech.map { try SpokenAnswers(settings: $0, tone: sound.synthesizer, timing: sound.timing) }
        let requests = try folderRequests(base: base)
        let origin = try PackOrigin.resolve(inPack: root, seed: seed, newSeed: LessonSettings.randomSeed, now: now)
        let plan = try PackPlan(
            folders: requests, perFolder: perFolder, seed: origin.seed, speechSeconds: answers.map { answers in { answers.seconds(of: $0) } })
        try answers?.checkSpoken()
        let keysSeparate = PackPlan.keysSeparate(asked: keysSeparateAsked, roster: rosterPath != nil)
        let signature = plan.signature(
            format: format, settings: base, mp3Quality: mp3Quality, createdAt: origin.createdAt, keysSeparate: keysSeparate)
        let encoder = format.writesMP3 ? try MP3Encoder(sampleRate: sound.sampleRateHz, bitrateKbps: lesson.mp3BitrateKbps, quality: mp3Quality) : nil
        let synthesizer = answers?.tone ?? sound.synthesizer
        let format = self.format
        var builder = PackBuilder(
            root: root, plan: plan, seed: origin.seed, signature: signature, shard: shard, shardCount: shardCount,
            jobs: jobs, createdAt: origin.createdAt, templates: templates,
            makeWriter: { folder in
                var writer = LessonWriter(folder: folder, templates: templates, synthesizer: synthesizer, encoder: encoder, format: format)
                writer.speech = answers
                return writer
            })
        builder.shouldStop = hooks.shouldStop
        builder.lessonMade = hooks.lessonMade
        builder.progress = hooks.progress
        builder.keysSeparate = keysSeparate
        builder.roster = rosterPath.map { RelativePath.from(folder: root, to: $0) }
        builder.progressFolder = progressFolder.map { RelativePath.from(folder: root, to: $0) }
        events(
            .heading(
                Heading(
                    root: root, shard: shard, shardCount: shardCount, folderCount: plan.folders.count, lessonCount: plan.lessons.count,
                    seed: origin.seed, jobs: jobs)))
        try startProgressFiles(base: base, events: events)
        return try builder.build()
    }

    private var rosterPath: String? {
        if case .roster(let path, _) = folders { return path }
        return nil
    }

    private var progressFolder: String? {
        if case .roster(_, let folder) = folders { return folder }
        return nil
    }

    /// The folders to make: one a level, or one a learner of the roster.
    private func folderRequests(base: LessonSettings) throws -> [PackPlan.FolderRequest] {
        let words = try LessonContentSource.levelContent(for: lesson.kind)
        switch folders {
        case .levels(let levels):
            return levels.flatMap { PackPlan.levelFolders($0...$0, settings: base, content: words) }
        case let .roster(path, progressFolder):
            return try RosterLoader(path: path, progressFolder: progressFolder).folderRequests(base: base, content: words)
        }
    }

    /// Starts the progress file of each learner the roster gives a level (`RosterLoader.startProgressFiles`).
    private func startProgressFiles(base: LessonSettings, events: (Event) -> Void) throws {
        guard case let .roster(path, progressFolder) = folders else { return }
        try RosterLoader(path: path, progressFolder: progressFolder).startProgressFiles(direction: base.direction, course: base.course) {
            events(.progressFile($0, $1))
        }
    }
}
