import Foundation

/// What a calendar export's events are known by, so that exported again after practice the same
/// reminders move to their new days instead of new ones being added (RFC 5545's UID, DTSTAMP and
/// SEQUENCE).
public struct CalendarIdentity: Sendable, Hashable {
    /// Sets one learner's reminders apart from another's in the same calendar; the same from one
    /// export to the next.
    public let learnerToken: String
    /// When the file was made, in UTC: `20261124T020000Z`.
    public let stampUTC: String
    /// Minutes from 2020-01-01 to the export: it only grows from one export to the next, so a
    /// calendar takes each export's events as the newer.
    public let sequence: Int

    public init(learnerToken: String, now: Date) {
        self.learnerToken = learnerToken
        let formatter = ISO8601DateFormatter()
        formatter.formatOptions = [.withYear, .withMonth, .withDay, .withTime, .withTimeZone]
        stampUTC = formatter.string(from: now).replacingOccurrences(of: "-", with: "").replacingOccurrences(of: ":", with: "")
        sequence = max(0, Int((now.timeIntervalSince1970 - Self.sequenceStartSeconds) / 60))
    }

    /// 2020-01-01T00:00:00Z, seconds since 1970.
    static let sequenceStartSeconds = 1_577_836_800.0
}
