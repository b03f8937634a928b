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
        if let drill = settings.drill {
            let unlocked = key.course.unlocked(atLevel: key.level).map(\.text).joined(separator: " ")
            return "Level \(key.level) of \(key.course.lastLevel) (\(unlocked)), drill of \(drill.pairsText)"
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

    /// `m:ss.s`, for where a spoken lesson's items sit.
    static func minuteSecondTenths(_ seconds: Double) -> String {
        let tenths = Int((seconds * 10).rounded(.down))
        let secondsPart = (tenths / 10) % 60
        return "\(tenths / 600):\(secondsPart < 10 ? "0" : "")\(secondsPart).\(tenths % 10)"
    }

    /// A spoken lesson's part of the sheet: every item, when it is sent and when its answer is said.
    static func spoken(_ key: AnswerKey) -> [String: Any] {
        guard let speech = key.settings.speech else { return ["isSpoken": false] }
        var lines: [String] = []
        if let opening = key.speech?.opening {
            lines.append("\(minuteSecondTenths(opening.startSeconds))  said \"\(opening.text)\"")
        }
        for (sent, said) in zip(key.speech?.introductionSent ?? [], key.speech?.introductionSpoken ?? []) {
            lines.append(
                "\(minuteSecondTenths(sent.startSeconds))  sent \(sent.text), said \"\(said.text)\" at \(minuteSecondTenths(said.startSeconds))")
        }
        let width = String(key.groups.count).count
        func numbered(_ number: Int) -> String { String(repeating: " ", count: width - String(number).count) + String(number) }
        for item in key.spokenItems {
            guard let first = item.first, let last = item.last, let said = last.spoken else { continue }
            let numbers = item.count == 1 ? numbered(first.number) : "\(numbered(first.number))-\(last.number)"
            var line = "\(minuteSecondTenths(first.startSeconds))  \(numbers). \(item.map(\.text).joined(separator: " "))"
            line += ", said \"\(said.text)\" at \(minuteSecondTenths(said.startSeconds))"
            if let again = last.sentAgain { line += ", sent again at \(minuteSecondTenths(again.startSeconds))" }
            lines.append(line)
        }
        let answered = key.settings.kind == .qso ? "line" : "group"
        return [
            "isSpoken": true,
            "speechPlacement": speech.placement == .repeated
                ? "after each \(answered), which is then sent again" : "\(speech.placement.rawValue) each \(answered)",
            "speechVoice": speech.voice,
            "speechRateWPM": speech.rateWPM,
            "spokenLines": lines,
        ]
    }

    /// What the introduction sends, in words: "the newest character, R (.-.), on its own", or at the
    /// first level "the new characters, K (-.-) and M (--), each on its own"; empty without one.
    static func introduced(_ key: AnswerKey) -> String {
        var seen = Set<String>()
        let characters = (key.introduction?.text ?? "").split(separator: " ").map(String.init).filter { seen.insert($0).inserted }
        let described = characters.map { "\($0) (\(pattern(of: $0)))" }
        guard let last = described.last else { return "" }
        if described.count == 1 { return "the newest character, \(last), on its own" }
        return "the new characters, \(described.dropLast().joined(separator: ", ")) and \(last), each on its own"
    }

    /// A drill's pairs, for the sheet to name them: `hasDrill`, and `drillPairs` each with its
    /// `characters` (`K R`) and `text` (`R taken for K 7 times in the last 5 sessions`).
    static func drill(_ key: AnswerKey) -> [String: Any] {
        guard let drill = key.settings.drill else { return ["hasDrill": false, "drillPairs": [[String: String]]()] }
        return [
            "hasDrill": true,
            "drillPairs": drill.pairs.map { ["characters": $0.characters.joined(separator: " "), "text": $0.text] },
        ]
    }

    static func make(_ key: AnswerKey) -> [String: Any] {
        let sheet = AnswerSheet(groups: key.groups)
        let settings = key.settings
        return spoken(key).merging(drill(key)) { _, new in new }.merging([
            "lessonID": key.lessonID,
            "heading": heading(key),
            "introduction": key.introduction?.text ?? "",
            "hasIntroduction": key.introduction != nil,
            "introduced": introduced(key),
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
            // A drill has no newest character, and the templates' engine takes an empty string as true.
            "hasNewest": !key.newestCharacter.isEmpty,
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
        ]) { _, new in new }
    }
}

extension String {
    var trailingSpacesTrimmed: String {
        var text = self
        while text.last == " " { text.removeLast() }
        return text
    }
}
