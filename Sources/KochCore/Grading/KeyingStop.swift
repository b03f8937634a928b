/// Where a learner's keying of a send exercise ends, when they stopped before the sheet's end.
///
/// The keying ends after the last group its copy aligns to: of every cut of the sheet after a
/// group, the one the decoded copy matches with the fewest errors (edit distance; the later cut
/// on a tie). A pause in the middle is no stop, since the copy goes on past it. The groups after
/// the stop are not graded, as those after `--stopped-at` in a typed copy are not. The stop is
/// taken only where the groups before it hold at least `minimumCharacters` and were read well
/// (`leastAccuracy`): a misreading can end anywhere, and is graded (or refused) against the whole
/// sheet, as a recording that stopped too early is.
public struct KeyingStop: Sendable, Hashable {
    /// The groups graded: the sheet's first `groupsKeyed`.
    public let groupsKeyed: Int
    public let groupsInExercise: Int

    /// The least share of the groups before the stop the copy must match for the stop to be taken:
    /// the share under which a reading is read again at the exercise's speed.
    public static let leastAccuracy = 0.8
    /// The fewest characters before a stop: what a session needs to move the level.
    public static var minimumCharacters: Int { DirectionProgress.advancementMinimumCharacters }

    public init(groupsKeyed: Int, groupsInExercise: Int) {
        self.groupsKeyed = groupsKeyed
        self.groupsInExercise = groupsInExercise
    }

    /// `characters` decoded from a keying of `key`'s sheet, read as a copy of the groups keyed;
    /// `stop` is nil when the copy is of the whole sheet.
    public static func copy(of characters: [DecodedCharacter], key: AnswerKey) -> (copy: KeyedCopy, stop: KeyingStop?) {
        let keyed = groupsKeyed(sentGroups: KeyedCopy.sentGroups(of: key), keyed: KeyedCopy.keyedGroups(characters, of: key).flatMap { $0 })
        if keyed > 0, keyed < key.groups.count {
            let cut = KeyedCopy(key: key.stopped(afterGroups: keyed), characters: characters)
            if cut.score.sent >= minimumCharacters, cut.score.accuracy >= leastAccuracy {
                return (cut, KeyingStop(groupsKeyed: keyed, groupsInExercise: key.groups.count))
            }
        }
        return (KeyedCopy(key: key, characters: characters), nil)
    }

    /// How many of `sentGroups` the copy `keyed` covers: the cut after a group with the fewest
    /// edits between the groups up to it and the whole copy, the later on a tie.
    static func groupsKeyed(sentGroups: [[String]], keyed: [TranscriptMark]) -> Int {
        // One row of the edit-distance table at a time: the sheet's characters so far against each prefix of the copy.
        var previous = Array(0...keyed.count)
        var best = (groups: 0, edits: keyed.count)
        var row = 0
        for (index, group) in sentGroups.enumerated() {
            for character in group {
                row += 1
                var current = [row] + [Int](repeating: 0, count: keyed.count)
                for (column, mark) in keyed.enumerated() {
                    let pair = previous[column] + (mark == .character(character) ? 0 : 1)
                    current[column + 1] = min(pair, previous[column + 1] + 1, current[column] + 1)
                }
                previous = current
            }
            if previous[keyed.count] <= best.edits { best = (index + 1, previous[keyed.count]) }
        }
        return best.groups
    }
}
