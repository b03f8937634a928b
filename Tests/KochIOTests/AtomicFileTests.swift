import Foundation
import KochIO
import Testing

@Suite struct AtomicFileTests {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("koch-atomic-\(UUID().uuidString)").path

    init() throws {
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    }

    struct Interrupted: Error {}

    @Test func aFailedWriteKeepsTheOldFileAndLeavesNothingElse() throws {
        let path = folder + "/progress.json"
        try AtomicFile.write("old", to: path)
        #expect(throws: Interrupted.self) {
            try AtomicFile.write(to: path) { temporary in
                try "half of the n".write(toFile: temporary, atomically: false, encoding: .utf8)
                throw Interrupted()
            }
        }
        #expect(try String(contentsOfFile: path, encoding: .utf8) == "old")
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder) == ["progress.json"])
    }

    @Test func aCompleteWriteReplacesTheFile() throws {
        let path = folder + "/key.json"
        try AtomicFile.write("old", to: path)
        try AtomicFile.write("new", to: path)
        #expect(try String(contentsOfFile: path, encoding: .utf8) == "new")
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder) == ["key.json"])
    }

    @Test func missingFolderIsAnErrorNamingThePath() {
        do {
            try AtomicFile.write("x", to: folder + "/no/such/place.txt")
            Issue.record("wrote into a missing folder")
        } catch {
            #expect("\(error)".contains(folder + "/no/such/place.txt"))
        }
    }

    /// The folder part of a path, one-character names too (Foundation's
    /// `deletingLastPathComponent` traps on `"r"`).
    @Test func folderOfAPathIsWhatComesBeforeTheLastSlash() {
        #expect(FileBytes.folder(of: "r") == "")
        #expect(FileBytes.folder(of: "progress.json") == "")
        #expect(FileBytes.folder(of: "a/b") == "a")
        #expect(FileBytes.folder(of: "a/b/") == "a")
        #expect(FileBytes.folder(of: "/a") == "/")
        #expect(FileBytes.folder(of: "/") == "/")
        #expect(FileBytes.folder(of: "/x/y/progress.json") == "/x/y")
    }

    @Test func aLinkIsFollowedAndStaysALink() throws {
        try FileManager.default.createDirectory(atPath: folder + "/data", withIntermediateDirectories: true)
        try AtomicFile.write("old", to: folder + "/data/real.json")
        try FileManager.default.createSymbolicLink(atPath: folder + "/link.json", withDestinationPath: "data/real.json")
        try AtomicFile.write("new", to: folder + "/link.json")
        #expect(try FileManager.default.destinationOfSymbolicLink(atPath: folder + "/link.json") == "data/real.json")
        #expect(try String(contentsOfFile: folder + "/data/real.json", encoding: .utf8) == "new")
    }
}
