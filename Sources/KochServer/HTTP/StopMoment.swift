import Foundation

/// Where a learner stopped a lesson, as a form or the API gives it: `M:SS` (`2:05`) or seconds (`125`).
enum StopMoment {
    /// The seconds from the lesson's start; nil for an empty field; throws for one that is no moment.
    static func seconds(_ text: String?) throws(ServerRefusal) -> Double? {
        guard let text = text?.trimmingCharacters(in: .whitespaces), !text.isEmpty else { return nil }
        let parts = text.split(separator: ":", omittingEmptySubsequences: false)
        let refusal = ServerRefusal.badRequest("Give where you stopped as minutes:seconds, like 2:05, not \"\(text.prefix(20))\".")
        switch parts.count {
        case 1:
            guard let seconds = Double(parts[0]), seconds.isFinite, seconds >= 0, seconds < 36_000 else { throw refusal }
            return seconds
        case 2:
            guard let minutes = Int(parts[0]), let seconds = Int(parts[1]), (0..<600).contains(minutes), (0..<60).contains(seconds),
                parts[1].count == 2
            else { throw refusal }
            return Double(minutes * 60 + seconds)
        default:
            throw refusal
        }
    }
}
