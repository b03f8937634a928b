import Foundation
import KochAudio
import KochCore
import KochIO
import KochPresentation
import KochSound

/// Writes one lesson's files: the audio, the answer key (JSON) and the sheet (text).
public struct LessonWriter: Sendable {
    public let folder: String
    public let templates: Templates
    public let synthesizer: ToneSynthesizer
    public let encoder: MP3Encoder?
    public let format: AudioFormat
    /// Cores one MP3 may be encoded on; 1 when lessons are made side by side.
    public var mp3Concurrency = ProcessInfo.processInfo.activeProcessorCount
    /// Where the answer key and its text go (`.key.json`, `.key.txt`); nil: beside the audio.
    public var keyFolder: String?
    /// The spoken answers of spoken lessons (`LessonSettings.speech`).
    public var speech: SpokenAnswers?

    public init(folder: String, templates: Templates, synthesizer: ToneSynthesizer, encoder: MP3Encoder?, format: AudioFormat) {
        self.folder = folder
        self.templates = templates
        self.synthesizer = synthesizer
        self.encoder = encoder
        self.format = format
    }

    /// The keys go elsewhere than the learner's files (a pack's `teacher/` folder, `--keys separate`):
    /// the learner has no key to grade with, so the sheets ask for the keying to be returned.
    public var keysWithTeacher: Bool { keyFolder.map { $0 != folder } ?? false }

    /// Whether a file `write` makes goes into `keyFolder`.
    public static func goesInKeyFolder(_ name: String) -> Bool { name.hasSuffix(".key.json") || name.hasSuffix(".key.txt") }

    /// The file name without extension: `koch-level02-01-3fa94c1d` for a
    /// level's lesson, `koch-qso-01-…`, `koch-text-01-…`, `koch-chars-01-…`, `koch-drill-01-…` for the others.
    public static func baseName(of lesson: Lesson) -> String {
        let settings = lesson.settings
        let level = settings.level
        let number = lesson.number
        let hash = lesson.lessonID.split(separator: "-").last.map { String($0.prefix(8)) } ?? lesson.lessonID
        let direction = settings.direction == .send ? "send-" : ""
        let what =
            settings.customCharacters != nil
            ? "chars"
            : settings.drill != nil
                ? "drill" : settings.kind.usesLevel ? "level" + (level < 10 ? "0" : "") + String(level) : settings.kind.rawValue
        return "koch-\(direction)\(what)-\(number < 10 ? "0" : "")\(number)-\(hash)"
    }

    /// The files `write` would make for `lesson` that are in the folder already: an earlier run's
    /// with the same seed and settings, which it replaces.
    public func existingFileNames(of lesson: Lesson) -> [String] {
        fileNames(of: lesson).filter { FileManager.default.fileExists(atPath: folder + "/" + $0) }
    }

    /// The names of the files `write` makes for a lesson, audio first.
    public func fileNames(of lesson: Lesson) -> [String] {
        let base = Self.baseName(of: lesson)
        var names: [String] = []
        if format.writesMP3 { names.append(base + ".mp3") }
        if format.writesWAV { names.append(base + ".wav") }
        names += [base + ".key.json", base + (lesson.settings.direction == .send ? ".sheet.txt" : ".key.txt")]
        // A contact to answer has both: the answers to the copy, and the overs to key.
        return names + (lesson.qso == nil ? [] : [base + ".sheet.txt"])
    }

    /// Writes every file of the lesson and returns their paths, audio first; a contact to answer
    /// has a sheet of the overs to key (`respond.txt`) besides its answer sheet.
    public func write(_ lesson: Lesson, createdAt: Date) throws -> [String] {
        let base = folder + "/" + Self.baseName(of: lesson)
        var written: [String] = []
        if format != .none {
            var layer: SpeechLayer?
            var mp3Encoder = encoder
            if let plan = lesson.spoken {
                guard let speech else { throw SpeechError.synthesis(text: lesson.lessonID, reason: "no speech synthesizer was given") }
                layer = try speech.layer(for: plan)
                mp3Encoder = encoder.map(speech.keepingTheVoice)
            }
            let sound = MixedSound(
                timeline: lesson.timeline, synthesizer: synthesizer, conditions: lesson.settings.conditions,
                seed: SeededGenerator.derivedSeed(lesson.settings.seed ^ 0xBA9D, index: lesson.number), speech: layer
            ).source
            if format.writesMP3, let mp3Encoder {
                try AudioOutput.writeMP3(
                    sound, encoder: mp3Encoder, tags: tags(for: lesson), to: base + ".mp3", concurrency: mp3Concurrency)
                written.append(base + ".mp3")
            }
            if format.writesWAV {
                try AudioOutput.writeWAV(sound, sampleRate: synthesizer.sampleRate, tags: tags(for: lesson), to: base + ".wav")
                written.append(base + ".wav")
            }
        }
        let key = AnswerKey(lesson: lesson, createdAt: createdAt)
        let keyBase = (keyFolder ?? folder) + "/" + Self.baseName(of: lesson)
        try AtomicFile.write(try AnswerKeyFile.encode(key), to: keyBase + ".key.json")
        written.append(keyBase + ".key.json")
        if key.direction == .send {
            // The sheet to key from stays with the learner's files.
            try AtomicFile.write(
                Self.endingWithNewline(try templates.render("send.txt", sendSheetContext(key, keyFile: keyBase + ".key.json"))),
                to: base + ".sheet.txt")
            written.append(base + ".sheet.txt")
        } else {
            try AtomicFile.write(Self.endingWithNewline(try templates.render("key.txt", SheetContext.make(key))), to: keyBase + ".key.txt")
            written.append(keyBase + ".key.txt")
        }
        if let qso = key.qso {
            try AtomicFile.write(
                Self.endingWithNewline(try templates.render("respond.txt", RespondSheetContext.make(key, qso: qso, keyFile: keyBase + ".key.json"))),
                to: base + ".sheet.txt")
            written.append(base + ".sheet.txt")
        }
        return written
    }

    static func endingWithNewline(_ text: String) -> String {
        text.hasSuffix("\n") ? text : text + "\n"
    }

    /// The answer sheet's context, with the pace a send exercise asks for.
    func sendSheetContext(_ key: AnswerKey, keyFile: String) -> [String: Any] {
        let timing = key.settings.timing
        func seconds(_ value: Double) -> String { String(format: "%.2f", value) }
        var context = SheetContext.make(key)
        context["keyFile"] = keyFile
        context["keysWithTeacher"] = keysWithTeacher
        context["baseName"] = URL(fileURLWithPath: keyFile).lastPathComponent.replacingOccurrences(of: ".key.json", with: "")
        context["ditMilliseconds"] = Int((timing.unitSeconds * 1000).rounded())
        context["isFarnsworth"] = timing.isFarnsworth
        context["characterGapSeconds"] = seconds(timing.durationSeconds(of: .character))
        context["wordGapSeconds"] = seconds(timing.durationSeconds(of: .word))
        return context
    }

    public func tags(for lesson: Lesson) -> MP3Tags {
        let settings = lesson.settings
        let characters = lesson.characters.map(\.text).joined()
        let what =
            settings.customCharacters != nil
            ? "Koch \(characters)"
            : settings.drill.map { "Koch drill of \($0.pairsText)" }
                ?? (settings.kind.usesLevel ? "Koch level \(settings.level)" : "Koch \(settings.kind.rawValue)")
        let shown = settings.kind.usesLevel && settings.customCharacters == nil && settings.drill == nil ? " (\(characters))" : ""
        let spoken = settings.speech.map { ", answers spoken \($0.placement.rawValue)" } ?? ""
        // A car stereo shows the title alone: the lesson's ID sets apart the lessons of different days.
        let identifier = lesson.lessonID.split(separator: "-").last.map { String($0.prefix(8)) } ?? lesson.lessonID
        return MP3Tags(
            title: "\(what)\(settings.speech == nil ? "" : " spoken") lesson \(lesson.number)\(shown) \(identifier)",
            album: "koch Morse course (\(settings.course.rawValue)) level \(settings.level)",
            artist: MP3Tags.artist,
            track: lesson.number,
            trackCount: lesson.count,
            comment:
                "lesson \(lesson.lessonID), \(settings.characterSpeedWPM.formatted)/\(settings.effectiveSpeedWPM.formatted) WPM, \(settings.toneHz.formatted) Hz, seed \(settings.seed)\(spoken)"
        )
    }
}
