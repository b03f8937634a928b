import Foundation
import KochCore

extension LearnerRow {
    init(postgres row: PostgresRow) throws {
        id = try row.integer("id")
        name = try row.text("name")
        linkToken = AccessToken(stored: try row.text("linkToken"))
        feedToken = AccessToken(stored: try row.text("feedToken"))
        spokenFeed = try row.bool("spokenFeed")
        createdAt = try row.date("createdAt")
    }
}

extension LessonRow {
    init(postgres row: PostgresRow) throws {
        let idText = try row.text("id")
        id = LessonID(stored: idText)
        learnerID = try row.integer("learnerID")
        direction = Direction(rawValue: try row.text("direction")) ?? .receive
        level = Int(try row.integer("level"))
        spoken = try row.bool("spoken")
        title = try row.text("title")
        key = try AnswerKeyCache.shared.key(id: idText, json: try row.text("key"))
        audioFile = try row.text("audioFile")
        audioBytes = Int(try row.integer("audioBytes"))
        durationSeconds = try row.double("durationSeconds")
        createdAt = try row.date("createdAt")
    }
}

extension SubmissionRow {
    init(postgres row: PostgresRow) throws {
        lessonID = LessonID(stored: try row.text("lessonID"))
        learnerID = try row.integer("learnerID")
        kind = try row.text("kind")
        report = try row.text("report")
        accuracyPercent = try row.double("accuracy")
        receivedAt = try row.date("receivedAt")
    }
}
