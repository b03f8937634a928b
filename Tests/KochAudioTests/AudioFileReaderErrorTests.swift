import Foundation
import Testing

@testable import KochAudio

/// What cannot be opened is told apart from what is no audio koch reads, by the file itself.
@Suite struct AudioFileReaderErrorTests {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("koch-reader-\(UUID().uuidString)").path

    init() throws {
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    }

    @Test func aMissingFileCannotBeOpened() {
        #expect(throws: AudioError.cannotOpen(path: folder + "/none.wav", reason: "there is no such file or folder")) {
            try AudioFileReader(path: folder + "/none.wav")
        }
    }

    @Test func aFolderIsNamedAsOne() {
        #expect(throws: AudioError.cannotOpen(path: folder, reason: "it is a folder, not a recording")) {
            try AudioFileReader(path: folder)
        }
    }

    @Test func aFileOfTextIsAFormatKochDoesNotRead() throws {
        let path = folder + "/notes.wav"
        try Data("a shopping list, not a recording\n".utf8).write(to: URL(fileURLWithPath: path))
        do {
            _ = try AudioFileReader(path: path)
            Issue.record("a text file was read as audio")
        } catch {
            guard case .unsupportedFormat(let named, _) = error else {
                Issue.record("\(error)")
                return
            }
            #expect(named == path)
        }
    }
}
