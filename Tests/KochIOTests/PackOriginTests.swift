import Foundation
import KochCore
import KochIO
import Testing

/// The seed and time a pack is made with, by a run that begins it and by one that finishes it.
@Suite struct PackOriginTests {
    let begun = Date(timeIntervalSince1970: 1_795_867_200)
    let later = Date(timeIntervalSince1970: 1_796_040_000.75)

    func emptyFolder() throws -> String {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("koch-origin-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        return folder
    }

    /// A folder holding an unfinished pack of seed 21, begun at `begun`.
    func unfinishedPack() throws -> String {
        let root = try emptyFolder()
        try FileManager.default.createDirectory(atPath: PackJournal.folder(inPack: root), withIntermediateDirectories: true)
        try PackJournal(seed: 21, planSignature: "plan", createdAt: begun).write(to: PackJournal.path(inPack: root, shard: 1, of: 1))
        return root
    }

    @Test func aResumedPackKeepsItsSeed() throws {
        let origin = try PackOrigin.resolve(inPack: try unfinishedPack(), seed: nil, newSeed: { 99 }, now: later, environment: [:])
        #expect(origin.seed == 21)
    }

    @Test func aResumedPackKeepsTheTimeItWasBegunAt() throws {
        let origin = try PackOrigin.resolve(inPack: try unfinishedPack(), seed: nil, newSeed: { 99 }, now: later, environment: [:])
        #expect(origin.createdAt == begun)
    }

    @Test func aSeedGivenGoesBeforeThePacksOwn() throws {
        let origin = try PackOrigin.resolve(inPack: try unfinishedPack(), seed: 7, newSeed: { 99 }, now: later, environment: [:])
        #expect(origin.seed == 7)
    }

    @Test func aFinishedPackKeepsTheSeedAndTimeOfItsManifest() throws {
        let root = try emptyFolder()
        let manifest = PackManifest(seed: 33, planSignature: "plan", createdAt: begun, lessonCount: 0, files: [])
        try PackManifest.encode(manifest).write(toFile: root + "/manifest.json", atomically: true, encoding: .utf8)
        let origin = try PackOrigin.resolve(inPack: root, seed: nil, newSeed: { 99 }, now: later, environment: [:])
        #expect(origin == PackOrigin(seed: 33, createdAt: begun))
    }

    @Test func aNewPackIsMadeNowInWholeSecondsWithANewSeed() throws {
        let origin = try PackOrigin.resolve(inPack: try emptyFolder(), seed: nil, newSeed: { 99 }, now: later, environment: [:])
        #expect(origin == PackOrigin(seed: 99, createdAt: Date(timeIntervalSince1970: 1_796_040_000)))
    }

    @Test func sourceDateEpochGoesBeforeThePacksTimeAndNow() throws {
        let environment = ["SOURCE_DATE_EPOCH": "1700000000"]
        let origin = try PackOrigin.resolve(inPack: try unfinishedPack(), seed: nil, newSeed: { 99 }, now: later, environment: environment)
        #expect(origin.createdAt == Date(timeIntervalSince1970: 1_700_000_000))
        #expect(CreationDate.date(now: later, environment: environment) == Date(timeIntervalSince1970: 1_700_000_000))
    }

    @Test func aLessonIsMadeNowWhenSourceDateEpochIsNotSet() {
        #expect(CreationDate.date(now: later, environment: [:]) == Date(timeIntervalSince1970: 1_796_040_000))
        #expect(CreationDate.date(now: later, environment: ["SOURCE_DATE_EPOCH": ""]) == Date(timeIntervalSince1970: 1_796_040_000))
    }

    @Test func aJournalThatRecordsNoTimeWasBegunAtTheEpoch() throws {
        let bytes = Array(#"{"files":[],"planSignature":"plan","seed":4}"#.utf8)
        let journal = try PackJournal.decode(bytes, path: "shard-1-of-1.json")
        #expect(journal.seed == 4 && journal.createdAt == Date(timeIntervalSince1970: 0))
    }
}
