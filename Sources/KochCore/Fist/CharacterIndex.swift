/// Finds the decoded character a mark or gap belongs to by its start time.
struct CharacterIndex {
    let starts: [Double]

    init(_ characters: [DecodedCharacter]) {
        starts = characters.map(\.startSeconds)
    }

    /// The last character starting at or before `seconds`: the one a mark
    /// or a gap inside a character belongs to, the one before a gap between characters.
    func at(_ seconds: Double) -> Int? {
        var low = 0, high = starts.count
        while low < high {
            let middle = (low + high) / 2
            if starts[middle] <= seconds + 1e-6 { low = middle + 1 } else { high = middle }
        }
        return low > 0 ? low - 1 : nil
    }
}
