import Foundation
import KochCore
import Testing

@testable import KochClass

@Suite struct ReturnMatchTests {
    func lessons(_ count: Int, folder: String, seed: UInt64) throws -> [PackLesson] {
        try (1...count).map { number in
            var settings = LessonSettings()
            settings.minutes = 0.5
            settings.seed = seed
            let lesson = try Lesson(settings: settings, number: number, count: count)
            let key = AnswerKey(lesson: lesson, createdAt: Date(timeIntervalSince1970: 0))
            let hash = key.lessonID.split(separator: "-").last.map { String($0.prefix(8)) } ?? ""
            return PackLesson(key: key, baseName: "koch-level02-0\(number)-\(hash)", folderName: folder, keyPath: "")
        }
    }

    @Test func aReturnIsMatchedByItsNameItsFirstLineOrTheLearnersOnlyLesson() throws {
        let own = try lessons(2, folder: "learner-ann", seed: 1)
        let others = try lessons(1, folder: "learner-bob", seed: 2)
        #expect(
            ReturnMatch.match(fileName: own[1].baseName + ".txt", firstLine: "KM MK", own: own, others: others)
                == .lesson(own[1], firstLineNamesIt: false))
        #expect(
            ReturnMatch.match(fileName: own[0].lessonID.lowercased() + ".wav", firstLine: nil, own: own, others: others)
                == .lesson(own[0], firstLineNamesIt: false))
        #expect(
            ReturnMatch.match(fileName: "monday \(own[1].shortID).txt", firstLine: nil, own: own, others: others)
                == .lesson(own[1], firstLineNamesIt: false))
        #expect(
            ReturnMatch.match(fileName: "copy.txt", firstLine: "Lesson \(own[0].lessonID)", own: own, others: others)
                == .lesson(own[0], firstLineNamesIt: true))
        #expect(ReturnMatch.match(fileName: "copy.txt", firstLine: "KM MK", own: own, others: others) == .unnamed(lessonCount: 2))
        #expect(
            ReturnMatch.match(fileName: "copy.txt", firstLine: "KM MK", own: Array(own.prefix(1)), others: others)
                == .lesson(own[0], firstLineNamesIt: false))
        #expect(ReturnMatch.match(fileName: others[0].baseName + ".txt", firstLine: nil, own: own, others: others) == .anotherLearners(others[0]))
        #expect(
            ReturnMatch.match(fileName: own[0].baseName + ".txt", firstLine: own[1].lessonID, own: own, others: others)
                == .several([own[0].lessonID, own[1].lessonID]))
    }
}
