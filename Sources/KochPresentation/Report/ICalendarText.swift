import Foundation
import KochCore

/// Practice reminders as an iCalendar file (RFC 5545): one event a
/// reminder, at a floating local time (the learner's clock, wherever they
/// are), with a display alarm, and a UID that stays the same from one
/// export to the next, so that a calendar moves the event instead of
/// adding another.
public enum ICalendarText {
    /// `identity`: what the events are known by, and when the file is made.
    public static func text(_ reminders: PracticeReminders, identity: CalendarIdentity) -> String {
        var lines = [
            "BEGIN:VCALENDAR", "VERSION:2.0", "PRODID:-//koch//Morse practice reminders//EN", "CALSCALE:GREGORIAN",
            "X-WR-CALNAME:Morse practice (koch)",
        ]
        for reminder in reminders.reminders {
            let (year, month, day) = reminder.day.components
            let date = String(format4: year) + String(format2: month) + String(format2: day)
            let time = String(format2: reminder.minuteOfDay / 60) + String(format2: reminder.minuteOfDay % 60) + "00"
            var description = reminder.item.summary
            if !reminder.alsoDue.isEmpty { description += "\nAlso due: " + reminder.alsoDue.map(\.summary).joined(separator: "; ") }
            description += "\nGrade your copy with koch grade; koch status shows where you stand."
            lines += [
                "BEGIN:VEVENT",
                "UID:\(reminder.uid)-\(identity.learnerToken)@koch",
                "DTSTAMP:\(identity.stampUTC)",
                "SEQUENCE:\(identity.sequence)",
                "DTSTART:\(date)T\(time)",
                "DURATION:PT15M",
                "SUMMARY:" + escaped(reminder.item.summary + (reminder.alsoDue.isEmpty ? "" : " (+\(reminder.alsoDue.count) more)")),
                "DESCRIPTION:" + escaped(description),
                "TRANSP:TRANSPARENT",
                "BEGIN:VALARM", "ACTION:DISPLAY", "DESCRIPTION:" + escaped(reminder.item.summary), "TRIGGER:PT0M", "END:VALARM",
                "END:VEVENT",
            ]
        }
        lines.append("END:VCALENDAR")
        return lines.map(folded).joined(separator: "\r\n") + "\r\n"
    }

    /// TEXT values escape backslash, semicolon, comma and line breaks.
    static func escaped(_ text: String) -> String {
        text.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: ";", with: "\\;")
            .replacingOccurrences(of: ",", with: "\\,").replacingOccurrences(of: "\n", with: "\\n")
    }

    /// Lines longer than 75 octets are folded: a line break and a space, never inside a character.
    static func folded(_ line: String) -> String {
        var result = "", count = 0
        for character in line {
            let size = String(character).utf8.count
            if count + size > 75 {
                result += "\r\n "
                count = 1
            }
            result.append(character)
            count += size
        }
        return result
    }
}

extension String {
    fileprivate init(format2 value: Int) { self = (value < 10 ? "0" : "") + String(value) }
    fileprivate init(format4 value: Int) {
        let digits = String(value)
        self = String(repeating: "0", count: Swift.max(0, 4 - digits.count)) + digits
    }
}
