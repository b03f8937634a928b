import Foundation

/// What the learner copied, cleaned of everything that is not copy: case,
/// line breaks, runs of spaces, group numbers and sheet times written
/// before a group or at the start of a line (`1.`, `12)`, `3:`, `0:20`).
///
/// Each group is the marks between two spaces. Signs for "not copied"
/// (`?`, `_`, `*`, `-`) are read as gaps unless the lesson's character set
/// contains them (the full course sends `?`); then they are characters
/// like any other.
public struct Transcript: Sendable, Hashable {
    public static let notCopiedSigns: Set<Character> = ["?", "_", "*", "-"]

    public let groups: [[TranscriptMark]]

    public init(groups: [[TranscriptMark]]) {
        self.groups = groups
    }

    /// Reads `text` for a lesson whose characters are `characterSet` (upper-case
    /// tokens, as `WrittenTokens` cuts the answer key's: `K`, `=`, `<AR>`). A copy
    /// typed on a phone is folded first (`folded`): fullwidth and look-alike letters
    /// become the Latin ones they look like, invisible characters go. A prosign is
    /// one character, whichever of its usual forms is written: `<BT>`, `=` (the
    /// same code), or its letters as a group of their own (`BT`).
    public init(text: String, characterSet: Set<String>) {
        var groups: [[TranscriptMark]] = []
        for line in Self.folded(text).split(whereSeparator: \.isNewline) {
            var words = line.split(whereSeparator: \.isWhitespace)
            // A group number where the sheet's numbering goes: the first word of a line, a number
            // and `.`, `)` or `:` followed by a space. It is numbering even in a lesson that sends
            // digits and `.` (a callsign copy written as `1. YO6PU`).
            if words.count > 1, let first = words.first, Self.isLineNumber(first) { words.removeFirst() }
            groups += Self.marks(of: words, characterSet: characterSet)
        }
        self.groups = groups
    }

    /// `12.`, `3)`, `4:`: digits and one separator, nothing else.
    static func isLineNumber(_ word: Substring) -> Bool {
        guard let separator = word.last, separator == "." || separator == ")" || separator == ":" else { return false }
        let digits = word.dropLast()
        return !digits.isEmpty && digits.allSatisfy { $0.isASCII && $0.isNumber }
    }

    private static func marks(of words: [Substring], characterSet: Set<String>) -> [[TranscriptMark]] {
        var groups: [[TranscriptMark]] = []
        let alphabet = WrittenTokens.Alphabet(characterSet)
        for word in words {
            let copy = Self.droppingNumber(Substring(word), characterSet: characterSet)
            guard !copy.isEmpty else { continue }
            // A prosign's letters written as a group of their own (`BT` for <BT>).
            let prosign = "<\(copy.uppercased())>"
            if characterSet.contains(prosign) {
                groups.append([.character(alphabet.reading(prosign))])
                continue
            }
            groups.append(
                WrittenTokens.split(copy).map { token in
                    if token.count == 1, let sign = token.first, Self.notCopiedSigns.contains(sign), !characterSet.contains(token) {
                        return .notCopied
                    }
                    // What has no Morse code (an emoji) is a wrong character, shown plainly.
                    guard WrittenTokens.pattern(of: token) != nil else { return .unreadable(token) }
                    return .character(alphabet.reading(token))
                })
        }
        return groups
    }

    /// What was written that is no Morse character (emoji, letters of other scripts), after folding.
    public static func unreadableCharacters(in text: String, characterSet: Set<String>) -> [String] {
        Transcript(text: text, characterSet: characterSet).groups.joined().compactMap {
            if case let .unreadable(written) = $0 { return written }
            return nil
        }
    }

    /// The text with compatibility forms unified (Unicode NFKC: fullwidth `Ｋ` is `K`),
    /// Cyrillic and Greek capitals that look like Latin ones replaced by them (`М`, `К`, `Α`),
    /// and invisible characters (zero-width spaces and joiners, soft hyphens, byte-order
    /// marks, variation selectors) removed.
    public static func folded(_ text: String) -> String {
        var scalars = String.UnicodeScalarView()
        for scalar in text.precomposedStringWithCompatibilityMapping.unicodeScalars {
            if invisible.contains(scalar.value) || (0xFE00...0xFE0F).contains(scalar.value) { continue }
            scalars.append(lookAlikes[scalar.value].flatMap(Unicode.Scalar.init) ?? scalar)
        }
        return String(scalars)
    }

    private static let invisible: Set<UInt32> = [0x00AD, 0x180E, 0x200B, 0x200C, 0x200D, 0x2060, 0xFEFF]

    /// Letters of other scripts that look like a Latin letter, upper and lower case.
    private static let lookAlikes: [UInt32: UInt32] = {
        let pairs: [(String, String)] = [
            // Cyrillic
            ("АВСЕНІЈКМОРЅТХУԚԜ", "ABCEHIJKMOPSTXYQW"),
            ("авсеіјкморѕтхуԛԝһ", "abceijkmopstxyqwh"),
            // Greek
            ("ΑΒΕΖΗΙΚΜΝΟΡΤΥΧ", "ABEZHIKMNOPTYX"),
            ("ακιονρτυχ", "akiovptux"),
        ]
        var table: [UInt32: UInt32] = [:]
        for (from, to) in pairs {
            for (a, b) in zip(from.unicodeScalars, to.unicodeScalars) { table[a.value] = b.value }
        }
        return table
    }()

    public var markCount: Int { groups.reduce(0) { $0 + $1.count } }

    /// The word without a group number (`12.`, `12)`, `12:`, or a bare `12`)
    /// or sheet time (`1:05`) in front, as learners write them at the start
    /// of a line or before each group. A number is kept when every sign of
    /// it could be copy (`5.` in the full course): write `12)` there.
    static func droppingNumber(_ word: Substring, characterSet: Set<String>) -> Substring {
        let digits = word.prefix(while: { $0.isASCII && $0.isNumber })
        guard !digits.isEmpty else { return word }
        var rest = word.dropFirst(digits.count)
        var number = String(digits)
        if let separator = rest.first, separator == "." || separator == ")" || separator == ":" {
            rest = rest.dropFirst()
            number.append(separator)
            let seconds = rest.prefix(while: { $0.isASCII && $0.isNumber })
            if separator == ":", seconds.count == 2 {
                rest = rest.dropFirst(2)
            }
        } else if !rest.isEmpty {
            return word  // digits run into copy: not a number
        }
        let couldBeCopy = number.allSatisfy { characterSet.contains(String($0)) }
        return couldBeCopy ? word : rest
    }
}
