import KochCore
import Testing

@Suite struct QSOStyleChoiceTests {
    static let all = ["contest", "first-contact", "rag-chew", "signal-report"]

    @Test func aBeginnerGetsTheFirstContactAndALearnerNearTheEndTheRagChew() throws {
        let beginner = try QSOProgression.styles(available: Self.all, asked: nil, level: 2, course: .full)
        let nearTheEnd = try QSOProgression.styles(available: Self.all, asked: nil, level: KochCourse.full.lastLevel, course: .full)
        #expect(beginner == ["first-contact"])
        #expect(nearTheEnd == ["rag-chew"])
    }

    @Test func aStyleAskedForIsTakenWhateverTheLevel() throws {
        #expect(try QSOProgression.styles(available: Self.all, asked: "contest", level: 2, course: .full) == ["contest"])
    }

    @Test func aStyleThatIsNotThereIsRefusedWithTheStylesThatAre() {
        #expect(throws: QSOStyleRefusal.unknown(style: "dx", available: Self.all)) {
            try QSOProgression.styles(available: Self.all.reversed(), asked: "dx", level: 2, course: .full)
        }
    }

    @Test func withoutTheLevelsStyleEveryStyleThereIsIsDrawnFrom() throws {
        let teachers = ["qso-party", "field-day"]
        #expect(try QSOProgression.styles(available: teachers, asked: nil, level: 2, course: .full) == ["field-day", "qso-party"])
    }

    @Test func noStyleAtAllIsRefused() {
        #expect(throws: QSOStyleRefusal.noStyles) {
            try QSOProgression.styles(available: [], asked: nil, level: 2, course: .full)
        }
    }
}
