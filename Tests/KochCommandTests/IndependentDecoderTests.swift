import Foundation
import Testing

/// Another program's decoder must copy koch's lessons: Debian's multimon-ng,
/// which knows nothing of how koch made the audio.
@Suite struct IndependentDecoderTests {
    @Test func multimonNGCopiesALessonWithAtMostTwoPercentErrors() throws {
        let folder = try KochBinary.scratchFolder()
        // multimon-ng wants 22050 Hz and puts a space after every letter when
        // the gaps are stretched, so the comparison ignores spaces.
        let made = try KochBinary.run([
            "lesson", "--level", "26", "--minutes", "5", "--seed", "11", "--format", "wav",
            "--sample-rate", "22050", "--out", folder,
        ])
        #expect(made.succeeded, "\(made.standardError)")
        let names = try FileManager.default.contentsOfDirectory(atPath: folder)
        let wav = folder + "/" + (try #require(names.first { $0.hasSuffix(".wav") }))
        let keyPath = folder + "/" + (try #require(names.first { $0.hasSuffix(".key.json") }))
        let key = try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: keyPath))) as! [String: Any]
        let introduction = ((key["introduction"] as? [String: Any])?["text"] as? String ?? "").filter { $0 != " " }
        let sent = introduction + (key["groups"] as! [[String: Any]]).map { $0["text"] as! String }.joined()

        let raw = folder + "/lesson.raw"
        try shell("sox '\(wav)' -t raw -e signed -b 16 -c 1 -r 22050 '\(raw)'")
        let decoded = try shell("multimon-ng -q -a MORSE_CW -t raw '\(raw)'")
            .filter { $0.isLetter }.uppercased()
        // multimon-ng never prints the last character of a file.
        let errors = Self.editDistance(Array(sent.dropLast()), Array(decoded))
        let rate = Double(errors) / Double(sent.count)
        #expect(rate <= 0.02, "multimon-ng: \(errors) errors in \(sent.count) characters\nsent:    \(sent)\ndecoded: \(decoded)")
    }

    @discardableResult
    func shell(_ command: String) throws -> String {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/sh")
        process.arguments = ["-c", command]
        let output = Pipe()
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        try process.run()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        #expect(process.terminationStatus == 0, "\(command) failed")
        return String(decoding: data, as: UTF8.self)
    }

    static func editDistance(_ a: [Character], _ b: [Character]) -> Int {
        var row = Array(0...b.count)
        for i in 1...max(a.count, 1) where !a.isEmpty {
            var previous = row[0]
            row[0] = i
            for j in stride(from: 1, through: b.count, by: 1) {
                let saved = row[j]
                row[j] = min(row[j] + 1, row[j - 1] + 1, previous + (a[i - 1] == b[j - 1] ? 0 : 1))
                previous = saved
            }
        }
        return a.isEmpty ? b.count : row[b.count]
    }
}
