import Foundation
import KochClass
import KochCore
import KochPresentation

/// The server's HTML pages, from the Mustache templates `templates/server/` (built into the
/// program; a teacher's own replace them as `koch templates` says): each takes values, makes the
/// template's context and renders it. Mustache escapes every value, so a name or a copy is text.
public struct Pages: Sendable {
    public let templates: Templates

    public init(templates: Templates) {
        self.templates = templates
    }

    func message(title: String, words: String, back: String? = nil) throws -> String {
        var context: [String: Any] = ["title": title, "words": words]
        if let back { context["back"] = back }
        return try templates.render("server/message.html", context)
    }

    /// The learner's page: where they stand, today's lesson, the send exercise, the feed, their progress.
    func learner(
        _ learner: LearnerRow, status: StatusReport, receive: LessonRow, send: LessonRow, links: Links, csrf: String
    ) throws -> String {
        let base = links.learnerPath(learner)
        let due =
            status.receive.dueNow
            ? "A lesson is due today."
            : status.receive.nextDue.map { "Your next lesson is due on \($0)." } ?? "Practise when you can."
        return try templates.render(
            "server/learner.html",
            [
                "title": learner.name, "name": learner.name, "base": base, "csrf": csrf,
                "receiveLevel": "\(status.receive.level) of \(status.receive.lastLevel)",
                "sendLevel": "\(status.send.level) of \(status.send.lastLevel)",
                "streak": status.streak == 1 ? "1 day" : "\(status.streak) days",
                "course": "Course: \(status.receive.course.rawValue); your characters: \(status.receive.unlockedCharacters.joined(separator: " "))",
                "due": due,
                "receive": lessonSummary(receive, base: base), "send": lessonSummary(send, base: base),
                "feedURL": links.feedURL(learner), "spokenFeed": learner.spokenFeed,
            ])
    }

    private func lessonSummary(_ lesson: LessonRow, base: String) -> [String: Any] {
        var summary: [String: Any] = [
            "title": lesson.title, "page": base + "/lessons/" + lesson.id.text, "audio": base + "/audio/" + lesson.id.text + ".mp3",
            "minutes": "\(Int((lesson.durationSeconds / 60).rounded())) min", "settings": Self.settingsText(lesson),
        ]
        if let introduction = Self.introduction(lesson) { summary["introduction"] = introduction }
        return summary
    }

    /// `20 WPM characters at 12 WPM overall, 600 Hz, 50 groups, 5 minutes`.
    static func settingsText(_ lesson: LessonRow) -> String {
        let settings = lesson.key.settings
        return "\(number(settings.characterSpeedWPM)) WPM characters at \(number(settings.effectiveSpeedWPM)) WPM overall, "
            + "\(number(settings.toneHz)) Hz, \(lesson.key.groups.count) groups, \(Int((lesson.durationSeconds / 60).rounded())) minutes"
    }

    /// What the lesson opens with: its newest character, sent on its own before the groups.
    static func introduction(_ lesson: LessonRow) -> String? {
        guard let introduction = lesson.key.introduction else { return nil }
        var introduced: [Substring] = []
        for character in introduction.text.split(separator: " ") where !introduced.contains(character) { introduced.append(character) }
        guard !introduced.isEmpty else { return nil }
        let names = introduced.joined(separator: " and ")
        return "New at this level: \(names). The lesson opens with \(introduced.count == 1 ? "it" : "each") on its own, then the groups."
    }

    /// A lesson's page: its audio, settings and introduction, and the forms that grade it.
    func lesson(_ lesson: LessonRow, of learner: LearnerRow, graded: SubmissionRow?, links: Links, csrf: String) throws -> String {
        let base = links.learnerPath(learner)
        let key = lesson.key
        var context: [String: Any] = [
            "title": lesson.title, "base": base, "lessonBase": base + "/lessons/" + lesson.id.text, "csrf": csrf,
            "audio": base + "/audio/" + lesson.id.text + ".mp3", "settings": Self.settingsText(lesson),
        ]
        if let graded { context["graded"] = ServerRefusal.percent(graded.accuracyPercent) + " accuracy" }
        if let introduction = Self.introduction(lesson) { context["introduction"] = introduction }
        let lessonBase = base + "/lessons/" + lesson.id.text
        if lesson.direction == .receive {
            context["receive"] = [
                "spoken": lesson.spoken, "items": key.spokenItems.count,
                "live": ["timing": try LiveTiming.json(of: key), "typingURL": lessonBase + "/typing?csrf=" + csrf],
            ]
        } else {
            let settings = key.settings
            context["send"] = [
                "text": key.sentText,
                "live": [
                    "keyingURL": lessonBase + "/keying?csrf=" + csrf, "recordingURL": lessonBase + "/recording?csrf=" + csrf,
                    "readURL": "/api/v1/learners/" + learner.linkToken.text + "/lessons/" + lesson.id.text + "/keying/read",
                    "unitSeconds": "\(Timing.unitSeconds(wpm: settings.characterSpeedWPM))",
                    "toneHz": Self.number(settings.toneHz),
                ],
            ]
        }
        return try templates.render("server/lesson.html", context)
    }

    /// A grade's page: the figures, what happens next, the groups with mistakes, the fist of a keying.
    func result(_ graded: ClassService.Graded, of learner: LearnerRow, links: Links) throws -> String {
        var context: [String: Any] = ["title": "Graded", "base": links.learnerPath(learner), "heading": "Graded: " + graded.lesson.title]
        switch graded.report {
        case let .copy(report):
            context["accuracy"] = ServerRefusal.percent((report.accuracy * 1000).rounded() / 10)
            context["level"] = report.leveledUp ? "\(report.level.after) (up from \(report.level.before))" : "\(report.level.after)"
            context["nextDue"] = report.nextDue
            context["decision"] = report.levelDecision
            context["counts"] =
                "\(report.correct) of \(report.sent) characters right, \(report.substituted) wrong, \(report.missed) missed, "
                + "\(report.inserted) extra."
            context["hasGroups"] = !report.groupsWithErrors.isEmpty
            context["groups"] = report.groupsWithErrors.map {
                ["number": $0.number, "sent": $0.sent, "copied": $0.copied.isEmpty ? "—" : $0.copied] as [String: Any]
            }
            if let recording = report.recording { context["decoded"] = recording.decodedText }
            if let fist = report.fist {
                context["hasFist"] = true
                context["fist"] = FistText(report: fist).lines
            }
        case let .heard(report):
            context["accuracy"] = "\(report.heard) of \(report.items)"
            context["level"] = "\(report.level)"
            context["nextDue"] = report.nextDue ?? "now"
            context["decision"] =
                "A count you give yourself moves your streak and your schedule, not your level: type a copy now and then to move up."
        }
        return try templates.render("server/result.html", context)
    }

    static func number(_ value: Double) -> String {
        value.rounded() == value ? String(Int(value)) : String(format: "%.1f", value)
    }
}
