import Foundation
import KochClass

/// What `koch grade` prints of a return graded (`GradeResult`): for a person, or as one JSON object.
struct GradeResultText {
    let result: GradeResult
    let progressFile: String
    let json: Bool

    func text() throws -> String {
        switch result {
        case let .lesson(recorded):
            if json { return try Self.json(LessonReport(recorded, progressFile: progressFile)) }
            if let copy = recorded.grade.copy { return GradeText(recorded: recorded, copy: copy, progressFile: progressFile).text }
            return HeardText(recorded: recorded, progressFile: progressFile).text
        case let .contact(recorded):
            if json { return try Self.json(QSOReport(recorded, progressFile: progressFile)) }
            return QSOGradeText(recorded: recorded, progressFile: progressFile).text
        }
    }

    private static func json(_ report: some Encodable) throws -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        return String(decoding: try encoder.encode(report), as: UTF8.self) + "\n"
    }
}
