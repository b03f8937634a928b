/// The characters a learner asks to drill instead of a level's: every one with a Morse code, at
/// least two different ones once uppercased, since a drill of one character teaches no telling apart.
public enum CustomCharacters {
    /// Why a set of characters cannot be drilled.
    public enum Refusal: Error, Hashable, Sendable {
        case empty
        /// `character` at `position` (counting from 1) has no Morse code.
        case noMorseCode(character: Character, position: Int)
        case fewerThanTwoDifferent
    }

    /// The characters as a lesson keeps them, uppercased, or why they cannot be drilled.
    public static func checked(_ characters: String) throws(Refusal) -> String {
        guard !characters.isEmpty else { throw .empty }
        for (index, character) in characters.enumerated() where MorseAlphabet.symbol(for: character) == nil {
            throw .noMorseCode(character: character, position: index + 1)
        }
        guard Set(characters.uppercased()).count >= 2 else { throw .fewerThanTwoDifferent }
        return characters.uppercased()
    }
}
