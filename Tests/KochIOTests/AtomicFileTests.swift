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
}
