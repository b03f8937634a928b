import Foundation
import Testing

/// The binary carries its templates and word lists: copied alone into an
/// empty folder, with no source tree or installed files to find, it makes
/// every kind of lesson and a pack; a teacher's own file replaces one
/// built-in template and leaves the others.
@Suite struct BinaryAnywhereTests {
    /// A folder holding a copy of koch alone, used as HOME too.
    func binaryAlone() throws -> (folder: String, koch: String) {
        let folder = try KochBinary.scratchFolder()
        let koch = folder + "/bin/koch"
        try FileManager.default.createDirectory(atPath: folder + "/bin", withIntermediateDirectories: true)
        try FileManager.default.copyItem(atPath: KochBinary.path, toPath: koch)
        return (folder, koch)
    }

    func run(_ arguments: [String], alone: (folder: String, koch: String)) throws -> KochBinary.Result {
        try KochBinary.run(
            arguments, environment: ["HOME": alone.folder], unset: ["KOCH_TEMPLATES", "KOCH_DATA", "XDG_CONFIG_HOME"],
            currentDirectory: alone.folder, executable: alone.koch)
    }

    @Test func aCopyAloneMakesEveryKindOfLessonAndAPack() throws {
        let alone = try binaryAlone()
        try "CQ CQ DE W1AW K\nTHE QUICK BROWN FOX\n".write(toFile: alone.folder + "/book.txt", atomically: true, encoding: .utf8)
        let kinds: [[String]] = [
            [], ["--kind", "words", "--level", "12"], ["--kind", "callsigns", "--course", "full", "--level", "30"],
            ["--kind", "qso"], ["--kind", "text", "--file", "book.txt"], ["--chars", "KMRS"], ["--direction", "send"],
        ]
        for (index, options) in kinds.enumerated() {
            let result = try run(["lesson", "--minutes", "0.5", "--format", "none", "--out", "lessons-\(index)"] + options, alone: alone)
            #expect(result.succeeded, "\(options): \(result.standardError)")
            let files = (try? FileManager.default.contentsOfDirectory(atPath: alone.folder + "/lessons-\(index)")) ?? []
            #expect(files.contains { $0.hasSuffix(".key.txt") || $0.hasSuffix(".sheet.txt") }, "\(options): \(files)")
        }
        let pack = try run(
            ["pack", "--levels", "2-3", "--per-level", "1", "--minutes", "0.5", "--format", "wav", "--seed", "1", "--out", "pack"],
            alone: alone)
        #expect(pack.succeeded, "\(pack.standardError)")
        #expect(FileManager.default.fileExists(atPath: alone.folder + "/pack/level-02/sheets.html"))
        #expect(FileManager.default.fileExists(atPath: alone.folder + "/pack/index.html"))
    }

    @Test func aTeachersTemplateReplacesOneAndTheOthersComeFromTheBinary() throws {
        let alone = try binaryAlone()
        let own = alone.folder + "/.config/koch/templates"
        try FileManager.default.createDirectory(atPath: own, withIntermediateDirectories: true)
        try "{{% CONTENT_TYPE: TEXT}}\nMRS SMITH'S CLASS: {{lessonID}}\n{{#lines}}{{cells}}\n{{/lines}}"
            .write(toFile: own + "/key.txt.mustache", atomically: true, encoding: .utf8)
        let receive = try run(["lesson", "--minutes", "0.5", "--format", "none", "--out", "r"], alone: alone)
        #expect(receive.succeeded, "\(receive.standardError)")
        let sheet = try String(
            contentsOfFile: alone.folder + "/r/"
                + (try #require(
                    try FileManager.default.contentsOfDirectory(atPath: alone.folder + "/r").first { $0.hasSuffix(".key.txt") })),
            encoding: .utf8)
        #expect(sheet.hasPrefix("MRS SMITH'S CLASS: R02-"), "\(sheet)")
        let send = try run(["lesson", "--direction", "send", "--minutes", "0.5", "--out", "s"], alone: alone)
        let sendSheet = try String(
            contentsOfFile: alone.folder + "/s/"
                + (try #require(
                    try FileManager.default.contentsOfDirectory(atPath: alone.folder + "/s").first { $0.hasSuffix(".sheet.txt") })),
            encoding: .utf8)
        #expect(send.succeeded && sendSheet.hasPrefix("koch send exercise"), "the send sheet is still koch's own")
        let listed = try run(["templates"], alone: alone)
        #expect(listed.standardOutput.contains(own + "/key.txt.mustache"))
        #expect(listed.standardOutput.contains("built in: templates/send.txt.mustache"))
    }

    @Test func theExportedTemplatesAreTheSourceTreesByteForByte() throws {
        let alone = try binaryAlone()
        let result = try run(["templates", "export", "mine"], alone: alone)
        #expect(result.succeeded, "\(result.standardError)")
        let source = KochBinary.packageRoot.appendingPathComponent("templates").path
        let names = (FileManager.default.enumerator(atPath: source)?.compactMap { $0 as? String } ?? [])
            .filter { !$0.hasSuffix("/") && FileManager.default.contents(atPath: source + "/" + $0) != nil }
        #expect(names.count >= 8)
        for name in names {
            #expect(
                FileManager.default.contents(atPath: alone.folder + "/mine/" + name) == FileManager.default.contents(atPath: source + "/" + name),
                "\(name)")
        }
        let again = try run(["templates", "export", "mine"], alone: alone)
        #expect(!again.succeeded && again.standardError.contains("exists already"), "never over a teacher's files")
    }
}
