import Foundation
import Testing

@testable import KochCore

/// The pairs a learner confused lately: counted from each session's `mistakenFor`, in the
/// direction's last sessions only, the latest weighing most.
@Suite struct ConfusedPairsTests {
    /// A session `day` days in, with `mistakes` as (sent, written, times).
    func confusing(
        _ mistakes: [(String, String, Int)], day: Int, direction: Direction = .receive, partial: Bool = false, kind: SessionKind = .groups
    ) -> GradedSession {
        var graded = session(day: day, correct: 90, direction: direction, id: "\(direction)-\(day)")
        for (sent, written, count) in mistakes {
            graded.characters[sent, default: CharacterStatistics()].attempts += count
            graded.characters[sent, default: CharacterStatistics()].mistakenFor[written, default: 0] += count
        }
        graded.partial = partial
        graded.kind = kind
        return graded
    }

    func pairs(_ sessions: [GradedSession], direction: Direction = .receive) -> ConfusedPairs {
        ConfusedPairs(progress: LearnerProgress(sessions: sessions), direction: direction)
    }

    @Test func bothWaysOfAPairCountAsOnePairTheCommonerFirst() throws {
        let found = pairs([confusing([("K", "R", 5), ("R", "K", 2)], day: 0), confusing([("K", "R", 2)], day: 1)])
        let pair = try #require(found.pairs.first)
        #expect(found.pairs.count == 1)
        #expect(pair.characters == ["K", "R"])
        #expect(pair.firstTakenForSecond == 7)
        #expect(pair.secondTakenForFirst == 2)
        #expect(pair.text == "K taken for R 7 times and R for K 2 times in the last 2 sessions")
    }

    @Test func theTextSaysOnceAndOneSession() throws {
        let pair = try #require(pairs([confusing([("S", "H", 1)], day: 0)]).pairs.first)
        #expect(pair.text == "S taken for H once in the last session")
    }

    @Test func theNewestConfusionsWeighMost() throws {
        // Three confusions of S and H long ago; two of K and R in the newest session.
        let sessions = [confusing([("S", "H", 3)], day: 0)] + (1...5).map { confusing([], day: $0) } + [confusing([("K", "R", 2)], day: 6)]
        let found = pairs(sessions)
        #expect(found.pairs.map(\.characters) == [["K", "R"], ["S", "H"]])
        #expect(found.pairs[0].weight == 2)
        // Six sessions back: 3 × 2^(-6/5).
        #expect(abs(found.pairs[1].weight - 3 * pow(2, -6.0 / 5)) < 1e-9)
    }

    @Test func theRecencyWeightHalvesEveryFiveSessions() {
        #expect(ConfusedPairs.recencyWeight(sessionsBack: 0) == 1)
        #expect(abs(ConfusedPairs.recencyWeight(sessionsBack: 5) - 0.5) < 1e-12)
        #expect(abs(ConfusedPairs.recencyWeight(sessionsBack: 10) - 0.25) < 1e-12)
    }

    @Test func onlyTheLastTenSessionsCount() {
        let old = confusing([("K", "R", 9)], day: 0)
        let clean = (1...10).map { confusing([], day: $0) }
        let found = pairs([old] + clean)
        #expect(found.pairs.isEmpty)
        #expect(found.sessionCount == 10)
        #expect(pairs([old] + clean.dropLast()).pairs.map(\.characters) == [["K", "R"]])
    }

    @Test func theWindowFollowsTheDatesNotTheOrderRecorded() {
        // Recorded last, done first: eleven sessions back, outside the window.
        let clean = (1...10).map { confusing([], day: $0) }
        #expect(pairs(clean + [confusing([("K", "R", 4)], day: 0)]).pairs.isEmpty)
    }

    @Test func receiveAndSendAreKeptApart() {
        let sessions = [confusing([("K", "R", 3)], day: 0), confusing([("U", "V", 2)], day: 1, direction: .send)]
        #expect(pairs(sessions, direction: .receive).pairs.map(\.characters) == [["K", "R"]])
        #expect(pairs(sessions, direction: .send).pairs.map(\.characters) == [["U", "V"]])
        #expect(pairs(sessions, direction: .send).sessionCount == 1)
    }

    @Test func partialCopiesSpokenLessonsAndUnreadableMarksDoNotCount() {
        let sessions = [
            confusing([("K", "R", 3)], day: 0, partial: true),
            confusing([("K", "R", 3)], day: 1, kind: .spoken),
            confusing([("K", "*", 3), ("M", "?", 2), ("S", "🙂", 1)], day: 2),
        ]
        let found = pairs(sessions)
        #expect(found.pairs.isEmpty)
        #expect(found.sessionCount == 1)
    }

    @Test func atMostFourPairsAreKeptHeaviestFirst() {
        let mistakes = [("K", "R", 6), ("S", "H", 5), ("U", "V", 4), ("B", "6", 3), ("A", "N", 2), ("E", "T", 1)]
        let found = pairs([confusing(mistakes, day: 0)])
        #expect(found.pairs.map(\.characters) == [["K", "R"], ["S", "H"], ["U", "V"], ["B", "6"]])
    }

    @Test func aDrillHoldsEveryPairWithItsWeightAndText() throws {
        let found = pairs([confusing([("K", "R", 3), ("S", "H", 1)], day: 0)])
        let drill = try #require(LessonDrill(confusions: found))
        #expect(drill.pairs.map(\.characters) == [["K", "R"], ["S", "H"]])
        #expect(drill.pairs.map(\.weight) == [3, 1])
        #expect(drill.pairs[0].text == "K taken for R 3 times in the last session")
        #expect(LessonDrill(confusions: pairs([confusing([], day: 0)])) == nil)
    }
}
