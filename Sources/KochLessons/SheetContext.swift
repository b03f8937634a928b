import KochCore

/// What the answer-sheet templates see: plain dictionaries and strings.
enum SheetContext {
    /// `Level 2 of 26 (K M), newest M`, `Characters K M R S`, `qso (full course)`.
    static func heading(_ key: AnswerKey) -> String {
        let settings = key.settings
        let kind = settings.kind == .groups ? "" : ", " + settings.kind.rawValue
        if settings.customCharacters != nil {
            return "Characters " + settings.characters.map(\.text).joined(separator: " ") + kind
        }
        if settings.kind.usesLevel {
            return
                "Level \(key.level) of \(key.course.lastLevel) (\(settings.characters.map(\.text).joined(separator: " "))), newest \(key.newestCharacter)\(kind)"
        }
        return "\(settings.kind == .qso ? "QSOs" : "Text"): letters, digits, punctuation and prosigns"
    }

    /// A character's dits and dahs, `.-.` (empty for none).
    static func pattern(of character: String) -> String {
        let symbol = character.hasPrefix("<") ? MorseAlphabet.prosign(character) : character.first.flatMap(MorseAlphabet.symbol(for:))
        return symbol?.pattern ?? ""
    }

    static func make(_ key: AnswerKey) -> [String: Any] {
        let sheet = AnswerSheet(groups: key.groups)
        let settings = key.settings
        return [
            "lessonID": key.lessonID,
            "heading": heading(key),
            "introduction": key.introduction?.text ?? "",
            "hasIntroduction": key.introduction != nil,
            "band": BandText.describe(settings.conditions),
            "hasBand": !settings.conditions.isClear,
            "level": key.level,
            "levelCount": key.course.lastLevel,
            "course": key.course.rawValue,
            "direction": key.direction.rawValue,
            "isSend": key.direction == .send,
            "characters": WrittenTokens.split(key.characters).joined(separator: " "),
            "newestCharacter": key.newestCharacter,
            "newestPattern": pattern(of: key.newestCharacter),
            "lessonNumber": key.lessonNumber,
            "lessonCount": key.lessonCount,
            "characterSpeedWPM": settings.characterSpeedWPM.formatted,
            "effectiveSpeedWPM": settings.effectiveSpeedWPM.formatted,
            "toneHz": settings.toneHz.formatted,
            "seed": String(settings.seed),
            "duration": AnswerSheet.minuteSecond(key.durationSeconds),
            "groupCount": key.groups.count,
            "characterCount": key.groups.reduce(0) { $0 + $1.text.count },
            "lines": sheet.lines.map { line in
                [
                    "time": line.time,
                    "cells": line.groups.map(\.cell).joined(separator: "   ").trailingSpacesTrimmed,
                    "groups": line.groups.map { ["number": $0.number, "text": $0.text] },
                ] as [String: Any]
            },
        ]
    }
}

extension String {
    var trailingSpacesTrimmed: String {
        var text = self
        while text.last == " " { text.removeLast() }
        return text
    }
}
