import Foundation
import KochIO
import Testing

/// A lesson's text sheet given where its key goes is named for what it is, with the key beside it.
@Suite struct AnswerKeySheetTests {
    static func folder() throws -> String {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("koch-sheet-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        return path
    }

    @Test(arguments: [".key.txt", ".sheet.txt"])
    func aSheetPointsToTheKeyBesideIt(suffix: String) throws {
        let folder = try Self.folder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        try "Lesson 1\n  1. KMKM\n".write(toFile: folder + "/lesson" + suffix, atomically: true, encoding: .utf8)
        try "{}".write(toFile: folder + "/lesson.key.json", atomically: true, encoding: .utf8)
        let error = #expect(throws: FileError.self) { try AnswerKeyFile.read(folder + "/lesson" + suffix) }
        let said = error?.description ?? ""
        #expect(said.contains("Give the key beside it: --key \(folder)/lesson.key.json."), "\(said)")
        #expect(!said.contains("not valid JSON"), "\(said)")
    }

    @Test func aSheetWithoutItsKeySaysTheKeyIsNotThere() throws {
        let folder = try Self.folder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        try "Lesson 1\n".write(toFile: folder + "/lesson.key.txt", atomically: true, encoding: .utf8)
        let error = #expect(throws: FileError.self) { try AnswerKeyFile.read(folder + "/lesson.key.txt") }
        #expect(error?.description.contains("lesson.key.json is not beside it") == true, "\(String(describing: error))")
    }
}
