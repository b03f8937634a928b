import Foundation
import KochCore
import KochIO
import KochLessons

extension ClassService {
    /// The learner's next lesson in `direction` at their level (with spoken answers when `spoken`):
    /// one made before and not graded yet, or a new one, made once from its seed and kept.
    public func nextLesson(for learner: LearnerRow, direction: Direction, spoken: Bool) throws -> LessonRow {
        try nextLessons(for: learner, direction: direction, spoken: spoken, count: 1)[0]
    }

    /// The learner's next `count` lessons in `direction`, made as needed: the feed's episodes.
    public func nextLessons(for learner: LearnerRow, direction: Direction, spoken: Bool, count: Int) throws -> [LessonRow] {
        try database.withLessonMaking(for: learner.id) {
            try nextLessonsLocked(for: learner, direction: direction, spoken: spoken, count: count)
        }
    }

    private func nextLessonsLocked(for learner: LearnerRow, direction: Direction, spoken: Bool, count: Int) throws -> [LessonRow] {
        let snapshot = ProgressSnapshot(progress: try database.progress(of: learner), path: learner.progressName)
        var request = Self.lessonRequest(direction: direction, spoken: spoken && direction == .receive)
        request.minutes = lessonMinutes
        let level = try request.prepared(progress: snapshot).plan.level
        var lessons = try database.ungradedLessons(of: learner, direction: direction, level: level, spoken: request.speech != nil)
        while lessons.count < count {
            lessons.append(try makeLesson(request, for: learner, progress: snapshot))
        }
        return Array(lessons.prefix(count))
    }

    /// What the server's lessons are: groups at the learner's level, as `koch lesson` makes them by default
    /// (for `lessonMinutes`).
    static func lessonRequest(direction: Direction, spoken: Bool) -> LessonRequest {
        var request = LessonRequest()
        request.direction = direction
        if spoken {
            var speech = SpeechSettings()
            speech.placement = .after
            request.speech = speech
        }
        return request
    }

    /// Makes one lesson into its own folder (named by its new ID) and keeps it.
    private func makeLesson(_ request: LessonRequest, for learner: LearnerRow, progress: ProgressSnapshot) throws -> LessonRow {
        let id = LessonID()
        let folder = "lessons/" + id.text
        let making = LessonMaking(request: request, outputFolder: dataFolder + "/" + folder, format: .mp3)
        let made = now()
        guard let written = try making.make(progress: progress, now: made, templates: templates).first,
            let audio = written.files.first(where: { $0.hasSuffix(".mp3") }),
            let keyFile = written.files.first(where: { $0.hasSuffix(".key.json") })
        else { throw ServerRefusal.notGradable("The lesson could not be made.") }
        let key = try AnswerKeyFile.read(keyFile)
        let size = (try FileManager.default.attributesOfItem(atPath: audio)[.size] as? NSNumber)?.intValue ?? 0
        let row = LessonRow(
            id: id, learnerID: learner.id, key: key, title: Self.title(of: key), audioFile: folder + "/" + (audio as NSString).lastPathComponent,
            audioBytes: size, createdAt: made)
        try database.insert(row)
        return row
    }

    /// `Level 5: K M R S U, receive` (`, spoken answers` for a spoken lesson).
    static func title(of key: AnswerKey) -> String {
        "Level \(key.level): \(key.characters.map(String.init).joined(separator: " ")), \(key.direction.rawValue)"
            + (key.isSpoken ? ", spoken answers" : "")
    }

    /// Where the lesson's audio is: under the data folder, by the name the server gave it.
    public func audioPath(of lesson: LessonRow) -> String { dataFolder + "/" + lesson.audioFile }

}
