import Foundation
import Testing

/// The options each command refuses together or out of range, through the built binary: the
/// library's typed conflict told in the options' words, a non-zero exit, and nothing written.
@Suite struct CommandConflictTests {
    /// Arguments (FOLDER stands for a scratch folder) and what standard error says of them.
    static let refusals: [(arguments: [String], message: String)] = [
        (["decode", "FOLDER/a.wav", "--stations", "3"], "--stations must be 1 or 2, not 3."),
        (["decode", "FOLDER/a.wav", "--stations", "2", "--tone", "700"], "leave out --tone, --wpm and --plot."),
        (["decode", "FOLDER/a.wav", "--expect", "K#"], "--expect: "),
        (["decode", "FOLDER/a.wav", "--tone", "90"], "--tone must be 100 Hz or more"),
        (["decode", "FOLDER/a.wav", "--wpm", "200"], "--wpm must be "),
        (["decode", "FOLDER/a.wav", "--plot", "FOLDER/p.png"], "--plot must name an .svg file, not 'FOLDER/p.png'."),
        (["decode", "FOLDER/a.wav", "--plot-seconds", "5"], "--plot-from and --plot-seconds choose the stretch of a plot"),
        (["decode", "FOLDER/a.wav", "--plot", "FOLDER/p.svg", "--plot-seconds", "121"], "--plot-seconds must be 1 to 120, not 121.0."),
        (["decode", "FOLDER/a.wav", "--plot", "FOLDER/p.svg", "--plot-from=-1"], "--plot-from must be 0 or more, not -1.0."),
        (["keyer", "--events", "FOLDER/e.txt", "--wpm", "99"], "--wpm must be "),
        (["keyer", "--events", "FOLDER/e.txt", "--out", "FOLDER/k.ogg"], "--out must name a .wav or .mp3 file, not FOLDER/k.ogg."),
        (["render", "CQ", "--file", "FOLDER/t.txt", "--out", "FOLDER/cq.wav"], "Give the text either as an argument or with --file, not both."),
        (["render", "--out", "FOLDER/cq.wav"], "Give the text to send: koch render"),
        (["render", "CQ", "--out", "FOLDER/cq.mp3", "--bitrate", "7"], "7"),
        (["report", "--roster", "FOLDER/c.csv", "--progress", "FOLDER/p.json"], "leave out --progress."),
        (["report", "--progress-dir", "FOLDER/p"], "--progress-dir is for a roster's reports: give --roster class.csv."),
        (["schedule", "--ics", "FOLDER/m.ics", "--quiet-hours", "late"], "--quiet-hours must be a span such as 22:00-08:00, not \"late\"."),
        (["schedule", "--ics", "FOLDER/m.ics", "--at", "6pm"], "--at must be a time such as 18:00, not \"6pm\"."),
        (["schedule", "--ics", "FOLDER/m.ics", "--at", "23:00"], "--at 23:00 falls in the quiet hours (22:00–08:00)"),
    ]

    @Test(arguments: refusals)
    func conflictingOptionsAreRefusedInTheOptionsWordsAndNothingIsWritten(arguments: [String], message: String) throws {
        let folder = try KochBinary.scratchFolder()
        try "K M\n".write(toFile: folder + "/t.txt", atomically: true, encoding: .utf8)
        let result = try KochBinary.run(arguments.map { $0.replacingOccurrences(of: "FOLDER", with: folder) })
        #expect(result.exitCode != 0)
        #expect(result.standardError.contains(message.replacingOccurrences(of: "FOLDER", with: folder)), "\(result.standardError)")
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder) == ["t.txt"])
    }

    @Test func aKeyerLogThatKeysNothingIsRefusedAndNoSidetoneWritten() throws {
        let folder = try KochBinary.scratchFolder()
        try "0.500 wpm 18\n".write(toFile: folder + "/e.txt", atomically: true, encoding: .utf8)
        let result = try KochBinary.run(["keyer", "--events", folder + "/e.txt", "--out", folder + "/k.wav"])
        #expect(result.exitCode == 1)
        #expect(result.standardError.contains("\(folder)/e.txt: the log holds no key-down long enough to sound; nothing was keyed."))
        #expect(!FileManager.default.fileExists(atPath: folder + "/k.wav"))
    }
}
