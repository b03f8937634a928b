import Foundation
import KochCore

/// What the pack's HTML templates see: plain dictionaries and strings.
enum PackPages {
    static let playlistName = "playlist.m3u"
    static let sheetsName = "sheets.html"
    /// With `--keys separate`: the keys' pages, in the teacher's folder.
    static let keysName = "keys.html"
    static let teacherFolder = "teacher"

    /// Which pages a sheets file holds: the copy pages, the key pages, or both (copies first).
    enum SheetPages {
        case copies, keys, both
    }

    /// `templates/pack/sheets.html`: per lesson, a page of numbered boxes to
    /// copy into, and (after all of them) a page of the key for the teacher;
    /// for send exercises, a page of the groups to key, with the pace.
    static func sheets(_ folder: PackPlan.Folder, createdAt: Date, pages: SheetPages = .both) -> [String: Any] {
        let isSend = folder.lessons.first?.settings.direction == .send
        return [
            "copyPages": pages != .keys,
            "keyPages": pages != .copies,
            "title": folder.title,
            "date": day(createdAt).map { $0 as Any } ?? false,
            "isSend": isSend,
            "isReceive": !isSend,
            // The keys are the teacher's (in teacher/): the learner returns the keying rather than grading it.
            "keysWithTeacher": pages == .copies,
            "lessons": folder.lessons.map { lesson -> [String: Any] in
                let key = AnswerKey(lesson: lesson, createdAt: createdAt)
                let timing = lesson.settings.timing
                return [
                    "number": lesson.number,
                    "count": lesson.count,
                    "lessonID": lesson.lessonID,
                    "level": lesson.settings.level,
                    "characters": WrittenTokens.split(key.characters).joined(separator: " "),
                    "newestCharacter": key.newestCharacter,
                    "speed": "\(lesson.settings.characterSpeedWPM.formatted)/\(lesson.settings.effectiveSpeedWPM.formatted) WPM",
                    "duration": AnswerSheet.minuteSecond(key.durationSeconds),
                    "groupCount": key.groups.count,
                    "opening": key.introduction.map { $0.text as Any } ?? false,
                    "introduced": SheetContext.introduced(key),
                    "newestPattern": SheetContext.pattern(of: key.newestCharacter),
                    "keyFile": LessonWriter.baseName(of: lesson) + ".key.json",
                    "baseName": LessonWriter.baseName(of: lesson),
                    "ditMilliseconds": Int((timing.unitSeconds * 1000).rounded()),
                    "characterGapSeconds": String(format: "%.2f", timing.durationSeconds(of: .character)),
                    "wordGapSeconds": String(format: "%.2f", timing.durationSeconds(of: .word)),
                    "groups": key.groups.map { ["number": $0.number, "text": $0.text, "time": AnswerSheet.minuteSecond($0.startSeconds)] },
                ]
            },
        ]
    }

    /// `templates/pack/index.html`: every folder with its lessons and links.
    static func index(_ plan: PackPlan, fileNames: (Lesson, PackPlan.Folder) -> [String], seed: UInt64, createdAt: Date) -> [String: Any] {
        [
            "date": day(createdAt).map { $0 as Any } ?? false,
            "seed": String(seed),
            "lessonCount": lessons(plan.lessons.count),
            "folders": plan.folders.map { folder -> [String: Any] in
                [
                    "name": folder.name,
                    "title": folder.title,
                    "playlist": folder.name + "/" + playlistName,
                    "sheets": folder.name + "/" + sheetsName,
                    "lessons": folder.lessons.map { lesson -> [String: Any] in
                        let names = fileNames(lesson, folder)
                        return [
                            "number": lesson.number,
                            "lessonID": lesson.lessonID,
                            "duration": AnswerSheet.minuteSecond(lesson.timeline.durationSeconds),
                            "groupCount": lesson.text.words.count,
                            "files": names.map { name in
                                ["path": folder.name + "/" + name, "label": label(of: name)]
                            },
                        ]
                    },
                ]
            },
        ]
    }

    private static func label(of name: String) -> String {
        if name.hasSuffix(".key.json") { return "key (JSON)" }
        if name.hasSuffix(".key.txt") { return "key (text)" }
        return name.split(separator: ".").last.map { $0.uppercased() } ?? name
    }

    /// `3 lessons`, `1 lesson`.
    static func lessons(_ count: Int) -> String {
        count == 1 ? "1 lesson" : "\(count) lessons"
    }

    /// The day the pack was made, `YYYY-MM-DD` in UTC; nothing for the epoch, which a pack whose
    /// journal records no time carries: no made-up date.
    static func day(_ date: Date) -> String? {
        guard date.timeIntervalSince1970 != 0 else { return nil }
        let formatter = ISO8601DateFormatter()
        formatter.formatOptions = [.withFullDate]
        return formatter.string(from: date)
    }
}
