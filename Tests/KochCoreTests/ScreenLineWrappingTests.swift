import KochCore
import KochPresentation
import Testing

/// Lines of the live screens at several widths: none wider than the screen, no word cut in two.
@Suite struct ScreenLineWrappingTests {
    static func words(_ lines: [String]) -> [String] {
        lines.joined(separator: " ").split(separator: " ").map(String.init)
    }

    @Test(arguments: [12, 20, 40, 60, 100])
    func aLineBreaksAtItsSpacesIntoLinesThatFit(width: Int) {
        let text = "Key the groups below on the straight key.  1:05  Enter, q or Ctrl-C ends"
        let lines = ScreenLineWrapping.lines(text, widthColumns: width)
        #expect(lines.allSatisfy { $0.count <= width }, "\(lines)")
        #expect(Self.words(lines) == Self.words([text]))
        if text.count <= width { #expect(lines == [text]) }
    }

    @Test func aWordWiderThanTheScreenIsALineOfItsOwnAndAnIndentStays() {
        #expect(ScreenLineWrapping.lines("ab 0123456789 cd", widthColumns: 6) == ["ab", "0123456789", "cd"])
        #expect(ScreenLineWrapping.lines("  dah 3.0 · gap 1.0", widthColumns: 12) == ["  dah 3.0 ·", "gap 1.0"])
    }

    @Test(arguments: [24, 30, 40, 60])
    func theReceiveScreensHeaderFitsAndKeepsItsWords(width: Int) {
        let lines = ReceiveScreenTextTests.screen(atSeconds: 1.2, width: width)
        #expect(lines.allSatisfy { $0.count <= width }, "\(lines)")
        let header = lines.prefix { !$0.hasPrefix(" [") && !$0.hasPrefix(">[") }
        #expect(Self.words(Array(header)).contains("0:01"))
        #expect(Self.words(Array(header)).last == "stop" || Self.words(Array(header)).last == "grades", "\(header)")
    }

    @Test(arguments: [30, 40, 60, 100, 200])
    func theCharacterDrillsTimingFitsAtAnyWidth(width: Int) throws {
        var settings = LessonSettings()
        settings.course = .full
        settings.level = KochCourse.full.order.count
        settings.direction = .send
        var drill = CharacterDrill(settings: settings)
        var shown = drill.next()
        while shown.pattern.count < 5 { shown = drill.next() }
        // The character keyed a little long: five marks, four gaps, the note of units.
        let unit = Timing.unitSeconds(wpm: settings.characterSpeedWPM)
        var marks: [KeyedElement] = []
        var start = 0.0
        for element in shown.pattern {
            let units = element == "-" ? 3.4 : 1.2
            marks.append(KeyedElement(element: nil, startSeconds: start, durationSeconds: units * unit))
            start += (units + 1) * unit
        }
        let judged = drill.judge(text: shown.text, pattern: shown.pattern, marks: marks)
        let attempt = try #require(judged)
        let lines = attempt.lines(widthColumns: width)
        #expect(lines.allSatisfy { $0.count <= width }, "\(lines)")
        // Every element and gap is there (the note names a gap too), and the note of units whole.
        #expect(lines.joined(separator: " ").components(separatedBy: "gap ").count - 1 == shown.pattern.count)
        #expect(Self.words(lines).joined(separator: " ").contains("(units: dah 3, dit 1, gap 1; * off by more than a quarter)"))
        #expect(lines.count == (width >= attempt.lines[1].count ? 2 : lines.count))
    }

    @Test func aSendScreenSaysTheKeyKeyedOn() {
        let text = SendScreenText(groups: ["KM"], keyed: "", elapsedSeconds: 5, hint: "Enter ends", width: 80, keyedOn: "on the straight key")
        #expect(text.lines[0] == "Key the groups below on the straight key.  0:05  Enter ends")
        let narrow = SendScreenText(groups: ["KM"], keyed: "", elapsedSeconds: 5, hint: "Enter, q or Ctrl-C ends", width: 30)
        #expect(narrow.lines.prefix(2) == ["Key the groups below.  0:05", "Enter, q or Ctrl-C ends"])
    }
}
