import KochCore
import KochPresentation
import Testing

@Suite struct ReceiveScreenTextTests {
    static let key = ReceiveCopyTests.key(["KMR", "MK", "RRKM"])

    static func screen(
        typed: [(String, Double)] = [], atSeconds seconds: Double, show: ShowSent = .afterGroup, width: Int = 80, paused: Bool = false,
        key: AnswerKey = key
    ) -> [String] {
        ReceiveScreenText(
            copy: ReceiveCopyTests.typing(typed, key: key), lessonSeconds: seconds, isPaused: paused, showSent: show, widthColumns: width
        ).lines
    }

    @Test func showsABoxOfDotsForEachGroupAndMarksTheOneSent() {
        #expect(
            Self.screen(atSeconds: 1.2) == [
                "0:01 / 0:03  space pauses · q stops and grades",
                " [· · ·] >[· ·]  [· · · ·]",
                "",
            ])
    }

    @Test func showsWhatWasTypedUnderEachBox() {
        let lines = Self.screen(typed: [("kmx", 0.8), ("M", 1.3)], atSeconds: 1.4)
        #expect(lines[1] == " [· · ·] >[· ·]  [· · · ·]")
        #expect(lines[2] == "  K M X    M")
    }

    @Test func anExtraCharacterWidensItsGroup() {
        let lines = Self.screen(typed: [("KMRKK", 0.4)], atSeconds: 1.2)
        #expect(lines[1] == " [· · ·]    >[· ·]  [· · · ·]")
        #expect(lines[2] == "  K M R K K")
    }

    @Test func afterGroupShowsTheSentTextOnceTheWindowCloses() {
        // Group 1's window closes at 1.5 s, when group 2 ends.
        #expect(Self.screen(atSeconds: 1.4)[1] == " [· · ·] >[· ·]  [· · · ·]")
        #expect(Self.screen(atSeconds: 1.6)[1] == " [K M R] >[· ·]  [· · · ·]")
    }

    @Test func endShowsTheSentTextOnlyWhenTheLessonIsOver() {
        #expect(Self.screen(atSeconds: 2.9, show: .end)[1] == " [· · ·]  [· ·] >[· · · ·]")
        #expect(
            Self.screen(atSeconds: 3, show: .end) == [
                "0:03 / 0:03  the lesson is over",
                " [K M R]  [M K]  [R R K M]",
                "",
            ])
    }

    @Test func saysHowToResumeWhilePaused() {
        #expect(
            Self.screen(atSeconds: 65, paused: true, key: ReceiveCopyTests.key(Array(repeating: "KM", count: 100)))[0]
                == "1:05 / 1:40  paused: space resumes · q stops and grades")
    }

    @Test func showsTheIntroductionsCopyOnALineOfItsOwn() throws {
        let key = try ReceiveCopyOfALessonTests.lesson()
        var copy = ReceiveCopy(key: key)
        copy.type("r", atLessonSeconds: 1)
        copy.type("r", atLessonSeconds: 2)
        let lines = ReceiveScreenText(copy: copy, lessonSeconds: 2.5, isPaused: false, showSent: .end, widthColumns: 80).lines
        #expect(lines[1] == "introduction, not graded: R R")
        #expect(lines[2].hasPrefix(" [· "))
        #expect(lines[3].isEmpty)
    }

    @Test func wrapsRowsAtTheWidth() {
        let key = ReceiveCopyTests.key(["KMRSU", "MKRS", "KKMMR", "RSU", "UUSKM", "MK"])
        let lines = Self.screen(typed: [("KMRSU", 0.7), ("MKR", 1.6)], atSeconds: 1.7, show: .end, width: 40, key: key)
        #expect(lines.allSatisfy { $0.count <= 40 })
        #expect(lines[0] == "0:01 / 0:06  space: pause · q: stop")
        #expect(
            Array(lines.dropFirst()) == [
                " [· · · · ·] >[· · · ·]  [· · · · ·]",
                "  K M R S U    M K R",
                "",
                " [· · ·]  [· · · · ·]  [· ·]",
                "",
            ])
    }

    @Test func aRowLimitKeepsTheRowsUpToTheOneSent() {
        let key = ReceiveCopyTests.key(Array(repeating: "KMRSU", count: 12))
        let screen = ReceiveScreenText(
            copy: ReceiveCopy(key: key), lessonSeconds: 7.2, isPaused: false, showSent: .end, widthColumns: 40, rowLimit: 2)
        let lines = screen.lines
        #expect(lines.count == 1 + 2 + 1 + 2)
        #expect(lines.last(where: { $0.contains(">") }) == " [· · · · ·] >[· · · · ·]  [· · · · ·]")
    }
}
