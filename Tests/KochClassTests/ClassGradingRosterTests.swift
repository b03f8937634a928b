import Foundation
import KochClass
import KochCore
import KochIO
import Testing

/// The roster a class's returns are graded by when none is given: the one the pack's manifest names.
@Suite struct ClassGradingRosterTests {
    static func pack() throws -> String {
        let pack = FileManager.default.temporaryDirectory.appendingPathComponent("koch-roster-\(UUID().uuidString)/week1").path
        try FileManager.default.createDirectory(atPath: pack, withIntermediateDirectories: true)
        return pack
    }

    static func writeManifest(roster: String?, in pack: String) throws {
        let manifest = PackManifest(
            seed: 1, planSignature: "plan", createdAt: Date(timeIntervalSince1970: 0), lessonCount: 0, files: [], roster: roster)
        try PackManifest.encode(manifest).write(toFile: pack + "/manifest.json", atomically: true, encoding: .utf8)
    }

    @Test func theRosterThePacksManifestNamesIsFoundRelativeToThePack() throws {
        let pack = try Self.pack()
        try Self.writeManifest(roster: "../class.csv", in: pack)
        let roster = try ClassGrading.rosterNamed(byPack: pack)
        #expect(URL(fileURLWithPath: roster).standardized.path == URL(fileURLWithPath: pack + "/../class.csv").standardized.path)
    }

    @Test func aPackWithoutAManifestIsRefused() throws {
        let pack = try Self.pack()
        #expect(throws: ClassGrading.RosterProblem.noManifest(pack: pack)) { try ClassGrading.rosterNamed(byPack: pack) }
    }

    @Test func aManifestThatNamesNoRosterIsRefused() throws {
        let pack = try Self.pack()
        try Self.writeManifest(roster: nil, in: pack)
        #expect(throws: ClassGrading.RosterProblem.noRosterNamed(pack: pack)) { try ClassGrading.rosterNamed(byPack: pack) }
        #expect("\(ClassGrading.RosterProblem.noRosterNamed(pack: pack))".hasSuffix("give --roster class.csv."))
    }

    @Test func aPacksGradingTakesTheRosterGivenElseTheOneItsManifestNames() throws {
        let pack = try Self.pack()
        try Self.writeManifest(roster: "../class.csv", in: pack)
        let dates = (done: ClassGradingSetup.done, gradedAt: ClassGradingSetup.gradedAt)
        let named = try ClassGrading.ofPack(
            pack + "/", returns: "returns/", roster: nil, progressFolder: nil, done: dates.done, gradedAt: dates.gradedAt)
        #expect(named.pack == pack && named.returns == "returns" && named.progressFolder == nil)
        #expect(URL(fileURLWithPath: named.roster).standardized.path == URL(fileURLWithPath: pack + "/../class.csv").standardized.path)
        let given = try ClassGrading.ofPack(
            pack, returns: "returns", roster: "other.csv", progressFolder: "progress", done: dates.done, gradedAt: dates.gradedAt)
        #expect(given.roster == "other.csv" && given.progressFolder == "progress")
        let bare = try Self.pack()
        #expect(throws: ClassGrading.RosterProblem.noManifest(pack: bare)) {
            try ClassGrading.ofPack(bare, returns: "returns", roster: nil, progressFolder: nil, done: dates.done, gradedAt: dates.gradedAt)
        }
    }
}
