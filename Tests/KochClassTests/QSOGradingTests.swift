import Foundation
import KochCore
import Testing

@testable import KochClass

/// A contact answered, graded in process from the texts read of the learner's overs, as a
/// reader of a paddle log, a room's recording or live keying hands them over.
@Suite struct QSOGradingTests {
    static let template = """
        CQ CQ DE {{caller.call}} {{caller.call}} K
        {{caller.call}} DE {{answerer.call}} K
        {{answerer.call}} DE {{caller.call}} UR RST {{caller.rst}} <BT> HW? K
        {{caller.call}} DE {{answerer.call}} R UR RST {{answerer.rst}} {{answerer.rst}} <BT> 73 <SK>
        """

    /// The key of a contact to answer made from `template`, on 2025-10-01.
    static func key() throws -> AnswerKey {
        var generator = SeededGenerator(seed: 3)
        var contact = QSOFiller.fullCourse.contact(using: &generator)
        contact.caller.call = "W1ABC"
        contact.answerer.call = "K1XY"
        contact.answerer.rst = "579"
        let script = try QSOScript(contact: contact) { contact in
            var text = template
            for (side, values) in contact.context {
                for (key, value) in values { text = text.replacingOccurrences(of: "{{\(side).\(key)}}", with: value) }
            }
            return text
        }
        var settings = LessonSettings()
        settings.kind = .qso
        settings.seed = 3
        let plan = try QSORespondPlan(
            script: script, timing: settings.timing, learnerTiming: Timing(characterSpeedWPM: 15), leadInSeconds: 0.5, tailSeconds: 0.5)
        let lesson = try Lesson(settings: settings, content: .contact(plan, style: "test", contact: contact, learnerSpeedWPM: 15))
        return AnswerKey(lesson: lesson, createdAt: Date(timeIntervalSince1970: 1_759_276_800))
    }

    static func grading() throws -> QSOGrading {
        try QSOGrading(key: try key(), done: ClassGradingSetup.done, gradedAt: ClassGradingSetup.gradedAt)
    }

    @Test func aContactToAnswerHasItsOwnIDAndAKeyOfBothHalves() throws {
        let key = try Self.key()
        let qso = try #require(key.qso)
        #expect(key.consistencyProblems.isEmpty, "\(key.consistencyProblems)")
        #expect(qso.learnerOvers.map(\.script) == ["[THEIR CALL] DE K1XY K", "[THEIR CALL] DE K1XY R UR RST 579 579 <BT> 73 <SK>"])
        #expect(key.sentText == qso.otherOvers.map(\.text).joined(separator: " "))
        #expect(key.introduction == nil)
        var plain = LessonSettings()
        plain.kind = .qso
        plain.seed = 3
        let same = try Lesson(settings: plain, content: .fixed(try MorseText(parsing: key.sentText).words))
        #expect(same.lessonID != key.lessonID, "a plain QSO lesson of the other station's words is another lesson")
        #expect(key.learnerHalf(qso).lessonID == "S" + key.lessonID.dropFirst())
    }

    @Test func eachOverIsReadAgainstTheScriptAndBothHalvesAreSessionsOfTheContact() throws {
        let grading = try Self.grading()
        let grade = try grading.grade(
            readTexts: ["W1ABC DE K1XY K", "W1ABC DE K1XY R UR RST 599 599 <BT> 73 <SK>"], copy: grading.key.sentText)
        #expect(grade.contact.readings[0].wrongChecks.isEmpty)
        #expect(grade.contact.readings[1].wrongChecks.map(\.sent) == ["599", "599"])
        #expect(grade.sessions.map(\.direction) == [.send, .receive])
        #expect(grade.sessions.allSatisfy { $0.kind == .qso })
        #expect(grade.sessions.map(\.lessonID) == [grading.sendKey.lessonID, grading.key.lessonID])
        #expect(grade.received?.copy?.score.accuracy == 1)
        #expect(grade.sent.correct == grade.sent.sent - 2)
    }

    @Test func anOverNotReadIsNotSentAndNothingReadIsRefused() throws {
        let grading = try Self.grading()
        let grade = try grading.grade(readTexts: ["W1ABC DE K1XY K", ""], copy: nil)
        #expect(grade.received == nil && grade.sessions.count == 1)
        #expect(grade.contact.readings[1].checks.allSatisfy { $0.sent == nil })
        #expect(grade.sent.correct == "W1ABCDEK1XYK".count)
        #expect(throws: QSOGrading.Refusal.self) { try grading.grade(readTexts: ["", " "], copy: nil) }
    }

    @Test func aKeyWithoutAContactIsNotGradedAsOne() throws {
        var key = try Self.key()
        key.qso = nil
        #expect(throws: QSOGrading.Refusal.self) { try QSOGrading(key: key, done: ClassGradingSetup.done, gradedAt: ClassGradingSetup.gradedAt) }
    }

    @Test func charactersGoToTheOverOfThePauseTheyStartIn() throws {
        let qso = try #require(try Self.key().qso)
        let overs = qso.learnerOvers
        func character(_ text: String, _ pattern: String, at seconds: Double, startsWord: Bool) -> DecodedCharacter {
            DecodedCharacter(
                text: text, elements: pattern.compactMap(Element.init(rawValue:)), startSeconds: seconds, endSeconds: seconds + 0.2,
                startsWord: startsWord, isAmbiguous: false)
        }
        let characters = [
            character("K", "-.-", at: overs[0].startSeconds - 1, startsWord: false),
            character("R", ".-.", at: overs[1].startSeconds + 1, startsWord: true),
            character("=", "-...-", at: overs[1].startSeconds + 2, startsWord: true),
            character("E", ".", at: overs[1].endSeconds + 1, startsWord: true),
        ]
        let split = QSOKeying.split(characters, offsetSeconds: 0, overs: overs, alphabet: WrittenTokens.Alphabet(["<BT>", "K"]))
        #expect(split.texts == ["", "R <BT>"])
        #expect(split.inside.count == 2)
    }
}
