import Foundation

/// The pairs of characters a learner has confused lately in one direction, heaviest first: what a
/// drill of confused pairs (`koch lesson --drill confusions`) sets against each other, and what
/// `koch status` and the report list.
///
/// The source is each session's `characters[c].mistakenFor`: `c` sent, another character written
/// (receive) or read from the learner's keying (send). Receive and send are kept apart.
///
/// - Window: the direction's last `windowSessions` sessions in date order, leaving out partial
///   copies and self-scored spoken lessons (neither grades characters).
/// - Only confusions of two characters with a Morse code count: a gap, `*` (keying nothing could
///   read) and `?` (how a grade records something unreadable, so never sure to be the sign) do not.
/// - Weight: each confusion counts `recencyWeight(sessionsBack:)`, 1 in the newest session and
///   half as much every `halfLifeSessions` sessions further back, so that what was confused lately
///   leads and what the learner has since got right fades.
/// - The `keptPairs` heaviest pairs are kept (ties: more confusions, then alphabetical order).
public struct ConfusedPairs: Sendable, Hashable {
    /// How many of the direction's last sessions are looked at.
    public static let windowSessions = 10
    /// Sessions back after which a confusion weighs half as much.
    public static let halfLifeSessions = 5.0
    /// How many pairs are kept.
    public static let keptPairs = 4

    public let direction: Direction
    /// How many sessions the window covered: fewer than `windowSessions` for a newer learner.
    public let sessionCount: Int
    /// The heaviest pairs first; empty when nothing was confused in the window.
    public let pairs: [ConfusedPair]

    public init(progress: LearnerProgress, direction: Direction) {
        self.direction = direction
        let graded = progress.sessions.enumerated()
            .filter { $0.element.direction == direction && !$0.element.partial && !$0.element.kind.isSelfScored }
            .sorted { ($0.element.date, $0.offset) < ($1.element.date, $1.offset) }
            .map(\.element)
        let window = graded.suffix(Self.windowSessions)
        sessionCount = window.count
        // Counts and weight per ordered (sent, taken) confusion.
        var counts: [Ordered: Int] = [:]
        var weights: [Ordered: Double] = [:]
        for (index, session) in window.enumerated() {
            let factor = Self.recencyWeight(sessionsBack: window.count - 1 - index)
            for (sent, statistics) in session.characters where Self.isCharacter(sent) {
                for (taken, count) in statistics.mistakenFor where count > 0 && Self.isCharacter(taken) && taken != sent {
                    let key = Ordered(sent: sent, taken: taken)
                    counts[key, default: 0] += count
                    weights[key, default: 0] += Double(count) * factor
                }
            }
        }
        var unordered: [Set<String>: ConfusedPair] = [:]
        for (key, count) in counts {
            let pairKey: Set<String> = [key.sent, key.taken]
            guard unordered[pairKey] == nil else { continue }
            let reverse = Ordered(sent: key.taken, taken: key.sent)
            let reverseCount = counts[reverse] ?? 0
            // The commoner mistake first; on a tie, alphabetical order.
            let keyFirst = (count, reverse.sent) > (reverseCount, key.sent)
            let (forward, backward) = keyFirst ? (key, reverse) : (reverse, key)
            unordered[pairKey] = ConfusedPair(
                first: forward.sent, second: forward.taken, firstTakenForSecond: counts[forward] ?? 0,
                secondTakenForFirst: counts[backward] ?? 0,
                weight: (weights[forward] ?? 0) + (weights[backward] ?? 0), sessionCount: window.count)
        }
        pairs = Array(
            unordered.values.sorted { ($1.weight, $1.count, $0.first, $0.second) < ($0.weight, $0.count, $1.first, $1.second) }
                .prefix(Self.keptPairs))
    }

    /// What a confusion `sessionsBack` sessions before the newest counts: 1 in the newest, halving every `halfLifeSessions`.
    public static func recencyWeight(sessionsBack: Int) -> Double {
        pow(2, -Double(sessionsBack) / halfLifeSessions)
    }

    /// Whether `token` is a character a drill can send: it has a Morse code, and is not `?`,
    /// which a grade also writes for what it could not read.
    static func isCharacter(_ token: String) -> Bool {
        token != "?" && WrittenTokens.pattern(of: token) != nil
    }

    private struct Ordered: Hashable {
        let sent: String
        let taken: String
    }
}
