/// Reads keyed elements into characters as they come: a character ends when no element follows
/// its last for more than two units (halfway between the one-unit gap inside a character and
/// the three between characters), at the keyer's unit for its elements and at the unit judged
/// from the marks so far for a straight key's.
struct LiveCharacterReader: Sendable {
    /// A gap before a character of this many units or more is a word space (halfway between 3 and 7).
    static let wordSpaceUnits = 5.0
    static let characterGapUnits = 2.0

    let keyerUnitSeconds: Double
    private var straightUnit: StraightKeyUnit
    /// Elements not yet read into a character, in order of their start.
    private var pending: [KeyedElement] = []
    private var lastCharacterEndSeconds: Double?

    init(keyerUnitSeconds: Double) {
        self.keyerUnitSeconds = keyerUnitSeconds
        straightUnit = StraightKeyUnit(startingUnitSeconds: keyerUnitSeconds)
    }

    mutating func add(_ element: KeyedElement) {
        if element.element == nil { straightUnit.add(markSeconds: element.durationSeconds) }
        let index = pending.lastIndex { $0.startSeconds <= element.startSeconds }.map { $0 + 1 } ?? 0
        pending.insert(element, at: index)
    }

    private func unitSeconds(for element: KeyedElement) -> Double {
        element.element == nil ? straightUnit.unitSeconds : keyerUnitSeconds
    }

    /// The characters ended by `seconds`; an element sounding since `inProgressSinceSeconds`
    /// ends the character before it if it started late enough, and holds it open otherwise.
    mutating func ended(atSeconds seconds: Double, inProgressSinceSeconds: Double?) -> [LiveKeyedCharacter] {
        var characters: [LiveKeyedCharacter] = []
        while let last = pending.first {
            var count = 1
            var end = last
            while count < pending.count, pending[count].startSeconds - end.endSeconds <= Self.characterGapUnits * unitSeconds(for: end) {
                end = pending[count]
                count += 1
            }
            if count == pending.count {
                let silentUntil = min(seconds, inProgressSinceSeconds ?? seconds)
                guard silentUntil - end.endSeconds > Self.characterGapUnits * unitSeconds(for: end) else { break }
            }
            characters.append(character(Array(pending.prefix(count))))
            pending.removeFirst(count)
        }
        return characters
    }

    private mutating func character(_ elements: [KeyedElement]) -> LiveKeyedCharacter {
        let unit = elements.last.map(unitSeconds(for:)) ?? keyerUnitSeconds
        let kinds = elements.map { $0.element ?? ($0.durationSeconds < Self.characterGapUnits * unit ? .dit : .dah) }
        let first = elements.first?.startSeconds ?? 0
        let wordSpace = lastCharacterEndSeconds.map { first - $0 >= Self.wordSpaceUnits * unit } ?? false
        lastCharacterEndSeconds = elements.last?.endSeconds
        return LiveKeyedCharacter(
            text: MorseAlphabet.text(for: kinds), pattern: String(kinds.map(\.rawValue)), elements: elements, wordSpaceBefore: wordSpace,
            unitSeconds: unit)
    }
}
