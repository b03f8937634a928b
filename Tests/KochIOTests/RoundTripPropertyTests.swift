import Foundation
import KochCore
import KochIO
import PropertyBased
import Testing

/// What koch writes, it reads back unchanged: progress files, answer keys and a pack's
/// manifest and journal, over random contents.
@Suite struct RoundTripPropertyTests {
    /// A valid session drawn from `seed`: any kind, direction and level, counts that agree.
    static func session(_ seed: Int, index: Int) -> GradedSession {
        var generator = SeededGenerator(seed: UInt64(bitPattern: Int64(seed)) &+ UInt64(index))
        let direction: Direction = generator.nextUnit() < 0.5 ? .receive : .send
        let kind = SessionKind.allCases[generator.nextInt(in: 0...(SessionKind.allCases.count - 1))]
        // A direction's level lessons follow one course (receive letters, send full); other kinds any.
        let course = kind.isLevelLesson ? (direction == .receive ? KochCourse.letters : .full) : KochCourse.allCases[generator.nextInt(in: 0...1)]
        let level = generator.nextInt(in: course.levels.lowerBound...course.levels.upperBound)
        var characters: [String: CharacterStatistics] = [:]
        for symbol in course.unlocked(atLevel: level) where generator.nextUnit() < 0.6 {
            let attempts = generator.nextInt(in: 1...40)
            let correct = generator.nextInt(in: 0...attempts)
            var mistaken: [String: Int] = [:]
            if correct < attempts, generator.nextUnit() < 0.5 {
                mistaken[course.order[generator.nextInt(in: 0...(level - 1))].text] = attempts - correct
            }
            characters[symbol.text] = CharacterStatistics(attempts: attempts, correct: correct, mistakenFor: mistaken)
        }
        let sent = characters.values.map(\.attempts).reduce(0, +)
        let correct = characters.values.map(\.correct).reduce(0, +)
        let seconds = 1_700_000_000 + Double(generator.nextInt(in: 0...90_000_000))
        let offset = generator.nextInt(in: -12...14) * 3600 + (generator.nextUnit() < 0.1 ? 1800 : 0)
        let date = LocalTimestamp(date: Date(timeIntervalSince1970: seconds), utcOffsetSeconds: offset)
        return GradedSession(
            lessonID: "L\(seed)-\(index)", direction: direction, course: course, level: level,
            kind: kind, date: date, gradedAt: date,
            sent: sent, correct: correct, inserted: generator.nextInt(in: 0...5), characters: characters,
            stoppedAtSeconds: generator.nextUnit() < 0.2 ? Double(generator.nextInt(in: 1...300)) + 0.25 : nil,
            partial: generator.nextUnit() < 0.1)
    }

    @Test func aProgressFileReadsBackAsItWasWritten() async {
        await propertyCheck(count: 100, input: Gen.int(in: 0...1_000_000), Gen.int(in: 0...60)) { seed, count in
            let progress = LearnerProgress(sessions: (0..<count).map { Self.session(seed, index: $0) })
            do {
                let text = try ProgressStore.encode(progress)
                let read = try ProgressStore.decode(Array(text.utf8), path: "progress.json")
                #expect(read.sessions == progress.sessions)
                #expect(try ProgressStore.encode(read) == text, "written again, byte for byte")
            } catch {
                Issue.record("\(error)")
            }
        }
    }

    @Test func anAnswerKeyReadsBackAsItWasWritten() async throws {
        await propertyCheck(count: 40, input: Gen.int(in: 2...26), Gen.int(in: 0...1_000_000)) { level, seed in
            var settings = LessonSettings()
            settings.level = level
            settings.seed = UInt64(seed)
            settings.minutes = 0.5
            do {
                let key = AnswerKey(lesson: try Lesson(settings: settings), createdAt: Date(timeIntervalSince1970: Double(seed)))
                let bytes = try AnswerKeyFile.encode(key)
                #expect(try AnswerKeyFile.decode(Array(bytes.utf8), path: "k.key.json") == key)
            } catch {
                Issue.record("\(error)")
            }
        }
    }

    /// Files of a pack drawn from `seed`: any names (a teacher's folders may hold any letters), sizes and hashes.
    static func packFiles(_ seed: Int, count: Int) -> [PackManifest.File] {
        var generator = SeededGenerator(seed: UInt64(bitPattern: Int64(seed)))
        let letters = Array("abcdefghijklmnopqrstuvwxyz0123456789-_ .éüßñøå漢字/")
        return (0..<count).map { index in
            let name = String((0..<generator.nextInt(in: 1...24)).map { _ in letters[generator.nextInt(in: 0...(letters.count - 1))] })
            let hash = (0..<32).map { _ in String(format: "%02x", generator.nextInt(in: 0...255)) }.joined()
            return PackManifest.File(path: "level-\(index)/\(name).mp3", bytes: generator.nextInt(in: 0...50_000_000), sha256: hash)
        }
    }

    @Test func aPacksManifestReadsBackAsItWasWritten() async {
        await propertyCheck(count: 100, input: Gen.int(in: 0...1_000_000), Gen.int(in: 0...40)) { seed, count in
            let manifest = PackManifest(
                seed: UInt64(seed) &* 2_654_435_761, planSignature: "plan-\(seed)", createdAt: Date(timeIntervalSince1970: Double(seed * 977)),
                lessonCount: count, files: Self.packFiles(seed, count: count))
            do {
                let text = try PackManifest.encode(manifest)
                let read = try PackManifest.decode(Array(text.utf8), path: "manifest.json")
                #expect(read == manifest)
                #expect(try PackManifest.encode(read) == text, "written again, byte for byte")
            } catch {
                Issue.record("\(error)")
            }
        }
    }

    @Test func aPacksJournalReadsBackAsItWasWritten() async throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("koch-journal-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        await propertyCheck(count: 60, input: Gen.int(in: 0...1_000_000), Gen.int(in: 0...40)) { seed, count in
            let journal = PackJournal(
                seed: UInt64(seed) &* 40_503, planSignature: "plan-\(seed)", createdAt: Date(timeIntervalSince1970: Double(seed) * 1_000),
                files: Self.packFiles(seed, count: count))
            let path = folder + "/journal-\(seed)-\(count).json"
            do {
                try journal.write(to: path)
                let read = try PackJournal.decode(Array(try Data(contentsOf: URL(fileURLWithPath: path))), path: path)
                #expect(read.seed == journal.seed && read.planSignature == journal.planSignature && read.files == journal.files)
                #expect(read.createdAt == journal.createdAt)
            } catch {
                Issue.record("\(error)")
            }
        }
    }
}
