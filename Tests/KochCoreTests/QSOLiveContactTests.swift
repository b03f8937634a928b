import Foundation
import KochPresentation
import Testing

@testable import KochCore

private let template = """
    CQ CQ DE {{caller.call}} K
    {{caller.call}} DE {{answerer.call}} K
    {{answerer.call}} DE {{caller.call}} UR RST {{caller.rst}} K
    {{caller.call}} DE {{answerer.call}} UR RST {{answerer.rst}} <SK> {{caller.call}} DE {{answerer.call}}
    R TNX FER {{answerer.rst}} <SK> E E
    """

private func render(_ contact: QSOContact) throws -> String {
    var text = template
    for (side, values) in contact.context {
        for (key, value) in values { text = text.replacingOccurrences(of: "{{\(side).\(key)}}", with: value) }
    }
    return text
}

private func script() throws -> QSOScript {
    var contact = QSOLiveContact.draw(styles: ["qso/test"], seed: 3).contact
    contact.caller.call = "W1ABC"
    contact.answerer.call = "K1XY"
    contact.answerer.rst = "579"
    return try QSOScript(contact: contact, render: render)
}

private let timing = Timing(characterSpeedWPM: 30, effectiveSpeedWPM: 30)

private func timeline(_ text: String) throws -> Timeline { Timeline(text: try MorseText(parsing: text), timing: timing) }

@Suite struct QSOLiveContactTests {
    @Test func aQueriedOverIsSentAgainAndOnlyTheAttemptThatStoodIsKept() throws {
        var contact = QSOLiveContact(script: try script())
        guard case let .over(first) = contact.next else {
            Issue.record("no first over")
            return
        }
        contact.sent(try timeline(first.text), startSeconds: 1)
        #expect(contact.learnerOver?.script == "[THEIR CALL] DE K1XY K")
        contact.keyed("W1ABD DE K1XY K", startSeconds: 5, endSeconds: 8, render: render)
        #expect(contact.next == .query("DE W1ABC?"))
        contact.sent(try timeline("DE W1ABC?"), startSeconds: 8)
        contact.keyed("W1ABC DE K1XY K", startSeconds: 10, endSeconds: 13, render: render)
        #expect(contact.queries.map(\.reading.readText) == ["W1ABD DE K1XY K"])
        #expect(contact.readings.map(\.readText) == ["W1ABC DE K1XY K"])
        #expect(contact.overs.map(\.station) == [.other, .learner])
        #expect(contact.overs[1].startSeconds == 10)
        // The other station's words are at their times in the session.
        #expect(contact.otherWords.first?.startSeconds == 1 + 0.5)
        #expect(contact.otherWords.map(\.text) == ["CQ", "CQ", "DE", "W1ABC", "K"])
    }

    @Test func theReportSentIsRepeatedBackAndTheContactEnds() throws {
        let script = try script()
        var contact = QSOLiveContact(script: script)
        for index in [0, 2] {
            guard case let .over(over) = contact.next else {
                Issue.record("no over \(index)")
                return
            }
            contact.sent(try timeline(over.text), startSeconds: Double(index) * 10)
            let keyed = script.overs[index + 1].text.replacingOccurrences(of: "579", with: "599")
            contact.keyed(keyed, startSeconds: Double(index) * 10 + 5, endSeconds: Double(index) * 10 + 9, render: render)
        }
        guard case let .over(last) = contact.next else {
            Issue.record("no last over")
            return
        }
        #expect(last.text == "R TNX FER 599 <SK> E E")
        contact.sent(try timeline(last.text), startSeconds: 30)
        #expect(contact.isOver)
        let key = try #require(
            try contact.answerKey(
                settings: LessonSettings(), style: "test", learnerSpeedWPM: 30, durationSeconds: 40, createdAt: Date(timeIntervalSince1970: 0)))
        #expect(key.groups.map(\.text).joined(separator: " ") == [script.overs[0].text, script.overs[2].text, last.text].joined(separator: " "))
        #expect(key.qso?.learnerOvers.count == 2)
        #expect(key.settings.kind == .qso)
        #expect(key.learnerHalf(try #require(key.qso)).lessonID == "S" + key.lessonID.dropFirst())
        let grade = QSOContactGrade(key: key, qso: try #require(key.qso), readTexts: contact.readings.map(\.readText), copy: nil)
        let report = QSOReportText(grade: grade, queries: contact.queries).lines
        #expect(report.filter { $0.contains("your report") } == ["  your report: 579, you sent 599"])
    }

    @Test func aStopDuringTheOtherStationsOverKeepsTheWordsBegunBeforeIt() throws {
        var contact = QSOLiveContact(script: try script())
        guard case let .over(first) = contact.next else {
            Issue.record("no first over")
            return
        }
        let laidOut = try timeline(first.text)
        contact.sent(laidOut, startSeconds: 0, stoppedAtSeconds: laidOut.words[2].startSeconds - 0.01)
        #expect(contact.otherWords.map(\.text) == ["CQ", "CQ"])
        #expect(contact.isOver)
    }

    @Test func anOverStoppedPartWayIsGradedOnTheWordsKeyed() throws {
        var contact = QSOLiveContact(script: try script())
        guard case let .over(first) = contact.next else {
            Issue.record("no first over")
            return
        }
        contact.sent(try timeline(first.text), startSeconds: 0)
        contact.keyed("W1ABC DE", startSeconds: 5, endSeconds: 7, stopped: true, render: render)
        #expect(contact.overs.last?.text == "W1ABC DE")
        #expect(contact.readings.last?.wrongChecks.isEmpty == true)
        #expect(contact.readings.last?.checks.map(\.field.key) == ["caller.call"])
        #expect(contact.next == nil)
    }

    @Test func theScreenShowsTheScriptWithBlanksAndWhatWasWrong() throws {
        let script = try script()
        let reading = QSOOverReading(over: script.overs[1], readText: "W1ABD DE K1XY K")
        let text = QSOScreenText(
            entries: [.init(speaker: .learner, text: reading.readText, notes: reading.wrongChecks.map(QSOScreenText.describe))],
            turn: .keying(script: script.overs[1].script, keyed: "W1A"), elapsedSeconds: 65, widthColumns: 80)
        #expect(text.lines.contains(" you: W1ABD DE K1XY K"))
        #expect(text.lines.contains("      their call: W1ABC, you sent W1ABD"))
        #expect(text.lines.contains("[THEIR CALL] DE K1XY K"))
        #expect(text.lines.first?.hasPrefix("QSO  1:05") == true)
        let listening = QSOScreenText(
            entries: [], turn: .listening(typed: "cq", coming: script.overs[1].script), elapsedSeconds: 3, widthColumns: 80)
        #expect(listening.lines.suffix(3) == ["Your copy: cq", "", "Then you: [THEIR CALL] DE K1XY K"])
    }
}
