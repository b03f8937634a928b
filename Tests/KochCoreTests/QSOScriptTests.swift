import Testing

@testable import KochCore

/// The first-contact style, rendered by plain substitution of `{{side.key}}`.
private let firstContact = """
    CQ CQ CQ DE {{caller.call}} {{caller.call}} {{caller.call}} K
    {{caller.call}} DE {{answerer.call}} {{answerer.call}} K
    {{answerer.call}} DE {{caller.call}} TNX FER CALL <BT> UR RST {{caller.rst}} {{caller.rst}} <BT> HW? <AR> {{answerer.call}} DE {{caller.call}} K
    {{caller.call}} DE {{answerer.call}} R TNX <BT> UR RST {{answerer.rst}} {{answerer.rst}} <BT> 73 <SK> {{caller.call}} DE {{answerer.call}}
    R TNX FER {{answerer.rst}} <BT> TU 73 <SK> E E
    """

private func render(_ template: String) -> QSOScript.Renderer {
    { contact in
        var text = template
        for (side, values) in contact.context {
            for (key, value) in values { text = text.replacingOccurrences(of: "{{\(side).\(key)}}", with: value) }
        }
        return text
    }
}

private func contact() -> QSOContact {
    var generator = SeededGenerator(seed: 7)
    var contact = QSOFiller.fullCourse.contact(using: &generator)
    contact.caller.call = "W1ABC"
    contact.answerer.call = "K1XY"
    contact.caller.rst = "599"
    contact.answerer.rst = "579"
    contact.answerer.temperature = "MINUS 4C"
    return contact
}

@Suite struct QSOScriptTests {
    @Test func oversTakeTurnsTheCallingStationFirst() throws {
        let script = try QSOScript(contact: contact(), render: render(firstContact))
        #expect(script.overs.map(\.station) == [.other, .learner, .other, .learner, .other])
        #expect(script.overs[1].text == "W1ABC DE K1XY K1XY K")
        #expect(script.overs[1].script == "[THEIR CALL] DE K1XY K1XY K")
        #expect(script.overs[1].heardFields.map(\.key) == ["caller.call"])
        #expect(
            script.overs[3].fields.map(\.key) == ["caller.call", "answerer.call", "answerer.rst", "answerer.rst", "caller.call", "answerer.call"])
    }

    @Test func aValueOfTwoWordsTakesBoth() throws {
        let script = try QSOScript(contact: contact(), render: render("CQ DE {{caller.call}} K\nTEMP {{answerer.temperature}} K"))
        let field = try #require(script.overs[1].fields.first)
        #expect(field.words == 1..<3)
        #expect(field.value == "MINUS 4C")
    }

    @Test func aTemplateOfOneLineIsRefused() {
        #expect(throws: QSOScriptError.tooFewOvers(1)) { try QSOScript(contact: contact(), render: render("CQ DE {{caller.call}} K")) }
    }

    @Test func aWrongReportIsReadAndRepeatedBack() throws {
        let script = try QSOScript(contact: contact(), render: render(firstContact))
        let reading = QSOOverReading(over: script.overs[3], readText: "W1ABC DE K1XY R TNX <BT> UR RST 589 589 <BT> 73 <SK> W1ABC DE K1XY")
        #expect(reading.wrongChecks.map(\.field.key) == ["answerer.rst", "answerer.rst"])
        #expect(reading.sentValues["answerer.rst"] == "589")
        guard case let .over(next) = QSOReply.reply(script: script, afterOver: 3, reading: reading, queried: 0, render: render(firstContact))
        else {
            Issue.record("no over in reply")
            return
        }
        #expect(next.text == "R TNX FER 589 <BT> TU 73 <SK> E E")
    }

    @Test func aWrongCallIsQueriedThenTheContactGoesOn() throws {
        let script = try QSOScript(contact: contact(), render: render(firstContact))
        let reading = QSOOverReading(over: script.overs[1], readText: "W1ABD DE K1XY K1XY K")
        #expect(reading.checks.first?.sent == "W1ABD")
        #expect(QSOReply.reply(script: script, afterOver: 1, reading: reading, queried: 0, render: render(firstContact)) == .query("DE W1ABC?"))
        guard case let .over(next) = QSOReply.reply(script: script, afterOver: 1, reading: reading, queried: 2, render: render(firstContact))
        else {
            Issue.record("no over after the queries")
            return
        }
        #expect(next.text.hasPrefix("K1XY DE W1ABC TNX FER CALL"))
    }

    @Test func theOtherStationAnswersTheCallAsSent() throws {
        let script = try QSOScript(contact: contact(), render: render(firstContact))
        let reading = QSOOverReading(over: script.overs[1], readText: "W1ABC DE K1XZ K1XZ K")
        guard case let .over(next) = QSOReply.reply(script: script, afterOver: 1, reading: reading, queried: 0, render: render(firstContact))
        else {
            Issue.record("no over in reply")
            return
        }
        #expect(next.text.hasPrefix("K1XZ DE W1ABC"))
        #expect(QSOReply.reply(script: script, afterOver: 4, reading: reading, queried: 0, render: render(firstContact)) == .end)
    }

    @Test func aMissingOrExtraWordKeepsTheValuesInPlace() throws {
        let script = try QSOScript(contact: contact(), render: render(firstContact))
        let reading = QSOOverReading(over: script.overs[3], readText: "W1ABC DE K1XY TNX <BT> EE UR RST 579 579 <BT> 73 <SK> W1ABC DE K1XY")
        #expect(reading.wrongChecks.isEmpty)
        #expect(QSOOverReading(over: script.overs[1], readText: "").checks.allSatisfy { $0.sent == nil })
    }

    @Test func anOverEndsAtItsLastHandOverWordOrAPause() throws {
        let script = try QSOScript(contact: contact(), render: render(firstContact))
        let timing = Timing(characterSpeedWPM: 20, effectiveSpeedWPM: 20)
        let end = QSOOverEnd(over: script.overs[3], timing: timing)
        #expect(end.handOverCount == 1)
        #expect(!end.hasEnded(words: ["W1ABC", "DE", "K1XY", "<BT>"], silenceSeconds: 0.5))
        #expect(!end.hasEnded(words: ["73", "<SK>"], silenceSeconds: 0))
        #expect(!end.hasEnded(words: ["73", "<SK>", "W1ABC", "DE"], silenceSeconds: 0))
        #expect(end.hasEnded(words: ["73", "<SK>", "W1ABC", "DE", "K1XY"], silenceSeconds: 0))
        #expect(end.wordsAfterLastHandOver == 3)
        #expect(end.hasEnded(words: ["73"], silenceSeconds: 2 * 7 * 0.06))
        #expect(!end.hasEnded(words: [], silenceSeconds: 60))
        let middle = QSOOverEnd(over: script.overs[2], timing: timing)
        #expect(middle.handOverCount == 2)
        #expect(!middle.hasEnded(words: ["HW?", "<AR>"], silenceSeconds: 0))
    }
}
