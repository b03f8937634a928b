/// The whole transcript aligned against the whole lesson, character by
/// character, by edit distance (Levenshtein: a wrong, missing or extra
/// character costs 1).
///
/// Spaces are not characters here, so a group the learner ran into the
/// next one, or split in two, costs nothing; a skipped group costs exactly
/// its characters; and one slip is one error, not a shift of every later
/// character. Among alignments with the fewest errors, the one that lines
/// up the most group starts wins, so that errors are reported in the group
/// where they happened (LCWO aligns group by group and needs the spaces
/// typed exactly; this does not).
public struct Alignment: Sendable, Hashable {
    /// The characters sent, in order, and the group (from 0) of each.
    public let sent: [String]
    public let sentGroup: [Int]
    /// The marks written, in order, and the transcript group (from 0) of each.
    public let received: [TranscriptMark]
    public let receivedGroup: [Int]
    public let steps: [AlignmentStep]

    public init(sentGroups: [[String]], transcript: Transcript) {
        sent = sentGroups.flatMap { $0 }
        sentGroup = sentGroups.enumerated().flatMap { index, group in Array(repeating: index, count: group.count) }
        received = transcript.groups.flatMap { $0 }
        receivedGroup = transcript.groups.enumerated().flatMap { index, group in Array(repeating: index, count: group.count) }
        steps = Self.align(
            sent: sent, sentStarts: Self.groupStarts(sentGroup),
            received: received, receivedStarts: Self.groupStarts(receivedGroup))
    }

    private init(sent: [String], sentGroup: [Int], received: [TranscriptMark], receivedGroup: [Int], steps: [AlignmentStep]) {
        self.sent = sent
        self.sentGroup = sentGroup
        self.received = received
        self.receivedGroup = receivedGroup
        self.steps = steps
    }

    /// The alignment without its first `count` sent groups (a lesson's
    /// introduction): their characters, and whatever was written before
    /// the first character of the groups that remain, are left out.
    public func droppingLeadingGroups(_ count: Int) -> Alignment {
        guard count > 0 else { return self }
        let dropped = sentGroup.prefix { $0 < count }.count
        guard let firstKept = steps.firstIndex(where: { ($0.sentIndex ?? -1) >= dropped }) else {
            return Alignment(sent: [], sentGroup: [], received: received, receivedGroup: receivedGroup, steps: [])
        }
        let kept = steps[firstKept...].map { step -> AlignmentStep in
            switch step {
            case let .match(sent, received): .match(sent: sent - dropped, received: received)
            case let .substitution(sent, received): .substitution(sent: sent - dropped, received: received)
            case let .missed(sent): .missed(sent: sent - dropped)
            case .inserted: step
            }
        }
        return Alignment(
            sent: Array(sent.dropFirst(dropped)), sentGroup: sentGroup.dropFirst(dropped).map { $0 - count },
            received: received, receivedGroup: receivedGroup, steps: kept)
    }

    private static func groupStarts(_ groups: [Int]) -> [Bool] {
        groups.indices.map { $0 == 0 || groups[$0 - 1] != groups[$0] }
    }

    /// The three states of an affine-gap alignment (Gotoh): the path ends
    /// on a pair of characters, on a missed character, or on an inserted one.
    private enum State: UInt8 {
        case pair = 0
        case missed = 1
        case inserted = 2

        var index: Int { Int(rawValue) }
    }

    /// Dynamic programming over (sent prefix, received prefix), with three
    /// states so that a run of missed or extra characters can cost one
    /// opening. A character edit costs `scale`, more than all tie-breaks
    /// together, so that the fewest errors always win; among those, the
    /// alignment with the fewest runs of missed or extra characters and
    /// the fewest group starts out of line wins. So a skipped group shows
    /// as that whole group missed, not as a miss here and there.
    private static func align(sent: [String], sentStarts: [Bool], received: [TranscriptMark], receivedStarts: [Bool]) -> [AlignmentStep] {
        let rows = sent.count + 1
        let columns = received.count + 1
        let scale = 3 * (rows + columns) + 1
        let opening = 1
        let unreachable = Int.max / 4
        // For each cell, the state before it for each of the three states: 2 bits each.
        var from = [UInt8](repeating: 0, count: rows * columns)
        var previous = [[Int]](repeating: [Int](repeating: unreachable, count: columns), count: 3)
        var current = previous
        previous[State.pair.index][0] = 0
        for column in 1..<columns {
            previous[State.inserted.index][column] = opening + column * scale
            from[column] = Self.pack(pair: .pair, missed: .pair, inserted: column == 1 ? .pair : .inserted)
        }
        for row in 1..<rows {
            current[State.pair.index][0] = unreachable
            current[State.inserted.index][0] = unreachable
            current[State.missed.index][0] = opening + row * scale
            from[row * columns] = Self.pack(pair: .pair, missed: row == 1 ? .pair : .missed, inserted: .pair)
            for column in 1..<columns {
                let same = received[column - 1] == .character(sent[row - 1])
                let pairCost = (same ? 0 : scale) + (sentStarts[row - 1] != receivedStarts[column - 1] ? 1 : 0)
                let pair = Self.best(
                    (previous[0][column - 1], .pair), (previous[1][column - 1], .missed), (previous[2][column - 1], .inserted))
                let missed = Self.best(
                    (previous[0][column] + opening, .pair), (previous[1][column], .missed), (previous[2][column] + opening, .inserted))
                let inserted = Self.best(
                    (current[0][column - 1] + opening, .pair), (current[1][column - 1] + opening, .missed), (current[2][column - 1], .inserted))
                current[0][column] = pair.cost + pairCost
                current[1][column] = missed.cost + scale
                current[2][column] = inserted.cost + scale
                from[row * columns + column] = Self.pack(pair: pair.state, missed: missed.state, inserted: inserted.state)
            }
            swap(&previous, &current)
        }
        let state = Self.best(
            (previous[0][columns - 1], .pair), (previous[1][columns - 1], .missed), (previous[2][columns - 1], .inserted)
        ).state
        return traceBack(from, endingIn: state, sent: sent, received: received)
    }

    /// The steps of the alignment, traced back through `from` (the state before each cell's
    /// state, `pack`ed) from the last cell in `state`.
    private static func traceBack(_ from: [UInt8], endingIn last: State, sent: [String], received: [TranscriptMark]) -> [AlignmentStep] {
        let columns = received.count + 1
        var state = last
        var steps: [AlignmentStep] = []
        steps.reserveCapacity(max(sent.count + 1, columns))
        var row = sent.count
        var column = columns - 1
        while row > 0 || column > 0 {
            let before = Self.unpack(from[row * columns + column], state)
            switch state {
            case .pair:
                let same = received[column - 1] == .character(sent[row - 1])
                steps.append(same ? .match(sent: row - 1, received: column - 1) : .substitution(sent: row - 1, received: column - 1))
                row -= 1
                column -= 1
            case .missed:
                steps.append(.missed(sent: row - 1))
                row -= 1
            case .inserted:
                steps.append(.inserted(received: column - 1))
                column -= 1
            }
            state = before
        }
        return steps.reversed()
    }

    /// The cheapest of the candidates, the first on a tie.
    private static func best(_ candidates: (cost: Int, state: State)...) -> (cost: Int, state: State) {
        candidates.dropFirst().reduce(candidates[0]) { $1.cost < $0.cost ? $1 : $0 }
    }

    private static func pack(pair: State, missed: State, inserted: State) -> UInt8 {
        pair.rawValue | missed.rawValue << 2 | inserted.rawValue << 4
    }

    private static func unpack(_ packed: UInt8, _ state: State) -> State {
        State(rawValue: (packed >> (2 * state.rawValue)) & 3) ?? .pair
    }
}
