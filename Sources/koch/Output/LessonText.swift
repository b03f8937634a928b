import KochCore
import KochLessons

extension LessonCommand {
    /// `42 words`, or for a contact to answer `a QSO (first-contact): 3 overs to hear, 2 to answer at 18 WPM`.
    static func contents(_ lesson: Lesson) -> String {
        if let qso = lesson.qso {
            return
                "a QSO (\(qso.style)): \(qso.otherOvers.count) overs to hear, \(qso.learnerOvers.count) to answer at \(qso.learnerSpeedWPM.formatted) WPM"
        }
        let kind = lesson.settings.kind
        return "\(lesson.text.words.count) " + (kind == .groups ? "groups" : kind == .callsigns ? "callsigns" : "words")
    }

    /// `Level 2 (K M), words, 20/12 WPM, 600 Hz, band: fair`.
    static func describe(_ settings: LessonSettings) -> String {
        let characters = settings.characters.map(\.text).joined(separator: " ")
        var parts: [String] = []
        if settings.customCharacters != nil {
            parts.append("Characters \(characters)")
        } else if let drill = settings.drill {
            let unlocked = settings.course.unlocked(atLevel: settings.level).map(\.text).joined(separator: " ")
            parts.append("Drill of \(drill.pairsText), level \(settings.level) (\(unlocked))")
        } else if settings.kind.usesLevel {
            parts.append("Level \(settings.level) (\(characters))")
        }
        if settings.kind != .groups { parts.append(settings.kind.rawValue) }
        parts.append("\(settings.characterSpeedWPM.formatted)/\(settings.effectiveSpeedWPM.formatted) WPM, \(settings.toneHz.formatted) Hz")
        if !settings.conditions.isClear { parts.append("band conditions on") }
        if let speech = settings.speech {
            parts.append("answers spoken \(speech.placement.rawValue)" + (speech.spelling.map { " (\($0.rawValue))" } ?? ""))
        }
        return parts.joined(separator: ", ")
    }
}
