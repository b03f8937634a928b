import Foundation
import KochAudio
import KochCore
import KochIO
import KochPresentation

/// A lesson request made into files, the one way every front end makes lessons (`koch lesson`, a
/// server making a learner's next lesson): the request with where and how to write it. `make`
/// reads the learner's progress, makes every lesson, then writes each with its answer key,
/// telling its events as it goes; it prints nothing.
public struct LessonMaking: Sendable {
    /// What was asked for.
    public var request: LessonRequest
    /// The folder to write into; created if missing.
    public var outputFolder: String
    /// The audio to write beside each key.
    public var format: AudioFormat
    /// The MP3 encoder's quality, 0 (best) to 9.
    public var mp3Quality = MP3Encoder.defaultQuality

    public init(request: LessonRequest, outputFolder: String, format: AudioFormat) {
        self.request = request
        self.outputFolder = outputFolder
        self.format = format
    }

    /// What the lessons are, told once every one is made and before any file is written.
    public struct Heading: Sendable {
        /// The request with the learner's progress read: the settings, the plan and the notes to tell.
        public let prepared: PreparedLesson
        /// The one QSO style the lessons can have when none was asked for; nil otherwise.
        public let onlyQSOStyle: String?
    }

    /// One lesson written.
    public struct Written: Sendable {
        public let lesson: Lesson
        /// The files written, as the writer names them.
        public let files: [String]
        /// How many of them an earlier run (the same seed and settings) had written, now replaced.
        public let replacedFileCount: Int
    }

    /// What `make` tells as it goes, in this order.
    public enum Event: Sendable {
        /// Why the progress file was not used (a level was asked for, so the lessons are made without it).
        case warning(String)
        /// The lessons are made; none is written yet.
        case heading(Heading)
        /// One lesson and its files are written.
        case written(Written)
    }

    /// Makes the lessons and writes them, returning what was written. `now`: the present, for the
    /// files' creation date (`CreationDate`: `SOURCE_DATE_EPOCH` when set). A drill with nothing
    /// confused throws `NothingConfused`, and content that cannot be made stops the run, before
    /// any file is written. `templates`: nil for the ones `Templates()` finds.
    public func make(
        progress store: any ProgressRecords, now: Date, templates given: Templates? = nil, events: (Event) -> Void = { _ in }
    ) throws -> [Written] {
        let templates = try given ?? Templates()
        let encoder = try encoder()
        let prepared = try request.prepared(progress: store)
        if let warning = prepared.warning { events(.warning(warning)) }
        try Folder.prepareForWriting(outputFolder)
        let sound = request.sound
        let answers = try request.speech.map { try SpokenAnswers(settings: $0, tone: sound.synthesizer, timing: sound.timing) }
        let source = try prepared.contentSource(templates: templates)
        let lessons = try prepared.lessons(from: source, speechSeconds: answers.map { answers in { answers.seconds(of: $0) } })
        try answers?.checkSpoken()
        let createdAt = CreationDate.date(now: now)
        var writer = LessonWriter(
            folder: outputFolder, templates: templates, synthesizer: answers?.tone ?? sound.synthesizer, encoder: encoder, format: format)
        writer.speech = answers
        let onlyStyle = request.qsoStyle == nil && source.qsoStyles.count == 1 ? source.qsoStyles.first : nil
        events(.heading(Heading(prepared: prepared, onlyQSOStyle: onlyStyle)))
        return try lessons.map { lesson in
            let earlier = writer.existingFileNames(of: lesson)
            let written = Written(lesson: lesson, files: try writer.write(lesson, createdAt: createdAt), replacedFileCount: earlier.count)
            events(.written(written))
            return written
        }
    }

    /// The MP3 encoder the format needs, at the request's sample rate and bit rate; nil for no MP3.
    public func encoder() throws(AudioError) -> MP3Encoder? {
        guard format.writesMP3 else { return nil }
        return try MP3Encoder(sampleRate: request.sound.sampleRateHz, bitrateKbps: request.mp3BitrateKbps, quality: mp3Quality)
    }
}
