import Foundation
import KochCore
import KochIO

/// Readers of the JSON files koch writes and reads back: a hand-edited or
/// damaged file must be refused with a message, never crash.
enum FileHarnesses {
    static let today = CalendarDay(year: 2026, month: 11, day: 24) ?? CalendarDay(daysSinceEpoch: 20_000)

    /// A key that reads is graded with a perfect copy and with an empty one, and stopped halfway.
    static func answerKey(_ bytes: [UInt8]) {
        guard let key = try? AnswerKeyFile.decode(bytes, path: "fuzz.key.json") else { return }
        _ = try? AnswerKeyFile.encode(key)
        let perfect = key.groups.map(\.text).joined(separator: " ")
        // Alignment takes time in proportion to sent × written: a key as long as a real lesson's is enough.
        guard perfect.count <= 600 else { return }
        _ = Score(key: key, transcript: perfect)
        _ = Score(key: key, transcript: "")
        _ = Score(key: key.stopped(atSeconds: key.durationSeconds / 2), transcript: perfect)
    }

    /// A file that reads is replayed into levels, schedule and streak, reported, and written back.
    static func progress(_ bytes: [UInt8]) {
        guard let progress = try? ProgressStore.decode(bytes, path: "fuzz-progress.json") else { return }
        let learner = LearnerState(progress: progress)
        _ = learner.streakDays(asOf: today)
        _ = PracticeReminders(learner: learner, today: today, practisedToday: false)
        _ = ProgressReport(progress: progress, today: today)
        _ = try? ProgressStore.encode(progress)
    }

    static func packJournal(_ bytes: [UInt8]) {
        _ = try? PackJournal.decode(bytes, path: "fuzz/.koch-pack/shard-1-of-1.json")
    }

    static func packManifest(_ bytes: [UInt8]) {
        guard let manifest = try? PackManifest.decode(bytes, path: "fuzz/manifest.json") else { return }
        _ = try? PackManifest.encode(manifest)
    }
}
