/// What a learner types while a lesson plays, each character given to the group it copies.
///
/// Typing late is no error: a group's window for typing reaches from its start to the end of the
/// next group (the last group's, to the end of the lesson). A character typed at a moment goes to
/// the earliest group whose window holds that moment and that still has fewer characters than it
/// sent; when every such group is full, to the latest of them (an extra character). Typed before
/// the first group, it goes to the first, or, in a lesson that opens with its newest character sent
/// on its own, to the copy of that introduction (not graded, as `koch grade` aligns and leaves it
/// out); after the last group's window, to the last.
///
/// `text` is the copy to grade, as a learner writing the same copy by hand would write it: each
/// group's characters, groups separated by spaces. A group typed nothing for is written as one
/// not-copied sign (`_`) for each character it sent, so that the grader counts exactly that
/// group missed; left out, a group between two alike could be graded as the other one missed.
public struct ReceiveCopy: Sendable {
    public let key: AnswerKey
    /// What was typed for each group of the key, upper-cased, in the key's order.
    public private(set) var typedByGroup: [String]
    /// What was typed for the introduction (`key.introduction`), upper-cased.
    public private(set) var typedIntroduction = ""
    /// Each character typed and not erased, in the order typed: its group, and how many
    /// characters it became when upper-cased (`ß` is `SS`); nil for the introduction.
    private var typed: [(group: Int?, count: Int)] = []
    private let sentCounts: [Int]

    public init(key: AnswerKey) {
        self.key = key
        typedByGroup = Array(repeating: "", count: key.groups.count)
        sentCounts = key.groups.map { WrittenTokens.split($0.text).count }
    }

    /// Records `character` typed `seconds` into the lesson. Letters count whatever their case;
    /// a character the lesson does not send is kept (it counts wrong, as in a typed copy);
    /// spaces are not copy and are ignored.
    public mutating func type(_ character: Character, atLessonSeconds seconds: Double) {
        guard !character.isWhitespace, !key.groups.isEmpty else { return }
        let upper = character.uppercased()
        if key.introduction != nil, seconds < key.groups[0].startSeconds {
            typedIntroduction += upper
            typed.append((nil, upper.count))
        } else if let group = group(forCharacterAtLessonSeconds: seconds) {
            typedByGroup[group] += upper
            typed.append((group, upper.count))
        }
    }

    /// Takes back the last character typed, while its group's window is still open.
    public mutating func erase(atLessonSeconds seconds: Double) {
        guard let last = typed.last else { return }
        if let group = last.group {
            guard isWindowOpen(ofGroup: group, atLessonSeconds: seconds) else { return }
            typedByGroup[group].removeLast(last.count)
        } else {
            typedIntroduction.removeLast(last.count)
        }
        typed.removeLast()
    }

    /// Where the window for typing group `index` (from 0) closes: the next group's end, or for
    /// the last group the end of the lesson.
    public func windowEndSeconds(ofGroup index: Int) -> Double {
        let groups = key.groups
        return index + 1 < groups.count ? groups[index + 1].endSeconds : max(groups[index].endSeconds, key.durationSeconds)
    }

    public func isWindowOpen(ofGroup index: Int, atLessonSeconds seconds: Double) -> Bool {
        seconds <= windowEndSeconds(ofGroup: index)
    }

    /// The group (from 0) a character typed `seconds` into the lesson goes to; nil for a key
    /// without groups.
    public func group(forCharacterAtLessonSeconds seconds: Double) -> Int? {
        guard let first = key.groups.indices.first, let last = key.groups.indices.last else { return nil }
        if seconds < key.groups[first].startSeconds { return first }
        let holding = key.groups.indices.filter {
            key.groups[$0].startSeconds <= seconds && seconds <= windowEndSeconds(ofGroup: $0)
        }
        if let open = holding.first(where: { typedByGroup[$0].count < sentCounts[$0] }) { return open }
        return holding.last ?? last
    }

    /// The copy of the whole lesson, to grade against the key: the introduction's copy, if any,
    /// then the groups'.
    public var text: String { text(ofGroups: key.groups.count) }

    /// The copy as it stood when the lesson was stopped `seconds` in: the key cut there (the groups
    /// sent before it, `AnswerKey.stopped(atSeconds:)`; the lesson lasting to it) and what was
    /// typed for them, to show.
    public func stopped(atLessonSeconds seconds: Double) -> ReceiveCopy {
        var cutKey = key.stopped(atSeconds: seconds)
        cutKey.durationSeconds = min(key.durationSeconds, seconds)
        var cut = ReceiveCopy(key: cutKey)
        let kept = cutKey.groups.count
        cut.typedByGroup = Array(typedByGroup.prefix(kept))
        cut.typedIntroduction = typedIntroduction
        cut.typed = typed.filter { ($0.group ?? -1) < kept }
        return cut
    }

    /// The copy of a lesson stopped `seconds` in, to grade against `key.stopped(atSeconds:)`: the
    /// groups sent before that moment, by the same rule (a group still sounding is left out).
    public func text(stoppedAtLessonSeconds seconds: Double) -> String {
        text(ofGroups: key.stopped(atSeconds: seconds).groups.count)
    }

    private func text(ofGroups count: Int) -> String {
        let notCopied = ["_", "-", "*", "?"].first { !key.characterTokens.contains($0) }
        let groups = (0..<count).compactMap { index in
            guard typedByGroup[index].isEmpty else { return typedByGroup[index] }
            return notCopied.map { String(repeating: $0, count: sentCounts[index]) }
        }
        return ([typedIntroduction].filter { !$0.isEmpty } + groups).joined(separator: " ")
    }
}
