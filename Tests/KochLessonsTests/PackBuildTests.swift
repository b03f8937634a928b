import Foundation
import KochAudio
import KochCore
import KochIO
import KochLessons
import KochPresentation
import KochSound
import Testing

/// A pack built in process, as a program other than the command line would build one.
@Suite struct PackBuildTests {
    let root = FileManager.default.temporaryDirectory.appendingPathComponent("koch-pack-\(UUID().uuidString)").path

    func build(_ plan: PackPlan, templates: Templates) throws -> PackBuilder.Summary {
        let synthesizer = ToneSynthesizer(frequencyHz: 600, sampleRate: 8000)
        let encoder = try MP3Encoder(sampleRate: 8000, bitrateKbps: 16)
        let builder = PackBuilder(
            root: root, plan: plan, seed: 7, signature: "test", shard: 1, shardCount: 1, jobs: 2,
            createdAt: Date(timeIntervalSince1970: 1_759_276_800), templates: templates
        ) { folder in
            LessonWriter(folder: folder, templates: templates, synthesizer: synthesizer, encoder: encoder, format: .mp3)
        }
        return try builder.build()
    }

    @Test func aPackBuiltInProcessMatchesItsManifestUntilAFileChanges() throws {
        var settings = LessonSettings()
        settings.minutes = 0.5
        settings.sampleRateHz = 8000
        let plan = try PackPlan(folders: PackPlan.levelFolders(2...3, settings: settings, content: .generated), perFolder: 2, seed: 7)
        let templates = try Templates(environment: [:])
        let summary = try build(plan, templates: templates)
        #expect(summary.made == 4 && summary.manifestWritten)
        let files = try #require(try PackVerification.verify(root))
        #expect(files > 4 * 3)

        // Built again: every lesson kept, nothing made.
        let again = try build(plan, templates: templates)
        #expect(again.made == 0 && again.kept == 4)

        let mp3 = try #require(FileManager.default.subpaths(atPath: root)?.first { $0.hasSuffix(".mp3") })
        try Data("not the lesson".utf8).write(to: URL(fileURLWithPath: root + "/" + mp3))
        #expect(throws: PackError.self) { try PackVerification.verify(root) }
    }

    @Test func aStopAskedForWhenALessonIsMadeStopsTheRunAtThatLesson() throws {
        var settings = LessonSettings()
        settings.minutes = 0.5
        settings.sampleRateHz = 8000
        let plan = try PackPlan(folders: PackPlan.levelFolders(2...3, settings: settings, content: .generated), perFolder: 2, seed: 7)
        let templates = try Templates(environment: [:])
        let synthesizer = ToneSynthesizer(frequencyHz: 600, sampleRate: 8000)
        let stop = StopFlag()
        var builder = PackBuilder(
            root: root, plan: plan, seed: 7, signature: "test", shard: 1, shardCount: 1, jobs: 1,
            createdAt: Date(timeIntervalSince1970: 1_759_276_800), templates: templates
        ) { folder in
            LessonWriter(folder: folder, templates: templates, synthesizer: synthesizer, encoder: nil, format: .wav)
        }
        builder.shouldStop = { stop.isSet }
        builder.lessonMade = { made in if made == 1 { stop.set() } }
        #expect {
            try builder.build()
        } throws: { error in
            guard case .interrupted(let made, let total) = error as? PackError else { return false }
            return made == 1 && total == 4
        }
        #expect(!FileManager.default.fileExists(atPath: root + "/manifest.json"))
    }

    @Test func aPacksSignatureHoldsItsAudioSettingsAndTimeStamp() throws {
        var settings = LessonSettings()
        settings.sampleRateHz = 8000
        let plan = try PackPlan(folders: PackPlan.levelFolders(2...3, settings: settings, content: .generated), perFolder: 2, seed: 7)
        let createdAt = Date(timeIntervalSince1970: 1_759_276_800)
        let signature = plan.signature(format: .wav, settings: settings, mp3Quality: 5, createdAt: createdAt, keysSeparate: false)
        #expect(signature == plan.signature(extra: "wav|8000|64|5|5.0|1759276800.0"))
        #expect(
            plan.signature(format: .wav, settings: settings, mp3Quality: 5, createdAt: createdAt, keysSeparate: true)
                == plan.signature(extra: "wav|8000|64|5|5.0|1759276800.0|keys separate"))
        #expect(
            signature
                != plan.signature(format: .wav, settings: settings, mp3Quality: 5, createdAt: createdAt.addingTimeInterval(1), keysSeparate: false))
    }
}

/// A stop asked for from one core and seen from another.
private final class StopFlag: @unchecked Sendable {
    private let lock = NSLock()
    private var value = false

    var isSet: Bool {
        lock.lock()
        defer { lock.unlock() }
        return value
    }

    func set() {
        lock.lock()
        value = true
        lock.unlock()
    }
}
